import { z } from 'zod';
import { SIGNATURE_FIELDS } from '@psy/contracts';
import { WEEK_MAX, WEEK_MIN } from './constants';

/**
 * The form definition model (spec S0.3.35, S0.3.36, S0.3.37, S0.3.38): what an administrator builds and
 * what every smart form, case record, crisis report, intake questionnaire and profile template is.
 * A definition is versioned: an answer records the version it was written against and is always
 * evaluated and rendered with that version (docs/forms.md).
 */

/** A text in both languages of the platform. */
export const localizedTextSchema = z.object({
  'zh-CN': z.string().max(500),
  'en-US': z.string().max(500),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** Option values as stored in answers: dictionary values are strings or numbers; compared as text. */
export const optionValueSchema = z.union([z.string().max(100), z.number()]);
export type OptionValue = z.infer<typeof optionValueSchema>;

/** The value of the 'other' option of a radio (spec S0.3.37). */
export const OTHER_OPTION_VALUE = 0;

export interface FieldOption {
  value: OptionValue;
  label: LocalizedText;
  /** Nested options of a cascader or tree. */
  children?: FieldOption[];
  /** An option switched off by an administrator: old answers keep it, new answers may not choose it. */
  disabled?: boolean;
}
export const fieldOptionSchema: z.ZodType<FieldOption> = z.lazy(() =>
  z.object({
    value: optionValueSchema,
    label: localizedTextSchema,
    children: z.array(fieldOptionSchema).max(500).optional(),
    disabled: z.boolean().optional(),
  }),
);

/** The field types of the builder (S0.3.35) plus those the field library needs (S0.3.23-S0.3.38). */
export const FIELD_TYPES = [
  'input',
  'textarea',
  'radio',
  'checkbox',
  'select',
  'cascader',
  'tree',
  'radioInput',
  'richTxt',
  'title',
  'date',
  'datetime',
  'number',
  'slider',
  'star',
  'grade',
  'signature',
  'table',
  'timeGrid',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Types whose answer is one or more options. */
export const OPTION_FIELD_TYPES: readonly FieldType[] = [
  'radio',
  'radioInput',
  'checkbox',
  'select',
  'cascader',
  'tree',
];
/** Types that hold no answer of their own. */
export const DISPLAY_ONLY_TYPES: readonly FieldType[] = ['title'];

/** An extra validation rule of a column (the builder's `rules`); the first broken one is reported. */
export const fieldRuleSchema = z.object({
  required: z.boolean().optional(),
  /** A regular expression the text must match (ECMAScript syntax, `u` flag). */
  pattern: z.string().max(500).optional(),
  /** Length bounds for text, value bounds for numbers. */
  min: z.number().optional(),
  max: z.number().optional(),
  message: localizedTextSchema.optional(),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

/**
 * Logic jump (S0.3.35, S0.4.7). Mode 'show': choosing `optionValue` shows the later questions listed in
 * `questionValue`; a question any rule of the form lists is hidden until one of its rules fires. Mode
 * 'jump': choosing `optionValue` jumps to the (single, later) question in `questionValue`; the questions
 * between are hidden.
 */
export const LOGIC_JUMP_MODES = ['show', 'jump'] as const;
export type LogicJumpMode = (typeof LOGIC_JUMP_MODES)[number];
export const logicJumpRuleSchema = z.object({
  optionValue: optionValueSchema,
  questionValue: z.array(z.string().min(1).max(100)).min(1).max(200),
});
export type LogicJumpRule = z.infer<typeof logicJumpRuleSchema>;

/** A condition on the answer of another field: met when the answer holds one of `values`. */
export const answerConditionSchema = z.object({
  prop: z.string().min(1).max(100),
  values: z.array(optionValueSchema).min(1).max(100),
});
export type AnswerCondition = z.infer<typeof answerConditionSchema>;

/**
 * Required rules (S0.3.35, S0.4.7): the field becomes required when the conditions match; calcFlag 1 =
 * any condition matches, 2 = all match.
 */
export const CALC_FLAG_ANY = 1;
export const CALC_FLAG_ALL = 2;
export const requiredRulesSchema = z.object({
  calcFlag: z.union([z.literal(CALC_FLAG_ANY), z.literal(CALC_FLAG_ALL)]),
  conditions: z.array(answerConditionSchema).min(1).max(50),
});
export type RequiredRules = z.infer<typeof requiredRulesSchema>;

/** Rich-text items (S0.3.36): running text with inline inputs and dates; inputs answer under `rich_*`. */
export const RICH_ITEM_TYPES = ['text', 'input', 'date', 'comma', 'period', 'br'] as const;
export type RichItemType = (typeof RICH_ITEM_TYPES)[number];
export const RICH_PROP_PREFIX = 'rich_';
export const richItemSchema = z.object({
  type: z.enum(RICH_ITEM_TYPES),
  /** Answer key of an input or date item; starts with `rich_`. */
  prop: z
    .string()
    .regex(/^rich_[A-Za-z0-9_]{1,80}$/)
    .optional(),
  content: localizedTextSchema.optional(),
  placeholder: localizedTextSchema.optional(),
  width: z.number().int().min(1).max(2000).optional(),
  maxlength: z.number().int().min(1).max(5000).optional(),
  /** 'text' (one line), 'textarea' (5-10 rows, S0.5.12) or 'number'. */
  inputType: z.enum(['text', 'textarea', 'number']).optional(),
  lineHeight: z.number().min(0).max(100).optional(),
});
export type RichItem = z.infer<typeof richItemSchema>;

/** A column of a custom table (e.g. visitorSelfAssessRules: title, value, result, score; S0.3.33). */
export const tableColumnSchema = z.object({
  prop: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,60}$/),
  label: localizedTextSchema,
  type: z.enum(['input', 'number', 'select']),
  dicData: z.array(fieldOptionSchema).max(500).optional(),
  maxlength: z.number().int().min(1).max(5000).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

/** Which personal value a column holds, masked for viewers who may not see it (S0.3.32, S0.5.7). */
export const MASK_KINDS = ['realName', 'phone', 'idCard'] as const;
export type MaskKind = (typeof MASK_KINDS)[number];

/** Calendar checks of a date field: trackDate is `{allowFuture: false, maxDaysBack: 7}` (S0.5.6). */
export const dateLimitSchema = z.object({
  allowFuture: z.boolean().optional(),
  maxDaysBack: z.number().int().min(0).max(36500).optional(),
});
export type DateLimit = z.infer<typeof dateLimitSchema>;

/** Grading display (S0.3.38): stars 1-4 or levels A-D; both store 1-4. */
export const GRADE_MODES = ['star', 'level'] as const;
export type GradeMode = (typeof GRADE_MODES)[number];

const propSchema = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, 'a property name: a letter, then letters, digits or _');

export const formColumnSchema = z.object({
  prop: propSchema,
  label: localizedTextSchema,
  type: z.enum(FIELD_TYPES),
  /** Options inline; or `dicUrl`, the name of a tenant dictionary (or a list URL) resolved by the caller. */
  dicData: z.array(fieldOptionSchema).max(2000).optional(),
  dicUrl: z.string().max(300).optional(),
  required: z.boolean().optional(),
  rules: z.array(fieldRuleSchema).max(20).optional(),
  /** false: kept in the answer but not shown (a data field). */
  display: z.boolean().optional(),
  /** false: switched off in this version; not shown and its answer is cleared. */
  isUse: z.boolean().optional(),
  /** Roles that see the column (S0.6.7); empty or absent: everyone. */
  visibleCharacters: z.array(z.string().max(100)).max(50).optional(),
  /** Roles that may edit the column (absent: everyone who sees it; e.g. deptId: ROLE_ADMIN, S0.6.7). */
  editableBy: z.array(z.string().max(100)).max(50).optional(),
  /** Shown to everyone but never editable in the form (filled by the system). */
  readonly: z.boolean().optional(),
  isOpenLogicJump: z.boolean().optional(),
  logicJumpMode: z.enum(LOGIC_JUMP_MODES).optional(),
  logicJumpRules: z.array(logicJumpRuleSchema).max(200).optional(),
  /** Shown only while the condition holds (the named dependencies of S0.4.7 use this). */
  visibleWhen: answerConditionSchema.optional(),
  /** The 'other' option (value 0) reveals `<prop>_text` (S0.3.37). */
  otherInputOpen: z.boolean().optional(),
  /** Seconds the question must be read before it may be answered, enforced when isDelayCheck (S0.4.7). */
  readingTime: z.number().int().min(0).max(3600).optional(),
  isDelayCheck: z.boolean().optional(),
  requiredRules: requiredRulesSchema.optional(),
  /** Several values (select); checkbox is always several. */
  multiple: z.boolean().optional(),
  /** Most options a checkbox or multiple select may hold. */
  limit: z.number().int().min(1).max(500).optional(),
  maxlength: z.number().int().min(1).max(5000).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  step: z.number().positive().optional(),
  /** Whole numbers only (number, slider). */
  integer: z.boolean().optional(),
  dateLimit: dateLimitSchema.optional(),
  richItems: z.array(richItemSchema).max(500).optional(),
  tableColumns: z.array(tableColumnSchema).max(50).optional(),
  /** Most rows of a table. */
  maxRows: z.number().int().min(1).max(1000).optional(),
  gradeMode: z.enum(GRADE_MODES).optional(),
  /** Whether the grading explanation is required when the result is inconsistent (default true). */
  gradingResultsDescRequired: z.boolean().optional(),
  mask: z.enum(MASK_KINDS).optional(),
  /**
   * Check the value with the shared rule: a phone number (S0.5.3), an e-mail (S0.5.2), a mainland ID
   * card (S0.5.4) for text; a birthday (S0.5.6: not in the future, not before 1900) for a date.
   */
  format: z.enum(['phone', 'email', 'idCard', 'birthday']).optional(),
  placeholder: localizedTextSchema.optional(),
});
export type FormColumn = z.infer<typeof formColumnSchema>;

/** A problem of a definition itself, found by `checkDefinition`. */
export interface DefinitionIssue {
  prop: string;
  key:
    | 'duplicateProp'
    | 'jumpTargetUnknown'
    | 'jumpTargetNotLater'
    | 'jumpModeSingleTarget'
    | 'conditionUnknownProp'
    | 'conditionCycle'
    | 'signatureProp'
    | 'richPropDuplicate'
    | 'badPattern'
    | 'missingOptions'
    | 'reservedSuffix'
    | 'rangeInverted';
}

/** Suffixes of companion answer keys; a column's own prop may not end with them. */
export const COMPANION_SUFFIXES = [
  '_text',
  '_lastValue',
  '_lastLabel',
  '_required',
  '_signUserName',
  '_signRealName',
  '_signTime',
  '_label',
] as const;

/**
 * Structural checks the schema cannot express: unique props (rich item props included), logic jumps
 * only to later questions that exist, conditions on existing props without cycles, signature columns
 * named as the library's signature fields, valid patterns. A definition with issues is refused by the
 * builder and the server; `evaluate` stays total on it anyway.
 */
export function checkDefinition(columns: readonly FormColumn[]): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const index = new Map<string, number>();
  const richProps = new Set<string>();
  columns.forEach((c, i) => {
    if (index.has(c.prop)) issues.push({ prop: c.prop, key: 'duplicateProp' });
    else index.set(c.prop, i);
    if (COMPANION_SUFFIXES.some((s) => c.prop.endsWith(s)))
      issues.push({ prop: c.prop, key: 'reservedSuffix' });
    for (const item of c.richItems ?? []) {
      if (!item.prop) continue;
      if (richProps.has(item.prop)) issues.push({ prop: item.prop, key: 'richPropDuplicate' });
      richProps.add(item.prop);
    }
  });
  for (const p of richProps) if (index.has(p)) issues.push({ prop: p, key: 'richPropDuplicate' });
  columns.forEach((c, i) => {
    if (c.type === 'signature' && !(SIGNATURE_FIELDS as readonly string[]).includes(c.prop)) {
      issues.push({ prop: c.prop, key: 'signatureProp' });
    }
    if (['radio', 'radioInput', 'checkbox'].includes(c.type) && !c.dicData && !c.dicUrl) {
      issues.push({ prop: c.prop, key: 'missingOptions' });
    }
    for (const rule of c.rules ?? []) {
      if (rule.pattern !== undefined && !compilePattern(rule.pattern)) {
        issues.push({ prop: c.prop, key: 'badPattern' });
      }
    }
    // A minimum above the maximum leaves no valid answer: the field could never be filled.
    const inverted = (r: { min?: number; max?: number }) =>
      r.min !== undefined && r.max !== undefined && r.min > r.max;
    if (inverted(c) || (c.rules ?? []).some(inverted)) issues.push({ prop: c.prop, key: 'rangeInverted' });
    if (c.isOpenLogicJump) {
      for (const rule of c.logicJumpRules ?? []) {
        if ((c.logicJumpMode ?? 'show') === 'jump' && rule.questionValue.length !== 1) {
          issues.push({ prop: c.prop, key: 'jumpModeSingleTarget' });
        }
        for (const target of rule.questionValue) {
          const t = index.get(target);
          if (t === undefined) issues.push({ prop: c.prop, key: 'jumpTargetUnknown' });
          else if (t <= i) issues.push({ prop: c.prop, key: 'jumpTargetNotLater' });
        }
      }
    }
    const conditions = [...(c.visibleWhen ? [c.visibleWhen] : []), ...(c.requiredRules?.conditions ?? [])];
    for (const cond of conditions) {
      if (!index.has(cond.prop)) issues.push({ prop: c.prop, key: 'conditionUnknownProp' });
    }
  });
  // visibleWhen may point forwards or backwards; a cycle would make visibility undefined.
  const byProp = new Map(columns.map((c) => [c.prop, c]));
  for (const c of columns) {
    const seen = new Set<string>([c.prop]);
    let next = c.visibleWhen?.prop;
    while (next !== undefined) {
      if (seen.has(next)) {
        issues.push({ prop: c.prop, key: 'conditionCycle' });
        break;
      }
      seen.add(next);
      next = byProp.get(next)?.visibleWhen?.prop;
    }
  }
  return issues;
}

/** Compiles a rule pattern; null when it is not a valid expression. */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

/** A versioned form definition. */
export const formDefinitionSchema = z.object({
  id: z.string().min(1).max(64),
  version: z.number().int().min(1),
  name: localizedTextSchema,
  columns: z.array(formColumnSchema).max(500),
});
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

/** The schema plus the structural checks, for the builder's save and the server. */
export const validFormDefinitionSchema = formDefinitionSchema.superRefine((def, ctx) => {
  for (const issue of checkDefinition(def.columns)) {
    ctx.addIssue({ code: 'custom', path: ['columns'], message: `${issue.prop}: ${issue.key}` });
  }
});

/** `HH:mm-HH:mm`, start before end. */
const TIME_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;
/** One entry of a time selection (S0.3.24, S1.3.2): a time range and its weekdays (1 Monday .. 7 Sunday). */
export const timeSelectionEntrySchema = z.object({
  time: z.string().refine((time) => {
    const m = TIME_RANGE.exec(time);
    return m !== null && `${m[1]}:${m[2]}` < `${m[3]}:${m[4]}`;
  }, 'a time range HH:mm-HH:mm, start before end'),
  weeks: z
    .array(z.number().int().min(WEEK_MIN).max(WEEK_MAX))
    .min(1)
    .max(WEEK_MAX)
    .refine((weeks) => new Set(weeks).size === weeks.length, 'each weekday once'),
});
export const timeSelectionSchema = z.array(timeSelectionEntrySchema).max(100);
export type TimeSelection = z.infer<typeof timeSelectionSchema>;

/** Answer values: text, numbers, booleans, option lists, time selections, table rows, label records. */
export type AnswerValue = unknown;
/** The answer map: field props and companion keys to values (S0.3.34). */
export type AnswerMap = Record<string, AnswerValue>;
export const answerMapSchema = z.record(z.string().max(200), z.unknown());

/** A stored answer: always against one version of one form. */
export const formAnswerRecordSchema = z.object({
  formId: z.string().min(1).max(64),
  formVersion: z.number().int().min(1),
  answer: answerMapSchema,
});
export type FormAnswerRecord = z.infer<typeof formAnswerRecordSchema>;

/**
 * The definition an answer renders with (S0.3.35 "versioned"): the version it was written against,
 * never the newest; null when that version is not among `versions`.
 */
export function definitionForAnswer(
  versions: readonly FormDefinition[],
  record: Pick<FormAnswerRecord, 'formId' | 'formVersion'>,
): FormDefinition | null {
  return versions.find((d) => d.id === record.formId && d.version === record.formVersion) ?? null;
}
