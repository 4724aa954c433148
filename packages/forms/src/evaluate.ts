import {
  BIRTHDAY_MIN,
  CALENDAR_UTC_OFFSET,
  canSignField,
  checkBirthday,
  checkIdNumber,
  checkPhone,
  isEmail,
  isMaskedValue,
  keepsSignatureRule,
  latestCalendarDay,
  SIGNATURE_UPLOAD_DATA_URL_MAX,
  signatureCompanionFields,
  type SignatureField,
} from '@psy/contracts';
import {
  compilePattern,
  DISPLAY_ONLY_TYPES,
  OTHER_OPTION_VALUE,
  type AnswerCondition,
  type AnswerMap,
  type AnswerValue,
  type FieldOption,
  type FieldType,
  type FormColumn,
  type FormDefinition,
  type RequiredRules,
  type TimeSelection,
  timeSelectionSchema,
} from './definition';
import {
  GRADE_CONSISTENT,
  GRADE_DESC_MAX,
  GRADE_INCONSISTENT,
  GRADE_MAX,
  GRADE_MIN,
  GRADE_RESULT_PROP,
  OTHER_TEXT_MAX,
  SLIDER_MAX,
  SLIDER_MIN,
  STAR_DEFAULT_MAX,
  TEXT_MAX,
} from './constants';
import { formError, type FormError } from './errors';
import { isListPath } from './option-lists';
import { chosenValues, conditionMet, flattenOptions, holdsAny, isEmptyValue, sameOption } from './values';

/**
 * The evaluator (spec S0.4.7, S0.4.10, S0.5.6, S0.5.12, S0.5.13, S0.6.7): from a definition, an answer
 * and the viewer, which fields are visible, required and editable, which answers are wrong, and the
 * cleaned answer. Pure and deterministic: the web runs it while the form is filled, the server runs the
 * same code on every submitted answer (docs/forms.md).
 */

/** Who looks at the form, and whether it is shown to read (detail/disabled) or to fill (S0.4.8). */
export interface Viewer {
  roleCodes: readonly string[];
  mode?: 'edit' | 'view';
}

/**
 * Reading-time state (S0.4.7): props whose countdown has ended, and when each field was shown (epoch
 * ms). The web tracks both; the server, which cannot see the screen, passes nothing and the rule is not
 * checked there.
 */
export interface ReadingState {
  done?: Iterable<string>;
  shownAt?: Readonly<Record<string, number>>;
}

export interface EvaluateOptions {
  /** The clock for date rules (epoch ms or Date); defaults to now. */
  now?: number | Date;
  /** Options of `dicUrl` columns, by dicUrl (tenant dictionaries, the department tree, counsellors). */
  dictionaries?: Readonly<Record<string, readonly FieldOption[]>>;
  reading?: ReadingState;
  /**
   * The stored answer this submission replaces (`{}` for a new answer). When given, an option switched
   * off (`disabled`) is refused unless the stored answer already held it: old answers keep it, new
   * answers may not choose it. Absent: switched-off options are not checked (the renderer does not offer them).
   */
  previous?: AnswerMap;
  /**
   * The slots the school offers each time-grid column, by prop (`findScheduleTime`). When given, an entry
   * must be an offered time on offered weekdays; entries the stored answer (`previous`) already held stay
   * valid after the school changes its slots. Absent: only the shape is checked.
   */
  timeSlots?: Readonly<Record<string, TimeSelection>>;
}

/** Why a field is not shown: switched off in this version, by logic, by role, or a data field. */
export type HiddenReason = 'unused' | 'logic' | 'role' | 'display';
/** Notices the renderer shows beside a field. */
export type FormNoticeKey = 'forms.notice.reportCrisis' | 'forms.notice.signatureFinal';

export interface FieldState {
  prop: string;
  type: FieldType;
  visible: boolean;
  hiddenBy: HiddenReason | null;
  required: boolean;
  editable: boolean;
  errors: FormError[];
  /** Seconds left before a reading-time field may be answered (0 when it may). */
  readingRemaining: number;
  notices: FormNoticeKey[];
}

