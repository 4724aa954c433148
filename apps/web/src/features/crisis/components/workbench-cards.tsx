import { PhoneOutlined } from '@ant-design/icons';
import { seededName, type PermissionKey } from '@psy/contracts';
import { Alert, App, Button, Card, Flex, Modal, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import { useUnreadMessageCount } from '../../messages';
import { useCrisisWorkbench, useHotlines, useMyDormitories, useSelfHelp } from '../api/crisis';
import { useMyJournals, usePendingCounts } from '../api/focus';
import { useCrisisUser } from './common';
import styles from './crisis.module.css';

// The report and check-in forms (with the form library, selects and pickers) load when their dialog
// opens: the student's help card, often the workbench's largest paint, does not wait for them on a
// slow phone (bench/README.md, largest contentful paint).
const DormReportForm = lazy(async () => ({
  default: (await import('./dorm-report-form')).DormReportForm,
}));
// The check-in list (a list with its pagination and selects) only for a student with questions to answer.
const CheckInCard = lazy(async () => ({ default: (await import('./check-in-card')).CheckInCard }));

/**
 * The crisis part of the workbench (`/wel/index`; docs/crisis.md 12): the network's figures (signals
 * waiting for the viewer, overdue, open, due follow-ups, orders, approvals, own reports; S1.7.26), the
 * class member's report button, the student's help button with the hotlines, the student's check-in
 * questions and the dormitory leader's report. Each part shows only to whom it concerns.
 */
export function CrisisWorkbenchCards() {
  const { view, can, isLoaded } = useCrisisUser();
  const reports = can('crisis_report');
  const inNetwork = view.seesRecords || view.seesKeyPersons || reports;
  const dormitories = useMyDormitories(isLoaded);
  const journals = useMyJournals(isLoaded && view.isStudent);
  if (!isLoaded) return null;
  return (
    <>
      {view.isStudent && <HelpCard />}
      {inNetwork && <NetworkCard />}
      {(dormitories.data?.length ?? 0) > 0 && <DormitoryCard />}
      {view.isStudent && (journals.data?.records.length ?? 0) > 0 && (
        <Suspense fallback={null}>
          <CheckInCard />
        </Suspense>
      )}
    </>
  );
}

/** A figure that opens the page it counts (when the viewer has that page). */
function Figure({
  label,
  value,
  to,
  testId,
  isAlarm = false,
}: {
  label: string;
  value: number | undefined;
  to: string | null;
  testId: string;
  isAlarm?: boolean;
}) {
  const navigate = useNavigate();
  const body: ReactNode = (
    <>
      <span className={`${styles.figureValue} ${isAlarm && (value ?? 0) > 0 ? styles.urgent : ''}`}>
        {value ?? '—'}
      </span>
      <span>{label}</span>
    </>
  );
  return to ? (
    <button type="button" className={styles.figure} data-testid={testId} onClick={() => void navigate(to)}>
      {body}
    </button>
  ) : (
    <div className={styles.figure} data-testid={testId}>
      {body}
    </div>
  );
}

function NetworkCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { view, can } = useCrisisUser();
  const figures = useCrisisWorkbench(true);
  const pending = usePendingCounts(true);
  const unread = useUnreadMessageCount().data;
  const last = useRef<string | undefined>(undefined);
  const { refetch } = figures;
  // A pushed message (a new or escalated signal, an order) moves the figures: ask again at once.
  useEffect(() => {
    const key = JSON.stringify(unread ?? null);
    if (last.current !== undefined && last.current !== key) void refetch();
    last.current = key;
  }, [unread, refetch]);
  const data = figures.data;
  const path = (key: PermissionKey, to: string) => (can(key) ? to : null);
  return (
    <Card
      variant="borderless"
      title={<h2 className={styles.cardTitle}>{t('crisis.workbench.title')}</h2>}
      extra={
        can('crisis_report') ? (
          <Button type="primary" onClick={() => void navigate('/crisisInfoUpdate_info/index?tab=report')}>
            {t('crisis.workbench.report')}
          </Button>
        ) : undefined
      }
      data-testid="crisis-workbench"
    >
      <div className={styles.cards}>
        {(view.seesRecords || view.seesKeyPersons) && (
          <>
            <Figure
              testId="crisis-figure-unacknowledged"
              label={t('crisis.workbench.unacknowledged')}
              value={data?.unacknowledged}
              to={path('crisis_board', '/crisis/board/index')}
              isAlarm
            />
            <Figure
              testId="crisis-figure-overdue"
              label={t('crisis.workbench.overdue')}
              value={data?.overdue}
              to={path('crisis_board', '/crisis/board/index')}
              isAlarm
            />
            <Figure
              testId="crisis-figure-open"
              label={t('crisis.workbench.openSignals')}
              value={data?.openSignals}
              to={path('crisis_board', '/crisis/board/index')}
            />
            <Figure
              testId="crisis-figure-due"
              label={t('crisis.workbench.dueFollowUps')}
              value={data?.dueFollowUps}
              to={path('focus_followup', '/focusonFollowUpVisit/followInfo')}
            />
            <Figure
              testId="crisis-figure-orders"
              label={t('crisis.workbench.interventions')}
              value={data?.interventions}
              to={'/focusonInterReceiptInfo/intervenInfo'}
            />
            <Figure
              testId="crisis-figure-approvals"
              label={t('crisis.workbench.approvals')}
              value={data?.approvals}
              to={'/examine_info'}
            />
            {(pending.emphasis.data?.reportsToAudit ?? 0) > 0 && (
              <Figure
                testId="crisis-figure-audit"
                label={t('crisis.workbench.reportsToAudit')}
                value={pending.emphasis.data?.reportsToAudit}
                to={path('focus_audit', '/auditCaseInfo')}
              />
            )}
          </>
        )}
        {can('crisis_report') && (
          <Figure
            testId="crisis-figure-my-reports"
            label={t('crisis.workbench.myReports')}
            value={data?.myReports}
            to="/crisisInfoUpdate_info/index?tab=mine"
          />
        )}
      </div>
    </Card>
  );
}

