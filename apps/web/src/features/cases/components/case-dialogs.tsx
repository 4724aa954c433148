import { seededPath } from '@psy/contracts';
import { Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { FormDialog } from '../../../shared/admin/form-dialog';
import {
  useCaseTransition,
  useFreeCounsellors,
  useRaiseRecordApproval,
  useTransferCase,
  type TransferBody,
} from '../api/cases';

/**
 * Asks for an unlock (approval option 8) of a record locked past its deadline, or for more days (option 7)
 * before it locks (S1.9.3, S1.9.9); the approval flow is the appointments module's.
 */
export function RecordApprovalDialog({
  option,
  appointmentId,
  onClose,
}: {
  option: 7 | 8;
  appointmentId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const raise = useRaiseRecordApproval();
  return (
    <FormDialog<{ reason: string; extraDays?: number }>
      title={t(option === 8 ? 'cases.approval.unlockTitle' : 'cases.approval.extendTitle')}
      name="record-approval"
      initialValues={{ extraDays: 3 }}
      serverFields={['reason', 'extraDays']}
      successText={t('cases.approval.raised')}
      okTestId="approval-submit"
      onSubmit={(v) =>
        raise.mutateAsync({
          option,
          appointmentId,
          reason: v.reason,
          ...(option === 7 ? { extraDays: v.extraDays } : {}),
        })
      }
      onClose={onClose}
    >
      {option === 7 && (
        <Form.Item name="extraDays" label={t('cases.approval.extraDays')} rules={[{ required: true }]}>
          <InputNumber min={1} max={60} />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label={t('cases.approval.reason')}
        rules={[{ required: true, whitespace: true, message: t('cases.approval.reasonRequired') }]}
      >
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 3 }} />
      </Form.Item>
    </FormDialog>
  );
}

/** Ends a case as dropout (pass) or no-show (break), with a reason for its history. */
export function CaseMoveDialog({
  caseId,
  action,
  onClose,
}: {
  caseId: number;
  action: 'pass' | 'break';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const move = useCaseTransition();
  return (
    <FormDialog<{ reason?: string }>
      title={t(`cases.actions.${action}`)}
      name="case-move"
      serverFields={['reason']}
      successText={t('cases.detail.moved')}
      okTestId="move-submit"
      onSubmit={(v) => move.mutateAsync({ id: caseId, action, reason: v.reason?.trim() || undefined })}
      onClose={onClose}
    >
      <Form.Item name="reason" label={t('cases.detail.reason')}>
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
    </FormDialog>
  );
}

type TransferValues = Omit<TransferBody, 'caseId'>;

/**
 * The transfer dialog (S1.3.11, S1.4.16): to the waiting list, to a referral counsellor (type 2
 * individual or 10 single session, among the counsellors free for it), to group or individual counselling.
 */
export function TransferDialog({ caseId, onClose }: { caseId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const transfer = useTransferCase();
  const [to, setTo] = useState<TransferValues['to']>('waitlist');
  const [type, setType] = useState<2 | 10 | undefined>(undefined);
  const free = useFreeCounsellors(to === 'referral' ? type : undefined);
  return (
    <FormDialog<TransferValues>
      title={t('cases.transfer.title')}
      name="case-transfer"
      initialValues={{ to: 'waitlist' }}
      serverFields={['to', 'transferToType', 'transferToConsultant', 'reason']}
      successText={t('cases.transfer.done')}
      okTestId="transfer-submit"
      onValuesChange={(changed: Partial<TransferValues>) => {
        if (changed.to) setTo(changed.to);
        if ('transferToType' in changed) setType(changed.transferToType);
      }}
      onSubmit={(v) => transfer.mutateAsync({ ...v, caseId, reason: v.reason?.trim() || undefined })}
      onClose={onClose}
    >
      <Form.Item name="to" label={t('cases.transfer.to')} rules={[{ required: true }]}>
        <Select
          options={(['waitlist', 'referral', 'group', 'individual'] as const).map((value) => ({
            value,
            label: t(`cases.transfer.targets.${value}`),
          }))}
        />
      </Form.Item>
      {to === 'referral' && (
        <>
          <Form.Item
            name="transferToType"
            label={t('cases.transfer.type')}
            rules={[{ required: true, message: t('cases.transfer.typeRequired') }]}
          >
            <Select
              options={[
                { value: 2, label: t('cases.transfer.types.2') },
                { value: 10, label: t('cases.transfer.types.10') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="transferToConsultant"
            label={t('cases.transfer.counsellor')}
            rules={[{ required: true, message: t('cases.transfer.counsellorRequired') }]}
          >
            <Select
              loading={free.isFetching}
              disabled={type === undefined}
              notFoundContent={t('cases.transfer.noneFree')}
              options={(free.data ?? []).map((c) => ({
                value: c.id,
                label: c.deptName
                  ? `${c.realName} · ${seededPath(c.deptName, currentLanguage())}`
                  : c.realName,
              }))}
            />
          </Form.Item>
        </>
      )}
      <Form.Item name="reason" label={t('cases.transfer.reason')}>
        <Input.TextArea maxLength={1000} showCount autoSize={{ minRows: 2 }} />
      </Form.Item>
    </FormDialog>
  );
}