export interface Evaluation {
  fields: Record<string, FieldState>;
  /** Column props in form order. */
  order: readonly string[];
  /** The answer with hidden answers and stale companions removed (viewer-independent). */
  answer: AnswerMap;
  /** Every error in form order: the first is where the form scrolls (S0.5.15). */
  errors: FormError[];
  valid: boolean;
}

/**
 * The named dependencies of S0.4.7 / S1.4.16: they hold for these props in every form that has both
 * the controlling and the dependent field, in addition to the column's own settings.
 */
export const NAMED_RULES: {
  visibleWhen: Readonly<Record<string, AnswerCondition>>;
  requiredWhen: Readonly<Record<string, RequiredRules>>;
} = {
  visibleWhen: {
    transferToType: { prop: 'transferTo', values: [2] },
    transferToConsultant: { prop: 'transferTo', values: [2] },
    consultorName: { prop: 'isAppointmentConsult', values: [1] },
  },
  requiredWhen: {
    expertsFeedback: { calcFlag: 1, conditions: [{ prop: 'psyAssistanceSystem', values: [1] }] },
    managementProcess: { calcFlag: 1, conditions: [{ prop: 'psyAssistanceSystem', values: [1] }] },
  },
};

/** Whether a column has the 'other' option with free text (S0.3.37). */
export const hasOtherText = (c: FormColumn) => c.otherInputOpen === true || c.type === 'radioInput';
export const otherTextKey = (prop: string) => `${prop}_text`;
export const lastValueKey = (prop: string) => `${prop}_lastValue`;
export const lastLabelKey = (prop: string) => `${prop}_lastLabel`;
/**
 * The label a list-path value had when it was saved (the server writes it): a counsellor who stops taking
 * visitors, or a switched-off entry, still reads as a name in old records, never as a bare id.
 */
export const listLabelKey = (prop: string) => `${prop}_label`;
/** The grading explanation key: gradingResults -> gradingResultsDesc (S0.3.38). */
export const gradeDescKey = (prop: string) => `${prop}Desc`;

const isSignatureColumn = (c: FormColumn): c is FormColumn & { prop: SignatureField } =>
  c.type === 'signature';
const signatureStampKeys = (prop: string) => Object.values(signatureCompanionFields(prop as SignatureField));

/** The answer keys a column writes besides its own prop, whichever apply at the moment. */
export function companionKeys(c: FormColumn): string[] {
  const keys: string[] = [];
  if (hasOtherText(c)) keys.push(otherTextKey(c.prop));
  if (isSignatureColumn(c)) keys.push(...signatureStampKeys(c.prop));
  if (c.type === 'grade') keys.push(GRADE_RESULT_PROP, gradeDescKey(c.prop));
  if (c.type === 'richTxt') for (const item of c.richItems ?? []) if (item.prop) keys.push(item.prop);
  if (isListPath(c.dicUrl)) keys.push(listLabelKey(c.prop));
  return keys;
}

/** The answer keys that hold values of a column (its prop, or its rich items' props). */
export function valueKeys(c: FormColumn): string[] {
  if (c.type === 'richTxt') return (c.richItems ?? []).flatMap((i) => (i.prop ? [i.prop] : []));
  if (DISPLAY_ONLY_TYPES.includes(c.type)) return [];
  return [c.prop];
}

const holdsOther = (value: AnswerValue) => holdsAny(value, [OTHER_OPTION_VALUE]);
const rolesMeet = (allowed: readonly string[] | undefined, roles: readonly string[]) =>
  !allowed || allowed.length === 0 || allowed.some((r) => roles.includes(r));

/** Options of a column: the loaded dictionary for its dicUrl first, else its own dicData. */
export function columnOptions(
  c: FormColumn,
  dictionaries?: EvaluateOptions['dictionaries'],
): readonly FieldOption[] | undefined {
  return (c.dicUrl !== undefined ? dictionaries?.[c.dicUrl] : undefined) ?? c.dicData;
}

