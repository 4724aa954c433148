import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  columnOptions,
  RICH_ITEM_TYPES,
  type FormColumn,
  type LocalizedText,
  type RichItemType,
} from '@psy/forms';
import { Button, Input, Radio, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addRichItem,
  addRule,
  addTableColumn,
  moveRichItem,
  parseBound,
  removeRichItem,
  removeRule,
  removeTableColumn,
  RULE_TYPES,
  ruleKindOf,
  setDateLimit,
  setGradeMode,
  setRoles,
  setVisibleWhen,
  TRACK_DATE_LIMIT,
  updateRichItem,
  updateRule,
  updateTableColumn,
  visibleWhenSources,
} from '../lib/builder-settings';
import { addTableOption, makeTableChoice, relabelTableOption, removeTableOption } from '../lib/builder-props';
import { useNewText } from './column-props';
import { localized, type FormLang } from '../lib/form-text';
import styles from './form-admin.module.css';

export interface ColumnSettingsProps {
  column: FormColumn;
  columns: readonly FormColumn[];
  lang: FormLang;
  disabled: boolean;
  roleOptions: { value: string; label: string }[];
  onReplace: (column: FormColumn) => void;
}

/** Two inputs for a text in both languages. */
function BothLanguages({
  value,
  disabled,
  zhLabel,
  enLabel,
  onChange,
}: {
  value: LocalizedText | undefined;
  disabled: boolean;
  zhLabel: string;
  enLabel: string;
  onChange: (next: LocalizedText) => void;
}) {
  const v = value ?? { 'zh-CN': '', 'en-US': '' };
  return (
    <div className={styles.pair}>
      <Input
        value={v['zh-CN']}
        aria-label={zhLabel}
        placeholder={zhLabel}
        maxLength={500}
        disabled={disabled}
        onChange={(e) => onChange({ ...v, 'zh-CN': e.target.value })}
      />
      <Input
        value={v['en-US']}
        aria-label={enLabel}
        placeholder={enLabel}
        maxLength={500}
        disabled={disabled}
        onChange={(e) => onChange({ ...v, 'en-US': e.target.value })}
      />
    </div>
  );
}

/** A number box whose empty value is "no setting". */
function NumberBox({
  value,
  label,
  disabled,
  onChange,
  testId,
}: {
  value: number | undefined;
  label: string;
  disabled: boolean;
  onChange: (n: number | undefined) => void;
  testId?: string;
}) {
  return (
    <Input
      type="number"
      style={{ width: 110 }}
      aria-label={label}
      placeholder={label}
      value={value ?? ''}
      disabled={disabled}
      onChange={(e) => onChange(parseBound(e.target.value))}
      data-testid={testId}
    />
  );
}

/**
 * The builder's advanced settings of one column (docs/forms.md "Builder"): rich-text items (S0.3.36),
 * table columns (S0.3.33), validation rules, show-when, who sees and edits it (S0.6.7), grade mode
 * (S0.3.38) and date limits (S0.5.6). Every change goes through the pure steps of lib/builder-settings.
 */
