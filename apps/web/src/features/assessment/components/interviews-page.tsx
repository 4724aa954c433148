import { INTERVIEW_STATUS_LABELS, type InterviewStatus } from '@psy/contracts';
import { Button, Dropdown, Form, Input, InputNumber, Radio, Select, Switch, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { FilterForm } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownName, shownPath } from '../../../shared/lib/seeded-names';
import {
  useInterviewPage,
  useInterviewResults,
  useMoveInterview,
  useRecordInterview,
  useTransferFirstInterview,
  useTransferPage,
  useTransferToConsult,
  type Interview,
  type Transfer,
} from '../api/after';
import { gradeLetter } from '../lib/labels';
import { fromLocalInput } from '../lib/plan-form';
import { ASSESSMENT_PATHS } from '../lib/paths';
import { PersonText, RiskTag, useAssessmentButtons, useGo } from './common';

export const INTERVIEW_COLOURS: Record<number, string> = {
  1: 'processing',
  2: 'default',
  3: 'warning',
  4: 'error',
  5: 'default',
  6: 'error',
  7: 'success',
  8: 'cyan',
};

/** An interview status (S1.4.2) in the viewer's language. */
export const interviewStatusText = (status: number, lang: string) =>
  INTERVIEW_STATUS_LABELS[status as InterviewStatus]?.[lang === 'en-US' ? 'en-US' : 'zh-CN'] ??
  String(status);

interface InterviewFilter {
  status?: number;
  name?: string;
}

/**
 * `/assessmentInterviewInterviewlist/index` (spec S1.2.5): interview records with the moves the status
 * table of S1.4.2 allows from each (`nextStatuses` of the server), the record of a held interview with its
 * result from the interview result list, and the transfer to counselling (transfer source 1); a second tab
 * follows the transfers.
 */
export function InterviewsPage() {
  const { t } = useTranslation();
  const go = useGo();
  const buttons = useAssessmentButtons();
  return (
    <AdminPage
      title={t('assessment.interview.title')}
      extra={
        buttons.interviewAssign && (
          <Button onClick={() => go(ASSESSMENT_PATHS.interviewers)}>
            {t('assessment.interviewers.title')}
          </Button>
        )
      }
    >
      <Tabs
        items={[
          { key: 'interviews', label: t('assessment.interview.tab'), children: <InterviewList /> },
          ...(buttons.transfer
            ? [{ key: 'transfers', label: t('assessment.transfer.tab'), children: <TransferList /> }]
            : []),
        ]}
      />
    </AdminPage>
  );
}

