import type { Lang, RuleMessage } from '@psy/contracts';
import type { LocalizedText } from './definition';

/**
 * Field errors of the form engine: an i18n key plus parameters, always naming the field (`field`, the
 * prop whose input is wrong). The web shows its catalogue's text for `forms.error.<key>`; the server
 * answers `formatFormError` in the caller's language. `{label}` is the field's label, filled by the
 * caller from the definition.
 */
export const FORM_ERROR_KEYS = [
  'required',
  'type',
  'maxLength',
  'range',
  'integer',
  'option',
  'limit',
  'phone',
  'email',
  'idCard',
  'dateFormat',
  'dateFuture',
  'dateTooOld',
  'dateTooEarly',
  'datetimeFormat',
  'timeGrid',
  'table',
  'readingTime',
  'pattern',
  'signatureLocked',
  'signatureRole',
  'amendmentReason',
] as const;
export type FormErrorKey = (typeof FORM_ERROR_KEYS)[number];

export interface FormError {
  /** The answer key the error is about: a column prop or a companion (`<prop>_text`, `rich_*`, ...). */
  field: string;
  key: FormErrorKey;
  /** Always holds `field`; plus the numbers the message needs (max, min, days, seconds, row). */
  params: Record<string, string | number>;
  /** A column rule's own message, when the builder gave one. */
  message?: LocalizedText;
}

export const formError = (
  field: string,
  key: FormErrorKey,
  params: Record<string, string | number> = {},
  message?: LocalizedText,
): FormError =>
  message
    ? { field, key, params: { field, ...params }, message }
    : { field, key, params: { field, ...params } };

/** The i18n catalogue key of an error (the web's zh-CN.json / en-US.json `forms.error.*`). */
export const formErrorI18nKey = (error: FormError) => `forms.error.${error.key}`;

/** Server-side texts; the web has the same texts in its catalogues. */
export const FORM_ERROR_MESSAGES: Record<FormErrorKey, RuleMessage> = {
  required: { 'zh-CN': '{label}必须填写', 'en-US': '{label} must be filled' },
  type: { 'zh-CN': '{label}的值类型不正确', 'en-US': '{label} has a value of the wrong kind' },
  maxLength: { 'zh-CN': '{label}最多 {max} 个字符', 'en-US': '{label} may have at most {max} characters' },
  range: { 'zh-CN': '{label}须在 {min} 到 {max} 之间', 'en-US': '{label} must be between {min} and {max}' },
  integer: { 'zh-CN': '{label}须为整数', 'en-US': '{label} must be a whole number' },
  option: { 'zh-CN': '{label}的选项无效', 'en-US': '{label}: choose one of the offered options' },
  limit: { 'zh-CN': '{label}最多选择 {max} 项', 'en-US': '{label}: choose at most {max}' },
  phone: { 'zh-CN': '{label}联系方式格式不正确', 'en-US': '{label}: contact format incorrect' },
  email: { 'zh-CN': '{label}邮箱格式不正确', 'en-US': '{label}: email format incorrect' },
  idCard: { 'zh-CN': '{label}身份证号格式不正确', 'en-US': '{label}: ID card number incorrect' },
  dateFormat: { 'zh-CN': '{label}须为 yyyy-MM-dd 日期', 'en-US': '{label} must be a date (yyyy-MM-dd)' },
  dateFuture: { 'zh-CN': '{label}不能晚于今天', 'en-US': '{label} cannot be in the future' },
  dateTooOld: {
    'zh-CN': '{label}最多只能往前 {days} 天',
    'en-US': '{label} may be at most {days} days back',
  },
  dateTooEarly: { 'zh-CN': '{label}不能早于 {min}', 'en-US': '{label} cannot be before {min}' },
  datetimeFormat: { 'zh-CN': '{label}时间格式不正确', 'en-US': '{label} must be a date and time' },
  timeGrid: {
    'zh-CN': '{label}时间段格式不正确',
    'en-US': '{label}: each entry needs a time range start-end and weekdays 1-7',
  },
  table: { 'zh-CN': '{label}第 {row} 行有误', 'en-US': '{label}: row {row} is not valid' },
  readingTime: {
    'zh-CN': '请先阅读{label}，{seconds} 秒后可作答',
    'en-US': 'Read {label} first: you may answer in {seconds} s',
  },
  pattern: { 'zh-CN': '{label}格式不正确', 'en-US': '{label} has the wrong format' },
  signatureLocked: {
    'zh-CN': '{label}已签名，签名不可更改',
    'en-US': '{label} is signed; a signature cannot be changed',
  },
  signatureRole: {
    'zh-CN': '您不能签署{label}',
    'en-US': 'You may not sign {label}',
  },
  amendmentReason: {
    'zh-CN': '已签名的记录只能以补充更正的方式修改，请填写更正原因',
    'en-US': 'A signed record can only be amended: give the reason for the amendment',
  },
};

/** The message of an error in a language, with `{label}` and the parameters filled in. */
export function formatFormError(error: FormError, lang: Lang, label: string = error.field): string {
  const template = error.message?.[lang] ?? FORM_ERROR_MESSAGES[error.key][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name === 'label' ? label : name in error.params ? String(error.params[name]) : whole,
  );
}
