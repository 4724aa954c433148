import { Alert, Button, Form, Input, Radio, Select, Spin, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { showServerErrors } from '../../../shared/admin/form-dialog';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { shownName } from '../../../shared/lib/seeded-names';
import { showToast } from '../../../shared/ui/feedback';
import { useMyDormitories } from '../api/crisis';
import {
  useDormReports,
  useSaveTalk,
  useTalkDetail,
  useTalks,
  type DormReport,
  type Talk,
} from '../api/focus';
import { trackDateBounds } from '../lib/forms';
import { enumOptions } from '../lib/labels';
import { CodeTag, Facts, StudentCell, useIdParam, When } from './common';
import { DormReportForm } from './dorm-report-form';
import { useSettingOptions } from './record-dialogs';
import { StudentSelect } from './student-select';
import styles from './crisis.module.css';

/** `/heartTalkReportManageInfo`: heart-to-heart talk reports in reach (or by the viewer), newest first. */
export function TalksPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAdminList<{ finding?: number | undefined }>({});
  const talks = useTalks(list.query);
  const columns: AdminColumn<Talk>[] = [
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, tk) => <StudentCell student={tk.student} />,
    },
    { key: 'date', title: t('crisis.talk.date'), dataIndex: 'talkDate' },
    { key: 'author', title: t('crisis.talk.author'), render: (_: unknown, tk) => tk.author.realName },
    {
      key: 'finding',
      title: t('crisis.talk.finding'),
      render: (_: unknown, tk) => <CodeTag set="finding" value={tk.finding} />,
    },
    {
      key: 'topics',
      title: t('crisis.talk.topics'),
      responsive: ['md'],
      render: (_: unknown, tk) => tk.topics.map((topic) => <Tag key={topic.id}>{topic.name}</Tag>),
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, tk) => (
        <RowButton
          label={t('crisis.records.open')}
          ariaLabel={`${t('crisis.records.open')} ${tk.student.realName}`}
          onClick={() => void navigate(`/heartTalkReportInfo?id=${tk.id}`)}
        />
      ),
    },
  ];
  return (
    <AdminPage
      title={t('crisis.talk.title')}
      extra={
        <Button type="primary" onClick={() => void navigate('/heartTalkReportInfo')}>
          {t('crisis.talk.add')}
        </Button>
      }
    >
      <AdminTable<Talk>
        rowKey="id"
        columns={columns}
        query={talks}
        list={list}
        columnSettingsId="crisis-talks"
        scrollX={720}
        toolbar={
          <div className={styles.toolbar}>
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.talk.finding')}
              value={list.filter.finding ?? 'all'}
              options={[{ value: 'all', label: t('crisis.talk.allFindings') }, ...enumOptions(t, 'finding')]}
              onChange={(value) => list.refine({ finding: value === 'all' ? undefined : value })}
            />
          </div>
        }
      />
    </AdminPage>
  );
}

/**
 * `/heartTalkReportInfo`: a talk report (`?id=`), or a new one: date (trackDate rule), topics, content
 * and the finding; a risk finding raises a signal to the student's network.
 */
