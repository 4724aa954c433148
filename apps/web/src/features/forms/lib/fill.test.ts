import { describe, expect, it } from 'vitest';
import { answerFieldErrors, DEFAULT_EVENT_SIGN, fillPath, readDefinition, readFillQuery } from './fill';

describe('fill page query', () => {
  it('reads formId, eventSign and userId, with the default event', () => {
    expect(readFillQuery(new URLSearchParams('formId=12'))).toEqual({
      formId: 12,
      eventSign: DEFAULT_EVENT_SIGN,
    });
    expect(readFillQuery(new URLSearchParams('formId=3&eventSign=case-9&userId=7'))).toEqual({
      formId: 3,
      eventSign: 'case-9',
      userId: 7,
    });
    expect(readFillQuery(new URLSearchParams('answerId=5'))).toEqual({ answerId: 5, eventSign: 'self' });
  });

  it('refuses a query without a form or with bad numbers', () => {
    expect(readFillQuery(new URLSearchParams(''))).toBeNull();
    expect(readFillQuery(new URLSearchParams('formId=abc'))).toBeNull();
    expect(readFillQuery(new URLSearchParams('formId=0'))).toBeNull();
  });

  it('builds links that read back the same', () => {
    const query = { formId: 4, eventSign: 'intake', userId: 2 };
    const path = fillPath(query);
    expect(path).toBe('/forms/fill?formId=4&eventSign=intake&userId=2');
    expect(readFillQuery(new URLSearchParams(path.split('?')[1]))).toEqual(query);
  });
});

describe('server answers', () => {
  it('reads a definition with the engine schema, or nothing', () => {
    const definition = { id: '1', version: 2, name: { 'zh-CN': '表', 'en-US': 'Form' }, columns: [] };
    expect(readDefinition(definition)).toEqual(definition);
    expect(readDefinition({ id: '1' })).toBeNull();
    expect(readDefinition(undefined)).toBeNull();
  });

  it('puts the messages of a refused answer on its answer keys [spec:S0.5.15]', () => {
    expect(
      answerFieldErrors([
        { field: 'answers.field_1', message: 'Q must be filled' },
        { field: 'answers.field_1', message: 'second' },
        { field: 'field_2_text', message: 'too long' },
        { field: 'reason', message: 'give a reason' },
      ]),
    ).toEqual({ field_1: 'Q must be filled', field_2_text: 'too long', reason: 'give a reason' });
  });
});
