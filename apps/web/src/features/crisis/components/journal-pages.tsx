import { Alert, Button, Card, Form, Input, List, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog, showServerErrors } from '../../../shared/admin/form-dialog';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { showToast } from '../../../shared/ui/feedback';
import {
  useJournalDetail,
  useJournalEntry,
  useJournals,
  useJournalStatistics,
  useJournalTransition,
  useMyJournals,
  useOpenJournal,
  type Journal,
} from '../api/focus';
import { optionalText, trackDateBounds } from '../lib/forms';
import { CodeTag, Facts, NoData, StudentCell, useIdParam, useLabel, When } from './common';
import { JournalAnswerForm } from './journal-answer-form';
import { StudentSelect } from './student-select';
import styles from './crisis.module.css';

/** `/focusperson/journal/index`: follow-up journals in reach or owned; a new one for a student. */
export function JournalsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAdminList<object>({});
  const journals = useJournals(list.query);
  const open = useOpenJournal();
  const [adding, setAdding] = useState(false);
  const columns: AdminColumn<Journal>[] = [
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, j) => <StudentCell student={j.student} />,
    },
    { key: 'title', title: t('crisis.journal.titleField'), dataIndex: 'title' },
    { key: 'owner', title: t('crisis.journal.owner'), render: (_: unknown, j) => j.owner.realName },
    {
      key: 'status',
      title: t('crisis.fields.status'),
      render: (_: unknown, j) => <CodeTag set="journalStatus" value={j.status} />,
    },
    { key: 'entries', title: t('crisis.journal.entries'), responsive: ['md'], dataIndex: 'entries' },
    { key: 'feedbacks', title: t('crisis.journal.answers'), responsive: ['md'], dataIndex: 'feedbacks' },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, j) => (
        <>
          <RowButton
            label={t('crisis.records.open')}
            ariaLabel={`${t('crisis.records.open')} ${j.title}`}
            onClick={() => void navigate(`/openFollowDetail?id=${j.id}`)}
          />
          <RowButton
            label={t('crisis.journal.answers')}
            onClick={() => void navigate(`/feedbackDetail?id=${j.id}`)}
          />
        </>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('crisis.journal.title')}
      extra={
        <Space>
          <Button onClick={() => void navigate('/feedbackStatistics')}>
            {t('crisis.journal.statistics')}
          </Button>
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('crisis.journal.open')}
          </Button>
        </Space>
      }
    >
      <AdminTable<Journal>
        rowKey="id"
        columns={columns}
        query={journals}
        list={list}
        columnSettingsId="crisis-journals"
        scrollX={720}
      />
      {adding && (
        <FormDialog<{ studentId: number; title?: string }>
          title={t('crisis.journal.open')}
          name="crisis-journal-open"
          serverFields={['studentId', 'title']}
          onSubmit={(values) =>
            open.mutateAsync({
              studentId: values.studentId,
              ...(optionalText(values.title) ? { title: optionalText(values.title) } : {}),
            })
          }
          onSaved={(result) => void navigate(`/openFollowDetail?id=${(result as Journal).id}`)}
          onClose={() => setAdding(false)}
        >
          <Form.Item name="studentId" label={t('crisis.fields.student')} rules={[{ required: true }]}>
            <StudentSelect />
          </Form.Item>
          <Form.Item name="title" label={t('crisis.journal.titleField')}>
            <Input maxLength={100} />
          </Form.Item>
        </FormDialog>
      )}
    </AdminPage>
  );
}

/** `/openFollowDetail?id=`: a journal with its staff entries and the student's answers. */
export function JournalDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const detail = useJournalDetail(id);
  const move = useJournalTransition();
  const j = detail.data;
  if (!id) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!j) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  return (
    <AdminPage title={j.title}>
      <Facts
        items={[
          [t('crisis.fields.student'), <StudentCell key="s" student={j.student} />],
          [t('crisis.journal.owner'), j.owner.realName],
          [t('crisis.fields.status'), <CodeTag key="st" set="journalStatus" value={j.status} />],
          [t('crisis.journal.lastAnswer'), <When key="l" value={j.lastFeedbackAt} />],
        ]}
      />
      <div className={styles.actions}>
        {j.status === 1 && (
          <Button type="primary" onClick={() => void navigate(`/writeJournal?id=${j.id}`)}>
            {t('crisis.journal.write')}
          </Button>
        )}
        <Button onClick={() => void navigate(`/feedbackDetail?id=${j.id}`)}>
          {t('crisis.journal.answers')}
        </Button>
        <Button
          loading={move.isPending}
          onClick={() =>
            void move
              .mutateAsync({ id: j.id, action: j.status === 1 ? 'close' : 'reopen' })
              // The request layer has shown the server's refusal.
              .catch(() => undefined)
          }
        >
          {j.status === 1 ? t('crisis.journal.close') : t('crisis.journal.reopen')}
        </Button>
      </div>
      <List
        header={<Typography.Text strong>{t('crisis.journal.entries')}</Typography.Text>}
        dataSource={j.entryList}
        locale={{ emptyText: <NoData /> }}
        renderItem={(e) => (
          <List.Item>
            <Space direction="vertical" size={2}>
              <Typography.Text type="secondary">
                {e.entryDate} · {e.author.realName}
              </Typography.Text>
              <Typography.Text className={styles.pre}>{e.content}</Typography.Text>
            </Space>
          </List.Item>
        )}
      />
    </AdminPage>
  );
}

