import { hasPermission } from '@psy/contracts';
import { App, Button, Flex, Form, Input, InputNumber, Segmented, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useUserInfo } from '../../auth';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { showToast } from '../../../shared/ui/feedback';
import { approvalOptionLabel, instantLabel, sessionTime, useSchoolZone } from '../../appointments';
import {
  useApprovals,
  useDecide,
  useMyDecisions,
  useRaiseApproval,
  useSessionChoices,
  useWithdraw,
  type Approval,
  type DecidedApproval,
} from '../api/scheduling';

type View = 'toDecide' | 'decided' | 'mine';
// Preset colours whose text meets the contrast minimum on their own background (gold and green do not).
const AUDIT_COLOURS: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'purple', 3: 'red' };

/**
 * `/appointment/approval/index` (S1.4.5, S1.9.3): requests waiting for my decision (leave, extension,
 * visitor cancel, booking confirmation, record lock and unlock) with their steps and audit mode; approve
 * or reject with a comment; the requests I decided (my decision and comment beside the request's state);
 * my own requests, which I may withdraw while pending, and new ones: more sessions this term (3), more
 * days before a session's record locks (7), reopening a locked record (8).
 */
export function ApprovalsPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('toDecide');
  return (
    <AdminPage title={t('scheduling.approvals.title')} intro={t('scheduling.approvals.intro')}>
      <Segmented<View>
        value={view}
        onChange={setView}
        options={(['toDecide', 'decided', 'mine'] as const).map((value) => ({
          value,
          label: t(`scheduling.approvals.views.${value}`),
        }))}
      />
      {view === 'decided' ? <DecidedList /> : <ApprovalList key={view} view={view} />}
    </AdminPage>
  );
}

