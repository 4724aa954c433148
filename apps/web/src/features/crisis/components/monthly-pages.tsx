import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { ExportButton } from '../../../shared/admin/export-button';
import { showServerErrors } from '../../../shared/admin/form-dialog';
import { shownPath } from '../../../shared/lib/seeded-names';
import { showToast } from '../../../shared/ui/feedback';
import {
  exportMonthly,
  useCollegeReportStatus,
  useMonthlyDetail,
  useSaveMonthly,
  useSubmitMonthly,
  type MonthlyReport,
} from '../api/crisis';
import { defaultReportMonth, optionalText, today } from '../lib/forms';
import { enumOptions } from '../lib/labels';
import { CodeTag, Facts, NoData, useCrisisUser, useIdParam, useLabel, When } from './common';
import styles from './crisis.module.css';

type Kind = 'crisis' | 'consultation';
const DETAIL_PATH: Record<Kind, string> = {
  crisis: '/crisisMonthlyReportDetails',
  consultation: '/consultationMonthlyReportDetails',
};

/**
 * `/crisis/monthlyReport/index` (S0.7.29 `collegeReportStatus`): each faculty's report for a month —
 * submitted, nothing to report, draft, not yet reported or overdue — with the faculty's own report to
 * write (its head: save, submit, or "nothing to report" when the month had no crisis record), and the
 * month's export.
 */
export function MonthlyReportsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useCrisisUser();
  const [month, setMonth] = useState(defaultReportMonth());
  const [kind, setKind] = useState<Kind>('crisis');
  const status = useCollegeReportStatus(month, kind);
  const [writing, setWriting] = useState<{ deptId: number; deptName: string } | null>(null);
  const rows = status.data?.faculties ?? [];
  return (
    <AdminPage
      title={t('crisis.monthly.title')}
      extra={
        <ExportButton
          call={() => exportMonthly({ month, kind })}
          fileName={`${t(`crisis.enums.monthlyKind.${kind}`)}-${month}.xlsx`}
          testId="crisis-monthly-export"
        />
      }
    >
      <div className={styles.toolbar} style={{ marginBottom: 12 }}>
        <label>
          {t('crisis.monthly.month')}{' '}
          <Input
            type="month"
            value={month}
            max={today().slice(0, 7)}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            style={{ width: 170 }}
            data-testid="crisis-monthly-month"
          />
        </label>
        <Select<Kind>
          className={styles.filter}
          aria-label={t('crisis.monthly.kind')}
          value={kind}
          options={enumOptions(t, 'monthlyKind')}
          onChange={setKind}
          style={{ minWidth: 160 }}
        />
        {status.data && (
          <Typography.Text type="secondary">
            {t('crisis.monthly.due', { date: status.data.dueDate })}
          </Typography.Text>
        )}
      </div>
      <Table
        rowKey="deptId"
        loading={status.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
        data-testid="crisis-college-status"
        locale={{ emptyText: <NoData text={t('crisis.monthly.noFaculties')} /> }}
        columns={[
          { key: 'dept', title: t('crisis.monthly.faculty'), dataIndex: 'deptName', render: shownPath },
          {
            key: 'status',
            title: t('crisis.fields.status'),
            render: (_, r) => <CodeTag set="collegeStatus" value={r.status} />,
          },
          {
            key: 'by',
            title: t('crisis.monthly.submitted'),
            render: (_, r) =>
              r.submittedAt ? (
                <>
                  {r.submittedBy?.realName} · <When value={r.submittedAt} />
                </>
              ) : (
                '—'
              ),
          },
          {
            key: 'actions',
            title: t('crisis.fields.actions'),
            render: (_, r) => (
              <Space>
                {r.reportId && (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => void navigate(`${DETAIL_PATH[kind]}?id=${r.reportId}`)}
                  >
                    {t('crisis.records.open')}
                  </Button>
                )}
                {can('crisis_monthly_submit') &&
                  (r.status === 'draft' || r.status === 'missing' || r.status === 'overdue') && (
                    <Button
                      size="small"
                      type="link"
                      data-testid={`crisis-monthly-write-${r.deptId}`}
                      onClick={() => setWriting({ deptId: r.deptId, deptName: r.deptName })}
                    >
                      {t('crisis.monthly.write')}
                    </Button>
                  )}
              </Space>
            ),
          },
        ]}
      />
      {status.data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {Object.entries(status.data.counts)
            .map(([key, count]) => `${t(`crisis.enums.collegeStatus.${key as 'zero'}`)} ${count}`)
            .join(' · ')}
        </Typography.Paragraph>
      )}
      {writing && (
        <WriteMonthlyDialog month={month} kind={kind} faculty={writing} onClose={() => setWriting(null)} />
      )}
    </AdminPage>
  );
}

interface WriteValues {
  narrative?: string;
  sessions?: number;
  hours?: number;
  students?: number;
  referrals?: number;
}

