import type { AnswerMap, FormDefinition } from '@psy/forms';
import { Alert, Button, Form, Input, Modal, Select, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIssuesOf } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';
import { useNow } from '../../../shared/lib/use-now';
import { showToast } from '../../../shared/ui/feedback';
import { dictionaryNames, FormRenderer, useFormDictionaries } from '../../forms';
import {
  useAssessmentDefinition,
  useAssessmentEditions,
  useSaveAssessment,
  type Assessment,
} from '../api/crisis';
import { useCrisisUser, When } from './common';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A crisis assessment (appointment types 8 and 11; S1.3.10, S1.4.16) or a return-to-school assessment
 * (type 12) in the forms feature's renderer, with the engine's rules on the web as on the server
 * (`psyAssistanceSystem` 1 makes the experts' feedback and the management process required; trackDate's
 * window). An existing assessment opens read-only with its editions; a change after a day is an amendment
 * and asks why.
 */
export function AssessmentDialog({
  kind,
  recordId,
  suspensionId,
  existing,
  studentName,
  onClose,
  onSaved,
}: {
  kind: 'crisis' | 'return';
  recordId?: number;
  suspensionId?: number;
  existing?: Assessment;
  studentName: string;
  onClose: () => void;
  onSaved?: (assessment: Assessment) => void;
}) {
  const { t } = useTranslation();
  const { roleCodes, can, view } = useCrisisUser();
  const definitionQuery = useAssessmentDefinition(kind);
  const definition = definitionQuery.data as unknown as FormDefinition | undefined;
  const names = useMemo(() => dictionaryNames(definition?.columns ?? []), [definition]);
  const dictionaries = useFormDictionaries(names);
  const save = useSaveAssessment();
  const [editing, setEditing] = useState(!existing);
  const [appointmentType, setAppointmentType] = useState<number>(
    existing?.appointmentType ?? (kind === 'crisis' ? 8 : 12),
  );
  const [reason, setReason] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const editions = useAssessmentEditions(existing?.id ?? null);
  const now = useNow();
  const isAmendment = existing !== undefined && now - Date.parse(existing.createTime) > DAY_MS;
  const mayEdit = view.worksRecords && (can('crisis_assessment') || can('crisis_suspension'));

  const submit = async (answer: AnswerMap) => {
    setServerErrors({});
    try {
      const saved = await save.mutateAsync({
        ...(existing ? { id: existing.id } : {}),
        ...(recordId ? { recordId } : {}),
        ...(suspensionId ? { suspensionId } : {}),
        kind,
        appointmentType,
        answer,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      showToast('success', t('crisis.assessment.saved'));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const issues = fieldIssuesOf(error);
      if (issues.length > 0) {
        const byField: Record<string, string> = {};
        for (const issue of issues)
          byField[issue.field.replace(/^answer\.?/, '') || issue.field] ??= issue.message;
        setServerErrors(byField);
        const other = issues.find((issue) =>
          ['reason', 'recordId', 'suspensionId', 'kind'].includes(issue.field),
        );
        if (other) showToast('error', other.message);
      } else {
        showToast('error', isApiError(error) ? error.message : t('adminKit.saveFailed'));
      }
      throw error;
    }
  };

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width={880}
      title={t(kind === 'crisis' ? 'crisis.assessment.title' : 'crisis.assessment.returnTitle', {
        name: studentName,
      })}
      destroyOnHidden
    >
      {definitionQuery.isPending ? (
        <Spin />
      ) : !definition ? (
        <Alert type="error" title={t('crisis.assessment.loadFailed')} />
      ) : (
        <>
          {existing && (
            <Space wrap style={{ marginBottom: 12 }}>
              <Typography.Text type="secondary">
                {existing.assessor.realName} · {t('crisis.assessment.edition', { edition: existing.edition })}{' '}
                · <When value={existing.updateTime} />
              </Typography.Text>
              {!editing && mayEdit && (
                <Button onClick={() => setEditing(true)}>{t('crisis.assessment.edit')}</Button>
              )}
            </Space>
          )}
          {editing && kind === 'crisis' && (
            <Form.Item label={t('crisis.assessment.appointmentType')} layout="vertical">
              <Select
                value={appointmentType}
                onChange={setAppointmentType}
                options={[
                  { value: 8, label: t('crisis.assessment.types.8') },
                  { value: 11, label: t('crisis.assessment.types.11') },
                ]}
                style={{ maxWidth: 320 }}
              />
            </Form.Item>
          )}
          <FormRenderer
            definition={definition}
            answer={existing?.answer as AnswerMap | undefined}
            viewer={{ roleCodes, mode: editing ? 'edit' : 'view' }}
            mode={editing ? 'edit' : 'view'}
            dictionaries={dictionaries.options}
            serverErrors={serverErrors}
            submitting={save.isPending}
            onSubmit={editing ? submit : undefined}
            submitLabel={t('crisis.assessment.submit')}
            beforeSubmit={
              editing && isAmendment ? (
                <Form.Item label={t('crisis.assessment.reason')} required layout="vertical">
                  <Input.TextArea
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    maxLength={1000}
                  />
                </Form.Item>
              ) : undefined
            }
            canSubmit={() => !isAmendment || reason.trim().length > 0}
          />
          {existing && (editions.data?.length ?? 0) > 1 && (
            <>
              <Typography.Title level={3} style={{ fontSize: 16 }}>
                {t('crisis.assessment.editions')}
              </Typography.Title>
              <ol>
                {editions.data!.map((e) => (
                  <li key={e.edition}>
                    {t('crisis.assessment.edition', { edition: e.edition })} ·{' '}
                    {t(`crisis.assessment.editionKinds.${e.kind as 'create' | 'edit' | 'amendment'}`)} ·{' '}
                    {e.author.realName} · <When value={e.time} />
                    {e.reason && ` · ${e.reason}`}
                  </li>
                ))}
              </ol>
            </>
          )}
        </>
      )}
    </Modal>
  );
}
