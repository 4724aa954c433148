import type { AgreementFilter, AgreementSettingValue, Lang } from '@psy/contracts';

export const AGREEMENT_LANGS: readonly Lang[] = ['zh-CN', 'en-US'];

/** The agreement form's values: switch, roles, form name and the text per language. */
export interface AgreementSettingForm {
  enable: boolean;
  userRoleId: number[];
  formName: string;
  texts: Record<Lang, { title: string; content: string }>;
}

/** The form from the stored setting; a text without languages counts as the Chinese one. */
export function settingFormOf(enable: boolean, value: Partial<AgreementSettingValue>): AgreementSettingForm {
  const locales = value.locales ?? {};
  const fallback = { title: value.title ?? '', content: value.content ?? '' };
  return {
    enable,
    userRoleId: [...(value.userRoleId ?? [])],
    formName: value.formName ?? '',
    texts: {
      'zh-CN': locales['zh-CN'] ?? fallback,
      'en-US': locales['en-US'] ?? { title: '', content: '' },
    },
  };
}

/** The setting to save: languages with no text are left out; the Chinese text is also the default. */
export function settingValueOf(form: AgreementSettingForm): {
  enable: boolean;
  value: AgreementSettingValue;
} {
  const locales: Record<string, { title: string; content: string }> = {};
  for (const lang of AGREEMENT_LANGS) {
    const text = form.texts[lang];
    if (text && (text.title.trim() || text.content.trim()))
      locales[lang] = { title: text.title.trim(), content: text.content.trim() };
  }
  const main = locales['zh-CN'] ?? Object.values(locales)[0] ?? { title: '', content: '' };
  return {
    enable: form.enable,
    value: {
      userRoleId: [...new Set(form.userRoleId)],
      ...(form.formName.trim() ? { formName: form.formName.trim() } : {}),
      title: main.title,
      content: main.content,
      locales,
    },
  };
}

/** The list filter from the filter bar: blank fields are left out. */
export function filterOf(input: {
  keyword?: string;
  roleId?: number | null;
  startDate?: string;
  endDate?: string;
}): AgreementFilter {
  const f: AgreementFilter = {};
  if (input.keyword?.trim()) f.keyword = input.keyword.trim();
  if (input.roleId) f.roleId = input.roleId;
  if (input.startDate) f.startDate = input.startDate;
  if (input.endDate) f.endDate = input.endDate;
  return f;
}

/** `agreements-2026-03-01.xlsx`, dated in the viewer's time zone. */
export function exportFileName(kind: 'xlsx' | 'docx', now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `agreements-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${kind}`;
}