/** Logic visibility of every column (viewer-independent): switched on, conditions met, not jumped over. */
function logicVisibility(columns: readonly FormColumn[], answer: AnswerMap): Map<string, boolean> {
  const index = new Map<string, number>();
  columns.forEach((c, i) => {
    if (!index.has(c.prop)) index.set(c.prop, i);
  });
  const memo = new Map<string, boolean>();
  const visiting = new Set<string>();

  // Show-mode targets: prop -> the (earlier) controllers and option values that show it.
  const showers = new Map<string, { controller: string; optionValue: string | number }[]>();
  // Jump rules: controller index, option value, target index.
  const jumps: { controller: number; optionValue: string | number; target: number }[] = [];
  columns.forEach((c, i) => {
    if (!c.isOpenLogicJump) return;
    for (const rule of c.logicJumpRules ?? []) {
      for (const target of rule.questionValue) {
        const t = index.get(target);
        if (t === undefined || t <= i) continue; // only later questions (checkDefinition refuses others)
        if ((c.logicJumpMode ?? 'show') === 'show') {
          const list = showers.get(target) ?? [];
          list.push({ controller: c.prop, optionValue: rule.optionValue });
          showers.set(target, list);
        } else {
          jumps.push({ controller: i, optionValue: rule.optionValue, target: t });
        }
      }
    }
  });

  const valueIfVisible = (prop: string): AnswerValue => (visible(prop) ? answer[prop] : undefined);

  function visible(prop: string): boolean {
    const known = memo.get(prop);
    if (known !== undefined) return known;
    const i = index.get(prop);
    if (i === undefined) return false;
    if (visiting.has(prop)) return false; // a cycle of conditions: treated as not met
    visiting.add(prop);
    const c = columns[i]!;
    let result = c.isUse !== false;
    const conditions = [c.visibleWhen, NAMED_RULES.visibleWhen[prop]];
    for (const cond of conditions) {
      if (!result || !cond || !index.has(cond.prop)) continue;
      result = conditionMet(cond, valueIfVisible);
    }
    const shownBy = showers.get(prop);
    if (result && shownBy) {
      result = shownBy.some((s) => holdsAny(valueIfVisible(s.controller), [s.optionValue]));
    }
    if (result) {
      for (const j of jumps) {
        if (
          j.controller < i &&
          i < j.target &&
          holdsAny(valueIfVisible(columns[j.controller]!.prop), [j.optionValue])
        ) {
          result = false;
          break;
        }
      }
    }
    visiting.delete(prop);
    memo.set(prop, result);
    return result;
  }

  for (const c of columns) visible(c.prop);
  return memo;
}

/** The answer restricted to what the definition keeps (S0.4.7: hidden answers and stale 'other' texts cleared). */
function cleanAnswer(
  columns: readonly FormColumn[],
  answer: AnswerMap,
  logic: Map<string, boolean>,
): AnswerMap {
  const out: AnswerMap = {};
  const copy = (key: string) => {
    if (answer[key] !== undefined) out[key] = answer[key];
  };
  for (const c of columns) {
    // History is kept whatever happens to the field (records of care are never silently rewritten).
    for (const key of [c.prop, ...valueKeys(c)]) {
      copy(lastValueKey(key));
      copy(lastLabelKey(key));
    }
    if (!logic.get(c.prop)) continue;
    for (const key of valueKeys(c)) copy(key);
    const value = answer[c.prop];
    if (hasOtherText(c) && holdsOther(value)) copy(otherTextKey(c.prop));
    if (isSignatureColumn(c) && !isEmptyValue(value)) for (const key of signatureStampKeys(c.prop)) copy(key);
    if (c.type === 'grade' && !isEmptyValue(value)) {
      copy(GRADE_RESULT_PROP);
      copy(gradeDescKey(c.prop));
    }
    if (isListPath(c.dicUrl) && !isEmptyValue(value)) copy(listLabelKey(c.prop));
  }
  return out;
}

const MS_PER_DAY = 86_400_000;
const offsetMs = (() => {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(CALENDAR_UTC_OFFSET);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
})();
/** The calendar day (yyyy-MM-dd, China time, as calendar filters use) of an instant. */
export const calendarDayOf = (nowMs: number) => new Date(nowMs + offsetMs).toISOString().slice(0, 10);
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: unknown): v is string =>
  typeof v === 'string' &&
  DATE_PATTERN.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return null;
};
const textLength = (s: string) => [...s].length;

