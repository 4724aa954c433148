import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from '../../features/auth';
import { usePageInfo } from '../../shared/layout/page-context';
import { useSignOut } from '../layout/use-sign-out';

/** Spec S0.2.25: `/userinfo/password`; the old password is asked only with `from=self`. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const page = usePageInfo();
  const signOut = useSignOut();
  const isSelf = page.search.get('from') === 'self';

  return (
    <Card variant="borderless" style={{ maxWidth: 560 }}>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        {t('password.title')}
      </Typography.Title>
      <PasswordForm isSelf={isSelf} onChanged={() => signOut.leave()} />
    </Card>
  );
}
