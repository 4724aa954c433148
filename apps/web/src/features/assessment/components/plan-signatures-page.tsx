import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { useAdminList } from '../../../shared/admin/use-admin-list';
import { currentLanguage } from '../../../i18n/i18n';
import { usePageInfo } from '../../../shared/layout/page-context';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { shownPath } from '../../../shared/lib/seeded-names';
import { usePlan, useSignaturePage, type SignatureRow } from '../api/plans';
import { ASSESSMENT_PATHS, pathWith, readId } from '../lib/paths';
import { useGo } from './common';

/** `/signatureList?planId=` (spec S1.2.9): the signatures of a plan's agreement. */
export function PlanSignaturesPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { search } = usePageInfo();
  const go = useGo();
  const planId = readId(search, 'planId') ?? 0;
  const plan = usePlan(planId || null);
  const list = useAdminList<object>({});
  const rows = useSignaturePage({ planId, ...list.query });
  const columns: AdminColumn<SignatureRow>[] = [
    { key: 'name', title: t('assessment.common.name'), dataIndex: 'realName', alwaysShown: true },
    { key: 'number', title: t('assessment.common.number'), dataIndex: 'numberName' },
    { key: 'dept', title: t('assessment.common.dept'), dataIndex: 'deptName', render: shownPath },
    {
      key: 'time',
      title: t('assessment.signatures.time'),
      render: (_, r) => formatDateTime(r.signTime, lang),
    },
    {
      key: 'signature',
      title: t('assessment.signatures.signature'),
      render: (_, r) => (
        <img
          src={r.signature}
          alt={t('assessment.signatures.alt', { name: r.realName })}
          style={{ height: 40, background: '#fff' }}
        />
      ),
    },
  ];
  return (
    <AdminPage
      title={t('assessment.signatures.title', { plan: plan.data?.name ?? '' })}
      intro={plan.data?.agreementText ?? undefined}
      extra={
        <Button onClick={() => go(pathWith(ASSESSMENT_PATHS.plans, { id: planId }))}>
          {t('assessment.common.back')}
        </Button>
      }
    >
      <AdminTable<SignatureRow> rowKey="userId" columns={columns} query={rows} list={list} />
    </AdminPage>
  );
}
