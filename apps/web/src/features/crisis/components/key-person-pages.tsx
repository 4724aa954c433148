import { Alert, Button, Form, Input, Select, Spin, Table, Tabs, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { SearchBox } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import type { RecordRow } from '../api/crisis';
import {
  useDueFollowUps,
  useFocusPersonDetail,
  useFocusPersons,
  useOpenJournal,
  useReleaseFocusPerson,
  useSaveFocusPerson,
  type FocusPerson,
  type FocusPersonDetail,
} from '../api/focus';
import { enumOptions } from '../lib/labels';
import { CodeTag, Facts, NoData, StudentCell, useCrisisUser, useIdParam, useLabel, When } from './common';
import { FollowUpDialog, InterventionDialog, useSettingOptions } from './record-dialogs';
import { FollowUpList, InterventionList } from './record-sections';
import { StudentSelect } from './student-select';
import styles from './crisis.module.css';

const RecordDrawer = lazy(async () => ({ default: (await import('./record-drawer')).RecordDrawer }));

interface PersonFilter {
  studentName?: string | undefined;
  level?: number | undefined;
  status?: number | undefined;
}

function usePersonColumns(actions: (p: FocusPerson) => React.ReactNode): AdminColumn<FocusPerson>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, p) => <StudentCell student={p.student} />,
    },
    {
      key: 'level',
      title: t('crisis.focus.level'),
      render: (_: unknown, p) => <CodeTag set="collegeLevel" value={p.level} />,
    },
    {
      key: 'categories',
      title: t('crisis.focus.categories'),
      responsive: ['md'],
      render: (_: unknown, p) => p.categories.map((c) => <Tag key={c.id}>{c.name}</Tag>),
    },
    {
      key: 'nextDue',
      title: t('crisis.focus.nextDue'),
      render: (_: unknown, p) =>
        p.nextDue ? <span className={p.overdue ? styles.urgent : undefined}>{p.nextDue}</span> : '—',
    },
    {
      key: 'last',
      title: t('crisis.focus.lastTrackDate'),
      responsive: ['lg'],
      render: (_: unknown, p) => p.lastTrackDate ?? '—',
    },
    {
      key: 'status',
      title: t('crisis.fields.status'),
      responsive: ['md'],
      render: (_: unknown, p) => <CodeTag set="focusStatus" value={p.status} />,
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, p) => actions(p),
    },
  ];
}

/** `/focusperson/index`: the key persons in reach by next follow-up due date; one opens `/focusCase_info`. */
export function KeyPersonsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useCrisisUser();
  const list = useAdminList<PersonFilter>({});
  const persons = useFocusPersons(list.query);
  const [adding, setAdding] = useState(false);
  const columns = usePersonColumns((p) => (
    <RowButton
      label={t('crisis.records.open')}
      ariaLabel={`${t('crisis.records.open')} ${p.student.realName}`}
      testId={`crisis-focus-open-${p.id}`}
      onClick={() => void navigate(`/focusCase_info?id=${p.id}`)}
    />
  ));
  return (
    <AdminPage
      title={t('crisis.focus.title')}
      extra={
        can('focus_person_edit') ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('crisis.focus.add')}
          </Button>
        ) : undefined
      }
    >
      <AdminTable<FocusPerson>
        rowKey="id"
        columns={columns}
        query={persons}
        list={list}
        columnSettingsId="crisis-key-persons"
        scrollX={760}
        toolbar={
          <div className={styles.toolbar}>
            <SearchBox
              className={styles.search}
              placeholder={t('crisis.records.search')}
              onSearch={(text) => list.refine({ studentName: text || undefined })}
            />
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.focus.level')}
              value={list.filter.level ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.focus.allLevels') },
                ...enumOptions(t, 'collegeLevel').filter((o) => o.value <= 3),
              ]}
              onChange={(value) => list.refine({ level: value === 'all' ? undefined : value })}
            />
            <Select<number>
              className={styles.filter}
              aria-label={t('crisis.fields.status')}
              value={list.filter.status ?? 1}
              options={enumOptions(t, 'focusStatus')}
              onChange={(value) => list.refine({ status: value })}
            />
          </div>
        }
      />
      {adding && <FocusPersonDialog onClose={() => setAdding(false)} />}
    </AdminPage>
  );
}

