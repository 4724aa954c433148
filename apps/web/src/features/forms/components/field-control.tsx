import {
  columnOptions,
  GRADE_RESULT_PROP,
  gradeDescKey,
  GRADE_DESC_MAX,
  hasOtherText,
  holdsAny,
  OTHER_OPTION_VALUE,
  OTHER_TEXT_MAX,
  SLIDER_MAX,
  SLIDER_MIN,
  STAR_DEFAULT_MAX,
  TEXT_MAX,
  otherTextKey,
  type AnswerMap,
  type FieldOption,
  type FieldState,
  type FormColumn,
} from '@psy/forms';
import { signatureCompanionFields, type SignatureField as SignatureProp } from '@psy/contracts';
import { Button, Input, Rate } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { choiceOptions, localized, type FormLang } from '../lib/form-text';
import { withSavedLabel } from '../lib/option-lists';
import {
  GRADE_LEVELS,
  isoToLocalInput,
  localInputToIso,
  numberFromInput,
  tableRows,
  textOf,
} from '../lib/field-values';
import { timeGridRows, timeGridValue, toggleWeek, WEEKDAYS, type TimeGridRow } from '../lib/time-grid';
import { ChoiceGroup } from './choice-group';
import { SlotTimeGrid } from './time-grid-control';
import styles from './form-renderer.module.css';

// The heavier controls load only when a form has such a field (route budget, docs/forms.md "Web").
const SelectField = lazy(async () => ({ default: (await import('./widgets/select-field')).SelectField }));
const CascaderField = lazy(async () => ({
  default: (await import('./widgets/cascader-field')).CascaderField,
}));
const TreeField = lazy(async () => ({ default: (await import('./widgets/tree-field')).TreeField }));
const SliderField = lazy(async () => ({ default: (await import('./widgets/slider-field')).SliderField }));
const SignatureField = lazy(async () => ({
  default: (await import('./widgets/signature-field')).SignatureField,
}));

export interface FieldControlProps {
  column: FormColumn;
  state: FieldState;
  answer: AnswerMap;
  lang: FormLang;
  dictionaries?: Readonly<Record<string, readonly FieldOption[]>>;
  /** Whether the field's errors are shown (after it was changed or a submit was tried). */
  invalid: boolean;
  describedBy?: string;
  /** The id of the field's label. */
  labelledBy?: string;
  /** Sets answer keys (the column's own and its companions). */
  onChange: (key: string, value: unknown) => void;
}

export const fieldDomId = (prop: string) => `form-field-${prop}`;