/**
 * The student's help button: the school's hotlines are shown at once, before anything is sent; one tap
 * (confirmed) tells the student's network, and a second tap within 10 minutes answers the same request.
 */
function HelpCard() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const hotlines = useHotlines();
  const help = useSelfHelp();
  const [sent, setSent] = useState<{ repeated: boolean } | null>(null);
  if (hotlines.data && !hotlines.data.enabled) return null;
  const ask = () =>
    modal.confirm({
      title: t('crisis.help.confirmTitle'),
      content: t('crisis.help.confirmText'),
      okText: t('crisis.help.confirmOk'),
      onOk: () =>
        help.mutateAsync(undefined).then(
          (answer) => setSent({ repeated: answer.repeated }),
          (error: unknown) =>
            showToast('error', isApiError(error) ? error.message : t('adminKit.saveFailed')),
        ),
    });
  return (
    <Card
      variant="borderless"
      title={<h2 className={styles.cardTitle}>{t('crisis.help.title')}</h2>}
      data-testid="crisis-help"
    >
      <Typography.Paragraph>{t('crisis.help.intro')}</Typography.Paragraph>
      <ul className={styles.hotlines} aria-label={t('crisis.help.hotlines')}>
        {(hotlines.data?.hotlines ?? []).map((line) => (
          <li key={line.phone}>
            <PhoneOutlined /> {seededName(line.name, currentLanguage())}:{' '}
            <a href={`tel:${line.phone.replace(/[^0-9+]/g, '')}`}>
              <strong>{line.phone}</strong>
            </a>
          </li>
        ))}
      </ul>
      {sent ? (
        <Alert
          type="success"
          showIcon
          style={{ marginTop: 12 }}
          title={sent.repeated ? t('crisis.help.repeated') : t('crisis.help.sent')}
          description={t('crisis.help.sentHint')}
          data-testid="crisis-help-sent"
        />
      ) : (
        <Button
          type="primary"
          danger
          size="large"
          className={styles.helpButton}
          loading={help.isPending}
          onClick={ask}
          style={{ marginTop: 12 }}
        >
          {t('crisis.help.button')}
        </Button>
      )}
    </Card>
  );
}

function DormitoryCard() {
  const { t } = useTranslation();
  const dormitories = useMyDormitories().data ?? [];
  const [open, setOpen] = useState(false);
  return (
    <Card
      variant="borderless"
      title={<h2 className={styles.cardTitle}>{t('crisis.dorm.cardTitle')}</h2>}
      data-testid="crisis-dorm-card"
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          {t('crisis.dorm.cardIntro', {
            names: dormitories
              .map((d) => seededName(d.name, currentLanguage()))
              .join(currentLanguage() === 'en-US' ? ', ' : '、'),
          })}
        </Typography.Text>
        <Button type="primary" onClick={() => setOpen(true)}>
          {t('crisis.dorm.write')}
        </Button>
      </Flex>
      {open && (
        <Modal
          open
          footer={null}
          title={t('crisis.dorm.cardTitle')}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <Suspense fallback={null}>
            <DormReportForm dormitories={dormitories} onDone={() => setOpen(false)} />
          </Suspense>
        </Modal>
      )}
    </Card>
  );
}
