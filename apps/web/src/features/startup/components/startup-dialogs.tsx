import { App, Button, Modal, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgreementDialog, useMyAgreement } from '../../agreements';
import { PasswordForm, useUserDetail, useUserInfo } from '../../auth';
import { useSession } from '../../../shared/session/session-store';
import { decideStartupDialog, isAgreementDue } from '../model/startup-order';

// Its date and organisation pickers load only for a user who must complete the profile, not with the layout
// (route size budget, scripts/route-sizes.mjs).
const ProfileCompletionDialog = lazy(async () => ({
  default: (await import('../../profile')).ProfileCompletionDialog,
}));

/** Spec S0.9.7: dialog width 780 px. */
const DIALOG_WIDTH = 780;

export interface StartupDialogsProps {
  /** Log out on the server and go to the login page. */
  onLogout: () => Promise<void> | void;
  /** The forced password change succeeded; the server already ended every session of the user. */
  onPasswordChanged: () => void;
}

/**
 * The start-up dialogs (spec S0.1.4, S0.4.1), mounted once in the layout: forced password change, else
 * missing profile information, else the agreement. None closes by a click outside or Escape.
 */
export function StartupDialogs({ onLogout, onPasswordChanged }: StartupDialogsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const session = useSession();
  const userInfo = useUserInfo();
  const detail = useUserDetail();
  const [isProfileDone, setIsProfileDone] = useState(false);

  const base = {
    mustChangePassword:
      userInfo.data?.sysUser.mustChangePassword ?? session?.user.mustChangePassword ?? false,
    isSso: session?.isSso === true,
    isWriteInfo: detail.isError ? null : detail.data?.isWriteInfo,
    isProfileDone,
  };
  const agreement = useMyAgreement(isAgreementDue(base));
  const dialog = decideStartupDialog({
    ...base,
    mustAgree: agreement.isError ? null : agreement.data?.mustAgree,
  });

  const confirmLogout = () => {
    modal.confirm({
      title: t('startup.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: () => onLogout(),
    });
  };

  if (dialog === 'password') {
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
        <Typography.Paragraph>{t('startup.passwordIntro')}</Typography.Paragraph>
        <PasswordForm
          isSelf={false}
          name="forced-password-change"
          onChanged={onPasswordChanged}
          extraActions={<Button onClick={confirmLogout}>{t('startup.logout')}</Button>}
        />
      </Modal>
    );
  }
  if (dialog === 'profile' && detail.data) {
    return (
      <Suspense fallback={null}>
        <ProfileCompletionDialog
          isWriteInfo={detail.data.isWriteInfo}
          missingBasicFields={detail.data.missingBasicFields}
          onDone={() => setIsProfileDone(true)}
          onLogout={confirmLogout}
        />
      </Suspense>
    );
  }
  if (dialog === 'agreement' && agreement.data) {
    return <AgreementDialog agreement={agreement.data} onLogout={confirmLogout} />;
  }
  return null;
}
