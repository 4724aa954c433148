import { describe, expect, it } from 'vitest';
import { queryOf, resolvePreviewSource } from './preview-url';

const ORIGIN = 'https://psy.example.edu';

describe('PDF preview address [spec:S0.2.14]', () => {
  it('takes a relative or same-origin address; API paths are fetched with credentials', () => {
    expect(resolvePreviewSource('/biz/download/file?id=3&name=a', ORIGIN)).toEqual({
      kind: 'file',
      href: 'https://psy.example.edu/biz/download/file?id=3&name=a',
      pathWithQuery: '/biz/download/file?id=3&name=a',
      isApi: true,
      fileName: 'file',
    });
    const staticFile = resolvePreviewSource('https://psy.example.edu/docs/%E6%89%8B%E5%86%8C.pdf', ORIGIN);
    expect(staticFile).toMatchObject({ kind: 'file', isApi: false, fileName: '手册.pdf' });
  });

  it('names the download from `name` when given, without path separators', () => {
    expect(resolvePreviewSource('/admin/file/9', ORIGIN, 'report/2026.pdf')).toMatchObject({
      fileName: 'report_2026.pdf',
    });
    expect(resolvePreviewSource('/', ORIGIN)).toMatchObject({ fileName: 'file.pdf' });
  });

  it('refuses other origins, including protocol-relative and other ports or schemes', () => {
    for (const url of [
      'https://evil.example.com/a.pdf',
      '//evil.example.com/a.pdf',
      'http://psy.example.edu/a.pdf',
      'https://psy.example.edu:8443/a.pdf',
    ]) {
      expect(resolvePreviewSource(url, ORIGIN), url).toEqual({ kind: 'refused', reason: 'otherOrigin' });
    }
  });

  it('refuses a missing address and non-web schemes', () => {
    expect(resolvePreviewSource(null, ORIGIN)).toEqual({ kind: 'refused', reason: 'missing' });
    expect(resolvePreviewSource('  ', ORIGIN)).toEqual({ kind: 'refused', reason: 'missing' });
    expect(resolvePreviewSource('javascript:alert(1)', ORIGIN)).toEqual({
      kind: 'refused',
      reason: 'invalid',
    });
    expect(resolvePreviewSource('data:application/pdf;base64,AAAA', ORIGIN)).toEqual({
      kind: 'refused',
      reason: 'invalid',
    });
  });

  it('reads the query of an API address', () => {
    expect(queryOf('/biz/f?id=3&x=%20y')).toEqual({ id: '3', x: ' y' });
    expect(queryOf('/biz/f')).toEqual({});
  });
});
