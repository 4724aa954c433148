import { Alert, Button, Drawer, Spin, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/request';
import { useNow } from '../../../shared/lib/use-now';
import { showToast } from '../../../shared/ui/feedback';
import { useAcknowledge, useRecordDetail, useTransition, type RecordDetail } from '../api/crisis';
import { CodeTag, DurationText, Facts, People, StudentCell, useCrisisUser, useLabel, When } from './common';
import {
  FollowUpDialog,
  GreenwayDialog,
  InterventionDialog,
  SuspensionDialog,
  TransitionDialog,
} from './record-dialogs';
import {
  AssessmentList,
  DeliveryList,
  FollowUpList,
  GreenwayList,
  InterventionList,
  ReaderList,
  Timeline,
} from './record-sections';
import styles from './crisis.module.css';

const AssessmentDialog = lazy(async () => ({
  default: (await import('./assessment-dialog')).AssessmentDialog,
}));

type Dialog =
  | { kind: 'transition'; action: 'start' | 'close' | 'reopen' }
  | { kind: 'assess' }
  | { kind: 'intervention' }
  | { kind: 'followUp' }
  | { kind: 'greenway' }
  | { kind: 'suspension' };

/**
 * One crisis record (`GET /crisis/record/detail`, access-logged): what was reported, who owns it and until
 * when, and its work: acknowledge, the transitions the status table allows this viewer (`actions`),
 * assessment, intervention orders and receipts, follow-ups, green channel, suspension; the timeline,
 * who was told by which channel, and (school reach) who read it.
 */
export function RecordDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useRecordDetail(id);
  const record = detail.data;
  return (
    <Drawer
      open
      onClose={onClose}
      size="large"
      title={t('crisis.record.title', { id })}
      data-testid="crisis-record-drawer"
    >
      {detail.isPending ? (
        <Spin />
      ) : detail.isError || !record ? (
        <Alert type="error" title={t('crisis.record.loadFailed')} />
      ) : (
        <RecordBody record={record} />
      )}
    </Drawer>
  );
}