/** `/writeJournal?id=`: a staff entry in a journal (its date follows the trackDate rule). */
export function WriteJournalPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const detail = useJournalDetail(id);
  const write = useJournalEntry();
  const bounds = trackDateBounds();
  const [form] = Form.useForm<{ entryDate: string; content: string }>();
  if (!id) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!detail.data) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  return (
    <AdminPage title={t('crisis.journal.writeTitle', { title: detail.data.title })}>
      <Form
        form={form}
        name="crisis-journal-entry"
        layout="vertical"
        className={styles.phoneForm}
        initialValues={{ entryDate: bounds.max }}
        onFinish={(values) =>
          void write
            .mutateAsync({ journalId: id, entryDate: values.entryDate, content: values.content.trim() })
            .then(
              () => {
                showToast('success', t('adminKit.saved'));
                void navigate(`/openFollowDetail?id=${id}`);
              },
              (error: unknown) =>
                showServerErrors(form, error, ['entryDate', 'content'], {
                  fallback: t('adminKit.saveFailed'),
                }),
            )
        }
      >
        <Form.Item name="entryDate" label={t('crisis.journal.entryDate')} rules={[{ required: true }]}>
          <Input type="date" min={bounds.min} max={bounds.max} />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('crisis.fields.content')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input.TextArea rows={6} maxLength={1000} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={write.isPending}>
          {t('crisis.journal.save')}
        </Button>
      </Form>
    </AdminPage>
  );
}

/** `/answerQuestions`: the student's own open journals, each answered with the check-in questions. */
export function AnswerQuestionsPage() {
  const { t } = useTranslation();
  const journals = useMyJournals();
  const records = journals.data?.records ?? [];
  return (
    <AdminPage title={t('crisis.journal.checkInTitle')}>
      {journals.isPending ? (
        <Spin />
      ) : records.length === 0 ? (
        <NoData text={t('crisis.journal.nothingToAnswer')} />
      ) : (
        records.map((j) => (
          <Card
            key={j.id}
            size="small"
            title={j.title}
            style={{ marginBottom: 12 }}
            className={styles.phoneForm}
          >
            <Typography.Paragraph type="secondary">
              {t('crisis.journal.from', { name: j.owner.realName })}
            </Typography.Paragraph>
            <JournalAnswerForm journalId={j.id} />
          </Card>
        ))
      )}
    </AdminPage>
  );
}

/** `/feedbackDetail?id=`: the student's answers in a journal. */
export function FeedbackDetailPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const id = useIdParam();
  const detail = useJournalDetail(id);
  const j = detail.data;
  if (!id) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!j) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  return (
    <AdminPage title={t('crisis.journal.answersTitle', { name: j.student.realName })}>
      <Table
        rowKey="id"
        dataSource={j.feedbackList}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: <NoData /> }}
        scroll={{ x: 560 }}
        columns={[
          { key: 'time', title: t('crisis.readers.time'), render: (_, f) => <When value={f.createTime} /> },
          { key: 'mood', title: t('crisis.journal.mood'), render: (_, f) => label('mood', f.mood) },
          {
            key: 'help',
            title: t('crisis.journal.needHelp'),
            render: (_, f) =>
              f.needHelp === 1 ? <CodeTag set="finding" value={3} /> : label('needHelp', f.needHelp),
          },
          { key: 'note', title: t('crisis.fields.note'), render: (_, f) => f.note ?? '—' },
          {
            key: 'record',
            title: t('crisis.talk.record'),
            render: (_, f) => (f.recordId ? `#${f.recordId}` : '—'),
          },
        ]}
      />
    </AdminPage>
  );
}

/** `/feedbackStatistics`: answers by mood and help requests by month, in reach. */
export function FeedbackStatisticsPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const stats = useJournalStatistics(range.from, range.to);
  const s = stats.data;
  return (
    <AdminPage title={t('crisis.journal.statistics')}>
      <div className={styles.toolbar} style={{ marginBottom: 12 }}>
        <label>
          {t('crisis.journal.from2')}{' '}
          <Input
            type="date"
            style={{ width: 160 }}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value || undefined }))}
          />
        </label>
        <label>
          {t('crisis.journal.to')}{' '}
          <Input
            type="date"
            style={{ width: 160 }}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value || undefined }))}
          />
        </label>
      </div>
      {stats.isPending ? (
        <Spin />
      ) : !s ? (
        <Alert type="error" title={t('crisis.record.loadFailed')} />
      ) : (
        <>
          <Facts
            items={[
              [t('crisis.journal.answers'), String(s.answers)],
              [t('crisis.journal.helpRequests'), String(s.helpRequests)],
              ...[1, 2, 3, 4, 5].map((m): [string, string] => [
                label('mood', m),
                String(s.moods[String(m)] ?? 0),
              ]),
            ]}
          />
          <Table
            rowKey="month"
            dataSource={s.byMonth}
            pagination={false}
            locale={{ emptyText: <NoData /> }}
            columns={[
              { key: 'month', title: t('crisis.monthly.month'), dataIndex: 'month' },
              { key: 'answers', title: t('crisis.journal.answers'), dataIndex: 'answers' },
              { key: 'help', title: t('crisis.journal.helpRequests'), dataIndex: 'helpRequests' },
            ]}
          />
        </>
      )}
    </AdminPage>
  );
}
