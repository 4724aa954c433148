import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordForm } from '../../auth';

/** Spec S0.9.7: dialog width 780 px. */
const DIALOG_WIDTH = 780;

/** The forced password change at start-up (spec S0.1.4): no way out but changing the password or logging out. */
export function ForcedPasswordDialog({
  onChanged,
  onLogout,
}: {
  onChanged: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('startup.passwordTitle')}
      width={DIALOG_WIDTH}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={null}
    >
      <p>{t('startup.passwordIntro')}</p>
      <PasswordForm
        isSelf={false}
        name="forced-password-change"
        onChanged={onChanged}
        extraActions={<Button onClick={onLogout}>{t('startup.logout')}</Button>}
      />
    </Modal>
  );
}
