import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FORM_PURPOSES, type FormPurpose, hasPermission } from '@psy/contracts';
import {
  CALC_FLAG_ALL,
  CALC_FLAG_ANY,
  columnOptions,
  LIBRARY_GROUPS,
  type FieldType,
  type FormColumn,
  type FormDefinition,
  type LocalizedText,
} from '@psy/forms';
import { Alert, Button, Card, Flex, Input, Radio, Select, Spin, Switch } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../auth';
import { fieldIssuesOf } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import { useFormTypes, useFormView, useSaveForm } from '../api/forms';
import { useBuilderDictionaryNames } from '../api/builder-dicts';
import { useBuilderRoles } from '../api/roles';
import {
  addLibraryField,
  availableLibraryFields,
  blankColumn,
  conditionSources,
  CUSTOM_FIELD_TYPES,
  draftProblems,
  isChoiceType,
  issuesByProp,
  jumpRuleTargets,
  jumpTargets,
  moveColumn,
  removeColumn,
  setJumpRule,
  setOtherOption,
  setRequiredRules,
  updateColumn,
  builderSnapshot,
} from '../lib/builder';
import {
  canRename,
  columnsForSave,
  renameProp,
  setReadingTime,
  type RenameProblem,
} from '../lib/builder-props';
import { roleOptions, rolesInForm, serverIssuesByColumn } from '../lib/builder-settings';
import { readDefinition } from '../lib/fill';
import { formLang, localized, type FormLang } from '../lib/form-text';
import { ColumnProps, OptionSourceEditor, useNewText } from './column-props';
import { ColumnSettings } from './column-settings';
import { FormRenderer } from './form-renderer';
import styles from './form-admin.module.css';

/** Role codes offered for `visibleCharacters` and the preview (a school may type others). */
const KNOWN_ROLES = [
  'ROLE_ADMIN',
  'ROLE_SUB_ADMIN',
  'ROLE_GENERAL',
  'ROLE_CONSULTANT',
  'ROLE_INTERVIEWER',
  'ROLE_ASSESSMENT',
  'ROLE_SUPERVISOR',
  'ROLE_APPOINTMENT',
  'ROLE_RECEPTIONIST',
];

export interface FormBuilderProps {
  /** The form to edit; null: a new form. */
  formId: number | null;
  /** Purpose of a new form (default questionnaire). */
  initialPurpose?: FormPurpose;
  canEdit: boolean;
  onClose: () => void;
  /** Told whether the draft differs from the loaded or last saved form (unsaved-changes guard). */
  onDirtyChange?: (dirty: boolean) => void;
}

const emptyText = (): LocalizedText => ({ 'zh-CN': '', 'en-US': '' });
/** A name given in one language only is used for both (the server needs both). */
const bothLanguages = (text: LocalizedText): LocalizedText => ({
  'zh-CN': text['zh-CN'].trim() || text['en-US'].trim(),
  'en-US': text['en-US'].trim() || text['zh-CN'].trim(),
});

/**
 * The form builder (spec S0.3.35-S0.3.38, issue 6 "Builder"): add fields from the field library or blank
 * ones, order them with up/down, configure labels, required, options, the 'other' option, reading time,
 * logic jumps, required rules and visible roles; the live preview is the renderer itself. Saving checks
 * the draft with the engine (`validFormDefinitionSchema`) and writes a new version on the server.
 */