export function TalkReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const detail = useTalkDetail(id);
  const save = useSaveTalk();
  const topics = useSettingOptions(5);
  const bounds = trackDateBounds();
  const [form] = Form.useForm<{
    studentId: number;
    talkDate: string;
    topicIds?: number[];
    content: string;
    finding: number;
  }>();
  if (id) {
    const tk = detail.data;
    if (detail.isPending) return <Spin />;
    if (!tk) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
    return (
      <AdminPage title={t('crisis.talk.detailTitle', { name: tk.student.realName })}>
        <Facts
          items={[
            [t('crisis.fields.student'), <StudentCell key="s" student={tk.student} />],
            [t('crisis.talk.date'), tk.talkDate],
            [t('crisis.talk.author'), tk.author.realName],
            [t('crisis.talk.finding'), <CodeTag key="f" set="finding" value={tk.finding} />],
            [t('crisis.talk.topics'), tk.topics.map((topic) => topic.name).join('、')],
            [t('crisis.talk.record'), tk.recordId ? `#${tk.recordId}` : null],
            [t('crisis.fields.reportedAt'), <When key="c" value={tk.createTime} />],
          ]}
        />
        <Typography.Paragraph className={styles.pre}>{tk.content}</Typography.Paragraph>
      </AdminPage>
    );
  }
  return (
    <AdminPage title={t('crisis.talk.add')}>
      <Form
        form={form}
        name="crisis-talk"
        layout="vertical"
        className={styles.phoneForm}
        initialValues={{ talkDate: bounds.max, finding: 1 }}
        onFinish={(values) =>
          void save
            .mutateAsync({
              studentId: values.studentId,
              talkDate: values.talkDate,
              topicIds: values.topicIds ?? [],
              content: values.content.trim(),
              finding: values.finding,
            })
            .then(
              (talk) => {
                showToast('success', talk.recordId ? t('crisis.talk.savedRisk') : t('adminKit.saved'));
                void navigate(`/heartTalkReportInfo?id=${talk.id}`, { replace: true });
              },
              (error: unknown) =>
                showServerErrors(form, error, ['studentId', 'talkDate', 'topicIds', 'content', 'finding'], {
                  fallback: t('adminKit.saveFailed'),
                }),
            )
        }
      >
        <Form.Item name="studentId" label={t('crisis.fields.student')} rules={[{ required: true }]}>
          <StudentSelect />
        </Form.Item>
        <Form.Item name="talkDate" label={t('crisis.talk.date')} rules={[{ required: true }]}>
          <Input type="date" min={bounds.min} max={bounds.max} />
        </Form.Item>
        {topics.length > 0 && (
          <Form.Item name="topicIds" label={t('crisis.talk.topics')}>
            <Select mode="multiple" options={topics} />
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label={t('crisis.fields.content')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input.TextArea rows={5} maxLength={500} showCount />
        </Form.Item>
        <Form.Item
          name="finding"
          label={t('crisis.talk.finding')}
          rules={[{ required: true }]}
          extra={t('crisis.talk.riskHint')}
        >
          <Radio.Group options={enumOptions(t, 'finding')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('crisis.talk.submit')}
        </Button>
      </Form>
    </AdminPage>
  );
}

/**
 * `/dormitoryLeaderReportInfo`: dormitory leader reports (a leader's own; advisors' and heads' in reach);
 * a leader who holds this menu writes the day's report here too.
 */
export function DormReportsPage() {
  const { t } = useTranslation();
  const list = useAdminList<object>({});
  const reports = useDormReports(list.query);
  const mine = useMyDormitories();
  const columns: AdminColumn<DormReport>[] = [
    {
      key: 'dorm',
      title: t('crisis.dorm.dormitory'),
      alwaysShown: true,
      render: (_: unknown, r) => shownName(r.dormitory.name),
    },
    { key: 'date', title: t('crisis.dorm.reportDate'), dataIndex: 'reportDate' },
    { key: 'leader', title: t('crisis.dorm.leader'), render: (_: unknown, r) => r.leader.realName },
    {
      key: 'items',
      title: t('crisis.dorm.items'),
      render: (_: unknown, r) =>
        r.nothingAbnormal ? (
          <Tag>{t('crisis.dorm.nothingAbnormal')}</Tag>
        ) : (
          r.items.map((item) => (
            <div key={item.student.id}>
              {item.student.realName}: {item.note}{' '}
              {item.risk && <Tag color="red">{t('crisis.dorm.risk')}</Tag>}
            </div>
          ))
        ),
    },
  ];
  const table = (
    <AdminTable<DormReport>
      rowKey="id"
      columns={columns}
      query={reports}
      list={list}
      columnSettingsId="crisis-dorm-reports"
      scrollX={640}
    />
  );
  return (
    <AdminPage title={t('crisis.dorm.title')}>
      {(mine.data?.length ?? 0) > 0 ? (
        <Tabs
          items={[
            {
              key: 'write',
              label: t('crisis.dorm.write'),
              children: <DormReportForm dormitories={mine.data ?? []} />,
            },
            { key: 'list', label: t('crisis.dorm.list'), children: table },
          ]}
        />
      ) : (
        table
      )}
    </AdminPage>
  );
}
