import { seededName, seededPath } from '@psy/contracts';
import { currentLanguage } from '../../i18n/i18n';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPendingTestsCard } from '../../features/assessment-take';
import { useUserDetail, useUserInfo } from '../../features/auth';
import { loadCrisisWorkbenchCards } from '../../features/crisis';
import { loadCataloguePart } from '../../i18n/i18n';
import { MenuIcon, useActiveProduct, useSwitchProduct } from '../../features/navigation';
import { readActiveRoleId, useSession } from '../../shared/session/session-store';
import { useBrand } from '../../shared/theme/brand';
import { readableShade } from '../../shared/theme/brand-colors';
import styles from './workbench-page.module.css';

// The card brings the test calls: loaded after the workbench, for those who take tests.
const PendingTestsCard = lazy(async () => ({ default: (await loadPendingTestsCard()).PendingTestsCard }));
// The crisis cards (network figures, the student's help button, check-ins, the dormitory report) come
// with their texts in a chunk of their own, so the workbench's first paint does not wait for them.
const CrisisWorkbenchCards = lazy(async () => {
  const [cards] = await Promise.all([loadCrisisWorkbenchCards(), loadCataloguePart('crisis')]);
  return { default: cards.CrisisWorkbenchCards };
});

/** `/wel/index`, the workbench (spec S0.2.6): who is signed in, in which role, and the products to open. */
export function WorkbenchPage() {
  const { t } = useTranslation();
  const session = useSession();
  const brand = useBrand();
  const userInfo = useUserInfo();
  const detail = useUserDetail();
  const nav = useActiveProduct();
  const switchProduct = useSwitchProduct();
  const realName = userInfo.data?.sysUser.realName ?? session?.user.realName ?? '';
  const username = userInfo.data?.sysUser.username ?? session?.user.username ?? '';
  const activeRoleId = readActiveRoleId();
  const roles = userInfo.data?.roleList ?? session?.user.roleList ?? [];
  // White on a shade of the brand colour that reads at 4.5:1 marks the active role.
  const strong = readableShade(brand.primaryColor);

  return (
    <Flex vertical gap={12}>
      <Card variant="borderless">
        <Typography.Title level={1} className={styles.title}>
          {t('home.title')}
        </Typography.Title>
        <Typography.Paragraph data-testid="signed-in-as" strong>
          {t('home.signedInAs', { realName })}
        </Typography.Paragraph>
        <Typography.Text type="secondary">{t('home.account', { username })}</Typography.Text>
        {detail.data?.deptFullName && (
          <Typography.Paragraph type="secondary" className={styles.dept}>
            {t('home.department', { name: seededPath(detail.data.deptFullName, currentLanguage()) })}
          </Typography.Paragraph>
        )}
        <div className={styles.roles}>
          <Typography.Title level={2} className={styles.subTitle}>
            {t('home.roles')}
          </Typography.Title>
          <Flex wrap gap={8} data-testid="role-list">
            {roles.map((role) => (
              <Tag
                key={role.roleId}
                style={
                  role.roleId === activeRoleId
                    ? { background: strong, borderColor: strong, color: '#fff' }
                    : undefined
                }
                title={role.roleCode}
              >
                {seededName(role.roleName, currentLanguage())}
                {role.roleId === activeRoleId ? ` · ${t('home.activeRole')}` : ''}
              </Tag>
            ))}
          </Flex>
        </div>
      </Card>
      {/* A student's pending tests (spec S1.7 getMyUpscomingScaleByPage), for those who take tests. */}
      {userInfo.data?.permissions.includes('plantest_take') && (
        <Suspense fallback={null}>
          <PendingTestsCard />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <CrisisWorkbenchCards />
      </Suspense>
      <Card variant="borderless" title={<h2 className={styles.cardTitle}>{t('home.products')}</h2>}>
        <Row gutter={[12, 12]}>
          {nav.products.map((product) => (
            <Col key={product.id} xs={12} sm={8} md={6} xl={4}>
              <button
                type="button"
                className={styles.product}
                onClick={() => void switchProduct(product)}
                aria-current={product.id === nav.active?.id ? 'true' : undefined}
              >
                <MenuIcon name={product.icon} />
                <span>{product.productName}</span>
              </button>
            </Col>
          ))}
        </Row>
      </Card>
    </Flex>
  );
}
