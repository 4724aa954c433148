import type { FocusSettingType } from '@psy/contracts';
import { Checkbox, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { useFocusSettingOptions } from '../../focus-settings';
import {
  useLadder,
  useSaveFollowUp,
  useSaveGreenway,
  useSaveIntervention,
  useSaveSuspension,
  useTransition,
  type RecordDetail,
} from '../api/crisis';
import { localDateTimeToIso, optionalText, today, trackDateBounds } from '../lib/forms';
import { enumOptions } from '../lib/labels';
import { StudentSelect } from './student-select';

/** What an order or follow-up is about: a crisis record or a key person. */
export type Subject = { recordId: number } | { focusId: number };

/** Options of one of the school's key-person lists (measures, follow-up methods, categories, topics). */
export function useSettingOptions(type: FocusSettingType) {
  const options = useFocusSettingOptions(type, currentLanguage());
  return (options.data ?? []).map((o) => ({ value: o.id, label: o.label }));
}

/** The approval answer of a step the school wants approved, as the toast says it. */
const approvalText =
  (t: (k: 'crisis.record.sentForApproval' | 'adminKit.saved') => string) => (result: unknown) =>
    (result as { approvalId?: number | null } | null)?.approvalId
      ? t('crisis.record.sentForApproval')
      : t('adminKit.saved');

/** Close (reason, duplicate of, summary), reopen (reason) or start a record. */
export function TransitionDialog({
  record,
  action,
  onClose,
}: {
  record: RecordDetail;
  action: 'start' | 'close' | 'reopen';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const transition = useTransition();
  const [form] = Form.useForm<{
    closeReason?: number;
    duplicateOf?: number;
    summary?: string;
    reason?: string;
  }>();
  const reason = Form.useWatch('closeReason', form);
  return (
    <FormDialog
      title={t(`crisis.transition.${action}Title`, { id: record.id })}
      name="crisis-transition"
      form={form}
      serverFields={['closeReason', 'duplicateOf', 'summary', 'reason', 'action']}
      successText={approvalText(t)}
      onSubmit={(values) =>
        transition.mutateAsync({
          id: record.id,
          action,
          ...(values.closeReason ? { closeReason: values.closeReason } : {}),
          ...(values.duplicateOf ? { duplicateOf: values.duplicateOf } : {}),
          ...(optionalText(values.summary) ? { summary: optionalText(values.summary) } : {}),
          ...(optionalText(values.reason) ? { reason: optionalText(values.reason) } : {}),
        })
      }
      onClose={onClose}
    >
      {action === 'close' && (
        <>
          <Form.Item name="closeReason" label={t('crisis.fields.closeReason')} rules={[{ required: true }]}>
            <Select options={enumOptions(t, 'closeReason')} />
          </Form.Item>
          {reason === 4 && (
            <Form.Item name="duplicateOf" label={t('crisis.fields.duplicateOf')} rules={[{ required: true }]}>
              <Select
                options={record.otherOpenRecords.map((o) => ({ value: o.id, label: `#${o.id}` }))}
                notFoundContent={t('crisis.transition.noOther')}
              />
            </Form.Item>
          )}
          <Form.Item
            name="summary"
            label={t('crisis.fields.closeSummary')}
            rules={[{ required: record.status === 2, whitespace: true }]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount />
          </Form.Item>
        </>
      )}
      {action === 'reopen' && (
        <Form.Item
          name="reason"
          label={t('crisis.fields.reason')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** The people of a student's network, as assignees or escorts. */
function useNetworkPeople(studentId: number) {
  const ladder = useLadder(studentId).data;
  const seen = new Map<number, string>();
  for (const person of [
    ...(ladder?.ladder.flatMap((step) => step.people) ?? []),
    ...(ladder?.facultyConsultants ?? []),
  ])
    seen.set(person.id, person.realName);
  return [...seen].map(([value, label]) => ({ value, label }));
}

/** An intervention order (S1.4.6 measures) with its assignees and due date. */
export function InterventionDialog({
  subject,
  studentId,
  onClose,
}: {
  subject: Subject;
  studentId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveIntervention();
  const people = useNetworkPeople(studentId);
  const measureItems = useSettingOptions(2);
  return (
    <FormDialog<{
      measure: number;
      measureItemIds?: number[];
      content: string;
      assigneeIds: number[];
      dueDate?: string;
    }>
      title={t('crisis.intervention.newTitle')}
      name="crisis-intervention"
      initialValues={{ measure: 2 }}
      serverFields={['measure', 'measureItemIds', 'content', 'assigneeIds', 'dueDate']}
      onSubmit={(values) =>
        save.mutateAsync({
          ...subject,
          measure: values.measure,
          measureItemIds: values.measureItemIds ?? [],
          content: values.content.trim(),
          assigneeIds: values.assigneeIds,
          ...(values.dueDate ? { dueDate: values.dueDate } : {}),
        })
      }
      onClose={onClose}
    >
      <Form.Item name="measure" label={t('crisis.fields.measure')} rules={[{ required: true }]}>
        <Radio.Group options={enumOptions(t, 'measure')} />
      </Form.Item>
      {measureItems.length > 0 && (
        <Form.Item name="measureItemIds" label={t('crisis.fields.measureItems')}>
          <Checkbox.Group options={measureItems} />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label={t('crisis.fields.orderContent')}
        rules={[{ required: true, whitespace: true }]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="assigneeIds" label={t('crisis.fields.assignees')} rules={[{ required: true }]}>
        <Select mode="multiple" options={people} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="dueDate" label={t('crisis.fields.dueDate')} extra={t('crisis.intervention.dueHint')}>
        <Input type="date" min={today()} />
      </Form.Item>
    </FormDialog>
  );
}

/** A follow-up (S1.5.10: trackDate not in the future, at most 7 days back). */
export function FollowUpDialog({ subject, onClose }: { subject: Subject; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFollowUp();
  const methods = useSettingOptions(3);
  const bounds = trackDateBounds();
  return (
    <FormDialog<{ trackDate: string; methodId?: number; content: string }>
      title={t('crisis.followUp.newTitle')}
      name="crisis-follow-up"
      initialValues={{ trackDate: bounds.max }}
      serverFields={['trackDate', 'methodId', 'content']}
      onSubmit={(values) =>
        save.mutateAsync({
          ...subject,
          trackDate: values.trackDate,
          ...(values.methodId ? { methodId: values.methodId } : {}),
          content: values.content.trim(),
        })
      }
      onClose={onClose}
    >
      <Form.Item name="trackDate" label={t('crisis.fields.trackDate')} rules={[{ required: true }]}>
        <Input type="date" min={bounds.min} max={bounds.max} />
      </Form.Item>
      {methods.length > 0 && (
        <Form.Item name="methodId" label={t('crisis.fields.method')}>
          <Select options={methods} allowClear />
        </Form.Item>
      )}
      <Form.Item
        name="content"
        label={t('crisis.fields.content')}
        rules={[{ required: true, whitespace: true }]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** A referral through the green channel to a hospital. */
export function GreenwayDialog({
  recordId,
  studentId,
  onClose,
}: {
  recordId: number;
  studentId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveGreenway();
  const people = useNetworkPeople(studentId);
  return (
    <FormDialog<{
      hospital: string;
      referredAt: string;
      escortIds?: number[];
      guardianNotified: boolean;
      note?: string;
    }>
      title={t('crisis.greenway.newTitle')}
      name="crisis-greenway"
      initialValues={{ guardianNotified: false }}
      serverFields={['hospital', 'referredAt', 'escortIds', 'guardianNotified', 'note']}
      successText={approvalText(t)}
      onSubmit={(values) =>
        save.mutateAsync({
          recordId,
          hospital: values.hospital.trim(),
          referredAt: localDateTimeToIso(values.referredAt) ?? '',
          escortIds: values.escortIds ?? [],
          guardianNotified: values.guardianNotified,
          ...(optionalText(values.note) ? { note: optionalText(values.note) } : {}),
        })
      }
      onClose={onClose}
    >
      <Form.Item
        name="hospital"
        label={t('crisis.fields.hospital')}
        rules={[{ required: true, whitespace: true }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="referredAt" label={t('crisis.fields.referredAt')} rules={[{ required: true }]}>
        <Input type="datetime-local" />
      </Form.Item>
      <Form.Item name="escortIds" label={t('crisis.fields.escorts')}>
        <Select mode="multiple" options={people} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="guardianNotified" label={t('crisis.fields.guardianNotified')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="note" label={t('crisis.fields.note')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

/** A suspension (休学) of a student (chosen here when not given), optionally from a record. */
export function SuspensionDialog({
  studentId,
  studentName,
  recordId,
  onClose,
}: {
  studentId?: number;
  studentName?: string;
  recordId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveSuspension();
  return (
    <FormDialog<{ studentId?: number; suspendedOn: string; reason: string; expectedReturn?: string }>
      title={
        studentName ? t('crisis.suspension.newTitle', { name: studentName }) : t('crisis.suspension.add')
      }
      name="crisis-suspension"
      initialValues={{ suspendedOn: today() }}
      serverFields={['suspendedOn', 'reason', 'expectedReturn', 'studentId']}
      successText={approvalText(t)}
      onSubmit={(values) =>
        save.mutateAsync({
          studentId: studentId ?? values.studentId ?? 0,
          ...(recordId ? { recordId } : {}),
          suspendedOn: values.suspendedOn,
          reason: values.reason.trim(),
          ...(values.expectedReturn ? { expectedReturn: values.expectedReturn } : {}),
        })
      }
      onClose={onClose}
    >
      {studentId === undefined && (
        <Form.Item name="studentId" label={t('crisis.fields.student')} rules={[{ required: true }]}>
          <StudentSelect />
        </Form.Item>
      )}
      <Form.Item name="suspendedOn" label={t('crisis.fields.suspendedOn')} rules={[{ required: true }]}>
        <Input type="date" />
      </Form.Item>
      <Form.Item
        name="reason"
        label={t('crisis.fields.reason')}
        rules={[{ required: true, whitespace: true }]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="expectedReturn" label={t('crisis.fields.expectedReturn')}>
        <Input type="date" />
      </Form.Item>
    </FormDialog>
  );
}
