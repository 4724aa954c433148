import { seededName } from '@psy/contracts';
import { Button, Flex, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useMineEngagement, useMineSessions, type MineAppointment } from '../api/mine';
import { When } from './common';
import styles from './cases.module.css';

// Only a visitor with a record to sign needs the signature part: it loads after the sessions.
const RecordsToSign = lazy(async () => ({ default: (await import('./records-to-sign')).RecordsToSign }));
const AgreeDialog = lazy(async () => ({ default: (await import('./agreement-dialogs')).AgreeDialog }));
// The stars and comment of a held session load after the list (route size budget).
const FeedbackForm = lazy(async () => ({ default: (await import('./feedback-form')).FeedbackForm }));

/**
 * `/consult/mine/sessions` (docs/cases.md 13): the visitor's side of case work on a phone (375 px): the
 * consultation agreement before a session, feedback with 1-5 stars after it (S1.7.22, visitorSatisfaction),
 * and the records of their case waiting for their signature (`sign_student` only; none of the notes).
 */
export function MySessionsPage() {
  const { t } = useTranslation();
  const upcoming = useMineSessions({ current: 1, size: 20, status: 'appointment' });
  const held = useMineSessions({ current: 1, size: 20, status: 'complete' });
  const waiting = useMineSessions({ current: 1, size: 20, status: 'success' });
  const heldList = useMemo(
    () => [...(waiting.data?.records ?? []), ...(held.data?.records ?? [])],
    [waiting.data, held.data],
  );
  const ids = useMemo(
    () => [...(upcoming.data?.records ?? []), ...heldList].map((a) => a.id),
    [upcoming.data, heldList],
  );
  const engagement = useMineEngagement(ids);
  const agreed = new Set(engagement.data?.agreed ?? []);
  const feedback = new Set(engagement.data?.feedback ?? []);

  if (upcoming.isPending || held.isPending || waiting.isPending) return <Spin />;
  return (
    <div className={styles.phone}>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {t('cases.mine.title')}
      </Typography.Title>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('cases.mine.upcoming')}
      </Typography.Title>
      {(upcoming.data?.records ?? []).length === 0 ? (
        <Typography.Paragraph type="secondary">{t('cases.mine.noUpcoming')}</Typography.Paragraph>
      ) : (
        (upcoming.data?.records ?? []).map((a) => (
          <SessionCard key={a.id} a={a}>
            {agreed.has(a.id) ? <Tag color="blue">{t('cases.mine.agreed')}</Tag> : <AgreeButton a={a} />}
          </SessionCard>
        ))
      )}
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        {t('cases.mine.held')}
      </Typography.Title>
      {heldList.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('cases.mine.noHeld')}</Typography.Paragraph>
      ) : (
        heldList.map((a) => (
          <SessionCard key={a.id} a={a}>
            {feedback.has(a.id) ? (
              <Tag color="blue">{t('cases.mine.feedbackGiven')}</Tag>
            ) : (
              <Suspense fallback={<Spin size="small" />}>
                <FeedbackForm a={a} />
              </Suspense>
            )}
          </SessionCard>
        ))
      )}
      <Suspense fallback={null}>
        <RecordsToSign />
      </Suspense>
    </div>
  );
}

function SessionCard({ a, children }: { a: MineAppointment; children: React.ReactNode }) {
  return (
    <section className={styles.sessionCard} data-testid="my-session">
      <Flex vertical gap={6}>
        <Typography.Text strong>
          <When value={a.startTime} />
        </Typography.Text>
        <Typography.Text type="secondary">
          {a.counsellorName}
          {a.siteName ? ` · ${seededName(a.siteName, currentLanguage())}` : ''}
        </Typography.Text>
        {children}
      </Flex>
    </section>
  );
}

/** Opens the agreement to read before agreeing (the dialog loads on demand: the page stays light). */
function AgreeButton({ a }: { a: MineAppointment }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" block data-testid="agree" onClick={() => setOpen(true)}>
        {t('cases.mine.agree')}
      </Button>
      {open && (
        <Suspense fallback={<Spin size="small" />}>
          <AgreeDialog a={a} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