/** The control of one field, by type (spec S0.3.35-S0.3.38, S0.3.24); disabled when not editable. */
export function FieldControl(props: FieldControlProps) {
  const { column: c, state, answer, lang, dictionaries, invalid, describedBy, labelledBy, onChange } = props;
  const { t } = useTranslation();
  const id = fieldDomId(c.prop);
  const value = answer[c.prop];
  const disabled = !state.editable || state.readingRemaining > 0;
  const label = localized(c.label, lang);
  const placeholder = localized(c.placeholder, lang);
  const status = invalid ? ('error' as const) : undefined;
  const options = withSavedLabel(c, columnOptions(c, dictionaries), answer);
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
  const set = (v: unknown) => onChange(c.prop, v);
  const lazyField = (node: ReactNode) => (
    <Suspense fallback={<div className={styles.widgetLoading} />}>{node}</Suspense>
  );

  const otherInput =
    hasOtherText(c) && holdsAny(value, [OTHER_OPTION_VALUE]) ? (
      <Input
        className={styles.otherText}
        value={textOf(answer[otherTextKey(c.prop)])}
        maxLength={OTHER_TEXT_MAX}
        disabled={!state.editable}
        placeholder={t('forms.otherText')}
        aria-label={t('forms.otherTextOf', { label })}
        data-testid={`other-${c.prop}`}
        onChange={(e) => onChange(otherTextKey(c.prop), e.target.value)}
      />
    ) : null;

  switch (c.type) {
    case 'title':
      return null;
    case 'input':
      return (
        <Input
          id={id}
          value={textOf(value)}
          maxLength={c.maxlength ?? TEXT_MAX}
          disabled={disabled}
          placeholder={placeholder || t('forms.enter')}
          status={status}
          {...aria}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          value={textOf(value)}
          maxLength={c.maxlength ?? TEXT_MAX}
          showCount={!disabled}
          autoSize={{ minRows: 3, maxRows: 10 }}
          disabled={disabled}
          placeholder={placeholder || t('forms.enter')}
          status={status}
          {...aria}
          onChange={(e) => set(e.target.value)}
        />
      );
    case 'radio':
    case 'radioInput':
      return (
        <>
          <ChoiceGroup
            id={id}
            kind="radio"
            name={c.prop}
            value={value}
            disabled={disabled}
            options={choiceOptions(options, lang)}
            labelledBy={labelledBy}
            describedBy={describedBy}
            invalid={invalid}
            onChange={set}
          />
          {otherInput}
        </>
      );
    case 'checkbox':
      return (
        <>
          <ChoiceGroup
            id={id}
            kind="checkbox"
            name={c.prop}
            value={value}
            disabled={disabled}
            options={choiceOptions(options, lang)}
            labelledBy={labelledBy}
            describedBy={describedBy}
            invalid={invalid}
            onChange={set}
          />
          {otherInput}
        </>
      );
    case 'select':
      return (
        <>
          {lazyField(
            <SelectField
              id={id}
              value={value}
              options={options}
              multiple={c.multiple === true}
              disabled={disabled}
              lang={lang}
              placeholder={placeholder || t('forms.choose')}
              invalid={invalid}
              describedBy={describedBy}
              onChange={set}
            />,
          )}
          {otherInput}
        </>
      );
    case 'cascader':
    case 'tree': {
      const Nested = c.type === 'cascader' ? CascaderField : TreeField;
      return lazyField(
        <Nested
          id={id}
          value={value}
          options={options}
          multiple={c.multiple === true}
          disabled={disabled}
          lang={lang}
          placeholder={placeholder || t('forms.choose')}
          invalid={invalid}
          describedBy={describedBy}
          onChange={set}
        />,
      );
    }
    case 'date':
      return (
        <Input
          id={id}
          type="date"
          className={styles.dateInput}
          value={textOf(value)}
          disabled={disabled}
          status={status}
          {...aria}
          onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        />
      );
    case 'datetime':
      return (
        <Input
          id={id}
          type="datetime-local"
          className={styles.dateInput}
          value={isoToLocalInput(value)}
          disabled={disabled}
          status={status}
          {...aria}
          onChange={(e) => set(localInputToIso(e.target.value))}
        />
      );
    case 'number':
      return (
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          className={styles.numberInput}
          value={textOf(value)}
          min={c.min}
          max={c.max}
          step={c.step}
          disabled={disabled}
          status={status}
          {...aria}
          onChange={(e) => set(numberFromInput(e.target.value))}
        />
      );
    case 'slider':
      return lazyField(
        <SliderField
          id={id}
          label={label}
          value={value}
          min={c.min ?? SLIDER_MIN}
          max={c.max ?? SLIDER_MAX}
          step={c.step ?? 1}
          disabled={disabled}
          onChange={set}
        />,
      );
    case 'star':
      return (
        <Rate
          id={id}
          aria-label={label}
          count={c.max ?? STAR_DEFAULT_MAX}
          value={typeof value === 'number' ? value : 0}
          disabled={disabled}
          onChange={(v) => set(v > 0 ? v : undefined)}
        />
      );
    case 'grade': {
      const result = answer[GRADE_RESULT_PROP];
      const descKey = gradeDescKey(c.prop);
      const showDesc = holdsAny(result, [0]) || textOf(answer[descKey]) !== '';
      return (
        <>
          {c.gradeMode === 'level' ? (
            <ChoiceGroup
              id={id}
              kind="radio"
              name={c.prop}
              inline
              value={value}
              disabled={disabled}
              options={GRADE_LEVELS.map((level, i) => ({ value: i + 1, label: level }))}
              labelledBy={labelledBy}
              describedBy={describedBy}
              invalid={invalid}
              onChange={set}
            />
          ) : (
            <Rate
              id={id}
              aria-label={label}
              count={4}
              value={typeof value === 'number' ? value : 0}
              disabled={disabled}
              onChange={(v) => set(v > 0 ? v : undefined)}
            />
          )}
          {result !== undefined ? (
            <div className={styles.hint}>
              {holdsAny(result, [1]) ? t('forms.grade.consistent') : t('forms.grade.inconsistent')}
            </div>
          ) : null}
          {showDesc ? (
            <Input.TextArea
              className={styles.otherText}
              value={textOf(answer[descKey])}
              maxLength={c.maxlength ?? GRADE_DESC_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 8 }}
              disabled={!state.editable}
              aria-label={t('forms.grade.desc')}
              placeholder={t('forms.grade.desc')}
              onChange={(e) => onChange(descKey, e.target.value)}
            />
          ) : null}
        </>
      );
    }
    case 'signature': {
      const stamps = signatureCompanionFields(c.prop as SignatureProp);
      const signedBy = answer[stamps.realName] ?? answer[stamps.userName];
      const signedAt = answer[stamps.time];
      return lazyField(
        <SignatureField
          id={id}
          label={label}
          value={value}
          signedBy={typeof signedBy === 'string' ? signedBy : undefined}
          signedAt={typeof signedAt === 'number' ? signedAt : undefined}
          editable={state.editable}
          invalid={invalid}
          onChange={set}
        />,
      );
    }
    case 'timeGrid':
      return (
        <SlotTimeGrid
          id={id}
          prop={c.prop}
          label={label}
          value={value}
          disabled={disabled}
          onChange={set}
          fallback={<TimeGridControl id={id} value={value} disabled={disabled} onChange={set} />}
        />
      );
    case 'table':
      return <TableControl column={c} value={value} disabled={disabled} lang={lang} onChange={set} />;
    case 'richTxt':
      return (
        <RichTextControl column={c} answer={answer} disabled={disabled} lang={lang} onChange={onChange} />
      );
  }
}