interface CheckContext {
  today: string;
  nowMs: number;
  options?: readonly FieldOption[];
  /** The values of this field in the stored answer, when switched-off options are to be refused. */
  previous?: AnswerValue;
  checkDisabled?: boolean;
  /** Offered slots of a time-grid column. */
  slots?: TimeSelection;
}

/** Whether every weekday of each entry is offered at that time, or was already held before. */
function withinSlots(value: TimeSelection, slots: TimeSelection, previous: AnswerValue): boolean {
  const offered = new Map(slots.map((s) => [s.time, new Set(s.weeks)]));
  const held = timeSelectionSchema.safeParse(previous);
  const heldKeys = new Set(
    held.success ? held.data.flatMap((e) => e.weeks.map((w) => `${e.time}|${w}`)) : [],
  );
  return value.every((entry) =>
    entry.weeks.every((w) => offered.get(entry.time)?.has(w) === true || heldKeys.has(`${entry.time}|${w}`)),
  );
}

/** Value checks of a non-empty value; the first problem found, or null. */
function checkValue(c: FormColumn, value: AnswerValue, ctx: CheckContext): FormError | null {
  const f = c.prop;
  const text = (max: number): FormError | null => {
    if (typeof value !== 'string') return formError(f, 'type');
    if (textLength(value) > max) return formError(f, 'maxLength', { max });
    return null;
  };
  const range = (min: number, max: number, integer: boolean): FormError | null => {
    const n = asNumber(value);
    if (n === null) return formError(f, 'type');
    if (integer && !Number.isInteger(n)) return formError(f, 'integer');
    if (n < min || n > max) return formError(f, 'range', { min, max });
    return null;
  };
  const inOptions = (values: (string | number)[]): FormError | null => {
    if (!ctx.options) return null;
    const all = flattenOptions(ctx.options);
    const held = ctx.checkDisabled ? chosenValues(ctx.previous) : [];
    const wasHeld = (v: string | number) => held.some((h) => sameOption(h, v));
    // A value the stored answer already held stays valid when its option is switched off or leaves the
    // list (an entry removed, a counsellor no longer free): records are edited, not invalidated.
    const allowed = (v: string | number) =>
      wasHeld(v) || all.some((o) => sameOption(o.value, v) && (o.disabled !== true || !ctx.checkDisabled));
    return values.every(allowed) ? null : formError(f, 'option');
  };
  switch (c.type) {
    case 'input':
    case 'textarea': {
      if (c.mask && typeof value === 'string' && isMaskedValue(value)) return null; // unchanged masked value (S0.5.7)
      const e = text(c.maxlength ?? TEXT_MAX);
      if (e) return e;
      const s = (value as string).trim();
      if (c.format === 'phone' && checkPhone(s) !== null) return formError(f, 'phone');
      if (c.format === 'email' && !isEmail(s)) return formError(f, 'email');
      if (c.format === 'idCard' && checkIdNumber(1, s, ctx.today) !== null) return formError(f, 'idCard');
      return null;
    }
    case 'radio':
    case 'radioInput':
      if (typeof value !== 'string' && typeof value !== 'number') return formError(f, 'type');
      return inOptions([value]);
    case 'select':
    case 'checkbox': {
      const several = c.type === 'checkbox' || c.multiple === true;
      if (several) {
        if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' && typeof v !== 'number')) {
          return formError(f, 'type');
        }
        if (c.limit !== undefined && value.length > c.limit) return formError(f, 'limit', { max: c.limit });
        return inOptions(value as (string | number)[]);
      }
      if (typeof value !== 'string' && typeof value !== 'number') return formError(f, 'type');
      return inOptions([value]);
    }
    case 'cascader':
    case 'tree': {
      const list = Array.isArray(value) ? value : [value];
      if (list.some((v) => typeof v !== 'string' && typeof v !== 'number')) return formError(f, 'type');
      // A cascader's list is one path; a tree with `multiple` holds several choices, at most `limit`.
      if (c.type === 'tree' && c.multiple === true && c.limit !== undefined && list.length > c.limit) {
        return formError(f, 'limit', { max: c.limit });
      }
      return inOptions(list as (string | number)[]);
    }
    case 'date': {
      if (!isCalendarDate(value)) return formError(f, 'dateFormat');
      if (c.format === 'birthday') {
        // The contracts' birthday rule; its "today" is the latest calendar day on earth.
        const issue = checkBirthday(value, latestCalendarDay(ctx.nowMs));
        if (issue === 'future') return formError(f, 'dateFuture');
        if (issue === 'tooEarly') return formError(f, 'dateTooEarly', { min: BIRTHDAY_MIN });
      }
      if (c.dateLimit?.allowFuture === false && value > ctx.today) return formError(f, 'dateFuture');
      const back = c.dateLimit?.maxDaysBack;
      if (back !== undefined && dayNumber(ctx.today) - dayNumber(value) > back) {
        return formError(f, 'dateTooOld', { days: back });
      }
      return null;
    }
    case 'datetime':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value))
        ? null
        : formError(f, 'datetimeFormat');
    case 'number':
      return range(c.min ?? Number.MIN_SAFE_INTEGER, c.max ?? Number.MAX_SAFE_INTEGER, c.integer === true);
    case 'slider':
      return range(c.min ?? SLIDER_MIN, c.max ?? SLIDER_MAX, c.integer !== false);
    case 'star':
      return range(1, c.max ?? STAR_DEFAULT_MAX, true);
    case 'grade':
      return range(GRADE_MIN, GRADE_MAX, true);
    case 'signature':
      return typeof value === 'string' && value.length <= SIGNATURE_UPLOAD_DATA_URL_MAX
        ? null
        : formError(f, 'type');
    case 'timeGrid': {
      const parsed = timeSelectionSchema.safeParse(value);
      if (!parsed.success) return formError(f, 'timeGrid');
      return !ctx.slots || withinSlots(parsed.data, ctx.slots, ctx.previous) ? null : formError(f, 'option');
    }
    case 'table': {
      if (!Array.isArray(value)) return formError(f, 'type');
      if (c.maxRows !== undefined && value.length > c.maxRows)
        return formError(f, 'limit', { max: c.maxRows });
      const columns = c.tableColumns ?? [];
      for (let row = 0; row < value.length; row++) {
        const r: unknown = value[row];
        if (typeof r !== 'object' || r === null || Array.isArray(r))
          return formError(f, 'table', { row: row + 1 });
        for (const [key, cell] of Object.entries(r as Record<string, unknown>)) {
          const col = columns.find((tc) => tc.prop === key);
          if (!col) return formError(f, 'table', { row: row + 1 });
          if (cell === null || cell === undefined || cell === '') continue;
          if (col.type === 'number') {
            const n = asNumber(cell);
            if (n === null || n < (col.min ?? -Infinity) || n > (col.max ?? Infinity)) {
              return formError(f, 'table', { row: row + 1 });
            }
          } else if (col.type === 'select') {
            if (
              (typeof cell !== 'string' && typeof cell !== 'number') ||
              (col.dicData && !flattenOptions(col.dicData).some((o) => sameOption(o.value, cell)))
            ) {
              return formError(f, 'table', { row: row + 1 });
            }
          } else if (typeof cell !== 'string' || textLength(cell) > (col.maxlength ?? TEXT_MAX)) {
            return formError(f, 'table', { row: row + 1 });
          }
        }
      }
      return null;
    }
    case 'richTxt':
    case 'title':
      return null;
  }
}

