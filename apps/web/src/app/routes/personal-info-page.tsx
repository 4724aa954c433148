import { seededName, seededPath } from '@psy/contracts';
import { currentLanguage } from '../../i18n/i18n';
import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserDetail, useUserInfo } from '../../features/auth';
import { RouteLoading } from './route-loading';

// The editable sections bring antd's form, list and dialog code: loaded after the page shows.
const EmergencyContactsSection = lazy(async () => ({
  default: (await import('../../features/user-profile')).EmergencyContactsSection,
}));
const FamilySection = lazy(async () => ({
  default: (await import('../../features/user-profile')).FamilySection,
}));
const FingerprintCard = lazy(async () => ({
  default: (await import('../../features/fingerprint')).FingerprintCard,
}));

/**
 * `/userinfo/index` (spec S0.2.14): the signed-in user's own basic information, read only; the password
 * can be changed from here. Editing the profile groups comes with the user administration screens.
 */
export function PersonalInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useUserDetail();
  // Someone who edits users changes their own details where they change everyone's.
  const canEditUsers = useUserInfo().data?.permissions.includes('admin_userInfo_edit') ?? false;
  if (!detail.data) return <RouteLoading embedded />;
  const { sysUser, roleList, deptFullName, birthday } = detail.data;
  const shown = (value: string | null | undefined) =>
    value ? value : <Typography.Text type="secondary">{t('personalInfo.empty')}</Typography.Text>;
  const sex =
    sysUser.sex === 1 ? t('personalInfo.male') : sysUser.sex === 2 ? t('personalInfo.female') : null;

  return (
    <Card
      variant="borderless"
      title={<h1 style={{ margin: 0, fontSize: 18 }}>{t('personalInfo.title')}</h1>}
      extra={
        <Button icon={<LockOutlined />} onClick={() => void navigate('/userinfo/password?from=self')}>
          {t('personalInfo.changePassword')}
        </Button>
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        items={[
          { key: 'account', label: t('personalInfo.account'), children: sysUser.username },
          { key: 'realName', label: t('personalInfo.realName'), children: shown(sysUser.realName) },
          { key: 'numberName', label: t('personalInfo.numberName'), children: shown(sysUser.numberName) },
          { key: 'phone', label: t('personalInfo.phone'), children: shown(sysUser.phone) },
          { key: 'email', label: t('personalInfo.email'), children: shown(sysUser.email) },
          { key: 'sex', label: t('personalInfo.sex'), children: shown(sex) },
          { key: 'birthday', label: t('personalInfo.birthday'), children: shown(birthday) },
          {
            key: 'department',
            label: t('personalInfo.department'),
            children: shown(deptFullName && seededPath(deptFullName, currentLanguage())),
          },
          {
            key: 'roles',
            label: t('personalInfo.roles'),
            children: (
              <Flex wrap gap={4}>
                {roleList.map((role) => (
                  <Tag key={role.roleId}>{seededName(role.roleName, currentLanguage())}</Tag>
                ))}
              </Flex>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        {canEditUsers ? t('personalInfo.editOnUsersPage') : t('personalInfo.editLater')}
      </Typography.Paragraph>
      <Suspense fallback={null}>
        <Flex vertical gap={16} style={{ marginTop: 24 }}>
          <EmergencyContactsSection />
          <FamilySection />
          <FingerprintCard />
        </Flex>
      </Suspense>
    </Card>
  );
}