export function RecordBody({ record }: { record: RecordDetail }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { can, view } = useCrisisUser();
  const acknowledge = useAcknowledge();
  const start = useTransition();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const isOpen = record.status !== 3;
  const works = view.worksRecords;
  const now = useNow(15_000);
  const deadlineLeft = record.ackDeadline ? (Date.parse(record.ackDeadline) - now) / 1000 : null;

  const runAcknowledge = async () => {
    try {
      await acknowledge.mutateAsync(record.id);
      showToast('success', t('crisis.record.acknowledgedToast'));
    } catch {
      // request() showed the server's message.
    }
  };
  const runTransition = (action: 'start' | 'close' | 'reopen') => {
    if (action !== 'start') return setDialog({ kind: 'transition', action });
    start.mutateAsync({ id: record.id, action }).then(
      (answer) =>
        showToast(
          'success',
          answer.approvalId ? t('crisis.record.sentForApproval') : t('crisis.record.transitioned'),
        ),
      (error: unknown) => showToast('error', isApiError(error) ? error.message : t('adminKit.saveFailed')),
    );
  };

  return (
    <>
      <Facts
        items={[
          [t('crisis.fields.student'), <StudentCell key="s" student={record.student} />],
          [t('crisis.fields.phone'), record.student.phone],
          [t('crisis.fields.source'), label('source', record.source)],
          [
            t('crisis.fields.status'),
            <span key="st">
              <CodeTag set="status" value={record.status} />
              {record.urgent && <Tag color="red">{t('crisis.report.urgent')}</Tag>}
            </span>,
          ],
          [t('crisis.fields.events'), record.crisisEvents],
          [t('crisis.fields.reporter'), record.reporter?.realName],
          [t('crisis.fields.reportedAt'), <When key="c" value={record.createTime} />],
          [t('crisis.fields.location'), record.location],
          [
            t('crisis.fields.escalationLevel'),
            <CodeTag key="l" set="level" value={record.escalationLevel} />,
          ],
          [t('crisis.fields.owners'), <People key="o" people={record.owners} />],
          [
            t('crisis.fields.deadline'),
            record.ackDeadline ? (
              <span key="d" className={deadlineLeft !== null && deadlineLeft < 0 ? styles.urgent : undefined}>
                <When value={record.ackDeadline} />
                {deadlineLeft !== null && deadlineLeft < 0 && (
                  <>
                    {' '}
                    ({t('crisis.board.overdueBy')} <DurationText seconds={-deadlineLeft} />)
                  </>
                )}
              </span>
            ) : null,
          ],
          [
            t('crisis.fields.acknowledged'),
            record.acknowledgedAt ? (
              <span key="a">
                {record.acknowledgedBy?.realName} · <When value={record.acknowledgedAt} />
              </span>
            ) : (
              <Tag key="a" color="red">
                {t('crisis.board.unacknowledged')}
              </Tag>
            ),
          ],
          [
            t('crisis.fields.collegeLevel'),
            <CodeTag key="cl" set="collegeLevel" value={record.collegeLevel} />,
          ],
          [t('crisis.fields.flag'), <CodeTag key="f" set="flag" value={record.warningFlag} />],
          ...(record.status === 3
            ? ([
                [t('crisis.fields.closeReason'), label('closeReason', record.closeReason)],
                [t('crisis.fields.closeSummary'), record.closeSummary],
              ] as [string, string | null][])
            : []),
        ]}
      />
      {record.otherOpenRecords.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('crisis.record.otherOpen', {
            ids: record.otherOpenRecords.map((o) => `#${o.id}`).join(', '),
          })}
        />
      )}
      <div className={styles.actions}>
        {record.mayAcknowledge && !record.acknowledgedAt && isOpen && (
          <Button type="primary" danger loading={acknowledge.isPending} onClick={() => void runAcknowledge()}>
            {t('crisis.record.acknowledge')}
          </Button>
        )}
        {works && isOpen && can('crisis_assessment') && (
          <Button
            type={record.status === 1 ? 'primary' : 'default'}
            onClick={() => setDialog({ kind: 'assess' })}
          >
            {t('crisis.record.assess')}
          </Button>
        )}
        {works && isOpen && (can('crisis_intervention') || can('focus_intervention')) && (
          <Button onClick={() => setDialog({ kind: 'intervention' })}>{t('crisis.record.newOrder')}</Button>
        )}
        {works && isOpen && (
          <Button onClick={() => setDialog({ kind: 'followUp' })}>{t('crisis.record.newFollowUp')}</Button>
        )}
        {works && isOpen && (can('crisis_intervention') || can('crisis_suspension')) && (
          <Button onClick={() => setDialog({ kind: 'greenway' })}>{t('crisis.record.greenway')}</Button>
        )}
        {works && can('crisis_suspension') && (
          <Button onClick={() => setDialog({ kind: 'suspension' })}>{t('crisis.record.suspend')}</Button>
        )}
        {record.actions.map((action) => (
          <Button
            key={action}
            danger={action === 'close'}
            loading={action === 'start' && start.isPending}
            onClick={() => runTransition(action as 'start' | 'close' | 'reopen')}
          >
            {label('action', action)}
          </Button>
        ))}
      </div>
      <Tabs
        items={[
          {
            key: 'timeline',
            label: t('crisis.record.tabs.timeline'),
            children: <Timeline items={record.timeline} />,
          },
          {
            key: 'assessments',
            label: t('crisis.record.tabs.assessments'),
            children: <AssessmentList recordId={record.id} />,
          },
          {
            key: 'interventions',
            label: t('crisis.record.tabs.interventions'),
            children: <InterventionList subject={{ recordId: record.id }} />,
          },
          {
            key: 'followUps',
            label: t('crisis.record.tabs.followUps'),
            children: <FollowUpList subject={{ recordId: record.id }} />,
          },
          {
            key: 'greenway',
            label: t('crisis.record.tabs.greenway'),
            children: <GreenwayList recordId={record.id} />,
          },
          {
            key: 'deliveries',
            label: t('crisis.record.tabs.deliveries'),
            children: <DeliveryList recordId={record.id} />,
          },
          ...(record.readers
            ? [
                {
                  key: 'readers',
                  label: t('crisis.record.tabs.readers'),
                  children: <ReaderList readers={record.readers} />,
                },
              ]
            : []),
        ]}
      />
      {record.closeSummary && (
        <Typography.Paragraph type="secondary" className={styles.pre}>
          {record.closeSummary}
        </Typography.Paragraph>
      )}
      {dialog?.kind === 'transition' && (
        <TransitionDialog record={record} action={dialog.action} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'assess' && (
        <Suspense fallback={null}>
          <AssessmentDialog
            kind="crisis"
            recordId={record.id}
            studentName={record.student.realName}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'intervention' && (
        <InterventionDialog
          subject={{ recordId: record.id }}
          studentId={record.student.id}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'followUp' && (
        <FollowUpDialog subject={{ recordId: record.id }} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'greenway' && (
        <GreenwayDialog recordId={record.id} studentId={record.student.id} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'suspension' && (
        <SuspensionDialog
          studentId={record.student.id}
          studentName={record.student.realName}
          recordId={record.id}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
