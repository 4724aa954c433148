import type { FieldOption, FormColumn, FormError, LocalizedText } from '@psy/forms';

/** The platform's two languages; anything else reads the Chinese text (the reference catalogue). */
export type FormLang = 'zh-CN' | 'en-US';

export const formLang = (language: string | undefined): FormLang =>
  language?.toLowerCase().startsWith('en') ? 'en-US' : 'zh-CN';

/** A definition text in the language in use, falling back to the other language when it is blank. */
export function localized(text: LocalizedText | undefined, lang: FormLang): string {
  if (!text) return '';
  const own = text[lang]?.trim();
  if (own) return own;
  return (lang === 'zh-CN' ? text['en-US'] : text['zh-CN'])?.trim() ?? '';
}

/** Options as the light Ant Design choice controls take them (values compared as text by the engine). */
export function choiceOptions(options: readonly FieldOption[] | undefined, lang: FormLang) {
  return (options ?? []).map((o) => ({
    value: o.value,
    label: localized(o.label, lang),
    disabled: o.disabled === true,
  }));
}

/** The i18n key and parameters of an engine error: `forms.error.<key>` with `label` filled in. */
export interface ErrorText {
  key: `forms.error.${FormError['key']}`;
  params: Record<string, string | number>;
  /** The builder's own message of a column rule, which wins over the catalogue's text. */
  custom?: string;
}

/**
 * The text of an error (spec S0.5.13 '{label} must be filled'): the field it names is a column or a
 * companion (`<prop>_text`, `rich_*`, the grade explanation) whose column is `params.column`.
 */
export function errorText(
  error: FormError,
  columns: readonly Pick<FormColumn, 'prop' | 'label'>[],
  lang: FormLang,
): ErrorText {
  const prop = typeof error.params.column === 'string' ? error.params.column : error.field;
  const column = columns.find((c) => c.prop === prop) ?? columns.find((c) => c.prop === error.field);
  const label = column ? localized(column.label, lang) : error.field;
  const params = { ...error.params, label };
  return error.message
    ? { key: `forms.error.${error.key}`, params, custom: localized(error.message, lang) }
    : { key: `forms.error.${error.key}`, params };
}

/** The column an answer key belongs to: its own prop, or the column named by a companion error. */
export function columnOfError(error: FormError): string {
  return typeof error.params.column === 'string' ? error.params.column : error.field;
}