export function ColumnSettings({
  column: c,
  columns,
  lang,
  disabled,
  roleOptions,
  onReplace,
}: ColumnSettingsProps) {
  const { t } = useTranslation();
  const [richType, setRichType] = useState<RichItemType>('text');
  const newText = useNewText();
  const id = (part: string) => `cfg-${c.prop}-${part}`;
  const label = (col: FormColumn) => localized(col.label, lang) || col.prop;
  const sources = visibleWhenSources(columns, c.prop);
  const whenSource = c.visibleWhen ? columns.find((col) => col.prop === c.visibleWhen!.prop) : undefined;

  return (
    <>
      {c.type === 'richTxt' ? (
        <fieldset className={styles.config} data-testid="cfg-rich">
          <legend>{t('formAdmin.rich.title')}</legend>
          {(c.richItems ?? []).map((item, i) => (
            <div key={i} className={styles.subItem}>
              <div className={styles.inline}>
                <strong>{t(`formAdmin.rich.type.${item.type}`)}</strong>
                {item.prop ? <code className={styles.muted}>{item.prop}</code> : null}
                <span className={styles.grow} />
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('formAdmin.rich.up', { n: i + 1 })}
                  disabled={disabled || i === 0}
                  onClick={() => onReplace(moveRichItem(c, i, -1))}
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('formAdmin.rich.down', { n: i + 1 })}
                  disabled={disabled || i === (c.richItems?.length ?? 0) - 1}
                  onClick={() => onReplace(moveRichItem(c, i, 1))}
                />
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('formAdmin.rich.remove', { n: i + 1 })}
                  disabled={disabled}
                  onClick={() => onReplace(removeRichItem(c, i))}
                />
              </div>
              {item.type === 'text' ? (
                <BothLanguages
                  value={item.content}
                  disabled={disabled}
                  zhLabel={t('formAdmin.rich.contentZh', { n: i + 1 })}
                  enLabel={t('formAdmin.rich.contentEn', { n: i + 1 })}
                  onChange={(content) => onReplace(updateRichItem(c, i, { content }))}
                />
              ) : null}
              {item.type === 'input' ? (
                <>
                  <BothLanguages
                    value={item.placeholder}
                    disabled={disabled}
                    zhLabel={t('formAdmin.rich.placeholderZh', { n: i + 1 })}
                    enLabel={t('formAdmin.rich.placeholderEn', { n: i + 1 })}
                    onChange={(placeholder) => onReplace(updateRichItem(c, i, { placeholder }))}
                  />
                  <div className={styles.inline}>
                    <Select
                      style={{ width: 130 }}
                      aria-label={t('formAdmin.rich.inputType', { n: i + 1 })}
                      value={item.inputType ?? 'text'}
                      disabled={disabled}
                      options={(['text', 'textarea', 'number'] as const).map((v) => ({
                        value: v,
                        label: t(`formAdmin.rich.inputTypes.${v}`),
                      }))}
                      onChange={(v: 'text' | 'textarea' | 'number') =>
                        onReplace(updateRichItem(c, i, { inputType: v === 'text' ? undefined : v }))
                      }
                    />
                    <NumberBox
                      label={t('formAdmin.rich.width')}
                      value={item.width}
                      disabled={disabled}
                      onChange={(n) =>
                        onReplace(updateRichItem(c, i, { width: n && n >= 1 ? Math.floor(n) : undefined }))
                      }
                    />
                    <NumberBox
                      label={t('formAdmin.maxlength')}
                      value={item.maxlength}
                      disabled={disabled}
                      onChange={(n) =>
                        onReplace(
                          updateRichItem(c, i, { maxlength: n && n >= 1 ? Math.floor(n) : undefined }),
                        )
                      }
                    />
                  </div>
                </>
              ) : null}
            </div>
          ))}
          <div className={styles.inline}>
            <Select
              style={{ width: 160 }}
              aria-label={t('formAdmin.rich.addType')}
              value={richType}
              disabled={disabled}
              options={RICH_ITEM_TYPES.map((type) => ({
                value: type,
                label: t(`formAdmin.rich.type.${type}`),
              }))}
              onChange={(v: RichItemType) => setRichType(v)}
              data-testid="rich-type"
            />
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={disabled}
              onClick={() => onReplace(addRichItem(columns, c, richType))}
              data-testid="rich-add"
            >
              {t('formAdmin.rich.add')}
            </Button>
          </div>
        </fieldset>
      ) : null}

      {c.type === 'table' ? (
        <fieldset className={styles.config} data-testid="cfg-table">
          <legend>{t('formAdmin.table.title')}</legend>
          {(c.tableColumns ?? []).map((tc, i) => (
            <div key={tc.prop} className={styles.subItem}>
              <div className={styles.inline}>
                <code className={styles.muted}>{tc.prop}</code>
                <Select
                  style={{ width: 120 }}
                  aria-label={t('formAdmin.table.type', { name: tc.prop })}
                  value={tc.type}
                  disabled={disabled}
                  options={(['input', 'number', 'select'] as const).map((v) => ({
                    value: v,
                    label: t(`formAdmin.table.types.${v}`),
                  }))}
                  onChange={(v: 'input' | 'number' | 'select') =>
                    onReplace(v === 'select' ? makeTableChoice(c, i) : updateTableColumn(c, i, { type: v }))
                  }
                  data-testid={`table-type-${tc.prop}`}
                />
                {tc.type === 'number' ? (
                  <>
                    <NumberBox
                      label={t('formAdmin.rules.min')}
                      value={tc.min}
                      disabled={disabled}
                      onChange={(min) => onReplace(updateTableColumn(c, i, { min }))}
                    />
                    <NumberBox
                      label={t('formAdmin.rules.max')}
                      value={tc.max}
                      disabled={disabled}
                      onChange={(max) => onReplace(updateTableColumn(c, i, { max }))}
                    />
                  </>
                ) : tc.type === 'select' ? null : (
                  <NumberBox
                    label={t('formAdmin.maxlength')}
                    value={tc.maxlength}
                    disabled={disabled}
                    onChange={(n) =>
                      onReplace(
                        updateTableColumn(c, i, { maxlength: n && n >= 1 ? Math.floor(n) : undefined }),
                      )
                    }
                  />
                )}
                <span className={styles.grow} />
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('formAdmin.table.remove', { name: tc.prop })}
                  disabled={disabled}
                  onClick={() => onReplace(removeTableColumn(c, i))}
                />
              </div>
              <BothLanguages
                value={tc.label}
                disabled={disabled}
                zhLabel={t('formAdmin.table.labelZh', { name: tc.prop })}
                enLabel={t('formAdmin.table.labelEn', { name: tc.prop })}
                onChange={(next) => onReplace(updateTableColumn(c, i, { label: next }))}
              />
              {tc.type === 'select' ? (
                <div className={styles.row} data-testid={`table-options-${tc.prop}`}>
                  <span>{t('formAdmin.props.tableOptions', { name: tc.prop })}</span>
                  {(tc.dicData ?? []).map((o) => (
                    <div key={String(o.value)} className={styles.option}>
                      {(['zh-CN', 'en-US'] as const).map((l) => (
                        <Input
                          key={l}
                          value={o.label[l]}
                          maxLength={500}
                          aria-label={t(
                            l === 'zh-CN' ? 'formAdmin.props.tableOptionZh' : 'formAdmin.props.tableOptionEn',
                            { name: tc.prop, value: o.value },
                          )}
                          disabled={disabled}
                          onChange={(e) => onReplace(relabelTableOption(c, i, o.value, l, e.target.value))}
                        />
                      ))}
                      <Button
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('formAdmin.props.removeTableOption', { name: tc.prop, value: o.value })}
                        disabled={disabled || (tc.dicData ?? []).length <= 1}
                        onClick={() => onReplace(removeTableOption(c, i, o.value))}
                      />
                    </div>
                  ))}
                  <Button
                    size="small"
                    icon={<PlusOutlined />}
                    disabled={disabled}
                    onClick={() => onReplace(addTableOption(c, i, newText('formAdmin.newOption')))}
                  >
                    {t('formAdmin.addOption')}
                  </Button>
                </div>
              ) : null}
            </div>
          ))}
          <div className={styles.inline}>
            <Button
              size="small"
              icon={<PlusOutlined />}
              disabled={disabled}
              onClick={() => onReplace(addTableColumn(c, newText('formAdmin.table.newColumn')))}
            >
              {t('formAdmin.table.add')}
            </Button>
            <label htmlFor={id('maxRows')}>{t('formAdmin.table.maxRows')}</label>
            <Input
              id={id('maxRows')}
              type="number"
              style={{ width: 100 }}
              value={c.maxRows ?? ''}
              disabled={disabled}
              onChange={(e) => {
                const n = parseBound(e.target.value);
                onReplace({ ...c, maxRows: n && n >= 1 ? Math.min(1000, Math.floor(n)) : undefined });
              }}
            />
          </div>
        </fieldset>
      ) : null}

      {RULE_TYPES.includes(c.type) ? (
        <fieldset className={styles.config} data-testid="cfg-rules">
          <legend>{t('formAdmin.rules.title')}</legend>
          <div className={styles.muted}>
            {ruleKindOf(c) === 'text' ? t('formAdmin.rules.textHint') : t('formAdmin.rules.numberHint')}
          </div>
          {(c.rules ?? []).map((rule, i) => (
            <div key={i} className={styles.subItem}>
              <div className={styles.inline}>
                {ruleKindOf(c) === 'text' ? (
                  <Input
                    style={{ flex: 1, minWidth: 140 }}
                    aria-label={t('formAdmin.rules.pattern', { n: i + 1 })}
                    placeholder={t('formAdmin.rules.patternPlaceholder')}
                    value={rule.pattern ?? ''}
                    maxLength={500}
                    disabled={disabled}
                    onChange={(e) => onReplace(updateRule(c, i, { pattern: e.target.value }))}
                    data-testid={`rule-pattern-${i}`}
                  />
                ) : null}
                <NumberBox
                  label={t('formAdmin.rules.min')}
                  value={rule.min}
                  disabled={disabled}
                  onChange={(min) => onReplace(updateRule(c, i, { min }))}
                  testId={`rule-min-${i}`}
                />
                <NumberBox
                  label={t('formAdmin.rules.max')}
                  value={rule.max}
                  disabled={disabled}
                  onChange={(max) => onReplace(updateRule(c, i, { max }))}
                  testId={`rule-max-${i}`}
                />
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('formAdmin.rules.remove', { n: i + 1 })}
                  disabled={disabled}
                  onClick={() => onReplace(removeRule(c, i))}
                />
              </div>
              <BothLanguages
                value={rule.message}
                disabled={disabled}
                zhLabel={t('formAdmin.rules.messageZh', { n: i + 1 })}
                enLabel={t('formAdmin.rules.messageEn', { n: i + 1 })}
                onChange={(message) => onReplace(updateRule(c, i, { message }))}
              />
            </div>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={disabled}
            onClick={() => onReplace(addRule(c))}
            data-testid="rule-add"
          >
            {t('formAdmin.rules.add')}
          </Button>
        </fieldset>
      ) : null}

      {c.type === 'date' ? (
        <fieldset className={styles.config} data-testid="cfg-date">
          <legend>{t('formAdmin.date.title')}</legend>
          <div className={styles.inline}>
            <Switch
              id={id('noFuture')}
              checked={c.dateLimit?.allowFuture === false}
              disabled={disabled}
              onChange={(on) =>
                onReplace(setDateLimit(c, { ...c.dateLimit, allowFuture: on ? false : undefined }))
              }
            />
            <label htmlFor={id('noFuture')}>{t('formAdmin.date.noFuture')}</label>
          </div>
          <div className={styles.inline}>
            <label htmlFor={id('daysBack')}>{t('formAdmin.date.maxDaysBack')}</label>
            <Input
              id={id('daysBack')}
              type="number"
              min={0}
              style={{ width: 100 }}
              value={c.dateLimit?.maxDaysBack ?? ''}
              disabled={disabled}
              onChange={(e) => {
                const n = parseBound(e.target.value);
                onReplace(
                  setDateLimit(c, {
                    ...c.dateLimit,
                    maxDaysBack: n === undefined ? undefined : Math.floor(n),
                  }),
                );
              }}
            />
            <Button
              size="small"
              disabled={disabled}
              onClick={() => onReplace(setDateLimit(c, TRACK_DATE_LIMIT))}
            >
              {t('formAdmin.date.trackDate')}
            </Button>
          </div>
        </fieldset>
      ) : null}

      {c.type === 'grade' ? (
        <div className={styles.inline}>
          <span id={id('gradeMode')}>{t('formAdmin.gradeMode')}</span>
          <Radio.Group
            aria-labelledby={id('gradeMode')}
            value={c.gradeMode ?? 'star'}
            disabled={disabled}
            options={[
              { value: 'star', label: t('formAdmin.gradeStar') },
              { value: 'level', label: t('formAdmin.gradeLevel') },
            ]}
            onChange={(e) => onReplace(setGradeMode(c, e.target.value))}
          />
        </div>
      ) : null}

      {c.type !== 'title' && sources.length > 0 ? (
        <fieldset className={styles.config} data-testid="cfg-visible-when">
          <legend>{t('formAdmin.visibleWhen')}</legend>
          <div className={styles.option}>
            <Select
              allowClear
              aria-label={t('formAdmin.conditionField')}
              placeholder={t('formAdmin.always')}
              value={c.visibleWhen?.prop}
              disabled={disabled}
              options={sources.map((s) => ({ value: s.prop, label: label(s) }))}
              onChange={(prop: string | undefined) => {
                const source = columns.find((col) => col.prop === prop);
                const first = source ? (columnOptions(source) ?? [])[0]?.value : undefined;
                onReplace(setVisibleWhen(c, prop && first !== undefined ? { prop, values: [first] } : null));
              }}
            />
            <Select
              mode="multiple"
              aria-label={t('formAdmin.conditionValues')}
              value={c.visibleWhen?.values ?? []}
              disabled={disabled || !c.visibleWhen}
              options={(whenSource ? (columnOptions(whenSource) ?? []) : []).map((o) => ({
                value: o.value,
                label: localized(o.label, lang),
              }))}
              onChange={(values: (string | number)[]) =>
                onReplace(setVisibleWhen(c, c.visibleWhen ? { prop: c.visibleWhen.prop, values } : null))
              }
            />
            <span />
          </div>
        </fieldset>
      ) : null}

      <div className={styles.row}>
        <label htmlFor={id('roles')}>{t('formAdmin.visibleCharacters')}</label>
        <Select
          id={id('roles')}
          mode="multiple"
          optionFilterProp="label"
          disabled={disabled}
          value={c.visibleCharacters ?? []}
          placeholder={t('formAdmin.everyone')}
          options={roleOptions}
          onChange={(v: string[]) => onReplace(setRoles(c, 'visibleCharacters', v))}
          data-testid="cfg-visible-roles"
        />
      </div>
      {c.type !== 'title' ? (
        <>
          <div className={styles.row}>
            <label htmlFor={id('editors')}>{t('formAdmin.editableBy')}</label>
            <Select
              id={id('editors')}
              mode="multiple"
              optionFilterProp="label"
              disabled={disabled}
              value={c.editableBy ?? []}
              placeholder={t('formAdmin.everyoneWhoSees')}
              options={roleOptions}
              onChange={(v: string[]) => onReplace(setRoles(c, 'editableBy', v))}
            />
          </div>
          <div className={styles.inline}>
            <Switch
              id={id('display')}
              checked={c.display !== false}
              disabled={disabled}
              onChange={(on) => {
                const next = { ...c };
                if (on) delete next.display;
                else next.display = false;
                onReplace(next);
              }}
            />
            <label htmlFor={id('display')}>{t('formAdmin.display')}</label>
          </div>
        </>
      ) : null}
    </>
  );
}
