import { agreementEventSign } from '@psy/contracts';
import { Button, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIssuesOf } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { showToast } from '../../../shared/ui/feedback';
import { InlineAlert } from '../../../shared/ui/plain/inline-alert';
import {
  answerFieldErrors,
  dictionaryNames,
  FormRenderer,
  readDefinition,
  useFormDictionaries,
  useFormView,
  useSaveFormAnswer,
} from '../../forms';
import { useSaveAgreement } from '../api/my-agreement';

export interface AgreementFormProps {
  /** The school's agreement form (`GET /admin/agreement/mine` `form.formId`). */
  formId: number;
  /** The agreement's form name, recorded with the consent. */
  formName: string;
  /** Busy saving: the dialog keeps "log out" disabled meanwhile. */
  onPendingChange?: (pending: boolean) => void;
}

/**
 * The school's agreement form inside the start-up dialog (issue 6, docs/settings-and-dictionaries.md
 * "Agreements"): its latest version (or the user's saved answer with its own version) in the renderer,
 * edit mode. "Agree" is the renderer's submit: it validates (errors shown, scrolls to the first), saves the
 * answer with the forms call (subject = the user, eventSign `agreement:<userId>`), then records the
 * agreement with the form and answer ids. The dialog closes when both succeeded; a failure of either
 * keeps it open, and pressing Agree again repeats both (an unchanged answer is not saved twice).
 * Loaded with its own chunk, only for a user who must agree to a school with a bound form.
 */
export function AgreementForm({ formId, formName, onPendingChange }: AgreementFormProps) {
  const { t } = useTranslation();
  const userId = useSession()?.user.id ?? 0;
  const eventSign = agreementEventSign(userId);
  const query = useMemo(() => ({ id: formId, formId, eventSign }), [formId, eventSign]);
  const view = useFormView(query);
  const saveAnswer = useSaveFormAnswer();
  const saveAgreement = useSaveAgreement();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const definition = useMemo(() => readDefinition(view.data?.definition), [view.data]);
  const dictionaryList = useMemo(() => dictionaryNames(definition?.columns ?? []), [definition]);
  const dictionaries = useFormDictionaries(dictionaryList);

  if (view.isPending) {
    return (
      <Spin>
        <div style={{ minHeight: 80 }} />
      </Spin>
    );
  }
  if (view.isError || !view.data) {
    return (
      <InlineAlert>
        {t('agreement.formFailed')}{' '}
        <Button size="small" onClick={() => void view.refetch()}>
          {t('agreement.retry')}
        </Button>
      </InlineAlert>
    );
  }

  const { answer, access } = view.data;
  const submit = async (cleaned: Record<string, unknown>) => {
    setServerErrors({});
    onPendingChange?.(true);
    let answerSaved = false;
    try {
      const saved = await saveAnswer.mutateAsync({
        formId,
        eventSign,
        answers: JSON.stringify(cleaned),
      });
      answerSaved = true;
      await saveAgreement.mutateAsync({
        userId,
        formName,
        formId: saved.answer.formId,
        formAnswerId: saved.answer.id,
      });
    } catch (error) {
      // The agreement call shows its own error; the answer call's 400 lands on the fields it names.
      if (!answerSaved) {
        const issues = fieldIssuesOf(error);
        if (issues.length > 0) setServerErrors(answerFieldErrors(issues));
        else if (isApiError(error)) showToast('error', error.message);
      }
      throw error;
    } finally {
      onPendingChange?.(false);
    }
  };

  return (
    <FormRenderer
      definition={definition}
      answer={answer?.answer}
      viewer={{ roleCodes: access.roleCodes, mode: 'edit' }}
      mode={access.canEdit ? 'edit' : 'view'}
      dictionaries={dictionaries.options}
      serverErrors={serverErrors}
      submitting={saveAnswer.isPending || saveAgreement.isPending}
      onSubmit={submit}
      submitLabel={t('agreement.agree')}
    />
  );
}
