import { caseActions } from '@psy/scheduling';
import { Alert, Button, Descriptions, Flex, Spin, Table, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { useConfirmAction } from '../../../shared/admin/confirm-action';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import { useCaseDetail, useCaseToCrisis, useCaseTransition, type CaseDetail } from '../api/cases';
import { fillPath, filePath, historyPath, reportPath } from '../lib/case-format';
import { GradeBadge, LockTag, StatusTag, When, useIdParam } from './common';

type RecordRow = CaseDetail['recordList'][number];

// The dialogs load when one opens: the page itself stays light.
const TransferDialog = lazy(async () => ({ default: (await import('./case-dialogs')).TransferDialog }));
const CaseMoveDialog = lazy(async () => ({ default: (await import('./case-dialogs')).CaseMoveDialog }));
const RecordApprovalDialog = lazy(async () => ({
  default: (await import('./case-dialogs')).RecordApprovalDialog,
}));

/**
 * `/consult/case/detail?id=` (docs/cases.md 13): the case's header, the moves the state machine allows
 * (`caseActions`, as the server offers them), its sessions with their record state (ask to unlock a
 * locked one, ask for more days before it locks), its history, transfers and feedback.
 */
export function CaseDetailPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const detail = useCaseDetail(id);
  const navigate = useNavigate();
  const move = useCaseTransition();
  const toCrisis = useCaseToCrisis();
  const confirm = useConfirmAction();
  const [dialog, setDialog] = useState<
    | { kind: 'transfer' }
    | { kind: 'move'; action: 'pass' | 'break' }
    | { kind: 'approval'; option: 7 | 8; appointmentId: number }
    | null
  >(null);

  if (id === null) return <Alert type="error" title={t('cases.detail.noId')} />;
  if (detail.isPending) return <Spin />;
  if (!detail.data) return <Alert type="error" title={t('cases.detail.loadFailed')} />;
  const c = detail.data;
  // The state machine says what may follow; the server says which of those this viewer may do.
  const offered = caseActions(c.status).filter((a) => c.actions.includes(a));
  const closing = c.recordList.find((r) => r.kind === 'closing');

  const finish = () =>
    confirm({
      title: t('cases.detail.finishConfirm'),
      action: async () => {
        try {
          return await move.mutateAsync({ id: c.id, action: 'finish' });
        } catch (error) {
          showToast(
            'error',
            isApiError(error) && error.status === 400
              ? t('cases.detail.needClosing')
              : t('adminKit.saveFailed'),
          );
          throw error;
        }
      },
      successText: t('cases.detail.finished'),
    });

  const reportCrisis = () =>
    confirm({
      title: t('cases.detail.toCrisisConfirm'),
      isDanger: true,
      action: () => toCrisis.mutateAsync(c.id),
      successText: t('cases.detail.toCrisisDone'),
    });

  const recordColumns = [
    {
      key: 'kind',
      title: t('cases.records.kind'),
      render: (_: unknown, r: RecordRow) => t(`cases.kinds.${r.kind}`),
    },
    {
      key: 'time',
      title: t('cases.records.session'),
      render: (_: unknown, r: RecordRow) => <When value={r.sessionTime ?? r.createTime} />,
    },
    {
      key: 'state',
      title: t('cases.records.state'),
      render: (_: unknown, r: RecordRow) => <LockTag state={r.state} />,
    },
    {
      key: 'due',
      title: t('cases.records.due'),
      render: (_: unknown, r: RecordRow) => (r.state === 'signed' ? '—' : <When value={r.lockDueAt} />),
    },
    {
      key: 'amendments',
      title: t('cases.records.amendments'),
      render: (_: unknown, r: RecordRow) => r.amendmentCount,
    },
    {
      key: 'grade',
      title: t('cases.records.grade'),
      render: (_: unknown, r: RecordRow) => <GradeBadge grade={r.grade} consistent={r.gradeConsistent} />,
    },
    {
      key: 'actions',
      title: t('cases.records.actions'),
      render: (_: unknown, r: RecordRow) => (
        <Flex gap={4} wrap>
          <Link to={fillPath({ recordId: r.id })}>
            <Button size="small" data-testid={`open-record-${r.id}`}>
              {r.state === 'locked' ? t('cases.records.view') : t('cases.records.open')}
            </Button>
          </Link>
          {r.answerId !== null && (
            <Link to={historyPath(r.id)}>
              <Button size="small">{t('cases.records.history')}</Button>
            </Link>
          )}
          {r.state === 'locked' && r.appointmentId !== null && (
            <Button
              size="small"
              danger
              data-testid={`unlock-record-${r.id}`}
              onClick={() => setDialog({ kind: 'approval', option: 8, appointmentId: r.appointmentId! })}
            >
              {t('cases.records.askUnlock')}
            </Button>
          )}
          {r.state === 'open' && r.appointmentId !== null && (
            <Button
              size="small"
              onClick={() => setDialog({ kind: 'approval', option: 7, appointmentId: r.appointmentId! })}
            >
              {t('cases.records.askDays')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('cases.detail.title', { name: c.visitor.name ?? '' })}
      extra={
        <Flex gap={8} wrap>
          <Link to={filePath(c.visitor.id)}>
            <Button>{t('cases.detail.file')}</Button>
          </Link>
          <Link to={reportPath(c.visitor.id)}>
            <Button>{t('cases.detail.report')}</Button>
          </Link>
        </Flex>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'status', label: t('cases.list.status'), children: <StatusTag status={c.status} /> },
          {
            key: 'visitor',
            label: t('cases.list.visitor'),
            children: `${c.visitor.name ?? ''} ${c.visitor.number ?? ''}`,
          },
          { key: 'counsellor', label: t('cases.list.counsellor'), children: c.counsellor.name },
          {
            key: 'source',
            label: t('cases.detail.source'),
            children: t(`cases.sources.${c.source}`, { defaultValue: String(c.source) }),
          },
          {
            key: 'repeat',
            label: t('cases.detail.repeat'),
            children: c.repeatStatus === 2 ? t('cases.detail.repeatYes') : t('cases.detail.repeatNo'),
          },
          {
            key: 'grade',
            label: t('cases.list.grade'),
            children: <GradeBadge grade={c.grade} consistent={c.gradeConsistent} />,
          },
          { key: 'opened', label: t('cases.detail.opened'), children: <When value={c.openedAt} /> },
          { key: 'closed', label: t('cases.detail.closed'), children: <When value={c.closedAt} /> },
          ...(c.closeReason
            ? [{ key: 'reason', label: t('cases.detail.reason'), children: c.closeReason }]
            : []),
        ]}
      />
      {offered.length > 0 && (
        <Flex gap={8} wrap style={{ margin: '12px 0' }} data-testid="case-actions">
          {offered.includes('start') && (
            <Button onClick={() => move.mutate({ id: c.id, action: 'start' })}>
              {t('cases.actions.start')}
            </Button>
          )}
          {c.status === 'running' && (
            <Button
              onClick={() =>
                navigate(
                  closing ? fillPath({ recordId: closing.id }) : fillPath({ caseId: c.id, kind: 'closing' }),
                )
              }
              data-testid="write-closing"
            >
              {closing ? t('cases.detail.openClosing') : t('cases.detail.writeClosing')}
            </Button>
          )}
          {offered.includes('finish') && (
            <Button type="primary" onClick={finish} data-testid="case-finish">
              {t('cases.actions.finish')}
            </Button>
          )}
          {offered.includes('transfer') && (
            <Button onClick={() => setDialog({ kind: 'transfer' })} data-testid="case-transfer">
              {t('cases.actions.transfer')}
            </Button>
          )}
          {offered.includes('pass') && (
            <Button onClick={() => setDialog({ kind: 'move', action: 'pass' })}>
              {t('cases.actions.pass')}
            </Button>
          )}
          {offered.includes('break') && (
            <Button onClick={() => setDialog({ kind: 'move', action: 'break' })}>
              {t('cases.actions.break')}
            </Button>
          )}
          <Button danger onClick={reportCrisis}>
            {t('cases.detail.toCrisis')}
          </Button>
        </Flex>
      )}

      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('cases.detail.sessions')}
      </Typography.Title>
      <Table<RecordRow>
        rowKey="id"
        size="small"
        data-testid="case-records"
        columns={recordColumns}
        dataSource={c.recordList}
        pagination={false}
        scroll={{ x: 860 }}
      />

      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        {t('cases.detail.history')}
      </Typography.Title>
      <ol data-testid="case-history">
        {c.events.map((e, i) => (
          <li key={i}>
            <When value={e.at} /> · {t(`cases.events.${e.action}`, { defaultValue: e.action })}
            {e.toStatus && e.fromStatus !== e.toStatus ? ` → ${t(`cases.status.${e.toStatus}`)}` : ''}
            {e.actor?.name ? ` · ${e.actor.name}` : ''}
          </li>
        ))}
      </ol>

      {c.transfers.length > 0 && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('cases.detail.transfers')}
          </Typography.Title>
          <ul data-testid="case-transfers">
            {c.transfers.map((tr) => (
              <li key={tr.id}>
                <When value={tr.createTime} /> · {t(`cases.transfer.targets.${tr.to}`)}
                {tr.toCounsellor?.name ? ` · ${tr.toCounsellor.name}` : ''}
                {tr.reason ? ` · ${tr.reason}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}

      {c.feedback.length > 0 && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('cases.detail.feedback')}
          </Typography.Title>
          {c.feedback.map((f) => (
            <Flex key={f.appointmentId} gap={8} align="center">
              <Tag>{t('cases.feedback.value', { n: f.visitorSatisfaction })}</Tag>
              {f.content && <Typography.Text>{f.content}</Typography.Text>}
            </Flex>
          ))}
        </>
      )}

      <Suspense fallback={null}>
        {dialog?.kind === 'transfer' && <TransferDialog caseId={c.id} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'move' && (
          <CaseMoveDialog caseId={c.id} action={dialog.action} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'approval' && (
          <RecordApprovalDialog
            option={dialog.option}
            appointmentId={dialog.appointmentId}
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </AdminPage>
  );
}
