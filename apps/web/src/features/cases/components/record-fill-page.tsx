import type { AnswerMap, FormDefinition } from '@psy/forms';
import { GRADE_RESULT_PROP } from '@psy/forms';
import { Alert, Button, Flex, Form, Input, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { fieldIssuesOf } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import { dictionaryNames, FormRenderer, useFormDictionaries } from '../../forms';
import {
  useCaseRecord,
  useCaseToCrisis,
  useIsFirstRecord,
  useNewRecordForm,
  useSaveRecord,
  type CaseRecord,
  type SaveRecordBody,
} from '../api/cases';
import {
  casePath,
  contentDefinition,
  fillPath,
  fillTargetOf,
  historyPath,
  signatureColumns,
} from '../lib/case-format';
import { RecordApprovalDialog } from './case-dialogs';
import { LockTag, When, useCaseUser } from './common';
import { RecordSignatures } from './record-signatures';
import styles from './cases.module.css';

const ANSWER_PREFIX = /^answers\.?/;

/**
 * `/consult/record/fill` (docs/cases.md 13): a record in the form renderer, on a desktop or a tablet.
 * `?recordId=` an existing record; `?appointmentId=` the record of a session (the first of a case opens
 * it); `?caseId=&kind=closing` the closing summary. A signed record changes by amendment (the reason is
 * asked); a locked one is read-only with "ask to unlock"; grade 1 offers "report crisis" (S1.4.12); an
 * inconsistent grade shows its required explanation (S1.5.9); signatures quote the stored one (S1.5.8).
 */
export function RecordFillPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = fillTargetOf(params);
  const { roleCodes } = useCaseUser();
  const recordId = target && 'recordId' in target ? target.recordId : null;
  const appointmentId = target && 'appointmentId' in target ? target.appointmentId : null;
  const first = useIsFirstRecord(appointmentId);
  const closingOf = target && 'caseId' in target ? target.caseId : null;
  const blank = useNewRecordForm(closingOf !== null ? 'closing' : null);
  const existingId = recordId ?? first.data?.recordId ?? null;
  const record = useCaseRecord(existingId);
  const save = useSaveRecord();
  const toCrisis = useCaseToCrisis();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  // After a refusal the renderer restarts from what was sent (with the server's verdict on the grade).
  const [retry, setRetry] = useState<AnswerMap | null>(null);
  const [reason, setReason] = useState('');
  const [crisisFor, setCrisisFor] = useState<number | null>(null);
  const [unlocking, setUnlocking] = useState(false);

  const r: CaseRecord | undefined = record.data;
  const definition = (r?.definition ??
    (existingId === null ? (first.data?.definition ?? blank.data) : null) ??
    null) as FormDefinition | null;
  const names = useMemo(() => dictionaryNames(definition?.columns ?? []), [definition]);
  const dictionaries = useFormDictionaries(names);
  const content = useMemo(() => (definition ? contentDefinition(definition) : null), [definition]);
  const stored = useMemo(
    () => (retry ?? r?.answer ?? undefined) as AnswerMap | undefined,
    [retry, r?.answer],
  );

  if (!target) return <Alert type="error" title={t('cases.fill.noTarget')} />;
  if (
    (existingId !== null && record.isPending) ||
    (appointmentId !== null && first.isPending) ||
    (closingOf !== null && blank.isPending)
  )
    return <Spin />;
  if (record.isError || first.isError || blank.isError || !definition)
    return <Alert type="error" title={t('cases.fill.loadFailed')} />;

  const targetKind = 'kind' in target ? target.kind : undefined;
  const kind = r?.kind ?? targetKind ?? first.data?.kind ?? 'session';
  const isNew = r === undefined;
  const state = r?.state ?? 'open';
  const canEdit = isNew || (r?.canEdit ?? false);
  const isAmendment = state === 'signed';
  const caseId = r?.caseId ?? first.data?.caseId ?? (target && 'caseId' in target ? target.caseId : null);

  const submit = async (answer: AnswerMap) => {
    setServerErrors({});
    // The renderer edits the content; signatures given on their own are sent back as they are.
    const signatures = Object.fromEntries(
      Object.entries(r?.answer ?? {}).filter(([k]) => k.startsWith('sign_')),
    );
    const body: SaveRecordBody = {
      ...(r ? { recordId: r.id } : 'appointmentId' in target ? { appointmentId: target.appointmentId } : {}),
      ...('caseId' in target && !r ? { caseId: target.caseId, kind: 'closing' as const } : {}),
      // The first record of a case is its first interview (isFirst says which kind a new one takes).
      ...('appointmentId' in target && !r ? { kind: target.kind ?? first.data?.kind } : {}),
      answers: { ...signatures, ...answer },
      ...(isAmendment ? { reason: reason.trim() } : {}),
    };
    try {
      const saved = await save.mutateAsync(body);
      setRetry(null);
      setReason('');
      showToast(
        'success',
        saved.outcome === 'amended'
          ? t('cases.fill.amended')
          : saved.outcome === 'unchanged'
            ? t('cases.fill.unchanged')
            : t('cases.fill.saved'),
      );
      if (saved.offerCrisis) setCrisisFor(saved.caseId);
      if (!r) navigate(fillPath({ recordId: saved.record.id }), { replace: true });
    } catch (error) {
      const issues = fieldIssuesOf(error);
      if (issues.length > 0) {
        const byField: Record<string, string> = {};
        for (const issue of issues)
          byField[issue.field.replace(ANSWER_PREFIX, '') || issue.field] ??= issue.message;
        setServerErrors(byField);
        // The explanation is asked for once the server has found the grade inconsistent (S1.4.12).
        if (Object.keys(byField).some((k) => k.endsWith('Desc') || k === 'gradingResultsDesc'))
          setRetry({ ...answer, [GRADE_RESULT_PROP]: 0 });
        const other = issues.find((i) =>
          ['reason', 'recordId', 'appointmentId', 'caseId', 'kind'].includes(i.field),
        );
        if (other) showToast('error', other.message);
        else showToast('error', t('cases.fill.fixFields'));
      } else {
        showToast('error', isApiError(error) && error.message ? error.message : t('adminKit.saveFailed'));
      }
      throw error;
    }
  };

  return (
    <AdminPage
      title={t('cases.fill.title', { kind: t(`cases.kinds.${kind}`) })}
      extra={
        <Flex gap={8} wrap>
          {caseId !== null && (
            <Link to={casePath(caseId)}>
              <Button>{t('cases.fill.backToCase')}</Button>
            </Link>
          )}
          {r && r.answerId !== null && (
            <Link to={historyPath(r.id)}>
              <Button>{t('cases.records.history')}</Button>
            </Link>
          )}
        </Flex>
      }
    >
      <div className={styles.record}>
        {r && (
          <Space wrap style={{ marginBottom: 12 }}>
            <LockTag state={state} />
            {r.sessionTime && (
              <Typography.Text type="secondary">
                {t('cases.fill.session')} <When value={r.sessionTime} />
              </Typography.Text>
            )}
            {state !== 'signed' && (
              <Typography.Text type="secondary">
                {t('cases.fill.due')} <When value={r.lockDueAt} />
              </Typography.Text>
            )}
            {r.amendmentCount > 0 && (
              <Typography.Text type="secondary">
                {t('cases.fill.amendments', { count: r.amendmentCount })}
              </Typography.Text>
            )}
          </Space>
        )}
        {isNew && first.data?.isFirst && (
          <Alert type="info" showIcon title={t('cases.fill.opensCase')} style={{ marginBottom: 12 }} />
        )}
        {state === 'locked' && (
          <Alert
            type="warning"
            showIcon
            data-testid="record-locked"
            title={t('cases.fill.locked')}
            action={
              r?.appointmentId ? (
                <Button size="small" danger onClick={() => setUnlocking(true)} data-testid="ask-unlock">
                  {t('cases.records.askUnlock')}
                </Button>
              ) : undefined
            }
            style={{ marginBottom: 12 }}
          />
        )}
        {isAmendment && canEdit && (
          <Alert type="info" showIcon title={t('cases.fill.signedHint')} style={{ marginBottom: 12 }} />
        )}
        {crisisFor !== null && (
          <Alert
            type="error"
            showIcon
            data-testid="crisis-offer"
            title={t('cases.fill.crisisOffer')}
            action={
              <Button
                danger
                size="small"
                loading={toCrisis.isPending}
                onClick={async () => {
                  await toCrisis.mutateAsync(crisisFor);
                  showToast('success', t('cases.detail.toCrisisDone'));
                  setCrisisFor(null);
                }}
              >
                {t('cases.detail.toCrisis')}
              </Button>
            }
            style={{ marginBottom: 12 }}
          />
        )}
        <FormRenderer
          definition={content}
          answer={stored}
          viewer={{ roleCodes, mode: canEdit ? 'edit' : 'view' }}
          mode={canEdit ? 'edit' : 'view'}
          dictionaries={dictionaries.options}
          serverErrors={serverErrors}
          submitting={save.isPending}
          onSubmit={canEdit ? submit : undefined}
          submitLabel={isAmendment ? t('cases.fill.amend') : t('cases.fill.save')}
          beforeSubmit={
            canEdit && isAmendment ? (
              <Form.Item label={t('cases.fill.reason')} required layout="vertical">
                <Input.TextArea
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  maxLength={1000}
                  showCount
                  aria-label={t('cases.fill.reason')}
                  data-testid="amendment-reason"
                />
              </Form.Item>
            ) : undefined
          }
          canSubmit={() => {
            if (isAmendment && reason.trim() === '') {
              showToast('warning', t('cases.fill.reasonRequired'));
              return false;
            }
            return true;
          }}
        />
        {r && (
          <RecordSignatures
            record={r}
            columns={signatureColumns(definition)}
            lang={i18n.language}
            isVisitor={false}
          />
        )}
        {isNew && signatureColumns(definition).length > 0 && (
          <Typography.Paragraph type="secondary">{t('cases.fill.signAfterSave')}</Typography.Paragraph>
        )}
      </div>
      {unlocking && r?.appointmentId && (
        <RecordApprovalDialog
          option={8}
          appointmentId={r.appointmentId}
          onClose={() => setUnlocking(false)}
        />
      )}
    </AdminPage>
  );
}