/** A faculty's report: a draft, the submitted report, or (crisis) the zero report. */
function WriteMonthlyDialog({
  month,
  kind,
  faculty,
  onClose,
}: {
  month: string;
  kind: Kind;
  faculty: { deptId: number; deptName: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WriteValues>();
  const save = useSaveMonthly();
  const submit = useSubmitMonthly();
  const body = (values: WriteValues) => ({
    deptId: faculty.deptId,
    month,
    kind,
    ...(optionalText(values.narrative) ? { narrative: optionalText(values.narrative) } : {}),
    ...(kind === 'consultation'
      ? {
          figures: {
            sessions: values.sessions ?? 0,
            hours: values.hours ?? 0,
            students: values.students ?? 0,
            referrals: values.referrals ?? 0,
          },
        }
      : {}),
  });
  const run = async (action: 'save' | 'submit' | 'zero') => {
    const values = action === 'save' ? form.getFieldsValue() : await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      if (action === 'save') await save.mutateAsync(body(values));
      else await submit.mutateAsync({ ...body(values), nothingToReport: action === 'zero' });
      showToast('success', action === 'save' ? t('adminKit.saved') : t('crisis.monthly.submittedToast'));
      onClose();
    } catch (error) {
      showServerErrors(form, error, ['narrative', 'month', 'nothingToReport', 'figures'], {
        fallback: t('adminKit.saveFailed'),
      });
    }
  };
  const busy = save.isPending || submit.isPending;
  return (
    <Modal
      open
      title={t('crisis.monthly.writeTitle', {
        faculty: shownPath(faculty.deptName),
        month,
        kind: t(`crisis.enums.monthlyKind.${kind}`),
      })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button loading={busy} onClick={() => void run('save')}>
            {t('crisis.monthly.saveDraft')}
          </Button>
          {kind === 'crisis' && (
            <Button loading={busy} onClick={() => void run('zero')} data-testid="crisis-monthly-zero">
              {t('crisis.monthly.zero')}
            </Button>
          )}
          <Button type="primary" loading={busy} onClick={() => void run('submit')}>
            {t('crisis.monthly.submit')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="crisis-monthly" layout="vertical">
        {kind === 'crisis' && (
          <Alert type="info" showIcon title={t('crisis.monthly.crisisHint')} style={{ marginBottom: 12 }} />
        )}
        {kind === 'consultation' &&
          (['sessions', 'hours', 'students', 'referrals'] as const).map((key) => (
            <Form.Item
              key={key}
              name={key}
              label={t(`crisis.monthly.figures.${key}`)}
              rules={[{ required: true }]}
            >
              <InputNumber min={0} />
            </Form.Item>
          ))}
        <Form.Item name="narrative" label={t('crisis.monthly.narrative')}>
          <Input.TextArea rows={5} maxLength={2000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** `/crisisMonthlyReportDetails?id=`, `/consultationMonthlyReportDetails?id=`: one faculty's report. */
export function MonthlyReportDetailPage() {
  const { t } = useTranslation();
  const label = useLabel();
  const id = useIdParam();
  const detail = useMonthlyDetail(id);
  const r: MonthlyReport | undefined = detail.data;
  if (!id) return <Alert type="warning" title={t('crisis.notFound')} />;
  if (detail.isPending) return <Spin />;
  if (!r) return <Alert type="error" title={t('crisis.record.loadFailed')} />;
  const figures = Object.entries(r.figures).filter(([, v]) => typeof v === 'number') as [string, number][];
  const bySource = (r.figures.bySource ?? {}) as Record<string, number>;
  return (
    <AdminPage
      title={t('crisis.monthly.detailTitle', {
        faculty: shownPath(r.dept.name),
        month: r.month,
        kind: label('monthlyKind', r.kind),
      })}
    >
      <Facts
        items={[
          [t('crisis.monthly.faculty'), shownPath(r.dept.name)],
          [t('crisis.monthly.month'), r.month],
          [
            t('crisis.fields.status'),
            r.status === 2
              ? t('crisis.enums.collegeStatus.submitted')
              : t('crisis.enums.collegeStatus.draft'),
          ],
          [t('crisis.monthly.zero'), r.nothingToReport ? t('crisis.monthly.yes') : t('crisis.monthly.no')],
          [
            t('crisis.monthly.submitted'),
            r.submittedAt ? (
              <span key="s">
                {r.submittedBy?.realName} · <When value={r.submittedAt} />
              </span>
            ) : null,
          ],
          ...figures.map(([key, value]): [string, string] => [
            t(`crisis.monthly.figures.${key as 'sessions'}`, { defaultValue: key }),
            String(value),
          ]),
          ...Object.entries(bySource).map(([source, count]): [string, string] => [
            label('source', source),
            String(count),
          ]),
        ]}
      />
      {r.narrative && <Typography.Paragraph className={styles.pre}>{r.narrative}</Typography.Paragraph>}
    </AdminPage>
  );
}