/**
 * Free time rows (spec S0.3.24, S1.3.2): a time range and weekdays 1-7 per row; the fallback of the
 * slot grid when the school's slots cannot be loaded.
 */
function TimeGridControl(props: {
  id: string;
  value: unknown;
  disabled: boolean;
  onChange: (v: unknown) => void;
}) {
  const { id, value, disabled, onChange } = props;
  const { t } = useTranslation();
  const rows = timeGridRows(value);
  const update = (next: TimeGridRow[]) => onChange(next.length > 0 ? timeGridValue(next) : undefined);
  const patch = (i: number, row: TimeGridRow) => update(rows.map((r, j) => (j === i ? row : r)));
  return (
    <div id={id} className={styles.timeGrid}>
      {rows.map((row, i) => (
        <fieldset key={i} className={styles.timeRow}>
          <legend className={styles.srOnly}>{t('forms.timeGrid.row', { n: i + 1 })}</legend>
          <div className={styles.timeRange}>
            <Input
              type="time"
              value={row.start}
              disabled={disabled}
              aria-label={t('forms.timeGrid.start')}
              onChange={(e) => patch(i, { ...row, start: e.target.value })}
            />
            <span aria-hidden>-</span>
            <Input
              type="time"
              value={row.end}
              disabled={disabled}
              aria-label={t('forms.timeGrid.end')}
              onChange={(e) => patch(i, { ...row, end: e.target.value })}
            />
          </div>
          <div className={styles.weeks}>
            {WEEKDAYS.map((week) => (
              <label key={week} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={row.weeks.includes(week)}
                  disabled={disabled}
                  onChange={() => patch(i, toggleWeek(row, week))}
                />
                <span>{t(`forms.timeGrid.week${week as 1 | 2 | 3 | 4 | 5 | 6 | 7}`)}</span>
              </label>
            ))}
          </div>
          {disabled ? null : (
            <Button size="small" onClick={() => update(rows.filter((_, j) => j !== i))}>
              {t('forms.remove')}
            </Button>
          )}
        </fieldset>
      ))}
      {disabled ? null : (
        <Button size="small" onClick={() => update([...rows, { start: '08:00', end: '12:00', weeks: [] }])}>
          {t('forms.timeGrid.add')}
        </Button>
      )}
    </div>
  );
}

