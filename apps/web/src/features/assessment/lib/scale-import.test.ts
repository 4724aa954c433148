import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/request';
import { importProblems, parseDefinition } from './scale-import';

describe('scale import', () => {
  it('reads an exported definition or an import body, and says what is not JSON', () => {
    expect(parseDefinition('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseDefinition('{oops')).toEqual({ ok: false, reason: 'notJson' });
    expect(parseDefinition('[1]')).toEqual({ ok: false, reason: 'notObject' });
    expect(parseDefinition('{"code":"X1"}')).toEqual({ ok: true, definition: { code: 'X1' } });
    expect(parseDefinition('{"definition":{"code":"X1"},"categoryId":2}')).toEqual({
      ok: true,
      definition: { code: 'X1' },
    });
  });

  it("lists the server's refusal by the path it names", () => {
    const error = new ApiError({
      kind: 'api',
      status: 400,
      code: 1,
      message: 'bad definition',
      data: { fields: [{ field: 'definition.items[3].optionSet', message: 'unknown option set' }] },
    });
    expect(importProblems(error)).toEqual(['items[3].optionSet: unknown option set']);
    expect(
      importProblems(new ApiError({ kind: 'api', status: 400, code: 1, message: 'duplicate version' })),
    ).toEqual(['duplicate version']);
    expect(importProblems(new Error('x'))).toEqual([]);
  });
});
