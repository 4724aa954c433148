import { NOTICE_LIMITS } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  addAudienceDept,
  isBlankNoticeHtml,
  isForEveryone,
  isNoticeHtmlTooLong,
  linkHref,
} from './notice-form';

describe('notice publish form [spec:S0.2.14]', () => {
  it('treats an emptied editor as blank, text or an image as content', () => {
    expect(isBlankNoticeHtml('')).toBe(true);
    expect(isBlankNoticeHtml('<p><br></p>')).toBe(true);
    expect(isBlankNoticeHtml('<div>&nbsp; </div>')).toBe(true);
    expect(isBlankNoticeHtml('<p><b>Exam</b> week</p>')).toBe(false);
    expect(isBlankNoticeHtml('<p><img src="https://x/a.png"></p>')).toBe(false);
  });

  it('checks the length cap of the HTML', () => {
    expect(isNoticeHtmlTooLong('a'.repeat(NOTICE_LIMITS.content))).toBe(false);
    expect(isNoticeHtmlTooLong('a'.repeat(NOTICE_LIMITS.content + 1))).toBe(true);
  });

  it('accepts http, https and mailto links and completes bare addresses', () => {
    expect(linkHref('https://example.edu/a?b=1')).toBe('https://example.edu/a?b=1');
    expect(linkHref(' example.edu/rules ')).toBe('https://example.edu/rules');
    expect(linkHref('office@example.edu')).toBe('mailto:office@example.edu');
    expect(linkHref('mailto:office@example.edu')).toBe('mailto:office@example.edu');
  });

  it('refuses links the server would strip: javascript:, data:, other schemes, blanks', () => {
    expect(linkHref('javascript:alert(1)')).toBeNull();
    expect(linkHref('JavaScript:alert(1)')).toBeNull();
    expect(linkHref('data:text/html,<script>')).toBeNull();
    expect(linkHref('ftp://example.edu')).toBeNull();
    expect(linkHref('')).toBeNull();
    expect(linkHref('two words')).toBeNull();
  });

  it('adds a department to the audience once', () => {
    const one = addAudienceDept([], { id: 1, name: 'Engineering' });
    expect(addAudienceDept(one, { id: 1, name: 'Engineering' })).toEqual(one);
    expect(addAudienceDept(one, { id: 2, name: 'Class 2024' }).map((d) => d.id)).toEqual([1, 2]);
  });

  it('goes to everyone when neither departments nor roles are chosen', () => {
    expect(isForEveryone({ depts: [], roles: [] })).toBe(true);
    expect(isForEveryone({ depts: [1], roles: [] })).toBe(false);
    expect(isForEveryone({ depts: [], roles: [3] })).toBe(false);
  });
});