function InterviewList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const buttons = useAssessmentButtons();
  const list = useAdminList<InterviewFilter>({});
  const interviews = useInterviewPage(list.query);
  const move = useMoveInterview();
  const confirm = useConfirmAction();
  const [recording, setRecording] = useState<Interview | null>(null);
  const [rescheduling, setRescheduling] = useState<Interview | null>(null);
  const [transferring, setTransferring] = useState<Interview | null>(null);

  const onMove = (interview: Interview, status: number) => {
    if (status === 7) setRecording(interview);
    else if (status === 1) setRescheduling(interview);
    else
      confirm({
        title: t('assessment.interview.confirmMove', {
          name: interview.realName,
          status: interviewStatusText(status, lang),
        }),
        action: () => move.mutateAsync({ id: interview.id, status }),
        successText: t('adminKit.saved'),
      });
  };

  const columns: AdminColumn<Interview>[] = [
    {
      key: 'person',
      title: t('assessment.common.person'),
      alwaysShown: true,
      render: (_, i) => <PersonText realName={i.realName} numberName={i.numberName} />,
    },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'plan', title: t('assessment.common.plan'), dataIndex: 'planName', render: shownName },
    { key: 'interviewer', title: t('assessment.interview.interviewer'), dataIndex: 'interviewerName' },
    { key: 'time', title: t('assessment.interview.time'), render: (_, i) => formatDateTime(i.time, lang) },
    { key: 'address', title: t('assessment.interview.address'), dataIndex: 'address' },
    {
      key: 'status',
      title: t('assessment.interview.status'),
      render: (_, i) => <Tag color={INTERVIEW_COLOURS[i.status]}>{interviewStatusText(i.status, lang)}</Tag>,
    },
    { key: 'result', title: t('assessment.interview.result'), render: (_, i) => i.resultLabel ?? '-' },
    {
      key: 'risk',
      title: t('assessmentReport.riskGrade'),
      render: (_, i) => <RiskTag grade={i.riskGrade} />,
    },
    { key: 'grade', title: t('assessment.interview.grade'), render: (_, i) => gradeLetter(i.level) || '-' },
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, i) => (
        <>
          {i.nextStatuses.length > 0 && (
            <Dropdown
              menu={{
                items: i.nextStatuses.map((s) => ({
                  key: String(s),
                  label: s === 7 ? t('assessment.interview.record') : interviewStatusText(s, lang),
                })),
                onClick: ({ key }) => onMove(i, Number(key)),
              }}
            >
              <Button size="small" type="link" aria-label={`${t('assessment.interview.move')} ${i.realName}`}>
                {t('assessment.interview.move')}
              </Button>
            </Dropdown>
          )}
          {buttons.transfer && i.status === 7 && !i.transferred && (
            <RowButton
              label={t('assessment.transfer.action')}
              ariaLabel={`${t('assessment.transfer.action')} ${i.realName}`}
              onClick={() => setTransferring(i)}
            />
          )}
          {i.transferred && <Tag color="purple">{t('assessment.transfer.done')}</Tag>}
        </>
      ),
    },
  ];

  return (
    <>
      <FilterForm<InterviewFilter>
        name="interview-filter"
        label={t('assessment.interview.title')}
        layout="inline"
        onSearch={(values) => list.search(values)}
        fields={[
          <Form.Item key="name" name="name" label={t('assessment.common.name')}>
            <Input allowClear maxLength={50} />
          </Form.Item>,
          <Form.Item key="status" name="status" label={t('assessment.interview.status')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={[1, 2, 3, 4, 5, 6, 7, 8].map((s) => ({
                value: s,
                label: interviewStatusText(s, lang),
              }))}
            />
          </Form.Item>,
        ]}
      />
      <AdminTable<Interview>
        rowKey="id"
        columns={columns}
        query={interviews}
        list={list}
        columnSettingsId="assessment-interviews"
        scrollX={1300}
        testId="interview-table"
      />
      {recording && <RecordDialog interview={recording} onClose={() => setRecording(null)} />}
      {rescheduling && <RescheduleDialog interview={rescheduling} onClose={() => setRescheduling(null)} />}
      {transferring && <TransferDialog interview={transferring} onClose={() => setTransferring(null)} />}
    </>
  );
}

interface RecordValues {
  result: string;
  riskScore?: number;
  level?: number;
  star?: number;
  content?: string;
  nextStep: 1 | 2 | 3 | 4;
}

