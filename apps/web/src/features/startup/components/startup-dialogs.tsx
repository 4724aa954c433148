import { App } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAgreementDialog, useMyAgreement } from '../../agreements';
import { useUserDetail, useUserInfo } from '../../auth';
import { useSession } from '../../../shared/session/session-store';
import { removeStored, writeStored } from '../../../shared/storage/storage';
import {
  decideStartupDialog,
  isAgreementDue,
  STARTUP_DIALOG_KEY,
  startupDialogRecord,
} from '../model/startup-order';

// Each dialog (with its form, date and organisation pickers) loads only for a user who must see it, not
// with the layout (route size budget, scripts/route-sizes.mjs).
const ProfileCompletionDialog = lazy(async () => ({
  default: (await import('../../profile')).ProfileCompletionDialog,
}));
const ForcedPasswordDialog = lazy(async () => ({
  default: (await import('./forced-password-dialog')).ForcedPasswordDialog,
}));
const AgreementDialog = lazy(async () => ({ default: await loadAgreementDialog() }));

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
    isSso: (userInfo.data?.isSso ?? session?.isSso) === true,
    isWriteInfo: detail.isError ? null : detail.data?.isWriteInfo,
    isProfileDone,
  };
  const agreement = useMyAgreement(isAgreementDue(base));
  const dialog = decideStartupDialog({
    ...base,
    mustAgree: agreement.isError ? null : agreement.data?.mustAgree,
  });

  // A reload of the workbench while a dialog is due goes straight to the full app (index.html).
  useEffect(() => {
    const record = startupDialogRecord(dialog);
    if (record === 'remove') removeStored(STARTUP_DIALOG_KEY);
    else if (record) writeStored(STARTUP_DIALOG_KEY, record.write);
  }, [dialog]);

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
      <Suspense fallback={null}>
        <ForcedPasswordDialog onChanged={onPasswordChanged} onLogout={confirmLogout} />
      </Suspense>
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
    return (
      <Suspense fallback={null}>
        <AgreementDialog agreement={agreement.data} onLogout={confirmLogout} />
      </Suspense>
    );
  }
  return null;
}
