import { Button, Card, Flex, Segmented, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { useCasePage, useGroupReferrals, useLockPending, useTeamPage, type CaseSummary } from '../api/cases';
import { CASE_TABS, casePath, filePath, tabFilter, type CaseTab } from '../lib/case-format';
import { GradeBadge, StatusTag, When, useCaseUser } from './common';

/**
 * `/consult/case/index` (docs/cases.md 13): the cases the caller may see (a counsellor their own, a
 * supervisor their supervisees', `consult_case_all` the data scope) by status tab, with the grade and its
 * inconsistent mark and a warning for records locked past their deadline.
 */
export function CaseListPage() {
  const { t } = useTranslation();
  const { can } = useCaseUser();
  const isAdmin = can('consult_case_all');
  const [tab, setTab] = useState<CaseTab>('live');
  const list = useAdminList<{ visitorName?: string; counsellorId?: number }>({});
  const page = useCasePage({ ...list.query, ...tabFilter(tab) });
  const pending = useLockPending();
  const team = useTeamPage({ current: 1, size: 100 }, isAdmin);
  const teamOptions = isAdmin
    ? (team.data?.records ?? []).map((m) => ({ value: m.id, label: m.realName }))
    : [];

  const columns: AdminColumn<CaseSummary>[] = [
    {
      key: 'visitor',
      title: t('cases.list.visitor'),
      alwaysShown: true,
      render: (_: unknown, c) => (
        <Flex vertical gap={0}>
          <Link to={casePath(c.id)} data-testid="case-link">
            {c.visitor.name ?? `#${c.visitor.id}`}
          </Link>
          {c.visitor.number && <Typography.Text type="secondary">{c.visitor.number}</Typography.Text>}
        </Flex>
      ),
    },
    { key: 'counsellor', title: t('cases.list.counsellor'), render: (_: unknown, c) => c.counsellor.name },
    {
      key: 'status',
      title: t('cases.list.status'),
      alwaysShown: true,
      render: (_: unknown, c) => (
        <Flex gap={4} wrap>
          <StatusTag status={c.status} />
          {c.repeatStatus === 2 && <Tag>{t('cases.list.repeat')}</Tag>}
        </Flex>
      ),
    },
    { key: 'records', title: t('cases.list.records'), dataIndex: 'records' },
    {
      key: 'grade',
      title: t('cases.list.grade'),
      render: (_: unknown, c) => <GradeBadge grade={c.grade} consistent={c.gradeConsistent} />,
    },
    {
      key: 'locks',
      title: t('cases.list.locks'),
      render: (_: unknown, c) =>
        c.lockedRecords > 0 ? (
          <Tag color="red">{t('cases.list.lockedRecords', { count: c.lockedRecords })}</Tag>
        ) : null,
    },
    {
      key: 'updated',
      title: t('cases.list.updated'),
      render: (_: unknown, c) => <When value={c.updatedAt} />,
    },
    {
      key: 'actions',
      title: t('cases.list.actions'),
      alwaysShown: true,
      render: (_: unknown, c) => (
        <Flex gap={4}>
          <Link to={casePath(c.id)}>
            <Button size="small" aria-label={t('cases.list.openCase', { name: c.visitor.name ?? '' })}>
              {t('cases.list.open')}
            </Button>
          </Link>
          <Link to={filePath(c.visitor.id)}>
            <Button size="small" aria-label={t('cases.list.openFile', { name: c.visitor.name ?? '' })}>
              {t('cases.list.file')}
            </Button>
          </Link>
        </Flex>
      ),
    },
  ];

  return (
    <AdminPage title={t('cases.list.title')} intro={t('cases.list.intro')}>
      {(pending.data?.locked ?? 0) > 0 && (
        <Typography.Paragraph type="danger" data-testid="locked-warning">
          {t('cases.list.lockedWarning', { count: pending.data!.locked })}
        </Typography.Paragraph>
      )}
      <Segmented<CaseTab>
        value={tab}
        onChange={(v) => {
          setTab(v);
          list.search(list.filter);
        }}
        options={CASE_TABS.map((value) => ({ value, label: t(`cases.tabs.${value}`) }))}
      />
      <AdminTable<CaseSummary>
        rowKey="id"
        testId="case-table"
        columns={columns}
        query={page}
        list={list}
        columnSettingsId="cases"
        scrollX={960}
        toolbar={
          <Flex gap={8} wrap>
            <SearchBox
              placeholder={t('cases.list.search')}
              onSearch={(visitorName) =>
                list.search({ ...list.filter, visitorName: visitorName || undefined })
              }
            />
            {isAdmin && (
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                style={{ minWidth: 180 }}
                placeholder={t('cases.list.counsellorFilter')}
                aria-label={t('cases.list.counsellorFilter')}
                options={teamOptions}
                onChange={(counsellorId?: number) => list.search({ ...list.filter, counsellorId })}
              />
            )}
          </Flex>
        }
      />
      {isAdmin && <GroupReferrals />}
    </AdminPage>
  );
}

/**
 * Transfers to group counselling: pending group referrals (docs/cases.md 6), shown when there are some;
 * the group-counselling module will take them from here.
 */
function GroupReferrals() {
  const { t } = useTranslation();
  const referrals = useGroupReferrals({ current: 1, size: 20 }, true);
  const rows = referrals.data?.records ?? [];
  if (rows.length === 0) return null;
  return (
    <Card
      size="small"
      title={t('cases.groupReferrals.title', { count: referrals.data?.total ?? rows.length })}
      style={{ marginTop: 16 }}
      data-testid="group-referrals"
    >
      <Typography.Paragraph type="secondary">{t('cases.groupReferrals.intro')}</Typography.Paragraph>
      {rows.map((r) => (
        <Flex key={r.id} gap={8} wrap align="center" style={{ marginBottom: 4 }}>
          <Link to={casePath(r.caseId)}>{r.visitor.name ?? `#${r.visitor.id}`}</Link>
          <Typography.Text type="secondary">
            {t('cases.groupReferrals.by', { name: r.referredBy.name ?? '' })}
          </Typography.Text>
          <When value={r.createTime} />
          {r.reason && <Typography.Text>{r.reason}</Typography.Text>}
          <Tag>{t('cases.groupReferrals.pending')}</Tag>
        </Flex>
      ))}
    </Card>
  );
}