/** A custom table (spec S0.3.33, visitorSelfAssessRules): rows of the column's table columns. */
function TableControl(props: {
  column: FormColumn;
  value: unknown;
  disabled: boolean;
  lang: FormLang;
  onChange: (v: unknown) => void;
}) {
  const { column, value, disabled, lang, onChange } = props;
  const { t } = useTranslation();
  const rows = tableRows(value);
  const cols = column.tableColumns ?? [];
  const update = (next: Record<string, unknown>[]) => onChange(next.length > 0 ? next : undefined);
  const setCell = (i: number, prop: string, cell: unknown) =>
    update(
      rows.map((r, j) => {
        if (j !== i) return r;
        const row = { ...r };
        if (cell === undefined || cell === '') delete row[prop];
        else row[prop] = cell;
        return row;
      }),
    );
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {cols.map((tc) => (
              <th key={tc.prop} scope="col">
                {localized(tc.label, lang)}
              </th>
            ))}
            {disabled ? null : <th scope="col">{t('forms.table.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {cols.map((tc) => (
                <td key={tc.prop}>
                  <Input
                    type={tc.type === 'number' ? 'number' : 'text'}
                    value={textOf(row[tc.prop])}
                    disabled={disabled}
                    aria-label={t('forms.table.cell', { row: i + 1, column: localized(tc.label, lang) })}
                    onChange={(e) =>
                      setCell(
                        i,
                        tc.prop,
                        tc.type === 'number' ? numberFromInput(e.target.value) : e.target.value,
                      )
                    }
                  />
                </td>
              ))}
              {disabled ? null : (
                <td>
                  <Button size="small" onClick={() => update(rows.filter((_, j) => j !== i))}>
                    {t('forms.remove')}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {disabled ? null : (
        <Button size="small" onClick={() => update([...rows, {}])}>
          {t('forms.table.addRow')}
        </Button>
      )}
    </div>
  );
}

/** Rich text (spec S0.3.36): running text with inline inputs and dates answering under `rich_*`. */
function RichTextControl(props: {
  column: FormColumn;
  answer: AnswerMap;
  disabled: boolean;
  lang: FormLang;
  onChange: (key: string, value: unknown) => void;
}) {
  const { column, answer, disabled, lang, onChange } = props;
  const { t } = useTranslation();
  return (
    <div className={styles.rich}>
      {(column.richItems ?? []).map((item, i) => {
        switch (item.type) {
          case 'text':
            return <span key={i}>{localized(item.content, lang)}</span>;
          case 'comma':
            return <span key={i}>{lang === 'zh-CN' ? '，' : ', '}</span>;
          case 'period':
            return <span key={i}>{lang === 'zh-CN' ? '。' : '. '}</span>;
          case 'br':
            return <br key={i} />;
          case 'input':
          case 'date': {
            const key = item.prop ?? '';
            const common = {
              value: textOf(answer[key]),
              disabled,
              'aria-label': localized(item.placeholder, lang) || t('forms.richInput'),
              placeholder: localized(item.placeholder, lang),
              style: { width: item.width ?? 120 },
            };
            return item.type === 'date' ? (
              <Input
                key={i}
                type="date"
                className={styles.richInput}
                {...common}
                onChange={(e) => onChange(key, e.target.value === '' ? undefined : e.target.value)}
              />
            ) : (
              <Input
                key={i}
                type={item.inputType === 'number' ? 'number' : 'text'}
                className={styles.richInput}
                maxLength={item.maxlength ?? TEXT_MAX}
                {...common}
                onChange={(e) =>
                  onChange(
                    key,
                    item.inputType === 'number' ? numberFromInput(e.target.value) : e.target.value,
                  )
                }
              />
            );
          }
        }
      })}
    </div>
  );
}
