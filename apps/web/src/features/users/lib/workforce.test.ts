import { describe, expect, it } from 'vitest';
import { showsWorkforceCard, workforceCategoryOptions, workforceFormValues } from './workforce';

const ITEMS = [
  { value: '2', label: '咨询', labelEn: 'Consultation' },
  { value: '15', label: '初访', labelEn: 'First interview' },
  { value: '18', label: '心理咨询', labelEn: null },
  { value: 'x', label: 'not a category' },
];

describe('service-category card [spec:S1.7.12]', () => {
  it('shows for counsellor-role holders to viewers with consult_workforce_edit', () => {
    const counsellor = [{ roleCode: 'ROLE_GENERAL' }, { roleCode: 'ROLE_CONSULTANT' }];
    expect(showsWorkforceCard(counsellor, ['consult_workforce_edit'])).toBe(true);
    expect(showsWorkforceCard([{ roleCode: 'ROLE_INTERVIEWER' }], ['consult_workforce_edit'])).toBe(true);
    expect(showsWorkforceCard(counsellor, ['sys_user_detail'])).toBe(false);
    expect(showsWorkforceCard([{ roleCode: 'ROLE_GENERAL' }], ['consult_workforce_edit'])).toBe(false);
  });

  it('offers the dictionary categories in the viewer’s language plus single session', () => {
    expect(workforceCategoryOptions(ITEMS, 'en-US', 'Single session')).toEqual([
      { value: 2, label: 'Consultation' },
      { value: 15, label: 'First interview' },
      { value: 18, label: '心理咨询' },
      { value: 10, label: 'Single session' },
    ]);
    expect(workforceCategoryOptions(ITEMS, 'zh-CN', '单次咨询')[0]).toEqual({ value: 2, label: '咨询' });
    const withTen = workforceCategoryOptions([{ value: '10', label: '单次' }], 'zh-CN', '单次咨询');
    expect(withTen).toEqual([{ value: 10, label: '单次' }]);
  });

  it('starts the form with the stored categories still offered', () => {
    const options = workforceCategoryOptions(ITEMS, 'en-US', 'Single session');
    expect(workforceFormValues({ userId: 1, categoryIds: [2, 10, 19], accepting: false }, options)).toEqual({
      categoryIds: [2, 10],
      accepting: false,
    });
  });
});
