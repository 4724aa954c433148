import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { SearchBox } from '../../../shared/admin/list-filters';
import { RowButton } from '../../../shared/admin/row-button';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownPath } from '../../../shared/lib/seeded-names';
import { useDailyUserPage, type DailyUserRow } from '../api/results';
import { ASSESSMENT_PATHS, pathWith } from '../lib/paths';
import { PersonText, RiskTag, useGo } from './common';

/** `/dailyTestUser` (spec S1.2.9): people who answered daily plans, with their latest answer. */
export function DailyUsersPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const go = useGo();
  const list = useAdminList<{ name?: string }>({});
  const rows = useDailyUserPage(list.query);
  const columns: AdminColumn<DailyUserRow>[] = [
    {
      key: 'person',
      title: t('assessment.common.person'),
      alwaysShown: true,
      render: (_, r) => <PersonText realName={r.realName} numberName={r.numberName} />,
    },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    { key: 'answers', title: t('assessment.daily.answers'), dataIndex: 'answers' },
    {
      key: 'last',
      title: t('assessment.daily.last'),
      render: (_, r) => formatDateTime(r.lastSubmitTime, lang),
    },
    {
      key: 'risk',
      title: t('assessmentReport.riskGrade'),
      render: (_, r) => <RiskTag grade={r.lastRiskGrade} />,
    },
    {
      key: 'actions',
      title: t('assessment.common.actions'),
      alwaysShown: true,
      render: (_, r) => (
        <RowButton
          label={t('assessment.record.title')}
          ariaLabel={`${t('assessment.record.title')} ${r.realName}`}
          onClick={() => go(pathWith(ASSESSMENT_PATHS.record, { userId: r.userId }))}
        />
      ),
    },
  ];
  return (
    <AdminPage title={t('assessment.daily.title')}>
      <AdminTable<DailyUserRow>
        rowKey="userId"
        columns={columns}
        query={rows}
        list={list}
        toolbar={
          <SearchBox
            placeholder={t('assessment.common.searchName')}
            onSearch={(name) => list.search({ name })}
          />
        }
      />
    </AdminPage>
  );
}
