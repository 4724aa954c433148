import { Alert, Button, Card, Descriptions, Flex, Spin, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { usePersonalReport, useVisitorFile, type VisitorFile } from '../api/cases';
import { casePath, fillPath, gradeText, reportPath } from '../lib/case-format';
import { GradeBadge, LockTag, StatusTag, When, useIdParam } from './common';
import styles from './cases.module.css';

// The agreement as given opens on demand: most visits to the file do not read one.
const AgreementViewDialog = lazy(async () => ({
  default: (await import('./agreement-dialogs')).AgreementViewDialog,
}));

type FileCase = VisitorFile['cases'][number];
type FileRecord = FileCase['recordList'][number];

/**
 * `/aLiftTimeFilelistInfo?visitorId=` (S1.2.27, docs/cases.md 9): the visitor's whole history across terms
 * and counsellors, every case with its records and transfers, the feedback, and (to administrators who may
 * see personal data) who read the file.
 */
export function VisitorFilePage() {
  const { t } = useTranslation();
  const visitorId = useIdParam('visitorId');
  const file = useVisitorFile(visitorId);
  const [agreementId, setAgreementId] = useState<number | null>(null);
  if (visitorId === null) return <Alert type="error" title={t('cases.detail.noId')} />;
  if (file.isPending) return <Spin />;
  if (!file.data) return <Alert type="error" title={t('cases.file.loadFailed')} />;
  const f = file.data;
  const recordColumns = [
    {
      key: 'kind',
      title: t('cases.records.kind'),
      render: (_: unknown, r: FileRecord) => t(`cases.kinds.${r.kind}`),
    },
    {
      key: 'time',
      title: t('cases.records.session'),
      render: (_: unknown, r: FileRecord) => <When value={r.sessionTime ?? r.createTime} />,
    },
    {
      key: 'state',
      title: t('cases.records.state'),
      render: (_: unknown, r: FileRecord) => <LockTag state={r.state} />,
    },
    { key: 'amendments', title: t('cases.records.amendments'), dataIndex: 'amendmentCount' },
    {
      key: 'grade',
      title: t('cases.records.grade'),
      render: (_: unknown, r: FileRecord) => <GradeBadge grade={r.grade} consistent={r.gradeConsistent} />,
    },
    {
      key: 'open',
      title: t('cases.records.actions'),
      render: (_: unknown, r: FileRecord) => (
        <Link to={fillPath({ recordId: r.id })}>
          <Button size="small">{t('cases.records.open')}</Button>
        </Link>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('cases.file.title', { name: f.visitor.name ?? '' })}
      extra={
        <Link to={reportPath(f.visitor.id)}>
          <Button>{t('cases.detail.report')}</Button>
        </Link>
      }
    >
      <Descriptions
        size="small"
        items={[
          { key: 'name', label: t('cases.list.visitor'), children: f.visitor.name },
          { key: 'number', label: t('cases.file.number'), children: f.visitor.number ?? '—' },
          { key: 'cases', label: t('cases.file.cases'), children: f.cases.length },
        ]}
      />
      {f.cases.length === 0 && (
        <Typography.Paragraph type="secondary">{t('cases.file.none')}</Typography.Paragraph>
      )}
      {f.cases.map((c) => (
        <Card
          key={c.id}
          size="small"
          style={{ marginBottom: 12 }}
          data-testid="file-case"
          title={
            <Flex gap={8} align="center" wrap>
              <Link to={casePath(c.id)}>{t('cases.file.caseTitle', { id: c.id })}</Link>
              <StatusTag status={c.status} />
              <Typography.Text type="secondary">
                {c.counsellor.name} · <When value={c.openedAt} /> – <When value={c.closedAt} />
              </Typography.Text>
            </Flex>
          }
        >
          <Table<FileRecord>
            rowKey="id"
            size="small"
            pagination={false}
            columns={recordColumns}
            dataSource={c.recordList}
            scroll={{ x: 700 }}
          />
          {c.transfers.map((tr) => (
            <Typography.Paragraph key={tr.id} type="secondary" style={{ marginTop: 8 }}>
              {t('cases.file.transfer', { target: t(`cases.transfer.targets.${tr.to}`) })}
              {tr.toCounsellor?.name ? ` · ${tr.toCounsellor.name}` : ''} · <When value={tr.createTime} />
            </Typography.Paragraph>
          ))}
        </Card>
      ))}
      {f.feedback.length > 0 && (
        <Card size="small" title={t('cases.detail.feedback')} style={{ marginBottom: 12 }}>
          {f.feedback.map((fb) => (
            <Typography.Paragraph key={fb.appointmentId}>
              {t('cases.feedback.value', { n: fb.visitorSatisfaction })} · <When value={fb.createTime} />
              {fb.content ? ` · ${fb.content}` : ''}
            </Typography.Paragraph>
          ))}
        </Card>
      )}
      {f.agreements.length > 0 && (
        <Card
          size="small"
          title={t('cases.file.agreements')}
          style={{ marginBottom: 12 }}
          data-testid="file-agreements"
        >
          {f.agreements.map((ag) => (
            <Flex key={ag.id} gap={8} align="center" wrap style={{ marginBottom: 4 }}>
              <When value={ag.agreedAt} />
              <Typography.Text type="secondary">
                {ag.signed ? t('cases.agreement.signed') : t('cases.agreement.unsigned')}
              </Typography.Text>
              {ag.kept ? (
                <Button size="small" onClick={() => setAgreementId(ag.id)}>
                  {t('cases.agreement.view')}
                </Button>
              ) : (
                <Typography.Text type="secondary">{t('cases.agreement.notKept')}</Typography.Text>
              )}
            </Flex>
          ))}
        </Card>
      )}
      {agreementId !== null && (
        <Suspense fallback={null}>
          <AgreementViewDialog id={agreementId} onClose={() => setAgreementId(null)} />
        </Suspense>
      )}
      {f.readers !== null && (
        <Card size="small" title={t('cases.file.readers')} data-testid="file-readers">
          {f.readers.length === 0 ? (
            <Typography.Text type="secondary">{t('cases.file.noReaders')}</Typography.Text>
          ) : (
            <Table
              rowKey={(r) => `${r.viewer.id}-${r.at}-${r.route}`}
              size="small"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={f.readers}
              columns={[
                { key: 'who', title: t('cases.file.reader'), render: (_: unknown, r) => r.viewer.name },
                { key: 'what', title: t('cases.file.route'), dataIndex: 'route' },
                { key: 'at', title: t('cases.file.at'), render: (_: unknown, r) => <When value={r.at} /> },
              ]}
            />
          )}
        </Card>
      )}
    </AdminPage>
  );
}

/**
 * `/aLiftTimeReport?visitorId=` (S1.2.27, docs/cases.md 9): the file reduced to counts, dates and grades,
 * laid out to print (the browser's print, without the buttons).
 */
export function PersonalReportPage() {
  const { t } = useTranslation();
  const visitorId = useIdParam('visitorId');
  const report = usePersonalReport(visitorId);
  if (visitorId === null) return <Alert type="error" title={t('cases.detail.noId')} />;
  if (report.isPending) return <Spin />;
  if (!report.data) return <Alert type="error" title={t('cases.file.loadFailed')} />;
  const r = report.data;
  return (
    <AdminPage
      title={t('cases.report.title', { name: r.visitor.name ?? '' })}
      extra={
        <Button className={styles.noPrint} onClick={() => window.print()} data-testid="print-report">
          {t('cases.report.print')}
        </Button>
      }
    >
      <div className={styles.report} data-testid="personal-report">
        <Descriptions
          bordered
          size="small"
          column={2}
          items={[
            {
              key: 'name',
              label: t('cases.list.visitor'),
              children: `${r.visitor.name ?? ''} ${r.visitor.number ?? ''}`,
            },
            { key: 'cases', label: t('cases.file.cases'), children: r.cases },
            { key: 'sessions', label: t('cases.report.sessions'), children: r.sessions },
            { key: 'signed', label: t('cases.report.signed'), children: r.signedRecords },
            { key: 'amendments', label: t('cases.records.amendments'), children: r.amendments },
            { key: 'first', label: t('cases.report.firstSeen'), children: <When value={r.firstSeen} /> },
            { key: 'last', label: t('cases.report.lastSeen'), children: <When value={r.lastSeen} /> },
            {
              key: 'grade',
              label: t('cases.report.latestGrade'),
              children: <GradeBadge grade={r.latestGrade} consistent={r.gradeConsistent} />,
            },
            {
              key: 'satisfaction',
              label: t('cases.report.satisfaction'),
              children: r.averageSatisfaction === null ? '—' : r.averageSatisfaction.toFixed(1),
            },
            { key: 'at', label: t('cases.report.generated'), children: <When value={r.generatedAt} /> },
          ]}
        />
        <Table
          rowKey="id"
          size="small"
          style={{ marginTop: 12 }}
          pagination={false}
          dataSource={r.byCase}
          columns={[
            {
              key: 'status',
              title: t('cases.list.status'),
              render: (_: unknown, c) => t(`cases.status.${c.status}`),
            },
            {
              key: 'counsellor',
              title: t('cases.list.counsellor'),
              render: (_: unknown, c) => c.counsellor.name,
            },
            {
              key: 'opened',
              title: t('cases.detail.opened'),
              render: (_: unknown, c) => <When value={c.openedAt} />,
            },
            {
              key: 'closed',
              title: t('cases.detail.closed'),
              render: (_: unknown, c) => <When value={c.closedAt} />,
            },
            { key: 'records', title: t('cases.list.records'), dataIndex: 'records' },
            { key: 'grade', title: t('cases.list.grade'), render: (_: unknown, c) => gradeText(c.grade) },
          ]}
        />
      </div>
    </AdminPage>
  );
}
