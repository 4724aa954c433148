import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MASK_KINDS, type FieldOption, type FormColumn, type LocalizedText, type MaskKind } from '@psy/forms';
import { DICT_NAME_PATTERN } from '@psy/contracts';
import { Button, Input, Radio, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCataloguePart } from '../../../i18n/i18n';
import { addOption, isChoiceType } from '../lib/builder';
import {
  addChildOption,
  BOUND_TYPES,
  dictionaryNames,
  formatsFor,
  hasAnswer,
  isWhole,
  listPathKey,
  listPathOptions,
  MASK_TYPES,
  MULTIPLE_TYPES,
  optionRows,
  optionSourceOf,
  PLACEHOLDER_TYPES,
  relabelNestedOption,
  removeNestedOption,
  setFormat,
  setGradingDescRequired,
  setLimit,
  setMask,
  setMultiple,
  setNumberBounds,
  setOptionDisabled,
  setOptionSource,
  setPlaceholder,
  setReadonly,
  settingProblems,
  STAR_MAX_RANGE,
  takesLimit,
  type NumberBounds,
  type OptionSource,
} from '../lib/builder-props';
import { parseBound } from '../lib/builder-settings';
import { localized, type FormLang } from '../lib/form-text';
import styles from './form-admin.module.css';

type NewTextKey = 'formAdmin.newOption' | 'formAdmin.newFieldLabel' | 'formAdmin.table.newColumn';

