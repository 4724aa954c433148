import { seededPath } from '@psy/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Progress,
  Segmented,
  Select,
  Spin,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../../i18n/i18n';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { ExportButton } from '../../../shared/admin/export-button';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { showToast } from '../../../shared/ui/feedback';
import {
  exportRiskList,
  useEditSupervisor,
  useLevelStats,
  useMyRecordApprovals,
  useQuestionStats,
  useRiskPage,
  useTeamDetail,
  useTeamPage,
  useTeamSign,
  type Approval,
  type CaseSummary,
  type TeamMember,
} from '../api/cases';
import { casePath, gradeText, teamSignQuery } from '../lib/case-format';
import { GradeBadge, StatusTag, When, useCaseUser, useIdParam } from './common';

const teamDetailPath = (id: number) => `/consult/team/detail?id=${id}`;

/** `/consult/team/index` (docs/cases.md 13): the counsellors with their supervisor and case counts. */
export function TeamPage() {
  const { t } = useTranslation();
  const list = useAdminList<{ realName?: string }>({});
  const team = useTeamPage(list.query);
  const columns: AdminColumn<TeamMember>[] = [
    {
      key: 'name',
      title: t('cases.team.name'),
      alwaysShown: true,
      render: (_: unknown, m) => <Link to={teamDetailPath(m.id)}>{m.realName}</Link>,
    },
    {
      key: 'dept',
      title: t('cases.team.dept'),
      render: (_: unknown, m) => seededPath(m.deptName, currentLanguage()),
    },
    {
      key: 'supervisor',
      title: t('cases.team.supervisor'),
      render: (_: unknown, m) => m.supervisor?.name ?? '—',
    },
    { key: 'live', title: t('cases.team.liveCases'), dataIndex: 'liveCases' },
    { key: 'all', title: t('cases.team.cases'), dataIndex: 'cases' },
  ];
  return (
    <AdminPage title={t('cases.team.title')} intro={t('cases.team.intro')}>
      <AdminTable<TeamMember>
        rowKey="id"
        testId="team-table"
        columns={columns}
        query={team}
        list={list}
        columnSettingsId="cases-team"
        toolbar={
          <SearchBox
            placeholder={t('cases.team.search')}
            onSearch={(realName) => list.search({ realName: realName || undefined })}
          />
        }
      />
    </AdminPage>
  );
}

/**
 * `/consult/team/detail?id=` (team personal info, counsellor detail): the counsellor's supervisor (set by
 * an administrator: the supervisor then reads and co-signs their cases), supervisees and case counts; the
 * stored signature their records quote, to the counsellor themself (with a link to change it) and to the
 * team's administrators (read-only; the server logs the read).
 */
export function CounsellorDetailPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const { userId, can } = useCaseUser();
  const detail = useTeamDetail(id);
  const isAdmin = can('consult_case_all');
  const team = useTeamPage({ current: 1, size: 100 }, isAdmin);
  const edit = useEditSupervisor();
  const isSelf = id !== null && id === userId;
  const signQuery = teamSignQuery(id, userId, isAdmin);
  const sign = useTeamSign(signQuery);
  const [supervisorId, setSupervisorId] = useState<number | null | undefined>(undefined);
  if (id === null) return <Alert type="error" title={t('cases.detail.noId')} />;
  if (detail.isPending) return <Spin />;
  if (!detail.data) return <Alert type="error" title={t('cases.team.loadFailed')} />;
  const d = detail.data;
  const chosen = supervisorId === undefined ? (d.supervisor?.id ?? null) : supervisorId;
  return (
    <AdminPage title={t('cases.team.detailTitle', { name: d.counsellor.name ?? '' })}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'supervisor', label: t('cases.team.supervisor'), children: d.supervisor?.name ?? '—' },
          {
            key: 'supervisees',
            label: t('cases.team.supervisees'),
            children: d.supervisees.map((s) => s.name).join(', ') || '—',
          },
          { key: 'live', label: t('cases.team.liveCases'), children: d.liveCases },
          { key: 'all', label: t('cases.team.cases'), children: d.cases },
        ]}
      />
      {isAdmin && (
        <Card size="small" title={t('cases.team.setSupervisor')} style={{ marginTop: 12 }}>
          <Flex gap={8} wrap>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 220 }}
              aria-label={t('cases.team.supervisor')}
              value={chosen ?? undefined}
              onChange={(v?: number) => setSupervisorId(v ?? null)}
              options={(team.data?.records ?? [])
                .filter((m) => m.id !== id)
                .map((m) => ({ value: m.id, label: m.realName }))}
            />
            <Button
              type="primary"
              loading={edit.isPending}
              onClick={async () => {
                await edit.mutateAsync({ counsellorId: id, supervisorId: chosen });
                showToast('success', t('adminKit.saved'));
              }}
            >
              {t('cases.team.save')}
            </Button>
          </Flex>
        </Card>
      )}
      {signQuery && (
        <Card
          size="small"
          title={isSelf ? t('cases.team.signature') : t('cases.team.theirSignature')}
          style={{ marginTop: 12 }}
          data-testid="team-signature"
        >
          {sign.isPending ? (
            <Spin size="small" />
          ) : sign.data?.sign ? (
            <img
              src={sign.data.sign}
              alt={isSelf ? t('cases.team.signature') : t('cases.team.theirSignature')}
              width={200}
            />
          ) : (
            <Typography.Text type="secondary">
              {isSelf ? t('cases.team.noSignature') : t('cases.team.theirNoSignature')}
            </Typography.Text>
          )}{' '}
          {isSelf && <Link to="/signature">{t('cases.team.editSignature')}</Link>}
        </Card>
      )}
    </AdminPage>
  );
}

