import { Alert, Button, Form, Input, Radio, Select, Spin, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import {
  useAuditFocusReport,
  useFocusReportDetail,
  useFocusReports,
  useSaveFocusReport,
  type FocusReport,
} from '../api/focus';
import { optionalText } from '../lib/forms';
import { enumOptions } from '../lib/labels';
import { CodeTag, Facts, StudentCell, useCrisisUser, useIdParam, useLabel, When } from './common';
import { useSettingOptions } from './record-dialogs';
import { StudentSelect } from './student-select';
import styles from './crisis.module.css';

function useReportColumns(actions: (r: FocusReport) => React.ReactNode): AdminColumn<FocusReport>[] {
  const { t } = useTranslation();
  const label = useLabel();
  return [
    {
      key: 'student',
      title: t('crisis.fields.student'),
      alwaysShown: true,
      render: (_: unknown, r) => <StudentCell student={r.student} />,
    },
    { key: 'kind', title: t('crisis.report2.kind'), render: (_: unknown, r) => label('reportKind', r.kind) },
    {
      key: 'content',
      title: t('crisis.fields.content'),
      render: (_: unknown, r) => (
        <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.content }} style={{ margin: 0 }}>
          {r.content}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'reporter',
      title: t('crisis.fields.reporter'),
      responsive: ['md'],
      render: (_: unknown, r) => r.reporter.realName,
    },
    {
      key: 'status',
      title: t('crisis.fields.status'),
      render: (_: unknown, r) => <CodeTag set="auditStatus" value={r.status} />,
    },
    {
      key: 'time',
      title: t('crisis.fields.reportedAt'),
      responsive: ['md'],
      render: (_: unknown, r) => <When value={r.createTime} />,
    },
    {
      key: 'actions',
      title: t('crisis.fields.actions'),
      alwaysShown: true,
      render: (_: unknown, r) => actions(r),
    },
  ];
}

/**
 * `/focusonInfoUpdateDetails/index`: information updates: proposing a key person or news of one (audited
 * by faculty and above); the viewer's own and those in reach.
 */
export function FocusReportsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useCrisisUser();
  const [box, setBox] = useState<'mine' | 'all'>('mine');
  const list = useAdminList<{ status?: number | undefined }>({});
  const reports = useFocusReports({ ...list.query, box });
  const [adding, setAdding] = useState(false);
  const columns = useReportColumns((r) => (
    <RowButton
      label={t('crisis.records.open')}
      ariaLabel={`${t('crisis.records.open')} ${r.student.realName}`}
      onClick={() => void navigate(`/infoUpdateDetails/index?id=${r.id}`)}
    />
  ));
  return (
    <AdminPage
      title={t('crisis.report2.title')}
      extra={
        can('focus_report') ? (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('crisis.report2.add')}
          </Button>
        ) : undefined
      }
    >
      <Tabs
        activeKey={box}
        onChange={(key) => setBox(key as 'mine' | 'all')}
        items={[
          { key: 'mine', label: t('crisis.report2.mine') },
          { key: 'all', label: t('crisis.report2.all') },
        ]}
      />
      <AdminTable<FocusReport>
        rowKey="id"
        columns={columns}
        query={reports}
        list={list}
        columnSettingsId="crisis-focus-reports"
        scrollX={760}
        toolbar={
          <div className={styles.toolbar}>
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.status')}
              value={list.filter.status ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.records.allStatuses') },
                ...enumOptions(t, 'auditStatus'),
              ]}
              onChange={(value) => list.refine({ status: value === 'all' ? undefined : value })}
            />
          </div>
        }
      />
      {adding && <FocusReportDialog onClose={() => setAdding(false)} />}
    </AdminPage>
  );
}

function FocusReportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveFocusReport();
  const categories = useSettingOptions(4);
  return (
    <FormDialog<{
      studentId: number;
      kind: number;
      categoryIds?: number[];
      proposedLevel?: number;
      content: string;
    }>
      title={t('crisis.report2.add')}
      name="crisis-focus-report"
      initialValues={{ kind: 1 }}
      serverFields={['studentId', 'kind', 'categoryIds', 'proposedLevel', 'content']}
      onSubmit={(values) =>
        save.mutateAsync({
          studentId: values.studentId,
          kind: values.kind,
          categoryIds: values.categoryIds ?? [],
          ...(values.proposedLevel ? { proposedLevel: values.proposedLevel } : {}),
          content: values.content.trim(),
        })
      }
      onClose={onClose}
    >
      <Form.Item name="studentId" label={t('crisis.fields.student')} rules={[{ required: true }]}>
        <StudentSelect />
      </Form.Item>
      <Form.Item name="kind" label={t('crisis.report2.kind')} rules={[{ required: true }]}>
        <Radio.Group options={enumOptions(t, 'reportKind')} />
      </Form.Item>
      <Form.Item name="categoryIds" label={t('crisis.focus.categories')}>
        <Select mode="multiple" options={categories} />
      </Form.Item>
      <Form.Item name="proposedLevel" label={t('crisis.report2.proposedLevel')}>
        <Select allowClear options={enumOptions(t, 'collegeLevel').filter((o) => o.value <= 3)} />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('crisis.fields.content')}
        rules={[{ required: true, whitespace: true }]}
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}

