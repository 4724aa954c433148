import { Button, Form, Input, List, Space, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import {
  useAssessments,
  useDeliveries,
  useFollowUps,
  useGreenwayTransition,
  useGreenways,
  useInterventions,
  useSaveReceipt,
  type Assessment,
  type Intervention,
  type RecordDetail,
} from '../api/crisis';
import { CodeTag, NoData, People, useCrisisUser, useLabel, When } from './common';
import type { Subject } from './record-dialogs';
import styles from './crisis.module.css';

const AssessmentDialog = lazy(async () => ({
  default: (await import('./assessment-dialog')).AssessmentDialog,
}));

/** What happened to a record, oldest first, each step with who and when. */
export function Timeline({ items }: { items: RecordDetail['timeline'] }) {
  const label = useLabel();
  const { t } = useTranslation();
  if (items.length === 0) return <NoData />;
  return (
    <ol className={styles.timeline} data-testid="crisis-timeline">
      {items.map((item, index) => (
        <li key={index}>
          <Typography.Text strong>{label('timeline', item.kind)}</Typography.Text>{' '}
          {typeof item.data.level === 'number' && <CodeTag set="level" value={item.data.level} />}
          {typeof item.data.action === 'string' && <Tag>{label('action', item.data.action)}</Tag>}
          <Typography.Text type="secondary">
            {item.actor ? `${item.actor.realName} · ` : `${t('crisis.record.system')} · `}
            <When value={item.time} />
          </Typography.Text>
        </li>
      ))}
    </ol>
  );
}

/** The assessments of a record (or a suspension's return assessments); each opens read-only or to edit. */
export function AssessmentList({ recordId, suspensionId }: { recordId?: number; suspensionId?: number }) {
  const { t } = useTranslation();
  const label = useLabel();
  const assessments = useAssessments({
    current: 1,
    size: 50,
    ...(recordId ? { recordId } : {}),
    ...(suspensionId ? { suspensionId } : {}),
  });
  const [open, setOpen] = useState<Assessment | null>(null);
  return (
    <>
      <List
        loading={assessments.isFetching && !assessments.data}
        dataSource={assessments.data?.records ?? []}
        locale={{ emptyText: <NoData /> }}
        renderItem={(a) => (
          <List.Item
            actions={[
              <Button key="v" size="small" type="link" onClick={() => setOpen(a)}>
                {t('crisis.assessment.view')}
              </Button>,
            ]}
          >
            <Space wrap>
              <Typography.Text>{a.assessor.realName}</Typography.Text>
              {a.kind === 'crisis' ? (
                <>
                  <CodeTag set="collegeLevel" value={a.collegeLevel} />
                  {a.isCrisisStatus === 1 && <Tag color="red">{t('crisis.assessment.inCrisis')}</Tag>}
                </>
              ) : (
                <Tag>{label('returnConclusion', a.returnConclusion)}</Tag>
              )}
              <Typography.Text type="secondary">
                {t('crisis.assessment.edition', { edition: a.edition })} · <When value={a.updateTime} />
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {open && (
        <Suspense fallback={null}>
          <AssessmentDialog
            kind={open.kind === 'return' ? 'return' : 'crisis'}
            existing={open}
            studentName={open.student.realName}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}

/** Orders on a record or key person, with their receipts; an assignee writes a receipt. */
export function InterventionList({ subject }: { subject: Subject }) {
  const orders = useInterventions({ current: 1, size: 50, ...subject });
  const [receiptFor, setReceiptFor] = useState<Intervention | null>(null);
  const { userId } = useCrisisUser();
  return (
    <>
      <List
        loading={orders.isFetching && !orders.data}
        dataSource={orders.data?.records ?? []}
        locale={{ emptyText: <NoData /> }}
        renderItem={(order) => (
          <OrderItem order={order} userId={userId} onReceipt={() => setReceiptFor(order)} />
        )}
      />
      {receiptFor && <ReceiptDialog order={receiptFor} onClose={() => setReceiptFor(null)} />}
    </>
  );
}

/** One order: measure, what to do, who, due, status and its receipts. */
export function OrderItem({
  order,
  userId,
  onReceipt,
}: {
  order: Intervention;
  userId: number;
  onReceipt: () => void;
}) {
  const { t } = useTranslation();
  const isAssignee = order.assignees.some((a) => a.id === userId);
  return (
    <List.Item
      data-testid={`crisis-order-${order.id}`}
      actions={
        isAssignee
          ? [
              <Button key="r" size="small" onClick={onReceipt}>
                {t('crisis.intervention.receipt')}
              </Button>,
            ]
          : []
      }
    >
      <Space direction="vertical" size={2} style={{ width: '100%' }}>
        <Space wrap>
          <CodeTag set="measure" value={order.measure} />
          <CodeTag set="interventionStatus" value={order.status} />
          {order.measureItems.map((m) => (
            <Tag key={m.id}>{m.name}</Tag>
          ))}
          <Typography.Text type="secondary">
            {t('crisis.fields.assignees')}: <People people={order.assignees} /> · {t('crisis.fields.dueDate')}
            : {order.dueDate ?? '—'}
          </Typography.Text>
        </Space>
        <Typography.Text className={styles.pre}>{order.content}</Typography.Text>
        {order.receipts.map((r) => (
          <Typography.Text key={r.id} type="secondary" className={styles.pre}>
            {t('crisis.intervention.receiptBy', { name: r.author.realName })}: {r.content} ·{' '}
            <When value={r.createTime} />
          </Typography.Text>
        ))}
      </Space>
    </List.Item>
  );
}

/** A receipt: what the assignee did (the order becomes done). */
export function ReceiptDialog({ order, onClose }: { order: Intervention; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveReceipt();
  return (
    <FormDialog<{ content: string }>
      title={t('crisis.intervention.receiptTitle', { name: order.student.realName })}
      name="crisis-receipt"
      serverFields={['content']}
      onSubmit={(values) => save.mutateAsync({ interventionId: order.id, content: values.content.trim() })}
      onClose={onClose}
    >
      <Typography.Paragraph className={styles.pre}>{order.content}</Typography.Paragraph>
      <Form.Item
        name="content"
        label={t('crisis.fields.receipt')}
        rules={[{ required: true, whitespace: true }]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** Follow-ups of a record or key person by trackDate. */
export function FollowUpList({ subject }: { subject?: Subject | { studentId: number } }) {
  const followUps = useFollowUps({ current: 1, size: 50, ...subject });
  return (
    <List
      loading={followUps.isFetching && !followUps.data}
      dataSource={followUps.data?.records ?? []}
      locale={{ emptyText: <NoData /> }}
      renderItem={(f) => (
        <List.Item>
          <Space direction="vertical" size={2}>
            <Typography.Text type="secondary">
              {subject ? '' : `${f.student.realName} · `}
              {f.trackDate} · {f.author.realName}
              {f.method ? ` · ${f.method.name}` : ''}
            </Typography.Text>
            <Typography.Text className={styles.pre}>{f.content}</Typography.Text>
          </Space>
        </List.Item>
      )}
    />
  );
}

/** Green-channel referrals of a record, with their next step. */
export function GreenwayList({ recordId }: { recordId?: number }) {
  const { t } = useTranslation();
  const label = useLabel();
  const referrals = useGreenways({ current: 1, size: 50, ...(recordId ? { recordId } : {}) });
  const move = useGreenwayTransition();
  const run = (id: number, action: 'admit' | 'finish') =>
    move.mutateAsync({ id, action }).then(
      () => showToast('success', t('adminKit.saved')),
      (error: unknown) => showToast('error', isApiError(error) ? error.message : t('adminKit.saveFailed')),
    );
  return (
    <List
      loading={referrals.isFetching && !referrals.data}
      dataSource={referrals.data?.records ?? []}
      locale={{ emptyText: <NoData /> }}
      renderItem={(g) => (
        <List.Item
          actions={g.actions.map((action) => (
            <Button key={action} size="small" onClick={() => void run(g.id, action as 'admit' | 'finish')}>
              {label('action', action)}
            </Button>
          ))}
        >
          <Space direction="vertical" size={2}>
            <Space wrap>
              <Typography.Text strong>{g.hospital}</Typography.Text>
              <CodeTag set="greenwayStatus" value={g.status} />
              {!recordId && <Typography.Text>{g.student.realName}</Typography.Text>}
            </Space>
            <Typography.Text type="secondary">
              <When value={g.referredAt} /> · {t('crisis.fields.escorts')}: <People people={g.escorts} /> ·{' '}
              {g.guardianNotified ? t('crisis.greenway.guardianTold') : t('crisis.greenway.guardianNotTold')}
            </Typography.Text>
            {g.result && <Typography.Text className={styles.pre}>{g.result}</Typography.Text>}
          </Space>
        </List.Item>
      )}
    />
  );
}

/** Who was told of the signal, step by step, by which channel, and whether it arrived. */
export function DeliveryList({ recordId }: { recordId: number }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(recordId);
  return (
    <Table
      size="small"
      rowKey={(d) => `${d.step}-${d.user.id}-${d.channel}`}
      loading={deliveries.isPending}
      dataSource={deliveries.data ?? []}
      pagination={false}
      scroll={{ x: 520 }}
      locale={{ emptyText: <NoData /> }}
      columns={[
        {
          key: 'step',
          title: t('crisis.delivery.step'),
          render: (_, d) => <CodeTag set="level" value={d.level} />,
        },
        { key: 'user', title: t('crisis.delivery.user'), render: (_, d) => d.user.realName },
        {
          key: 'channel',
          title: t('crisis.delivery.channel'),
          render: (_, d) => t(`crisis.delivery.channels.${d.channel}`),
        },
        {
          key: 'state',
          title: t('crisis.delivery.state'),
          render: (_, d) => (
            <span title={d.lastError ?? undefined}>
              <CodeTag set="deliveryState" value={d.state} />
              {d.attempts > 1 && t('crisis.delivery.attempts', { count: d.attempts })}
            </span>
          ),
        },
        {
          key: 'time',
          title: t('crisis.delivery.time'),
          render: (_, d) => <When value={d.sentAt ?? d.createTime} />,
        },
      ]}
    />
  );
}

/** Who read the record (school reach only), newest first. */
export function ReaderList({ readers }: { readers: NonNullable<RecordDetail['readers']> }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.viewer.id}-${r.time}-${r.route}`}
      dataSource={readers}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <NoData /> }}
      columns={[
        { key: 'viewer', title: t('crisis.readers.viewer'), render: (_, r) => r.viewer.realName },
        { key: 'route', title: t('crisis.readers.route'), dataIndex: 'route' },
        { key: 'time', title: t('crisis.readers.time'), render: (_, r) => <When value={r.time} /> },
      ]}
    />
  );
}