function ApprovalList({ view }: { view: Exclude<View, 'decided'> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const { modal } = App.useApp();
  const list = useAdminList<object>({});
  const page = useApprovals({
    ...list.query,
    mine: view === 'mine',
    ...(view === 'toDecide' ? { status: 1 as const } : {}),
  });
  const decide = useDecide();
  const withdraw = useWithdraw();
  const confirm = useConfirmAction();
  const [raising, setRaising] = useState(false);

  const ask = (approval: Approval, status: 2 | 3) => {
    let comment = '';
    modal.confirm({
      title: t(status === 2 ? 'scheduling.approvals.approveTitle' : 'scheduling.approvals.rejectTitle', {
        name: approval.visitorName,
      }),
      okText: t(status === 2 ? 'scheduling.approvals.approve' : 'scheduling.approvals.reject'),
      okButtonProps: status === 3 ? { danger: true } : undefined,
      cancelText: t('common.cancel'),
      content: (
        <Input.TextArea
          maxLength={200}
          aria-label={t('scheduling.approvals.comment')}
          placeholder={t('scheduling.approvals.comment')}
          onChange={(e) => (comment = e.target.value)}
        />
      ),
      onOk: async () => {
        try {
          const result = await decide.mutateAsync({ approval, status, ...(comment ? { comment } : {}) });
          showToast(
            'success',
            result.status === 1
              ? t('scheduling.approvals.stepRecorded')
              : t(`scheduling.approvals.audit.${result.status as 2 | 3}`),
          );
        } catch {
          // The request layer said why.
        }
      },
    });
  };

  const columns: AdminColumn<Approval>[] = [
    {
      key: 'option',
      title: t('scheduling.approvals.option'),
      alwaysShown: true,
      render: (_: unknown, a) => approvalOptionLabel(a.option, lang),
    },
    { key: 'visitor', title: t('scheduling.approvals.visitor'), dataIndex: 'visitorName', alwaysShown: true },
    {
      key: 'session',
      title: t('scheduling.approvals.session'),
      render: (_: unknown, a) => (a.startTime ? instantLabel(a.startTime, zone) : ''),
    },
    {
      key: 'reason',
      title: t('scheduling.approvals.reason'),
      render: (_: unknown, a) => (
        <Flex vertical gap={2}>
          <span>{a.reason ?? ''}</span>
          {a.countsAsNoShow && <Tag color="red">{t('scheduling.approvals.countsAsNoShow')}</Tag>}
          {a.extraSessions !== null && (
            <span>{t('scheduling.approvals.extraSessions', { n: a.extraSessions })}</span>
          )}
        </Flex>
      ),
    },
    {
      key: 'mode',
      title: t('scheduling.approvals.mode'),
      render: (_: unknown, a) => t(`scheduling.approvals.modes.${a.mode as 1 | 2 | 3}`),
    },
    {
      key: 'steps',
      title: t('scheduling.approvals.steps'),
      render: (_: unknown, a) => (
        <Flex vertical gap={2}>
          {a.steps.map((s) => (
            <Typography.Text key={s.seq}>
              {s.seq}. {s.approverName}:{' '}
              <Tag color={AUDIT_COLOURS[s.status]}>
                {t(`scheduling.approvals.step.${s.status as 0 | 1 | 2 | 3}`)}
              </Tag>
            </Typography.Text>
          ))}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('scheduling.approvals.status'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Tag color={AUDIT_COLOURS[a.status]}>
          {t(`scheduling.approvals.audit.${a.status as 0 | 1 | 2 | 3}`)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('scheduling.approvals.actions'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Flex gap={4} wrap>
          {view !== 'mine' && a.canDecide && (
            <>
              <Button
                size="small"
                type="primary"
                aria-label={`${t('scheduling.approvals.approve')} ${a.visitorName}`}
                onClick={() => ask(a, 2)}
              >
                {t('scheduling.approvals.approve')}
              </Button>
              <Button
                size="small"
                danger
                aria-label={`${t('scheduling.approvals.reject')} ${a.visitorName}`}
                onClick={() => ask(a, 3)}
              >
                {t('scheduling.approvals.reject')}
              </Button>
            </>
          )}
          {view === 'mine' && a.status === 1 && (
            <Button
              size="small"
              onClick={() =>
                confirm({
                  title: t('scheduling.approvals.withdrawTitle'),
                  action: () => withdraw.mutateAsync(a.id),
                  successText: t('scheduling.approvals.withdrawn'),
                })
              }
            >
              {t('scheduling.approvals.withdraw')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
  return (
    <>
      <AdminTable<Approval>
        rowKey="id"
        testId="approval-table"
        columns={columns}
        query={page}
        list={list}
        columnSettingsId={`approvals-${view}`}
        emptyText={t('scheduling.approvals.empty')}
        scrollX={980}
        toolbar={
          view === 'mine' ? (
            <Button type="primary" onClick={() => setRaising(true)} data-testid="approval-raise">
              {t('scheduling.approvals.raise')}
            </Button>
          ) : undefined
        }
      />
      {raising && <RaiseDialog onClose={() => setRaising(false)} />}
    </>
  );
}

interface RaiseValues {
  option: 3 | 7 | 8;
  appointmentId: number;
  extraSessions?: number;
  extraDays?: number;
  reason: string;
}

/**
 * A new request about a counselling session: more sessions for its visitor this term (3), more days
 * before its record locks (7) or reopening its locked record (8). Counsellors choose among their own
 * sessions; with `consult_appointment_view`, among those of their scope.
 */
function RaiseDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const canViewAll = hasPermission(useUserInfo().data?.permissions, 'consult_appointment_view');
  const [keyword, setKeyword] = useState('');
  const sessions = useSessionChoices(useDebouncedValue(keyword, 300), canViewAll);
  const raise = useRaiseApproval();
  const [form] = Form.useForm<RaiseValues>();
  const option = Form.useWatch('option', form);
  return (
    <FormDialog<RaiseValues>
      title={t('scheduling.approvals.raise')}
      name="raise-form"
      form={form}
      initialValues={{ option: 3, extraSessions: 1, extraDays: 7 }}
      serverFields={['option', 'appointmentId', 'extraSessions', 'extraDays', 'reason']}
      successText={t('scheduling.approvals.raised')}
      onSubmit={(v) =>
        raise.mutateAsync({
          option: v.option,
          appointmentId: v.appointmentId,
          reason: v.reason.trim(),
          ...(v.option === 3 ? { extraSessions: v.extraSessions } : {}),
          ...(v.option === 7 ? { extraDays: v.extraDays } : {}),
        })
      }
      onClose={onClose}
    >
      <Form.Item name="option" label={t('scheduling.approvals.option')} rules={[{ required: true }]}>
        <Select
          options={([3, 7, 8] as const).map((value) => ({ value, label: approvalOptionLabel(value, lang) }))}
        />
      </Form.Item>
      <Form.Item
        name="appointmentId"
        label={t('scheduling.approvals.session')}
        extra={t(`scheduling.approvals.raiseHelp.${option ?? 3}`)}
        rules={[{ required: true }]}
      >
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          loading={sessions.isFetching}
          options={(sessions.data?.records ?? []).map((a) => ({
            value: a.id,
            label: `${a.visitorName} · ${sessionTime(a.startTime, a.endTime, zone, lang)} · ${a.counsellorName}`,
          }))}
        />
      </Form.Item>
      {option === 3 && (
        <Form.Item
          name="extraSessions"
          label={t('scheduling.approvals.extraSessionsLabel')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={10} precision={0} />
        </Form.Item>
      )}
      {option === 7 && (
        <Form.Item
          name="extraDays"
          label={t('scheduling.approvals.extraDaysLabel')}
          rules={[{ required: true }]}
        >
          <InputNumber min={1} max={60} precision={0} />
        </Form.Item>
      )}
      <Form.Item
        name="reason"
        label={t('scheduling.approvals.reason')}
        rules={[{ required: true, whitespace: true }]}
      >
        <Input.TextArea maxLength={200} />
      </Form.Item>
    </FormDialog>
  );
}

/** The approver's history: what I decided, with my comment, beside where the request stands now. */
function DecidedList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const zone = useSchoolZone();
  const list = useAdminList<object>({});
  const page = useMyDecisions(list.query);
  const columns: AdminColumn<DecidedApproval>[] = [
    {
      key: 'option',
      title: t('scheduling.approvals.option'),
      alwaysShown: true,
      render: (_: unknown, a) => approvalOptionLabel(a.option, lang),
    },
    { key: 'visitor', title: t('scheduling.approvals.visitor'), dataIndex: 'visitorName', alwaysShown: true },
    {
      key: 'session',
      title: t('scheduling.approvals.session'),
      render: (_: unknown, a) => (a.startTime ? instantLabel(a.startTime, zone) : ''),
    },
    { key: 'reason', title: t('scheduling.approvals.reason'), render: (_: unknown, a) => a.reason ?? '' },
    {
      key: 'myDecision',
      title: t('scheduling.approvals.myDecision'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Flex vertical gap={2} align="start">
          <Tag color={AUDIT_COLOURS[a.myDecision.status]}>
            {t(`scheduling.approvals.step.${a.myDecision.status as 0 | 1 | 2 | 3}`)}
          </Tag>
          {a.myDecision.comment && <Typography.Text>{a.myDecision.comment}</Typography.Text>}
          {a.myDecision.decidedAt && (
            <Typography.Text type="secondary">{instantLabel(a.myDecision.decidedAt, zone)}</Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('scheduling.approvals.requestNow'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Tag color={AUDIT_COLOURS[a.status]}>
          {t(`scheduling.approvals.audit.${a.status as 0 | 1 | 2 | 3}`)}
        </Tag>
      ),
    },
  ];
  return (
    <AdminTable<DecidedApproval>
      rowKey="id"
      testId="decided-table"
      columns={columns}
      query={page}
      list={list}
      columnSettingsId="approvals-decided"
      emptyText={t('scheduling.approvals.emptyDecided')}
      scrollX={900}
    />
  );
}