/** `/infoUpdateDetails/index?id=`: one information update and its audit. */
export function FocusReportDetailPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const id = useIdParam();
  const detail = useFocusReportDetail(id);
  const r = detail.data;
  if (!id) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!r) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  return (
    <AdminPage title={t('crisis.report2.detailTitle', { name: r.student.realName })}>
      <Facts
        items={[
          [t('crisis.fields.student'), <StudentCell key="s" student={r.student} />],
          [t('crisis.report2.kind'), label('reportKind', r.kind)],
          [t('crisis.focus.categories'), r.categories.map((c) => c.name).join('、')],
          [t('crisis.report2.proposedLevel'), label('collegeLevel', r.proposedLevel)],
          [t('crisis.fields.reporter'), r.reporter.realName],
          [t('crisis.fields.reportedAt'), <When key="c" value={r.createTime} />],
          [t('crisis.fields.status'), <CodeTag key="st" set="auditStatus" value={r.status} />],
          [t('crisis.report2.auditor'), r.auditor?.realName],
          [t('crisis.report2.auditComment'), r.auditComment],
          [
            t('crisis.focus.open'),
            r.focusId ? (
              <Button
                key="f"
                size="small"
                type="link"
                onClick={() => void navigate(`/focusCase_info?id=${r.focusId}`)}
              >
                {t('crisis.focus.open')}
              </Button>
            ) : null,
          ],
        ]}
      />
      <Typography.Paragraph className={styles.pre}>{r.content}</Typography.Paragraph>
    </AdminPage>
  );
}

/** `/auditCaseInfo`: the case audit: pending updates in reach, approved (the key person follows) or rejected. */
export function CaseAuditPage() {
  const { t } = useTranslation();
  const { userId } = useCrisisUser();
  const list = useAdminList<{ status?: number | undefined }>({ status: 1 });
  const reports = useFocusReports({ ...list.query, box: 'all' });
  const [auditing, setAuditing] = useState<{ report: FocusReport; approve: boolean } | null>(null);
  const columns = useReportColumns((r) =>
    r.status === 1 && r.reporter.id !== userId ? (
      <>
        <RowButton
          label={t('crisis.approval.approve')}
          ariaLabel={`${t('crisis.approval.approve')} ${r.student.realName}`}
          testId={`crisis-audit-approve-${r.id}`}
          onClick={() => setAuditing({ report: r, approve: true })}
        />
        <RowButton
          isDanger
          label={t('crisis.approval.reject')}
          ariaLabel={`${t('crisis.approval.reject')} ${r.student.realName}`}
          onClick={() => setAuditing({ report: r, approve: false })}
        />
      </>
    ) : (
      <Tag>{r.auditor?.realName ?? '—'}</Tag>
    ),
  );
  return (
    <AdminPage title={t('crisis.report2.auditTitle')}>
      <AdminTable<FocusReport>
        rowKey="id"
        columns={columns}
        query={reports}
        list={list}
        columnSettingsId="crisis-case-audit"
        scrollX={760}
        toolbar={
          <div className={styles.toolbar}>
            <Select<number | 'all'>
              className={styles.filter}
              aria-label={t('crisis.fields.status')}
              value={list.filter.status ?? 'all'}
              options={[
                { value: 'all', label: t('crisis.records.allStatuses') },
                ...enumOptions(t, 'auditStatus'),
              ]}
              onChange={(value) => list.refine({ status: value === 'all' ? undefined : value })}
            />
          </div>
        }
      />
      {auditing && <AuditDialog {...auditing} onClose={() => setAuditing(null)} />}
    </AdminPage>
  );
}

function AuditDialog({
  report,
  approve,
  onClose,
}: {
  report: FocusReport;
  approve: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const audit = useAuditFocusReport();
  return (
    <FormDialog<{ comment?: string; level?: number }>
      title={`${approve ? t('crisis.approval.approve') : t('crisis.approval.reject')}: ${report.student.realName}`}
      name="crisis-audit"
      initialValues={{ level: report.proposedLevel ?? 3 }}
      serverFields={['comment', 'level', 'id']}
      onSubmit={(values) =>
        audit.mutateAsync({
          id: report.id,
          approve,
          ...(optionalText(values.comment) ? { comment: optionalText(values.comment) } : {}),
          ...(approve && values.level ? { level: values.level } : {}),
        })
      }
      onClose={onClose}
    >
      <Typography.Paragraph className={styles.pre}>{report.content}</Typography.Paragraph>
      {approve && (
        <Form.Item name="level" label={t('crisis.focus.level')}>
          <Select options={enumOptions(t, 'collegeLevel').filter((o) => o.value <= 3)} />
        </Form.Item>
      )}
      <Form.Item
        name="comment"
        label={t('crisis.approval.comment')}
        rules={[{ required: !approve, whitespace: true }]}
      >
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