/** Makes a student a key person, or changes one's categories, level and note. */
function FocusPersonDialog({ person, onClose }: { person?: FocusPersonDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFocusPerson();
  const categories = useSettingOptions(4);
  const sources = useSettingOptions(1);
  return (
    <FormDialog<{
      studentId?: number;
      categoryIds: number[];
      level: 1 | 2 | 3;
      reportSourceId?: number;
      note?: string;
    }>
      title={person ? t('crisis.focus.edit') : t('crisis.focus.add')}
      name="crisis-focus-person"
      initialValues={
        person
          ? {
              categoryIds: person.categories.map((c) => c.id),
              level: person.level as 1 | 2 | 3,
              reportSourceId: person.reportSource?.id,
              note: person.note ?? undefined,
            }
          : { level: 3 }
      }
      serverFields={['studentId', 'categoryIds', 'level', 'reportSourceId', 'note']}
      onSubmit={(values) =>
        save.mutateAsync({
          ...(person ? { id: person.id } : { studentId: values.studentId }),
          categoryIds: values.categoryIds,
          level: values.level,
          ...(values.reportSourceId ? { reportSourceId: values.reportSourceId } : {}),
          ...(values.note?.trim() ? { note: values.note.trim() } : {}),
        })
      }
      onClose={onClose}
    >
      {!person && (
        <Form.Item name="studentId" label={t('crisis.fields.student')} rules={[{ required: true }]}>
          <StudentSelect />
        </Form.Item>
      )}
      <Form.Item name="categoryIds" label={t('crisis.focus.categories')} rules={[{ required: true }]}>
        <Select mode="multiple" options={categories} />
      </Form.Item>
      <Form.Item name="level" label={t('crisis.focus.level')} rules={[{ required: true }]}>
        <Select options={enumOptions(t, 'collegeLevel').filter((o) => o.value <= 3)} />
      </Form.Item>
      <Form.Item name="reportSourceId" label={t('crisis.focus.reportSource')}>
        <Select options={sources} allowClear />
      </Form.Item>
      <Form.Item name="note" label={t('crisis.fields.note')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

type CaseDialog = 'edit' | 'release' | 'followUp' | 'intervention' | 'journal' | null;

/** `/focusCase_info?id=`: a key person's page: plan, follow-ups, orders, talks, crisis records. */
export function FocusCasePage() {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const id = useIdParam();
  const detail = useFocusPersonDetail(id);
  const { can, view } = useCrisisUser();
  const [dialog, setDialog] = useState<CaseDialog>(null);
  const [recordId, setRecordId] = useState<number | null>(null);
  const release = useReleaseFocusPerson();
  const openJournal = useOpenJournal({ silent: false });
  const p = detail.data;
  if (!id) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!p) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  const active = p.status === 1;
  const works = view.worksRecords;
  return (
    <AdminPage title={t('crisis.focus.caseTitle', { name: p.student.realName })}>
      <Facts
        items={[
          [t('crisis.fields.student'), <StudentCell key="s" student={p.student} />],
          [t('crisis.fields.status'), <CodeTag key="st" set="focusStatus" value={p.status} />],
          [t('crisis.focus.level'), <CodeTag key="l" set="collegeLevel" value={p.level} />],
          [t('crisis.fields.flag'), <CodeTag key="f" set="flag" value={p.warningFlag} />],
          [t('crisis.focus.categories'), p.categories.map((c) => c.name).join('、')],
          [t('crisis.focus.reportSource'), p.reportSource?.name],
          [t('crisis.focus.since'), p.since],
          [
            t('crisis.focus.nextDue'),
            p.nextDue ? (
              <span key="d" className={p.overdue ? styles.urgent : undefined}>
                {p.nextDue}
              </span>
            ) : null,
          ],
          [t('crisis.focus.lastTrackDate'), p.lastTrackDate],
          [t('crisis.fields.note'), p.note],
          ...(p.status === 2
            ? ([[t('crisis.focus.releaseReason'), p.releaseReason]] as [string, string | null][])
            : []),
        ]}
      />
      <div className={styles.actions}>
        {active && works && (
          <Button type="primary" onClick={() => setDialog('followUp')}>
            {t('crisis.record.newFollowUp')}
          </Button>
        )}
        {active && works && (can('focus_intervention') || can('crisis_intervention')) && (
          <Button onClick={() => setDialog('intervention')}>{t('crisis.record.newOrder')}</Button>
        )}
        {active && works && can('focus_journal') && (
          <Button
            loading={openJournal.isPending}
            onClick={() =>
              void openJournal
                .mutateAsync({ studentId: p.student.id, focusId: p.id })
                .then((j) => navigate(`/openFollowDetail?id=${j.id}`))
                // The request layer has shown the server's refusal; the page stays as it was.
                .catch(() => undefined)
            }
          >
            {t('crisis.journal.open')}
          </Button>
        )}
        {active && can('focus_person_edit') && (
          <Button onClick={() => setDialog('edit')}>{t('crisis.focus.edit')}</Button>
        )}
        {active && can('focus_person_edit') && (
          <Button danger onClick={() => setDialog('release')}>
            {t('crisis.focus.release')}
          </Button>
        )}
      </div>
      <Tabs
        items={[
          {
            key: 'followUps',
            label: t('crisis.record.tabs.followUps'),
            children: <FollowUpList subject={{ focusId: p.id }} />,
          },
          {
            key: 'interventions',
            label: t('crisis.record.tabs.interventions'),
            children: <InterventionList subject={{ focusId: p.id }} />,
          },
          {
            key: 'talks',
            label: t('crisis.talk.title'),
            children: (
              <Table
                size="small"
                rowKey="id"
                dataSource={p.talks}
                pagination={false}
                locale={{ emptyText: <NoData /> }}
                columns={[
                  { key: 'date', title: t('crisis.talk.date'), dataIndex: 'talkDate' },
                  { key: 'author', title: t('crisis.talk.author'), render: (_, tk) => tk.author.realName },
                  {
                    key: 'finding',
                    title: t('crisis.talk.finding'),
                    render: (_, tk) => <CodeTag set="finding" value={tk.finding} />,
                  },
                  { key: 'content', title: t('crisis.fields.content'), dataIndex: 'content' },
                ]}
              />
            ),
          },
          {
            key: 'records',
            label: t('crisis.warning.records'),
            children: (
              <Table<RecordRow>
                size="small"
                rowKey="id"
                dataSource={p.records}
                pagination={false}
                locale={{ emptyText: <NoData /> }}
                columns={[
                  { key: 'id', title: t('crisis.fields.id'), dataIndex: 'id' },
                  {
                    key: 'source',
                    title: t('crisis.fields.source'),
                    render: (_, r) => label('source', r.source),
                  },
                  {
                    key: 'status',
                    title: t('crisis.fields.status'),
                    render: (_, r) => <CodeTag set="status" value={r.status} />,
                  },
                  {
                    key: 'time',
                    title: t('crisis.fields.reportedAt'),
                    render: (_, r) => <When value={r.createTime} />,
                  },
                  {
                    key: 'open',
                    title: t('crisis.fields.actions'),
                    render: (_, r) => (
                      <RowButton label={t('crisis.records.open')} onClick={() => setRecordId(r.id)} />
                    ),
                  },
                ]}
              />
            ),
          },
        ]}
      />
      {dialog === 'edit' && <FocusPersonDialog person={p} onClose={() => setDialog(null)} />}
      {dialog === 'followUp' && (
        <FollowUpDialog subject={{ focusId: p.id }} onClose={() => setDialog(null)} />
      )}
      {dialog === 'intervention' && (
        <InterventionDialog
          subject={{ focusId: p.id }}
          studentId={p.student.id}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'release' && (
        <FormDialog<{ reason: string }>
          title={t('crisis.focus.releaseTitle', { name: p.student.realName })}
          name="crisis-focus-release"
          serverFields={['reason']}
          successText={(result) =>
            (result as { approvalId?: number | null }).approvalId
              ? t('crisis.record.sentForApproval')
              : t('adminKit.saved')
          }
          onSubmit={(values) => release.mutateAsync({ id: p.id, reason: values.reason.trim() })}
          onClose={() => setDialog(null)}
        >
          <Form.Item
            name="reason"
            label={t('crisis.fields.reason')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={3} maxLength={200} />
          </Form.Item>
        </FormDialog>
      )}
      {recordId !== null && (
        <Suspense fallback={null}>
          <RecordDrawer id={recordId} onClose={() => setRecordId(null)} />
        </Suspense>
      )}
    </AdminPage>
  );
}

/**
 * `/focusonFollowUpVisit/followInfo`: key persons whose follow-up is due (most overdue first), each
 * answered here with a follow-up (S1.5.10), and the follow-ups made in reach.
 */
export function FollowUpsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAdminList<{ level?: number | undefined }>({});
  const due = useDueFollowUps(list.query);
  const [followUp, setFollowUp] = useState<number | null>(null);
  const { view } = useCrisisUser();
  const columns = usePersonColumns((p) => (
    <>
      {view.worksRecords && (
        <RowButton
          label={t('crisis.record.newFollowUp')}
          ariaLabel={`${t('crisis.record.newFollowUp')} ${p.student.realName}`}
          testId={`crisis-followup-add-${p.id}`}
          onClick={() => setFollowUp(p.id)}
        />
      )}
      <RowButton label={t('crisis.focus.open')} onClick={() => void navigate(`/focusCase_info?id=${p.id}`)} />
    </>
  ));
  return (
    <AdminPage title={t('crisis.followUp.title')}>
      <Tabs
        items={[
          {
            key: 'due',
            label: t('crisis.followUp.due'),
            children: (
              <AdminTable<FocusPerson>
                rowKey="id"
                columns={columns}
                query={due}
                list={list}
                columnSettingsId="crisis-followups-due"
                scrollX={760}
                emptyText={t('crisis.followUp.noneDue')}
              />
            ),
          },
          { key: 'all', label: t('crisis.followUp.all'), children: <FollowUpList /> },
        ]}
      />
      {followUp !== null && (
        <FollowUpDialog subject={{ focusId: followUp }} onClose={() => setFollowUp(null)} />
      )}
    </AdminPage>
  );
}