/**
 * `/consult/risk/index` (docs/cases.md 13): live cases graded 1 or 2 or graded inconsistently, most serious
 * first, exported through the download list; the cases by grade, and how the record questions were answered.
 */
export function RiskPage() {
  const { t } = useTranslation();
  const list = useAdminList<object>({});
  const risk = useRiskPage(list.query);
  const levels = useLevelStats();
  const questions = useQuestionStats({ kind: 'session' });
  const total = (levels.data?.levels ?? []).reduce((n, l) => n + l.count, 0) + (levels.data?.ungraded ?? 0);
  const columns: AdminColumn<CaseSummary>[] = [
    {
      key: 'visitor',
      title: t('cases.list.visitor'),
      alwaysShown: true,
      render: (_: unknown, c) => <Link to={casePath(c.id)}>{c.visitor.name}</Link>,
    },
    { key: 'counsellor', title: t('cases.list.counsellor'), render: (_: unknown, c) => c.counsellor.name },
    {
      key: 'status',
      title: t('cases.list.status'),
      render: (_: unknown, c) => <StatusTag status={c.status} />,
    },
    {
      key: 'grade',
      title: t('cases.list.grade'),
      alwaysShown: true,
      render: (_: unknown, c) => <GradeBadge grade={c.grade} consistent={c.gradeConsistent} />,
    },
    {
      key: 'updated',
      title: t('cases.list.updated'),
      render: (_: unknown, c) => <When value={c.updatedAt} />,
    },
  ];
  return (
    <AdminPage title={t('cases.risk.title')} intro={t('cases.risk.intro')}>
      <Flex gap={24} wrap style={{ marginBottom: 16 }} data-testid="level-stats">
        {(levels.data?.levels ?? []).map((l) => (
          <Statistic
            key={l.grade}
            title={t('cases.grade.value', { grade: gradeText(l.grade) })}
            value={l.count}
          />
        ))}
        <Statistic title={t('cases.risk.inconsistent')} value={levels.data?.inconsistent ?? 0} />
        <Statistic title={t('cases.risk.ungraded')} value={levels.data?.ungraded ?? 0} />
        <Statistic title={t('cases.risk.total')} value={total} />
      </Flex>
      <AdminTable<CaseSummary>
        rowKey="id"
        testId="risk-table"
        columns={columns}
        query={risk}
        list={list}
        columnSettingsId="cases-risk"
        toolbar={
          <ExportButton
            testId="risk-export"
            label={t('cases.risk.export')}
            fileName="risk-assessment.xlsx"
            call={exportRiskList}
          />
        }
      />
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
        {t('cases.risk.questions', { count: questions.data?.records ?? 0 })}
      </Typography.Title>
      <Flex gap={12} wrap data-testid="question-stats">
        {(questions.data?.questions ?? []).map((q) => (
          <Card key={q.prop} size="small" title={q.label} style={{ width: 300 }}>
            {q.options.map((o) => (
              <div key={o.value}>
                <Typography.Text>
                  {o.label} · {o.count}
                </Typography.Text>
                <Progress
                  percent={q.answered ? Math.round((o.count / q.answered) * 100) : 0}
                  size="small"
                  aria-label={`${q.label} ${o.label}`}
                />
              </div>
            ))}
          </Card>
        ))}
      </Flex>
    </AdminPage>
  );
}

const APPROVAL_STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'purple', 2: 'blue', 3: 'red' };

/**
 * `/consult/extension/index` (extension application): the counsellor's requests for more days (7) and
 * unlocks (8) of their records with their state; new ones are raised from a record (case detail, record).
 */
export function ExtensionPage() {
  const { t } = useTranslation();
  const [option, setOption] = useState<7 | 8>(8);
  const list = useAdminList<object>({});
  const approvals = useMyRecordApprovals({ ...list.query, option });
  const columns: AdminColumn<Approval>[] = [
    { key: 'visitor', title: t('cases.list.visitor'), dataIndex: 'visitorName', alwaysShown: true },
    {
      key: 'option',
      title: t('cases.extension.option'),
      render: (_: unknown, a) => t(`cases.extension.options.${a.option}`, { defaultValue: String(a.option) }),
    },
    { key: 'days', title: t('cases.approval.extraDays'), render: (_: unknown, a) => a.extraDays ?? '—' },
    { key: 'reason', title: t('cases.approval.reason'), dataIndex: 'reason' },
    {
      key: 'status',
      title: t('cases.extension.status'),
      alwaysShown: true,
      render: (_: unknown, a) => (
        <Tag color={APPROVAL_STATUS_COLOR[a.status]}>
          {t(`cases.extension.statuses.${a.status}`, { defaultValue: String(a.status) })}
        </Tag>
      ),
    },
    {
      key: 'at',
      title: t('cases.extension.asked'),
      render: (_: unknown, a) => <When value={a.createTime} />,
    },
  ];
  return (
    <AdminPage title={t('cases.extension.title')} intro={t('cases.extension.intro')}>
      <AdminTable<Approval>
        rowKey="id"
        testId="extension-table"
        columns={columns}
        query={approvals}
        list={list}
        columnSettingsId="cases-extension"
        toolbar={
          <Segmented<7 | 8>
            value={option}
            onChange={(v) => {
              setOption(v);
              list.search(list.filter);
            }}
            options={[8, 7].map((value) => ({
              value: value as 7 | 8,
              label: t(`cases.extension.options.${value as 7 | 8}`),
            }))}
          />
        }
      />
    </AdminPage>
  );
}