/** The text at a dotted key of a catalogue object, if it is a string. */
export function textAt(catalogue: Record<string, unknown> | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A new text in both languages, each from its own catalogue: the other language's part is read on its own
 * (not loaded into i18next), so a new field's English title is English in a Chinese session and the other
 * way round. Until it has arrived, the text in the language in use stands for both (never the bare key).
 */
export function useNewText(): (key: NewTextKey) => LocalizedText {
  const { t } = useTranslation();
  const [parts, setParts] = useState<Partial<Record<FormLang, Record<string, unknown>>>>({});
  useEffect(() => {
    let live = true;
    void Promise.all(LANGS.map((lang) => readCataloguePart('admin', lang))).then(
      ([zh, en]) => {
        if (live) setParts({ 'zh-CN': zh, 'en-US': en });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (key) => ({
    'zh-CN': textAt(parts['zh-CN'], key) ?? t(key, { lng: 'zh-CN', defaultValue: t(key) }),
    'en-US': textAt(parts['en-US'], key) ?? t(key, { lng: 'en-US', defaultValue: t(key) }),
  });
}

const LANGS = ['zh-CN', 'en-US'] as const;

interface Props {
  column: FormColumn;
  columns: readonly FormColumn[];
  lang: FormLang;
  disabled: boolean;
  onReplace: (column: FormColumn) => void;
}

/** A number box whose empty value is "no setting". */
function NumberBox({
  value,
  label,
  disabled,
  onChange,
  testId,
  min,
  max,
}: {
  value: number | undefined;
  label: string;
  disabled: boolean;
  onChange: (n: number | undefined) => void;
  testId?: string;
  min?: number;
  max?: number;
}) {
  return (
    <label className={styles.numberField}>
      <span>{label}</span>
      <Input
        type="number"
        style={{ width: 100 }}
        min={min}
        max={max}
        value={value ?? ''}
        disabled={disabled}
        onChange={(e) => onChange(parseBound(e.target.value))}
        data-testid={testId}
      />
    </label>
  );
}

/**
 * Where a choice field's options come from (S0.3.35 dicData / dicUrl): listed here (with switched-off and,
 * for a cascader or tree, nested options), a school dictionary by name, or a loaded list path
 * (docs/forms.md "Option lists"). Pure steps in lib/builder-props.
 */
export function OptionSourceEditor({
  column: c,
  columns,
  lang,
  disabled,
  onReplace,
  schoolDictionaries,
}: Props & { schoolDictionaries: readonly string[] }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const newText = useNewText();
  if (!isChoiceType(c.type)) return null;
  const source = optionSourceOf(c);
  const nested = c.type === 'cascader' || c.type === 'tree';
  const id = (part: string) => `cfg-${c.prop}-${part}`;
  const names = dictionaryNames(schoolDictionaries, columns);
  const typed = search.trim();
  const nameOptions =
    typed && !names.some((n) => n.value === typed) && DICT_NAME_PATTERN.test(typed)
      ? [...names, { value: typed, label: typed }]
      : names;
  const newLabel = () => newText('formAdmin.newOption');
  const changeSource = (kind: OptionSource['kind']) => {
    if (kind === 'inline') onReplace(setOptionSource(c, { kind }));
    else if (kind === 'dictionary') onReplace(setOptionSource(c, { kind, name: names[0]?.value ?? 'sex' }));
    else onReplace(setOptionSource(c, { kind, path: listPathOptions(c)[0]! }));
  };
  const optionLabel = (o: FieldOption) => localized(o.label, lang) || String(o.value);

  return (
    <fieldset className={styles.config} data-testid="cfg-options">
      <legend>{t('formAdmin.options')}</legend>
      <Radio.Group
        value={source.kind}
        disabled={disabled}
        aria-label={t('formAdmin.props.source')}
        options={(['inline', 'dictionary', 'list'] as const).map((k) => ({
          value: k,
          label: t(`formAdmin.props.sources.${k}`),
        }))}
        onChange={(e) => changeSource(e.target.value as OptionSource['kind'])}
        data-testid="cfg-source"
      />
      {source.kind === 'dictionary' ? (
        <div className={styles.row}>
          <label htmlFor={id('dict')}>{t('formAdmin.props.dictionary')}</label>
          <Select
            id={id('dict')}
            showSearch={{ onSearch: setSearch, optionFilterProp: 'label' }}
            value={source.name}
            disabled={disabled}
            options={nameOptions}
            onChange={(name: string) => {
              setSearch('');
              onReplace(setOptionSource(c, { kind: 'dictionary', name }));
            }}
            data-testid="cfg-dict"
          />
          <div className={styles.muted}>
            {t('formAdmin.dictionaryOptions', { name: source.name })}.{' '}
            {c.dicData ? t('formAdmin.props.dictionaryFallback') : null}
          </div>
        </div>
      ) : null}
      {source.kind === 'list' ? (
        <div className={styles.row}>
          <label htmlFor={id('list')}>{t('formAdmin.props.listPath')}</label>
          <Select
            id={id('list')}
            value={source.path}
            disabled={disabled}
            options={listPathOptions(c).map((path) => {
              const key = listPathKey(path);
              return { value: path, label: key ? `${t(`formAdmin.props.lists.${key}`)} (${path})` : path };
            })}
            onChange={(path: string) => onReplace(setOptionSource(c, { kind: 'list', path }))}
            data-testid="cfg-list"
          />
          <div className={styles.muted}>{t('formAdmin.props.listHint')}</div>
        </div>
      ) : null}
      {source.kind === 'inline' ? (
        <>
          {optionRows(c.dicData ?? []).map(({ option: o, depth }) => (
            <div
              key={String(o.value)}
              className={styles.optionRow}
              style={{ paddingInlineStart: depth * 16 }}
              data-testid={`option-${String(o.value)}`}
            >
              <Input
                value={o.label['zh-CN']}
                aria-label={t('formAdmin.optionZh', { value: o.value })}
                disabled={disabled}
                onChange={(e) => onReplace(relabelNestedOption(c, o.value, 'zh-CN', e.target.value))}
              />
              <Input
                value={o.label['en-US']}
                aria-label={t('formAdmin.optionEn', { value: o.value })}
                disabled={disabled}
                onChange={(e) => onReplace(relabelNestedOption(c, o.value, 'en-US', e.target.value))}
              />
              <span className={styles.optionTools}>
                <Switch
                  size="small"
                  checked={o.disabled !== true}
                  disabled={disabled}
                  aria-label={t('formAdmin.props.optionInUse', { option: optionLabel(o) })}
                  onChange={(on) => onReplace(setOptionDisabled(c, o.value, !on))}
                  data-testid={`option-use-${String(o.value)}`}
                />
                {nested ? (
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    aria-label={t('formAdmin.props.addChild', { option: optionLabel(o) })}
                    disabled={disabled}
                    onClick={() => onReplace(addChildOption(c, o.value, newLabel()))}
                  />
                ) : null}
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('formAdmin.removeOption', { value: o.value })}
                  disabled={disabled}
                  onClick={() => onReplace(removeNestedOption(c, o.value))}
                />
              </span>
            </div>
          ))}
          <div className={styles.muted}>{t('formAdmin.props.optionOffHint')}</div>
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={disabled}
            onClick={() => onReplace(addOption(c, newLabel()))}
            data-testid="option-add"
          >
            {t('formAdmin.addOption')}
          </Button>
        </>
      ) : null}
    </fieldset>
  );
}

/**
 * The per-type properties of a column (S0.3.35, S0.3.32, S0.3.38, S0.5.2-S0.5.6): read-only, format check,
 * masking, placeholder, several values and their limit, number bounds, star count, the grading explanation.
 * Only what applies to the column's type is shown; limits are the model's.
 */
export function ColumnProps({ column: c, disabled, onReplace }: Omit<Props, 'columns' | 'lang'>) {
  const { t } = useTranslation();
  const id = (part: string) => `cfg-${c.prop}-${part}`;
  const formats = formatsFor(c.type);
  const problems = settingProblems(c);
  const bounds = (patch: NumberBounds) =>
    onReplace(setNumberBounds(c, { min: c.min, max: c.max, step: c.step, integer: isWhole(c), ...patch }));
  if (!hasAnswer(c.type)) return null;

  return (
    <fieldset className={styles.config} data-testid="cfg-props">
      <legend>{t('formAdmin.props.title')}</legend>
      {problems.map((key) => (
        <div key={key} className={styles.issue} role="alert">
          {t(`formAdmin.props.problem.${key}`)}
        </div>
      ))}
      {hasAnswer(c.type) ? (
        <div className={styles.inline}>
          <Switch
            id={id('readonly')}
            checked={c.readonly === true}
            disabled={disabled}
            onChange={(on) => onReplace(setReadonly(c, on))}
            data-testid="cfg-readonly"
          />
          <label htmlFor={id('readonly')}>{t('formAdmin.props.readonly')}</label>
        </div>
      ) : null}
      {formats.length > 0 ? (
        <div className={styles.row}>
          <label htmlFor={id('format')}>{t('formAdmin.props.format')}</label>
          <Select
            id={id('format')}
            value={c.format ?? ''}
            disabled={disabled}
            options={[
              { value: '', label: t('formAdmin.props.none') },
              ...formats.map((f) => ({ value: f, label: t(`formAdmin.props.formats.${f}`) })),
            ]}
            onChange={(v: string) =>
              onReplace(setFormat(c, v === '' ? undefined : (v as FormColumn['format'])))
            }
            data-testid="cfg-format"
          />
        </div>
      ) : null}
      {MASK_TYPES.includes(c.type) ? (
        <div className={styles.row}>
          <label htmlFor={id('mask')}>{t('formAdmin.props.mask')}</label>
          <Select
            id={id('mask')}
            value={c.mask ?? ''}
            disabled={disabled}
            options={[
              { value: '', label: t('formAdmin.props.maskNone') },
              ...MASK_KINDS.map((m) => ({ value: m, label: t(`formAdmin.props.masks.${m}`) })),
            ]}
            onChange={(v: string) => onReplace(setMask(c, v === '' ? undefined : (v as MaskKind)))}
            data-testid="cfg-mask"
          />
        </div>
      ) : null}
      {PLACEHOLDER_TYPES.includes(c.type) ? (
        <div className={styles.row}>
          <span>{t('formAdmin.props.placeholder')}</span>
          <div className={styles.pair}>
            {(['zh-CN', 'en-US'] as const).map((l) => (
              <Input
                key={l}
                value={c.placeholder?.[l] ?? ''}
                maxLength={500}
                aria-label={t(
                  l === 'zh-CN' ? 'formAdmin.props.placeholderZh' : 'formAdmin.props.placeholderEn',
                )}
                placeholder={t(
                  l === 'zh-CN' ? 'formAdmin.props.placeholderZh' : 'formAdmin.props.placeholderEn',
                )}
                disabled={disabled}
                onChange={(e) =>
                  onReplace(
                    setPlaceholder(c, {
                      'zh-CN': c.placeholder?.['zh-CN'] ?? '',
                      'en-US': c.placeholder?.['en-US'] ?? '',
                      [l]: e.target.value,
                    }),
                  )
                }
              />
            ))}
          </div>
        </div>
      ) : null}
      {MULTIPLE_TYPES.includes(c.type) || c.type === 'checkbox' ? (
        <div className={styles.inline}>
          {MULTIPLE_TYPES.includes(c.type) ? (
            <>
              <Switch
                id={id('multiple')}
                checked={c.multiple === true}
                disabled={disabled}
                onChange={(on) => onReplace(setMultiple(c, on))}
                data-testid="cfg-multiple"
              />
              <label htmlFor={id('multiple')}>{t('formAdmin.props.multiple')}</label>
            </>
          ) : null}
          {takesLimit(c) ? (
            <NumberBox
              label={t('formAdmin.props.limit')}
              value={c.limit}
              min={1}
              max={500}
              disabled={disabled}
              onChange={(n) => onReplace(setLimit(c, n))}
              testId="cfg-limit"
            />
          ) : null}
        </div>
      ) : null}
      {BOUND_TYPES.includes(c.type) ? (
        <div className={styles.inline}>
          <NumberBox
            label={t('formAdmin.props.min')}
            value={c.min}
            disabled={disabled}
            onChange={(min) => bounds({ min })}
            testId="cfg-min"
          />
          <NumberBox
            label={t('formAdmin.props.max')}
            value={c.max}
            disabled={disabled}
            onChange={(max) => bounds({ max })}
            testId="cfg-max"
          />
          <NumberBox
            label={t('formAdmin.props.step')}
            value={c.step}
            min={0}
            disabled={disabled}
            onChange={(step) => bounds({ step })}
            testId="cfg-step"
          />
          <Switch
            id={id('integer')}
            checked={isWhole(c)}
            disabled={disabled}
            onChange={(integer) => bounds({ integer })}
          />
          <label htmlFor={id('integer')}>{t('formAdmin.props.integer')}</label>
        </div>
      ) : null}
      {c.type === 'star' ? (
        <NumberBox
          label={t('formAdmin.props.stars')}
          value={c.max}
          min={STAR_MAX_RANGE.min}
          max={STAR_MAX_RANGE.max}
          disabled={disabled}
          onChange={(max) => onReplace(setNumberBounds(c, { max }))}
          testId="cfg-stars"
        />
      ) : null}
      {c.type === 'grade' ? (
        <div className={styles.inline}>
          <Switch
            id={id('gradeDesc')}
            checked={c.gradingResultsDescRequired !== false}
            disabled={disabled}
            onChange={(on) => onReplace(setGradingDescRequired(c, on))}
          />
          <label htmlFor={id('gradeDesc')}>{t('formAdmin.props.gradingDescRequired')}</label>
        </div>
      ) : null}
    </fieldset>
  );
}