/** The record of a held interview (S1.5.11): the result from the list (S0.5.13), risk 0-100, grade A-D, stars. */
function RecordDialog({ interview, onClose }: { interview: Interview; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const results = useInterviewResults(lang);
  const record = useRecordInterview();
  return (
    <FormDialog<RecordValues>
      title={t('assessment.interview.recordTitle', { name: interview.realName })}
      name="interview-record"
      width={640}
      initialValues={{ nextStep: 1 }}
      serverFields={['result', 'riskScore', 'level', 'star', 'content', 'nextStep', 'status']}
      onSubmit={(values) => record.mutateAsync({ id: interview.id, ...values })}
      onClose={onClose}
      okTestId="interview-record-ok"
    >
      <Form.Item
        name="result"
        label={t('assessment.interview.result')}
        rules={[{ required: true, message: t('assessment.interview.chooseResult') }]}
      >
        <Select
          loading={results.isPending}
          options={(results.data ?? []).map((r) => ({ value: r.value, label: r.label }))}
          placeholder={t('assessment.interview.chooseResult')}
        />
      </Form.Item>
      <Form.Item
        name="riskScore"
        label={t('assessment.interview.riskScore')}
        tooltip={t('assessment.interview.riskHint')}
      >
        <InputNumber min={0} max={100} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="level" label={t('assessment.interview.grade')}>
        <Radio.Group options={[1, 2, 3, 4].map((v) => ({ value: v, label: gradeLetter(v) }))} />
      </Form.Item>
      <Form.Item name="star" label={t('assessment.interview.stars')}>
        <Radio.Group
          optionType="button"
          options={[1, 2, 3, 4].map((v) => ({ value: v, label: '★'.repeat(v) }))}
        />
      </Form.Item>
      <Form.Item name="nextStep" label={t('assessment.interview.nextStep')}>
        <Radio.Group
          options={[1, 2, 3, 4].map((v) => ({
            value: v,
            label: t(`assessment.interview.steps.${v as 1 | 2 | 3 | 4}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="content" label={t('assessment.interview.content')}>
        <Input.TextArea maxLength={5000} autoSize={{ minRows: 3 }} />
      </Form.Item>
    </FormDialog>
  );
}

function RescheduleDialog({ interview, onClose }: { interview: Interview; onClose: () => void }) {
  const { t } = useTranslation();
  const move = useMoveInterview();
  return (
    <FormDialog<{ time: string }>
      title={t('assessment.interview.rescheduleTitle', { name: interview.realName })}
      name="interview-reschedule"
      serverFields={['time', 'status']}
      onSubmit={(values) =>
        move.mutateAsync({ id: interview.id, status: 1, time: fromLocalInput(values.time) ?? '' })
      }
      onClose={onClose}
    >
      <Form.Item name="time" label={t('assessment.interview.time')} rules={[{ required: true }]}>
        <Input type="datetime-local" />
      </Form.Item>
    </FormDialog>
  );
}

function TransferDialog({ interview, onClose }: { interview: Interview; onClose: () => void }) {
  const { t } = useTranslation();
  const transfer = useTransferToConsult();
  return (
    <FormDialog<{ note?: string; urgent: boolean }>
      title={t('assessment.transfer.title', { name: interview.realName })}
      name="interview-transfer"
      initialValues={{ urgent: false }}
      serverFields={['note', 'urgent', 'interviewId']}
      successText={t('assessment.transfer.sent')}
      onSubmit={(values) => transfer.mutateAsync({ interviewId: interview.id, ...values })}
      onClose={onClose}
      okTestId="transfer-ok"
      before={<p>{t('assessment.transfer.hint')}</p>}
    >
      <Form.Item name="urgent" label={t('assessment.transfer.urgent')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="note" label={t('assessment.transfer.note')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 3 }} />
      </Form.Item>
    </FormDialog>
  );
}

function TransferList() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const list = useAdminList<{ status?: number }>({});
  const transfers = useTransferPage(list.query);
  const send = useTransferFirstInterview();
  const confirm = useConfirmAction();
  const columns: AdminColumn<Transfer>[] = [
    {
      key: 'person',
      title: t('assessment.common.person'),
      alwaysShown: true,
      render: (_, r) => <PersonText realName={r.realName} numberName={r.numberName} />,
    },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'phone', title: t('assessment.common.phone'), dataIndex: 'phone' },
    { key: 'plan', title: t('assessment.common.plan'), dataIndex: 'planName', render: shownName },
    {
      key: 'risk',
      title: t('assessmentReport.riskGrade'),
      render: (_, r) => <RiskTag grade={r.riskGrade} />,
    },
    {
      key: 'urgent',
      title: t('assessment.transfer.urgent'),
      render: (_, r) => (r.urgent ? <Tag color="red">{t('assessment.common.yes')}</Tag> : '-'),
    },
    {
      key: 'status',
      title: t('assessment.transfer.status'),
      render: (_, r) => <Tag>{t(`assessment.transfer.statuses.${r.status as 1 | 2 | 3 | 4}`)}</Tag>,
    },
    {
      key: 'time',
      title: t('assessment.transfer.time'),
      render: (_, r) => formatDateTime(r.createTime, lang),
    },
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, r) =>
        r.status === 1 || r.status === 2 ? (
          <RowButton
            label={t('assessment.transfer.firstInterview')}
            ariaLabel={`${t('assessment.transfer.firstInterview')} ${r.realName}`}
            onClick={() =>
              confirm({
                title: t('assessment.transfer.confirmFirstInterview', { name: r.realName }),
                action: () => send.mutateAsync({ id: r.id }),
                successText: t('adminKit.saved'),
              })
            }
          />
        ) : null,
    },
  ];
  return (
    <AdminTable<Transfer>
      rowKey="id"
      columns={columns}
      query={transfers}
      list={list}
      scrollX={1100}
      testId="transfer-table"
      toolbar={
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder={t('assessment.transfer.status')}
          aria-label={t('assessment.transfer.status')}
          options={[1, 2, 3, 4].map((s) => ({
            value: s,
            label: t(`assessment.transfer.statuses.${s as 1 | 2 | 3 | 4}`),
          }))}
          onChange={(status?: number) => list.search(status ? { status } : {})}
        />
      }
    />
  );
}
