import { Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDualIdentity } from '../api/appointments';
import { CounsellorView } from './counsellor-view';
import { VisitorView } from './visitor-view';
import styles from './appointments.module.css';

/**
 * `/appointment/mine/index` (spec S1.2 "Counselling and appointments"): a student's booking and "my
 * appointments" on a phone; for a counsellor (interviewer, assessor) their calendar and sessions.
 */
export function MinePage() {
  const { t } = useTranslation();
  const identity = useDualIdentity();
  return (
    <Card
      variant="borderless"
      className={styles.page}
      title={<h1 className={styles.title}>{t('appointments.title')}</h1>}
    >
      {identity.isLoading ? (
        <Spin />
      ) : identity.data?.counsellor ? (
        <CounsellorView isVisitorToo={identity.data.visitor} />
      ) : (
        <VisitorView />
      )}
    </Card>
  );
}
