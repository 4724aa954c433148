import { describe, expect, it } from 'vitest';
import { isEditEvent } from './unsaved';

const inside = (selectors: string[]) => ({
  closest: (selector: string) => (selectors.some((s) => selector.includes(s)) ? {} : null),
});

describe('what counts as an edit of the builder [spec:S0.4.8]', () => {
  it('typing and changed controls are edits', () => {
    expect(isEditEvent('input', null)).toBe(true);
    expect(isEditEvent('change', null)).toBe(true);
  });

  it('a click is an edit only on an option of a select or menu', () => {
    expect(isEditEvent('click', inside(['[role="option"]']))).toBe(true);
    expect(isEditEvent('click', inside(['.ant-select-item-option']))).toBe(true);
    expect(isEditEvent('click', inside([]))).toBe(false);
    expect(isEditEvent('click', null)).toBe(false);
    expect(isEditEvent('keydown', inside(['[role="option"]']))).toBe(false);
  });
});
