import { Alert, Button, Form, Input, List, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useApprovalDetail, useApprovals, useDecideApproval, type Approval } from '../api/crisis';
import { optionalText } from '../lib/forms';
import { enumOptions } from '../lib/labels';
import { CodeTag, Facts, People, StudentCell, useCrisisUser, useIdParam, useLabel, When } from './common';
import { GreenwayList } from './record-sections';
import styles from './crisis.module.css';

/** The approvals of one box: those the viewer asked for (`mine`) or must decide (`toExamine`). */
function ApprovalsList({ box, title }: { box: 'mine' | 'toExamine'; title: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const list = useAdminList<{ status?: number | undefined }>(box === 'toExamine' ? { status: 1 } : {});
  const approvals = useApprovals({ ...list.query, box });
  const columns: AdminColumn<Approval>[] = [
    {
      key: 'kind',
      title: t('crisis.approval.kind'),
      alwaysShown: true,
      render: (_: unknown, a) => label('approvalKind', a.kind),
    },
    {
      key: 'student',
      title: t('crisis.fields.student'),
      render: (_: unknown, a) => <StudentCell student={a.student} />,
    },
    { key: 'by', title: t('crisis.approval.requestedBy'), render: (_: unknown, a) => a.requestedBy.realName },
    {
      key: 'status',
      title: t('crisis.fields.status'),
      render: (_: unknown, a) => <CodeTag set="approvalStatus" value={a.status} />,
    },
    {
      key: 'time',
      title: t('crisis.approval.requestedAt'),
      responsive: ['md'],
      render: (_: unknown, a) => <When value={a.createTime} />,
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <RowButton
          label={t('crisis.records.open')}
          ariaLabel={`${t('crisis.records.open')} ${label('approvalKind', a.kind)} ${a.student.realName}`}
          testId={`crisis-approval-open-${a.id}`}
          onClick={() => void navigate(`/approval_detail?id=${a.id}`)}
        />
      ),
    },
  ];
  return (
    <AdminPage title={title}>
      <AdminTable<Approval>
        rowKey="id"
        columns={columns}
        query={approvals}
        list={list}
        columnSettingsId={`crisis-approvals-${box}`}
        toolbar={
          <div className={styles.toolbar}>
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.status')}
              value={list.filter.status ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.records.allStatuses') },
                ...enumOptions(t, 'approvalStatus'),
              ]}
              onChange={(value) => list.refine({ status: value === 'all' ? undefined : value })}
            />
          </div>
        }
      />
    </AdminPage>
  );
}

/** `/approval_info`: the approvals the viewer asked for. */
export function MyApprovalsPage() {
  const { t } = useTranslation();
  return <ApprovalsList box="mine" title={t('crisis.approval.mineTitle')} />;
}

/** `/examine_info`: the approvals waiting for the viewer's decision. */
export function ExamineApprovalsPage() {
  const { t } = useTranslation();
  return <ApprovalsList box="toExamine" title={t('crisis.approval.examineTitle')} />;
}

/** `/approval_detail?id=`: one approval, its steps and decisions; an approver it waits for decides. */
export function ApprovalDetailPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const id = useIdParam();
  const detail = useApprovalDetail(id);
  const decide = useDecideApproval();
  const { userId } = useCrisisUser();
  const [deciding, setDeciding] = useState<boolean | null>(null);
  const a = detail.data;
  if (!id) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!a) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  const waitsForMe = a.status === 1 && a.waitingFor.includes(userId);
  return (
    <AdminPage title={t('crisis.approval.detailTitle', { kind: label('approvalKind', a.kind) })}>
      <Facts
        items={[
          [t('crisis.approval.kind'), label('approvalKind', a.kind)],
          [t('crisis.fields.student'), <StudentCell key="s" student={a.student} />],
          [t('crisis.approval.requestedBy'), a.requestedBy.realName],
          [t('crisis.approval.requestedAt'), <When key="c" value={a.createTime} />],
          [t('crisis.fields.status'), <CodeTag key="st" set="approvalStatus" value={a.status} />],
          [t('crisis.approval.mode'), label('approvalMode', a.mode)],
          [
            t('crisis.fields.reason'),
            typeof a.request.reason === 'string'
              ? a.request.reason
              : typeof a.request.summary === 'string'
                ? a.request.summary
                : null,
          ],
        ]}
      />
      <Typography.Title level={2} className={styles.cardTitle}>
        {t('crisis.approval.steps')}
      </Typography.Title>
      <List
        dataSource={a.steps}
        renderItem={(s, index) => (
          <List.Item>
            <Space wrap>
              <CodeTag set="level" value={s.level} />
              <People people={s.approvers} />
              {a.decisions
                .filter((d) => d.step === index)
                .map((d) => (
                  <Typography.Text key={`${d.user.id}-${d.time}`} type={d.approve ? 'success' : 'danger'}>
                    {d.user.realName}:{' '}
                    {d.approve ? t('crisis.approval.approve') : t('crisis.approval.reject')}
                    {d.comment ? ` (${d.comment})` : ''} · <When value={d.time} />
                  </Typography.Text>
                ))}
            </Space>
          </List.Item>
        )}
      />
      {waitsForMe && (
        <div className={styles.actions}>
          <Button type="primary" onClick={() => setDeciding(true)}>
            {t('crisis.approval.approve')}
          </Button>
          <Button danger onClick={() => setDeciding(false)}>
            {t('crisis.approval.reject')}
          </Button>
        </div>
      )}
      {deciding !== null && (
        <FormDialog<{ comment?: string }>
          title={deciding ? t('crisis.approval.approve') : t('crisis.approval.reject')}
          name="crisis-decide"
          serverFields={['comment', 'id']}
          onSubmit={(values) =>
            decide.mutateAsync({
              id: a.id,
              approve: deciding,
              ...(optionalText(values.comment) ? { comment: optionalText(values.comment) } : {}),
            })
          }
          onClose={() => setDeciding(null)}
        >
          <Form.Item
            name="comment"
            label={t('crisis.approval.comment')}
            rules={[{ required: !deciding, whitespace: true }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </FormDialog>
      )}
    </AdminPage>
  );
}

/** `/greenway_info`: green-channel referrals in reach with their next step. */
export function GreenwayPage() {
  const { t } = useTranslation();
  return (
    <AdminPage title={t('crisis.greenway.title')} intro={t('crisis.greenway.intro')}>
      <GreenwayList />
    </AdminPage>
  );
}