export function FormBuilder({ formId, canEdit, onClose, initialPurpose, onDirtyChange }: FormBuilderProps) {
  const { t, i18n } = useTranslation();
  const lang = formLang(i18n.language);
  const view = useFormView(formId === null ? null : { id: formId });
  const save = useSaveForm();
  const [savedId, setSavedId] = useState<number | null>(formId);
  const [version, setVersion] = useState(0);
  const [name, setName] = useState<LocalizedText>(emptyText);
  const [purpose, setPurpose] = useState<FormPurpose>(initialPurpose ?? 'questionnaire');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [enabled, setEnabled] = useState(true);
  const types = useFormTypes();
  const [columns, setColumns] = useState<FormColumn[]>([]);
  /** Props of the saved version: their answers are keyed by them, so they are not renamed. */
  const [savedProps, setSavedProps] = useState<ReadonlySet<string>>(() => new Set());
  const [selected, setSelected] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  /** The server's 400 at the columns it names (docs/forms.md "Builder"). */
  const [serverIssues, setServerIssues] = useState<Record<string, string[]>>({});
  const roles = useBuilderRoles(canEdit);
  const newText = useNewText();
  const info = useUserInfo();
  const dictionaryNames = useBuilderDictionaryNames(
    canEdit && hasPermission(info.data?.permissions, 'sys_dict'),
  );
  const [previewRoles, setPreviewRoles] = useState<string[]>(['ROLE_GENERAL']);
  const [libraryPick, setLibraryPick] = useState<string | undefined>(undefined);
  const [typePick, setTypePick] = useState<FieldType | undefined>(undefined);
  /** The loaded or last saved form as `builderSnapshot`; null while a form is still loading. */
  const [baseline, setBaseline] = useState<string | null>(() =>
    formId === null
      ? builderSnapshot({
          name: emptyText(),
          purpose: initialPurpose ?? 'questionnaire',
          typeId: null,
          enabled: true,
          columns: [],
        })
      : null,
  );
  const dirty = useMemo(
    () =>
      canEdit &&
      baseline !== null &&
      baseline !== builderSnapshot({ name, purpose, typeId, enabled, columns }),
    [canEdit, baseline, name, purpose, typeId, enabled, columns],
  );
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  useEffect(() => {
    if (!view.data) return;
    const definition = readDefinition(view.data.definition);
    setName(view.data.form.name);
    setPurpose(view.data.form.purpose);
    setTypeId(view.data.form.typeId);
    setEnabled(view.data.form.enabled);
    setVersion(view.data.form.currentVersion);
    setColumns(definition?.columns ?? []);
    setSavedProps(new Set((definition?.columns ?? []).map((c) => c.prop)));
    setBaseline(
      builderSnapshot({
        name: view.data.form.name,
        purpose: view.data.form.purpose,
        typeId: view.data.form.typeId,
        enabled: view.data.form.enabled,
        columns: definition?.columns ?? [],
      }),
    );
  }, [view.data]);

  const issues = useMemo(() => issuesByProp(columns), [columns]);
  const selectedColumn = columns.find((c) => c.prop === selected) ?? null;
  const library = useMemo(() => availableLibraryFields(columns), [columns]);
  const previewDefinition = useMemo(() => ({ columns }), [columns]);
  const previewViewer = useMemo(() => ({ roleCodes: previewRoles, mode: 'edit' as const }), [previewRoles]);
  const pickerRoles = useMemo(
    () => roleOptions(roles.data ?? [], [...rolesInForm(columns), ...(roles.data ? [] : KNOWN_ROLES)]),
    [roles.data, columns],
  );

  if (formId !== null && view.isPending) return <Spin />;

  const patch = (prop: string, change: Partial<FormColumn>) =>
    setColumns((cs) => updateColumn(cs, prop, change));
  const replace = (column: FormColumn) =>
    setColumns((cs) => cs.map((c) => (c.prop === column.prop ? column : c)));

  const addFromLibrary = () => {
    if (!libraryPick) return;
    setColumns((cs) => addLibraryField(cs, libraryPick));
    setSelected(libraryPick);
    setLibraryPick(undefined);
  };
  const addBlank = () => {
    if (!typePick) return;
    const column = blankColumn(columns, typePick, newText('formAdmin.newFieldLabel'));
    setColumns((cs) => [...cs, column]);
    setSelected(column.prop);
    setTypePick(undefined);
  };

  const submit = async () => {
    const fullName = bothLanguages(name);
    const saved = columnsForSave(columns);
    const definition: FormDefinition = {
      id: String(savedId ?? 'new'),
      version: Math.max(1, version),
      name: fullName,
      columns: saved,
    };
    const found = [
      ...(fullName['zh-CN'] === '' ? [t('formAdmin.nameRequired')] : []),
      ...(columns.length === 0 ? [t('formAdmin.noFields')] : []),
      ...draftProblems(definition),
    ];
    setProblems(found);
    setServerIssues({});
    if (found.length > 0) return;
    try {
      const result = await save.mutateAsync({
        ...(savedId !== null ? { id: savedId } : {}),
        name: fullName,
        purpose,
        typeId,
        enabled,
        columns: saved as unknown as Record<string, unknown>[],
      });
      setColumns(saved);
      setSavedProps(new Set(saved.map((c) => c.prop)));
      setSavedId(result.form.id);
      setVersion(result.form.currentVersion);
      setName(result.form.name);
      setBaseline(builderSnapshot({ name: result.form.name, purpose, typeId, enabled, columns: saved }));
      showToast('success', t('formAdmin.saved', { version: result.form.currentVersion }));
    } catch (error) {
      const fields = fieldIssuesOf(error);
      if (fields.length > 0) {
        const { byProp, other } = serverIssuesByColumn(saved, fields);
        setServerIssues(byProp);
        const first = Object.keys(byProp)[0];
        if (first) setSelected(first);
        setProblems(other.length > 0 ? other : [t('formAdmin.serverRefused')]);
      } else if (isApiError(error)) showToast('error', error.message);
    }
  };

  return (
    <div className={styles.builder}>
      <div className={styles.panel}>
        <Card
          title={savedId === null ? t('formAdmin.createTitle') : t('formAdmin.editTitle', { version })}
          extra={<Button onClick={onClose}>{t('formAdmin.back')}</Button>}
        >
          <Flex vertical gap={12}>
            <div className={styles.row}>
              <label htmlFor="form-name-zh">{t('formAdmin.nameZh')}</label>
              <Input
                id="form-name-zh"
                value={name['zh-CN']}
                maxLength={200}
                disabled={!canEdit}
                onChange={(e) => setName({ ...name, 'zh-CN': e.target.value })}
              />
            </div>
            <div className={styles.row}>
              <label htmlFor="form-name-en">{t('formAdmin.nameEn')}</label>
              <Input
                id="form-name-en"
                value={name['en-US']}
                maxLength={200}
                disabled={!canEdit}
                onChange={(e) => setName({ ...name, 'en-US': e.target.value })}
              />
            </div>
            <div className={styles.row}>
              <label htmlFor="form-purpose">{t('formAdmin.columns.purpose')}</label>
              <Select
                id="form-purpose"
                value={purpose}
                disabled={!canEdit}
                options={FORM_PURPOSES.map((p) => ({ value: p, label: t(`formAdmin.purpose.${p}`) }))}
                onChange={(v: FormPurpose) => setPurpose(v)}
              />
            </div>
            <div className={styles.row}>
              <label htmlFor="form-type">{t('formAdmin.formType')}</label>
              <Select
                id="form-type"
                allowClear
                value={typeId ?? undefined}
                disabled={!canEdit}
                placeholder={t('formAdmin.noType')}
                options={(types.data ?? []).map((ty) => ({ value: ty.id, label: localized(ty.name, lang) }))}
                onChange={(v: number | undefined) => setTypeId(v ?? null)}
              />
            </div>
            <div className={styles.inline}>
              <Switch id="form-enabled" checked={enabled} disabled={!canEdit} onChange={setEnabled} />
              <label htmlFor="form-enabled">{t('formAdmin.enabled')}</label>
            </div>
            {canEdit ? (
              <>
                <div className={styles.row}>
                  <label htmlFor="form-library">{t('formAdmin.library')}</label>
                  <Flex gap={8}>
                    <Select
                      id="form-library"
                      showSearch={{ optionFilterProp: 'label' }}
                      style={{ flex: 1, minWidth: 0 }}
                      value={libraryPick}
                      placeholder={t('formAdmin.libraryPlaceholder')}
                      options={LIBRARY_GROUPS.map((group) => ({
                        label: t(`formAdmin.group.${group}`),
                        title: group,
                        options: library
                          .filter((f) => f.group === group)
                          .map((f) => ({ value: f.prop, label: `${localized(f.label, lang)} (${f.prop})` })),
                      })).filter((g) => g.options.length > 0)}
                      onChange={(v: string) => setLibraryPick(v)}
                    />
                    <Button
                      icon={<PlusOutlined />}
                      onClick={addFromLibrary}
                      disabled={!libraryPick}
                      data-testid="library-add"
                    >
                      {t('formAdmin.add')}
                    </Button>
                  </Flex>
                </div>
                <div className={styles.row}>
                  <label htmlFor="form-blank-type">{t('formAdmin.blankField')}</label>
                  <Flex gap={8}>
                    <Select
                      id="form-blank-type"
                      // 17 types: a plain list (no virtual scrolling) scrolls natively to any of them.
                      virtual={false}
                      style={{ flex: 1, minWidth: 0 }}
                      value={typePick}
                      placeholder={t('formAdmin.typePlaceholder')}
                      options={CUSTOM_FIELD_TYPES.map((type) => ({
                        value: type,
                        label: t(`formAdmin.type.${type}`),
                      }))}
                      onChange={(v: FieldType) => setTypePick(v)}
                    />
                    <Button
                      icon={<PlusOutlined />}
                      onClick={addBlank}
                      disabled={!typePick}
                      data-testid="blank-add"
                    >
                      {t('formAdmin.add')}
                    </Button>
                  </Flex>
                </div>
              </>
            ) : null}
            <div className={styles.row}>
              <span id="form-columns-label">{t('formAdmin.fields')}</span>
              {columns.length === 0 ? <div className={styles.muted}>{t('formAdmin.noFields')}</div> : null}
              <ol className={styles.columnList} aria-labelledby="form-columns-label">
                {columns.map((c, i) => (
                  <li
                    key={c.prop}
                    className={`${styles.columnItem} ${c.prop === selected ? styles.columnItemSelected : ''}`}
                  >
                    <button
                      type="button"
                      className={styles.columnName}
                      onClick={() => setSelected(c.prop)}
                      aria-pressed={c.prop === selected}
                      data-testid={`column-${c.prop}`}
                    >
                      {i + 1}. {localized(c.label, lang) || c.prop} · {t(`formAdmin.type.${c.type}`)}
                      {issues[c.prop] || serverIssues[c.prop] ? (
                        <span className={styles.issue}> ⚠</span>
                      ) : null}
                    </button>
                    {canEdit ? (
                      <>
                        <Button
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('formAdmin.moveUp', { name: localized(c.label, lang) })}
                          disabled={i === 0}
                          onClick={() => setColumns((cs) => moveColumn(cs, c.prop, -1))}
                        />
                        <Button
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('formAdmin.moveDown', { name: localized(c.label, lang) })}
                          disabled={i === columns.length - 1}
                          onClick={() => setColumns((cs) => moveColumn(cs, c.prop, 1))}
                        />
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('formAdmin.remove', { name: localized(c.label, lang) })}
                          onClick={() => {
                            setColumns((cs) => removeColumn(cs, c.prop));
                            if (selected === c.prop) setSelected(null);
                          }}
                        />
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            </div>
            {selectedColumn ? (
              <ColumnConfig
                key={selectedColumn.prop}
                column={selectedColumn}
                columns={columns}
                lang={lang}
                disabled={!canEdit}
                issues={issues[selectedColumn.prop] ?? []}
                serverIssues={serverIssues[selectedColumn.prop] ?? []}
                roleOptions={pickerRoles}
                schoolDictionaries={dictionaryNames.data ?? []}
                onPatch={(change) => patch(selectedColumn.prop, change)}
                onReplace={replace}
                onRename={
                  canEdit && canRename(selectedColumn.prop, savedProps)
                    ? (to) => {
                        const result = renameProp(columns, selectedColumn.prop, to);
                        if ('problem' in result) return result.problem;
                        setColumns(result.columns);
                        setSelected(to.trim());
                        return null;
                      }
                    : undefined
                }
              />
            ) : null}
            {problems.length > 0 ? (
              <Alert
                type="error"
                showIcon
                title={t('formAdmin.problems')}
                description={
                  <ul>
                    {problems.map((p, i) => (
                      <li key={i}>{p}</li>
                    ))}
                  </ul>
                }
              />
            ) : null}
            {canEdit ? (
              <Button
                type="primary"
                loading={save.isPending}
                onClick={() => void submit()}
                data-testid="form-save"
              >
                {t('formAdmin.save')}
              </Button>
            ) : null}
          </Flex>
        </Card>
      </div>
      <div className={styles.panel}>
        <Card
          title={t('formAdmin.preview')}
          extra={
            <Select
              mode="multiple"
              size="small"
              style={{ minWidth: 160 }}
              aria-label={t('formAdmin.previewRoles')}
              value={previewRoles}
              options={pickerRoles}
              onChange={(v: string[]) => setPreviewRoles(v)}
            />
          }
        >
          <FormRenderer
            definition={previewDefinition}
            viewer={previewViewer}
            emptyText={t('formAdmin.previewEmpty')}
          />
        </Card>
      </div>
    </div>
  );
}

interface ColumnConfigProps {
  column: FormColumn;
  columns: readonly FormColumn[];
  lang: FormLang;
  disabled: boolean;
  issues: readonly string[];
  serverIssues: readonly string[];
  roleOptions: { value: string; label: string }[];
  schoolDictionaries: readonly string[];
  onPatch: (change: Partial<FormColumn>) => void;
  onReplace: (column: FormColumn) => void;
  /** Renames the column's prop (only a new, non-library column); answers a problem or null. */
  onRename?: (to: string) => RenameProblem | null;
}

/** Settings of one column (S0.3.35): label, required, options, 'other', reading time, logic, rules, roles. */
function ColumnConfig({
  column: c,
  columns,
  lang,
  disabled,
  issues,
  serverIssues,
  roleOptions: roleOpts,
  schoolDictionaries,
  onPatch,
  onReplace,
  onRename,
}: ColumnConfigProps) {
  const { t } = useTranslation();
  const [propDraft, setPropDraft] = useState(c.prop);
  const [renameProblem, setRenameProblem] = useState<RenameProblem | null>(null);
  const choice = isChoiceType(c.type);
  const targets = jumpTargets(columns, c.prop);
  const sources = conditionSources(columns, c.prop);
  const conditions = c.requiredRules?.conditions ?? [];
  const calcFlag = c.requiredRules?.calcFlag ?? CALC_FLAG_ANY;
  const mode = c.logicJumpMode ?? 'show';
  const label = (col: FormColumn) => localized(col.label, lang) || col.prop;
  const id = (part: string) => `cfg-${c.prop}-${part}`;

  return (
    <section className={styles.config} aria-label={t('formAdmin.settingsOf', { name: label(c) })}>
      <strong>{t('formAdmin.settingsOf', { name: label(c) })}</strong>
      <div className={styles.muted}>
        {c.prop} · {t(`formAdmin.type.${c.type}`)}
      </div>
      {onRename ? (
        <div className={styles.row}>
          <label htmlFor={id('prop')}>{t('formAdmin.props.propName')}</label>
          <div className={styles.inline}>
            <Input
              id={id('prop')}
              style={{ flex: 1, minWidth: 140 }}
              value={propDraft}
              maxLength={100}
              status={renameProblem ? 'error' : undefined}
              onChange={(e) => {
                setPropDraft(e.target.value);
                setRenameProblem(null);
              }}
              data-testid="cfg-prop"
            />
            <Button
              size="small"
              disabled={propDraft.trim() === c.prop}
              onClick={() => setRenameProblem(onRename(propDraft))}
              data-testid="cfg-rename"
            >
              {t('formAdmin.props.rename')}
            </Button>
          </div>
          {renameProblem ? (
            <div className={styles.issue} role="alert">
              {t(`formAdmin.props.renameProblem.${renameProblem}`)}
            </div>
          ) : (
            <div className={styles.muted}>{t('formAdmin.props.propHint')}</div>
          )}
        </div>
      ) : null}
      {issues.map((key) => (
        <div key={key} className={styles.issue} role="alert">
          {t(`formAdmin.issue.${key as 'duplicateProp'}`)}
        </div>
      ))}
      {serverIssues.map((message, i) => (
        <div key={`server-${i}`} className={styles.issue} role="alert" data-testid="cfg-server-issue">
          {t(`formAdmin.issue.${message as 'duplicateProp'}`, { defaultValue: message })}
        </div>
      ))}
      <div className={styles.row}>
        <label htmlFor={id('zh')}>{t('formAdmin.labelZh')}</label>
        <Input
          id={id('zh')}
          value={c.label['zh-CN']}
          maxLength={500}
          disabled={disabled}
          onChange={(e) => onPatch({ label: { ...c.label, 'zh-CN': e.target.value } })}
        />
      </div>
      <div className={styles.row}>
        <label htmlFor={id('en')}>{t('formAdmin.labelEn')}</label>
        <Input
          id={id('en')}
          value={c.label['en-US']}
          maxLength={500}
          disabled={disabled}
          onChange={(e) => onPatch({ label: { ...c.label, 'en-US': e.target.value } })}
        />
      </div>
      {c.type !== 'title' ? (
        <div className={styles.inline}>
          <Switch
            id={id('required')}
            checked={c.required === true}
            disabled={disabled}
            onChange={(on) => onPatch({ required: on ? true : undefined })}
          />
          <label htmlFor={id('required')}>{t('formAdmin.required')}</label>
          <Switch
            id={id('inUse')}
            checked={c.isUse !== false}
            disabled={disabled}
            onChange={(on) => onPatch({ isUse: on ? undefined : false })}
          />
          <label htmlFor={id('inUse')}>{t('formAdmin.inUse')}</label>
        </div>
      ) : null}
      <OptionSourceEditor
        column={c}
        columns={columns}
        lang={lang}
        disabled={disabled}
        onReplace={onReplace}
        schoolDictionaries={schoolDictionaries}
      />
      {choice && c.type !== 'radioInput' && !c.dicUrl?.startsWith('/') ? (
        <div className={styles.inline}>
          <Switch
            id={id('other')}
            checked={c.otherInputOpen === true}
            disabled={disabled}
            onChange={(on) => onReplace(setOtherOption(c, on))}
            data-testid="cfg-other"
          />
          <label htmlFor={id('other')}>{t('formAdmin.otherOption')}</label>
        </div>
      ) : null}
      {c.type === 'radio' || c.type === 'radioInput' ? (
        <div className={styles.inline}>
          <label htmlFor={id('reading')}>{t('formAdmin.readingTime')}</label>
          <Input
            id={id('reading')}
            type="number"
            min={0}
            max={3600}
            style={{ width: 100 }}
            value={c.readingTime ?? ''}
            disabled={disabled}
            onChange={(e) => onReplace(setReadingTime(c, Number(e.target.value) || 0))}
          />
          {c.readingTime ? (
            <>
              <Switch
                id={id('delayCheck')}
                checked={c.isDelayCheck === true}
                disabled={disabled}
                onChange={(on) => onReplace(setReadingTime(c, c.readingTime ?? 0, on))}
              />
              <label htmlFor={id('delayCheck')}>{t('formAdmin.props.delayCheck')}</label>
            </>
          ) : null}
        </div>
      ) : null}
      {(c.type === 'input' || c.type === 'textarea') && (
        <div className={styles.inline}>
          <label htmlFor={id('maxlength')}>{t('formAdmin.maxlength')}</label>
          <Input
            id={id('maxlength')}
            type="number"
            min={1}
            max={5000}
            style={{ width: 100 }}
            value={c.maxlength ?? ''}
            disabled={disabled}
            onChange={(e) => {
              const n = Math.floor(Number(e.target.value) || 0);
              onPatch({ maxlength: n >= 1 && n <= 5000 ? n : undefined });
            }}
          />
        </div>
      )}
      {choice && targets.length > 0 ? (
        <fieldset className={styles.config}>
          <legend>{t('formAdmin.logicJump')}</legend>
          <Radio.Group
            value={mode}
            disabled={disabled}
            aria-label={t('formAdmin.logicJumpMode')}
            options={[
              { value: 'show', label: t('formAdmin.jumpShow') },
              { value: 'jump', label: t('formAdmin.jumpJump') },
            ]}
            onChange={(e) => onPatch({ logicJumpMode: e.target.value === 'show' ? undefined : 'jump' })}
          />
          {(columnOptions(c) ?? []).map((o) => (
            <div key={String(o.value)} className={styles.jumpRule}>
              <span>{localized(o.label, lang)}</span>
              <Select
                mode={mode === 'jump' ? undefined : 'multiple'}
                allowClear
                disabled={disabled}
                aria-label={t('formAdmin.jumpTargetsOf', { option: localized(o.label, lang) })}
                placeholder={t('formAdmin.jumpTargets')}
                value={mode === 'jump' ? jumpRuleTargets(c, o.value)[0] : jumpRuleTargets(c, o.value)}
                options={targets.map((target) => ({ value: target.prop, label: label(target) }))}
                onChange={(v: string | string[] | undefined) =>
                  onReplace(setJumpRule(c, o.value, v === undefined ? [] : Array.isArray(v) ? v : [v]))
                }
                data-testid={`jump-${String(o.value)}`}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      {c.type !== 'title' && sources.length > 0 ? (
        <fieldset className={styles.config}>
          <legend>{t('formAdmin.requiredRules')}</legend>
          <Radio.Group
            value={calcFlag}
            disabled={disabled}
            aria-label={t('formAdmin.calcFlag')}
            options={[
              { value: CALC_FLAG_ANY, label: t('formAdmin.calcAny') },
              { value: CALC_FLAG_ALL, label: t('formAdmin.calcAll') },
            ]}
            onChange={(e) =>
              onReplace(
                setRequiredRules(c, conditions.length ? { calcFlag: e.target.value, conditions } : null),
              )
            }
          />
          {conditions.map((cond, i) => {
            const source = columns.find((col) => col.prop === cond.prop);
            const update = (next: typeof conditions) =>
              onReplace(setRequiredRules(c, next.length ? { calcFlag, conditions: next } : null));
            return (
              <div key={i} className={styles.option}>
                <Select
                  value={cond.prop}
                  disabled={disabled}
                  aria-label={t('formAdmin.conditionField')}
                  options={sources.map((s) => ({ value: s.prop, label: label(s) }))}
                  onChange={(prop: string) =>
                    update(conditions.map((x, j) => (j === i ? { prop, values: x.values } : x)))
                  }
                />
                <Select
                  mode="multiple"
                  value={cond.values}
                  disabled={disabled}
                  aria-label={t('formAdmin.conditionValues')}
                  options={(source ? (columnOptions(source) ?? []) : []).map((o) => ({
                    value: o.value,
                    label: localized(o.label, lang),
                  }))}
                  onChange={(values: (string | number)[]) =>
                    update(conditions.map((x, j) => (j === i ? { ...x, values } : x)))
                  }
                />
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('formAdmin.removeCondition')}
                  disabled={disabled}
                  onClick={() => update(conditions.filter((_, j) => j !== i))}
                />
              </div>
            );
          })}
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={disabled}
            onClick={() => {
              const first = sources[0]!;
              const value = (columnOptions(first) ?? [])[0]?.value ?? 1;
              onReplace(
                setRequiredRules(c, {
                  calcFlag,
                  conditions: [...conditions, { prop: first.prop, values: [value] }],
                }),
              );
            }}
          >
            {t('formAdmin.addCondition')}
          </Button>
        </fieldset>
      ) : null}
      <ColumnProps column={c} disabled={disabled} onReplace={onReplace} />
      <ColumnSettings
        column={c}
        columns={columns}
        lang={lang}
        disabled={disabled}
        roleOptions={roleOpts}
        onReplace={onReplace}
      />
    </section>
  );
}
