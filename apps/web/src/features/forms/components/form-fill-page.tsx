import { Button, Input, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fieldIssuesOf } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import { InlineAlert } from '../../../shared/ui/plain/inline-alert';
import { UnsavedChangesGuard, useConfirmLeave } from '../../../shared/ui/unsaved-changes-guard';
import { useFormDictionaries, useFormView, useSaveFormAnswer } from '../api/forms';
import { dictionaryNames } from '../lib/dictionaries';
import { answerFieldErrors, readDefinition, readFillQuery } from '../lib/fill';
import { formLang, localized } from '../lib/form-text';
import { AnswerHistory } from './answer-history';
import { FormRenderer } from './form-renderer';
import rendererStyles from './form-renderer.module.css';
import styles from './form-fill.module.css';

const REASON_MAX = 1000;

/**
 * `/forms/fill?formId=&eventSign=&userId=` (or `?answerId=`): a signed-in user fills a form, or reads an
 * answer they may not change, and sees its saved editions (issue 6 "Web"). The server decides access,
 * the version the answer renders with and what each role sees; a signed answer changes only by an
 * amendment with a reason.
 */
export function FormFillPage() {
  const { t, i18n } = useTranslation();
  const lang = formLang(i18n.language);
  const [search] = useSearchParams();
  const fill = useMemo(() => readFillQuery(search), [search]);
  const viewQuery = useMemo(
    () =>
      fill === null
        ? null
        : fill.answerId !== undefined
          ? { answerId: fill.answerId }
          : {
              id: fill.formId,
              formId: fill.formId,
              eventSign: fill.eventSign,
              ...(fill.userId !== undefined ? { userId: fill.userId } : {}),
            },
    [fill],
  );
  const view = useFormView(viewQuery);
  const save = useSaveFormAnswer();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  // Change tracking of the renderer (on 500 ms after load): unsaved changes ask before they are lost.
  const [dirty, setDirty] = useState(false);
  const confirmLeave = useConfirmLeave();
  useEffect(() => setDirty(false), [viewQuery]);

  const definition = useMemo(() => readDefinition(view.data?.definition), [view.data]);
  const dictionaryList = useMemo(() => dictionaryNames(definition?.columns ?? []), [definition]);
  const dictionaries = useFormDictionaries(dictionaryList);

  if (fill === null)
    return (
      <div className={styles.page}>
        <InlineAlert tone="warning">{t('forms.fill.missingForm')}</InlineAlert>
      </div>
    );
  if (view.isPending) {
    return (
      <div className={styles.page}>
        <Spin tip={t('forms.loading')}>
          <div style={{ minHeight: 80 }} />
        </Spin>
      </div>
    );
  }
  if (view.isError || !view.data) {
    const message = isApiError(view.error) ? view.error.message : t('forms.fill.notFound');
    return (
      <div className={styles.page}>
        <InlineAlert>
          {t('forms.fill.notFound')} {message}
        </InlineAlert>
      </div>
    );
  }

  const { form, answer, access } = view.data;
  const signed = answer?.signed === true;
  const mode = access.canEdit ? 'edit' : 'view';
  const roleCodes = access.roleCodes;

  const submit = async (cleaned: Record<string, unknown>) => {
    setServerErrors({});
    try {
      const result = await save.mutateAsync({
        formId: form.id,
        eventSign: answer?.eventSign ?? fill.eventSign,
        ...(answer ? { userId: answer.userId } : fill.userId !== undefined ? { userId: fill.userId } : {}),
        answers: JSON.stringify(cleaned),
        ...(signed ? { reason: reason.trim() } : {}),
      });
      setReason('');
      showToast(
        'success',
        result.outcome === 'unchanged' ? t('forms.fill.unchanged') : t('forms.fill.saved'),
      );
    } catch (error) {
      const issues = fieldIssuesOf(error);
      if (issues.length > 0) setServerErrors(answerFieldErrors(issues));
      else if (isApiError(error)) showToast('error', error.message);
      throw error;
    }
  };

  return (
    <div className={styles.page}>
      <UnsavedChangesGuard dirty={dirty && mode === 'edit'} keptAlive />
      <div className={styles.head}>
        <h1 className={styles.heading}>{localized(form.name, lang)}</h1>
        <div>
          {definition ? (
            <span className={rendererStyles.tag}>
              {t('forms.fill.version', { version: definition.version })}
            </span>
          ) : null}
          {answer ? (
            <Button
              onClick={() => {
                // The history replaces the form: changes not submitted would be lost.
                if (!showHistory && dirty)
                  confirmLeave(() => {
                    setDirty(false);
                    setShowHistory(true);
                  });
                else setShowHistory((v) => !v);
              }}
              aria-expanded={showHistory}
              data-testid="form-history-toggle"
            >
              {showHistory ? t('forms.fill.hideHistory') : t('forms.fill.history')}
            </Button>
          ) : null}
        </div>
      </div>
      {mode === 'view' ? <p className={styles.info}>{t('forms.fill.viewOnly')}</p> : null}
      {mode === 'edit' && signed ? (
        <InlineAlert tone="warning">{t('forms.fill.signedNotice')}</InlineAlert>
      ) : null}
      {answer?.status === 0 ? <p className={styles.info}>{t('forms.fill.recalled')}</p> : null}
      {showHistory && answer && definition ? (
        <AnswerHistory answerId={answer.id} definition={definition} roleCodes={roleCodes} />
      ) : (
        <FormRenderer
          definition={definition}
          answer={answer?.answer}
          viewer={{ roleCodes, mode }}
          dictionaries={dictionaries.options}
          serverErrors={serverErrors}
          onDirtyChange={setDirty}
          submitting={save.isPending}
          onSubmit={submit}
          canSubmit={() => {
            if (!signed || reason.trim() !== '') return true;
            setReasonError(true);
            return false;
          }}
          beforeSubmit={
            signed ? (
              <div className={styles.reason}>
                <label htmlFor="form-amendment-reason">{t('forms.fill.reason')}</label>
                <Input.TextArea
                  id="form-amendment-reason"
                  value={reason}
                  maxLength={REASON_MAX}
                  showCount
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  status={reasonError && reason.trim() === '' ? 'error' : undefined}
                  onChange={(e) => {
                    setReason(e.target.value);
                    setReasonError(false);
                  }}
                />
                {reasonError && reason.trim() === '' ? (
                  <div role="alert" style={{ color: '#cf1322' }}>
                    {t('forms.fill.reasonRequired')}
                  </div>
                ) : (
                  serverErrors.reason && <div role="alert">{serverErrors.reason}</div>
                )}
              </div>
            ) : null
          }
        />
      )}
    </div>
  );
}
