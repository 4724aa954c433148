import {
  dropMaskedValues,
  evaluate,
  heldForCheck,
  type AnswerMap,
  type FieldOption,
  type FormColumn,
  type FormDefinition,
  type FormError,
  type Viewer,
} from '@psy/forms';
import { App, Button, Empty } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { columnOfError, errorText, formLang, localized } from '../lib/form-text';
import { withValue } from '../lib/field-values';
import { clearValues, valuesOutsideLists } from '../lib/option-lists';
import { useOptionLists } from '../api/option-lists';
import { CHANGE_WATCH_DELAY_MS, createClickGuard, markShown } from '../lib/timing';
import { FieldControl, fieldDomId } from './field-control';
import styles from './form-renderer.module.css';

export interface FormRendererProps {
  /** The definition version the answer belongs to (never the newest for an old answer). */
  definition: Pick<FormDefinition, 'columns'> | null;
  /** The stored answer to start from. */
  answer?: AnswerMap;
  /** Who fills or reads the form; `mode: 'view'` is the detail/disabled mode (spec S0.4.8). */
  viewer: Viewer;
  /** Overrides `viewer.mode`. */
  mode?: 'edit' | 'view';
  /** What an empty form says (the builder's preview: how to add questions; default the spec's text). */
  emptyText?: string;
  /** Loaded options of `dicUrl` columns. */
  dictionaries?: Readonly<Record<string, readonly FieldOption[]>>;
  /** Called after the confirmation with the cleaned answer (masked values dropped). */
  onSubmit?: (answer: AnswerMap) => Promise<unknown> | void;
  /** Called on each change once change tracking is on (500 ms after load, spec S0.9.5). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Messages the server gave per answer key (a 400 naming the field). */
  serverErrors?: Readonly<Record<string, string>>;
  submitting?: boolean;
  /** Shown above the submit button (e.g. the amendment reason of a signed answer). */
  beforeSubmit?: ReactNode;
  /** Extra check before the confirmation (e.g. the amendment reason); false stops the submit. */
  canSubmit?: () => boolean;
  submitLabel?: string;
}

const hasReadingTime = (c: FormColumn) => c.isDelayCheck === true && (c.readingTime ?? 0) > 0;

/**
 * The smart form renderer (spec S0.2.27, S0.4.7-S0.4.10, S0.5.13, S0.5.15, S0.9.2,
 * S0.9.5): every field type of `@psy/forms`, with `evaluate` run on every change for what is shown,
 * required, editable and wrong. Submitting asks 'confirm submit form data'; an invalid answer scrolls to
 * its first error instead; a second click within 2 s is ignored.
 */
