import { Button, Card, List, Modal } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyJournals } from '../api/focus';
import styles from './crisis.module.css';

const JournalAnswerForm = lazy(async () => ({
  default: (await import('./journal-answer-form')).JournalAnswerForm,
}));

/** The student's check-in questions on the workbench (docs/crisis.md 12), each answered in a dialog. */
export function CheckInCard() {
  const { t } = useTranslation();
  const journals = useMyJournals().data?.records ?? [];
  const [answering, setAnswering] = useState<number | null>(null);
  return (
    <Card
      variant="borderless"
      title={<h2 className={styles.cardTitle}>{t('crisis.journal.checkInTitle')}</h2>}
      data-testid="crisis-check-in"
    >
      <List
        dataSource={journals}
        renderItem={(journal) => (
          <List.Item
            actions={[
              <Button key="a" onClick={() => setAnswering(journal.id)}>
                {t('crisis.journal.answer')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={journal.title}
              description={t('crisis.journal.from', { name: journal.owner.realName })}
            />
          </List.Item>
        )}
      />
      {answering !== null && (
        <Modal
          open
          footer={null}
          title={t('crisis.journal.checkInTitle')}
          onCancel={() => setAnswering(null)}
          destroyOnHidden
        >
          <Suspense fallback={null}>
            <JournalAnswerForm journalId={answering} onDone={() => setAnswering(null)} />
          </Suspense>
        </Modal>
      )}
    </Card>
  );
}