/** Column rules (the builder's `rules`): pattern, and length (text) or value (numbers) bounds. */
function checkRules(c: FormColumn, value: AnswerValue): FormError | null {
  for (const rule of c.rules ?? []) {
    if (typeof value === 'string') {
      if (c.mask && isMaskedValue(value)) return null;
      const re = rule.pattern !== undefined ? compilePattern(rule.pattern) : null;
      if (re && !re.test(value)) return formError(c.prop, 'pattern', {}, rule.message);
      const len = textLength(value);
      if ((rule.min !== undefined && len < rule.min) || (rule.max !== undefined && len > rule.max)) {
        return formError(c.prop, 'range', { min: rule.min ?? 0, max: rule.max ?? '∞' }, rule.message);
      }
    } else if (typeof value === 'number') {
      if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) {
        return formError(c.prop, 'range', { min: rule.min ?? '-∞', max: rule.max ?? '∞' }, rule.message);
      }
    }
  }
  return null;
}

function requiredByRules(
  rules: RequiredRules,
  valueOf: (prop: string) => AnswerValue,
  present: (p: string) => boolean,
) {
  const conditions = rules.conditions.filter((cond) => present(cond.prop));
  if (conditions.length === 0) return false;
  return rules.calcFlag === 2
    ? conditions.every((cond) => conditionMet(cond, valueOf))
    : conditions.some((cond) => conditionMet(cond, valueOf));
}