export function FormRenderer(props: FormRendererProps) {
  const { definition, viewer, dictionaries, onSubmit, onDirtyChange, serverErrors, submitting } = props;
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const lang = formLang(i18n.language);
  const mode = props.mode ?? viewer.mode ?? 'edit';
  const stored = useMemo(() => props.answer ?? {}, [props.answer]);
  const [answer, setAnswer] = useState<AnswerMap>(() => props.answer ?? {});
  const [shownAt, setShownAt] = useState<Record<string, number>>({});
  const [now, setNow] = useState(() => Date.now());
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const tracking = useRef(false);
  const guard = useRef(createClickGuard());
  const columns = useMemo(() => definition?.columns ?? [], [definition]);
  // Option lists named by a path, for the current answer (a placeholder filled from another field).
  const lists = useOptionLists(columns, answer, lang);
  const options = useMemo(() => ({ ...dictionaries, ...lists.options }), [dictionaries, lists.options]);

  // A new stored answer (another edition, a saved answer) starts the form again.
  useEffect(() => {
    setAnswer(props.answer ?? {});
    setTouched(new Set());
    setTried(false);
  }, [props.answer]);

  // Spec S0.4.8 / S0.9.5: changes count only from 500 ms after load (controls settling are not edits).
  useEffect(() => {
    tracking.current = false;
    const timer = setTimeout(() => {
      tracking.current = true;
    }, CHANGE_WATCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [definition, props.answer]);

  const evaluation = useMemo(
    () =>
      evaluate(
        { columns },
        answer,
        { roleCodes: viewer.roleCodes, mode },
        {
          now,
          dictionaries: options,
          reading: { shownAt },
          // As the server: what the stored answer holds stays valid while its list is the same one.
          previous: heldForCheck({ columns }, stored, answer),
        },
      ),
    [columns, answer, viewer.roleCodes, mode, now, options, shownAt, stored],
  );

  // A chosen value a newly loaded list no longer holds (the category changed) is cleared like a hidden
  // answer; only in fields this viewer may change.
  const outside =
    mode === 'edit'
      ? valuesOutsideLists(
          columns,
          answer,
          lists.states,
          (prop) => evaluation.fields[prop]?.editable === true,
          heldForCheck({ columns }, stored, answer),
        ).join(',')
      : '';
  useEffect(() => {
    if (outside !== '') setAnswer((prev) => clearValues(prev, outside.split(',')));
  }, [outside]);

  // Reading time (S0.4.7): note when each such question is first shown, tick while a countdown runs.
  const readingVisible = columns
    .filter((c) => hasReadingTime(c) && evaluation.fields[c.prop]?.visible)
    .map((c) => c.prop);
  const readingKey = readingVisible.join(',');
  useEffect(() => {
    if (mode !== 'edit' || readingKey === '') return;
    setShownAt((prev) => markShown(prev, readingKey.split(','), Date.now()));
  }, [readingKey, mode]);
  const counting = Object.values(evaluation.fields).some((f) => f.readingRemaining > 0);
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  const change = (prop: string, key: string, value: unknown) => {
    setAnswer((prev) => withValue(prev, key, value));
    setTouched((prev) => (prev.has(prop) ? prev : new Set(prev).add(prop)));
    if (tracking.current) onDirtyChange?.(true);
  };

  const errorsOf = (prop: string): FormError[] => evaluation.errors.filter((e) => columnOfError(e) === prop);
  const textOfError = (e: FormError) => {
    const text = errorText(e, columns, lang);
    // The key is one of forms.error.*, whose placeholders are the engine's parameters plus the label.
    const translate = t as unknown as (key: string, options: Record<string, string | number>) => string;
    return text.custom ?? translate(text.key, text.params);
  };

  const scrollTo = (prop: string) => {
    const el = document.getElementById(`form-item-${prop}`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const focusable = el?.querySelector<HTMLElement>('input:not([disabled]), textarea, button, [tabindex]');
    focusable?.focus({ preventScroll: true });
  };

  const submit = () => {
    if (!guard.current()) return;
    setTried(true);
    const first = evaluation.errors[0];
    if (first) {
      scrollTo(columnOfError(first));
      return;
    }
    if (props.canSubmit && !props.canSubmit()) return;
    const cleaned = dropMaskedValues({ columns }, evaluation.answer);
    modal.confirm({
      title: t('forms.confirmTitle'),
      content: t('forms.confirmSubmit'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await onSubmit?.(cleaned);
          onDirtyChange?.(false);
        } catch {
          // The caller shows what went wrong (the fields the server names, or a toast).
        }
      },
    });
  };

  // When the server names a field, scroll to it.
  const firstServerError = serverErrors ? Object.keys(serverErrors)[0] : undefined;
  useEffect(() => {
    if (!firstServerError) return;
    const column = columns.find(
      (c) => c.prop === firstServerError || firstServerError.startsWith(`${c.prop}_`),
    );
    if (column) scrollTo(column.prop);
  }, [firstServerError, columns]);

  /** Why a list-path field offers no options yet: a field to answer first, or a call that failed. */
  const listHint = (c: FormColumn) => {
    const state = c.dicUrl !== undefined ? lists.states[c.dicUrl] : undefined;
    if (!state || mode !== 'edit') return null;
    if (state.status === 'waiting') {
      const fields = state.props
        .map((prop) => columns.find((col) => col.prop === prop))
        .map((col) => (col ? localized(col.label, lang) : ''))
        .filter((text) => text !== '')
        .join(', ');
      return (
        <div className={styles.hint} data-testid={`list-waiting-${c.prop}`}>
          {t('formOptions.waiting', { fields })}
        </div>
      );
    }
    if (state.status === 'failed' && !c.dicData?.length)
      return <div className={styles.hint}>{t('formOptions.failed')}</div>;
    return null;
  };

  const visible = columns.filter((c) => evaluation.fields[c.prop]?.visible);
  if (!definition || visible.length === 0) {
    return <Empty description={props.emptyText ?? t('forms.empty')} />;
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {visible.map((c) => {
        const state = evaluation.fields[c.prop]!;
        const label = localized(c.label, lang);
        if (c.type === 'title') {
          return (
            <h3 key={c.prop} id={`form-item-${c.prop}`} className={styles.title}>
              {label}
            </h3>
          );
        }
        const shown = mode === 'edit' && (tried || touched.has(c.prop));
        const fieldErrors = shown ? errorsOf(c.prop).map(textOfError) : [];
        const server = serverErrors
          ? Object.entries(serverErrors)
              .filter(([key]) => key === c.prop || key.startsWith(`${c.prop}_`))
              .map(([, message]) => message)
          : [];
        const messages = [...fieldErrors, ...server];
        const describedBy = messages.length > 0 ? `form-error-${c.prop}` : undefined;
        const labelId = `form-label-${c.prop}`;
        return (
          <div
            key={c.prop}
            id={`form-item-${c.prop}`}
            className={styles.field}
            role="group"
            aria-labelledby={labelId}
            data-prop={c.prop}
          >
            <label id={labelId} className={styles.label} htmlFor={fieldDomId(c.prop)}>
              {state.required ? (
                <span className={styles.requiredMark} aria-label={t('forms.required')}>
                  *
                </span>
              ) : null}
              <span>{label}</span>
            </label>
            {state.readingRemaining > 0 ? (
              <div className={styles.countdown} role="timer" aria-live="off">
                {t('forms.reading', { seconds: state.readingRemaining })}
              </div>
            ) : null}
            <FieldControl
              column={c}
              state={state}
              answer={answer}
              lang={lang}
              dictionaries={options}
              invalid={messages.length > 0}
              describedBy={describedBy}
              labelledBy={labelId}
              onChange={(key, value) => change(c.prop, key, value)}
            />
            {listHint(c)}
            {state.notices.map((notice) => (
              <div key={notice} className={styles.notice}>
                {t(notice)}
              </div>
            ))}
            {messages.length > 0 ? (
              <div id={describedBy} className={styles.error} role="alert">
                {messages.map((m, i) => (
                  <div key={i}>{m}</div>
                ))}
              </div>
            ) : null}
          </div>
        );
      })}
      {mode === 'edit' && onSubmit ? (
        <>
          {props.beforeSubmit}
          <div className={styles.actions}>
            <Button type="primary" htmlType="submit" loading={submitting} data-testid="form-submit">
              {props.submitLabel ?? t('forms.submit')}
            </Button>
          </div>
        </>
      ) : null}
    </form>
  );
}
