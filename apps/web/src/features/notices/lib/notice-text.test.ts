import { describe, expect, it } from 'vitest';
import { isNoticeHtml, noticeIdParam, noticePlainText } from './notice-text';

describe('noticePlainText', () => {
  it('keeps plain text as it is (line breaks included)', () => {
    expect(noticePlainText('  第一段\n\n第二段 a < b  ')).toBe('第一段\n\n第二段 a < b');
  });

  it('turns rich-text HTML into lines of text, never markup', () => {
    const html = '<p>各学院：</p><p>请于<strong>周五</strong>前完成&nbsp;普查。<br>谢谢&amp;祝好</p>';
    expect(noticePlainText(html)).toBe('各学院：\n请于周五前完成 普查。\n谢谢&祝好');
  });

  it('drops scripts, styles and attributes entirely', () => {
    const html =
      '<div onclick="x()">Hi<script>alert(1)</script><style>p{}</style></div><img src=x onerror=alert(1)>';
    expect(noticePlainText(html)).toBe('Hi');
  });

  it('decodes numeric entities and leaves unknown ones', () => {
    expect(noticePlainText('<p>&#20320;&#x597D; &lt;tag&gt; &unknown;</p>')).toBe('你好 <tag> &unknown;');
  });
});

describe('isNoticeHtml', () => {
  it('tells editor HTML from plain text with angle brackets', () => {
    expect(isNoticeHtml('<p>Exam <strong>week</strong></p>')).toBe(true);
    expect(isNoticeHtml('line one<br>line two')).toBe(true);
    expect(isNoticeHtml('a < b and c > d')).toBe(false);
    expect(isNoticeHtml('第一段\n\n第二段')).toBe(false);
  });
});

describe('noticeIdParam', () => {
  it('reads a positive id and refuses anything else [spec:S0.2.14]', () => {
    expect(noticeIdParam('42')).toBe(42);
    expect(noticeIdParam(' 7 ')).toBe(7);
    expect(noticeIdParam('0')).toBeNull();
    expect(noticeIdParam('-3')).toBeNull();
    expect(noticeIdParam('1e3')).toBeNull();
    expect(noticeIdParam('')).toBeNull();
    expect(noticeIdParam(null)).toBeNull();
  });
});