function readingRemaining(c: FormColumn, reading: ReadingState | undefined, nowMs: number): number {
  if (!reading || !c.isDelayCheck || !c.readingTime) return 0;
  if (reading.done && [...reading.done].includes(c.prop)) return 0;
  const shown = reading.shownAt?.[c.prop];
  if (shown === undefined) return c.readingTime;
  return Math.max(0, Math.ceil((shown + c.readingTime * 1000 - nowMs) / 1000));
}

/**
 * Evaluates an answer against a definition for a viewer. Fields hidden by logic never count as required
 * and lose their answers; errors are reported only for fields this viewer can edit (another person's
 * fields are checked when that person submits).
 */
export function evaluate(
  definition: Pick<FormDefinition, 'columns'>,
  answer: AnswerMap,
  viewer: Viewer,
  options: EvaluateOptions = {},
): Evaluation {
  const columns = definition.columns;
  const nowMs =
    options.now === undefined
      ? Date.now()
      : typeof options.now === 'number'
        ? options.now
        : options.now.getTime();
  const today = calendarDayOf(nowMs);
  const logic = logicVisibility(columns, answer);
  const cleaned = cleanAnswer(columns, answer, logic);
  const props = new Set(columns.map((c) => c.prop));
  const valueOf = (prop: string) => cleaned[prop];
  const roles = viewer.roleCodes;
  const fields: Record<string, FieldState> = {};
  const errors: FormError[] = [];

  for (const c of columns) {
    if (fields[c.prop]) continue; // a duplicate prop (refused by checkDefinition): the first one counts
    const hiddenBy: HiddenReason | null =
      c.isUse === false
        ? 'unused'
        : !logic.get(c.prop)
          ? 'logic'
          : !rolesMeet(c.visibleCharacters, roles)
            ? 'role'
            : c.display === false
              ? 'display'
              : null;
    const visible = hiddenBy === null;
    const value = cleaned[c.prop];
    const displayOnly = DISPLAY_ONLY_TYPES.includes(c.type);
    const signature = isSignatureColumn(c);
    const editable =
      visible &&
      viewer.mode !== 'view' &&
      !displayOnly &&
      c.readonly !== true &&
      rolesMeet(c.editableBy, roles) &&
      // S0.6.7 who signs which field; S0.4.9 a signature cannot be changed once given.
      (!signature || (canSignField(c.prop, roles) && isEmptyValue(value)));

    let required = false;
    if (editable) {
      required =
        c.required === true ||
        (c.rules ?? []).some((r) => r.required === true) ||
        (c.requiredRules !== undefined && requiredByRules(c.requiredRules, valueOf, (p) => props.has(p))) ||
        (NAMED_RULES.requiredWhen[c.prop] !== undefined &&
          requiredByRules(NAMED_RULES.requiredWhen[c.prop]!, valueOf, (p) => props.has(p)));
      // S0.6.7: sign_student rules are dropped for non-visitors and sign_teacher rules for visitors.
      if (signature && !keepsSignatureRule(c.prop, roles)) required = false;
    }

    const fieldErrors: FormError[] = [];
    const remaining = visible ? readingRemaining(c, options.reading, nowMs) : 0;
    const notices: FormNoticeKey[] = [];
    if (visible && c.type === 'grade' && holdsAny(value, [1])) notices.push('forms.notice.reportCrisis');
    if (visible && signature) notices.push('forms.notice.signatureFinal');

    if (editable) {
      const ctx: CheckContext = {
        today,
        nowMs,
        options: columnOptions(c, options.dictionaries),
        ...(options.previous !== undefined
          ? { checkDisabled: true, previous: options.previous[c.prop] }
          : {}),
        ...(c.type === 'timeGrid' && options.timeSlots?.[c.prop]
          ? { slots: options.timeSlots[c.prop], previous: options.previous?.[c.prop] }
          : {}),
      };
      if (c.type === 'richTxt') {
        for (const item of c.richItems ?? []) {
          if (!item.prop || (item.type !== 'input' && item.type !== 'date')) continue;
          const v = cleaned[item.prop];
          if (isEmptyValue(v)) {
            if (required) fieldErrors.push(formError(item.prop, 'required', { column: c.prop }));
            continue;
          }
          if (item.type === 'date') {
            if (!isCalendarDate(v)) fieldErrors.push(formError(item.prop, 'dateFormat', { column: c.prop }));
          } else if (item.inputType === 'number') {
            if (asNumber(v) === null) fieldErrors.push(formError(item.prop, 'type', { column: c.prop }));
          } else if (typeof v !== 'string') {
            fieldErrors.push(formError(item.prop, 'type', { column: c.prop }));
          } else if (textLength(v) > (item.maxlength ?? TEXT_MAX)) {
            fieldErrors.push(
              formError(item.prop, 'maxLength', { max: item.maxlength ?? TEXT_MAX, column: c.prop }),
            );
          }
        }
      } else if (!displayOnly) {
        if (isEmptyValue(value)) {
          if (required) fieldErrors.push(formError(c.prop, 'required'));
        } else {
          const e =
            remaining > 0
              ? formError(c.prop, 'readingTime', { seconds: remaining })
              : (checkValue(c, value, ctx) ?? checkRules(c, value));
          if (e) fieldErrors.push(e);
        }
        if (hasOtherText(c) && holdsOther(value)) {
          const key = otherTextKey(c.prop);
          const other = cleaned[key];
          if (isEmptyValue(other)) {
            if (required) fieldErrors.push(formError(key, 'required', { column: c.prop }));
          } else if (typeof other !== 'string') fieldErrors.push(formError(key, 'type', { column: c.prop }));
          else if (textLength(other) > OTHER_TEXT_MAX) {
            fieldErrors.push(formError(key, 'maxLength', { max: OTHER_TEXT_MAX, column: c.prop }));
          }
        }
        if (c.type === 'grade' && !isEmptyValue(value)) {
          const result = cleaned[GRADE_RESULT_PROP];
          const descKey = gradeDescKey(c.prop);
          const desc = cleaned[descKey];
          if (result !== undefined && !holdsAny(result, [GRADE_CONSISTENT, GRADE_INCONSISTENT])) {
            fieldErrors.push(formError(GRADE_RESULT_PROP, 'option', { column: c.prop }));
          }
          // S0.4.10: the explanation is required only when the server found the grade inconsistent.
          const descRequired =
            c.gradingResultsDescRequired !== false && holdsAny(result, [GRADE_INCONSISTENT]);
          const descMax = c.maxlength ?? GRADE_DESC_MAX;
          if (isEmptyValue(desc)) {
            if (descRequired) fieldErrors.push(formError(descKey, 'required', { column: c.prop }));
          } else if (typeof desc !== 'string')
            fieldErrors.push(formError(descKey, 'type', { column: c.prop }));
          else if (textLength(desc) > descMax) {
            fieldErrors.push(formError(descKey, 'maxLength', { max: descMax, column: c.prop }));
          }
        }
      }
    }

    fields[c.prop] = {
      prop: c.prop,
      type: c.type,
      visible,
      hiddenBy,
      required,
      editable,
      errors: fieldErrors,
      readingRemaining: remaining,
      notices,
    };
    errors.push(...fieldErrors);
  }

  return {
    fields,
    order: [...new Set(columns.map((c) => c.prop))],
    answer: cleaned,
    errors,
    valid: errors.length === 0,
  };
}

/** Only the cleaned answer (what `evaluate(...).answer` gives), viewer-independent. */
export function cleanFormAnswer(definition: Pick<FormDefinition, 'columns'>, answer: AnswerMap): AnswerMap {
  return cleanAnswer(definition.columns, answer, logicVisibility(definition.columns, answer));
}
