import { Button, Modal, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAgreement, type MyAgreement } from '../api/my-agreement';
import styles from './agreement-dialog.module.css';

/** Spec S0.9.7: dialog width 780 px. */
export const AGREEMENT_DIALOG_WIDTH = 780;

export interface AgreementDialogProps {
  agreement: MyAgreement;
  /** Log out instead of agreeing (spec S0.2.23). */
  onLogout: () => void;
}

/**
 * The start-up agreement (spec S0.2.23, S0.4.1): it cannot be closed, by its corner, the mask or Escape.
 * The user reads the text and either agrees (recorded on the server, then it closes) or logs out.
 */
export function AgreementDialog({ agreement, onLogout }: AgreementDialogProps) {
  const { t } = useTranslation();
  const save = useSaveAgreement();
  const textId = useId();
  const title = agreement.title.trim() || t('agreement.defaultTitle');

  return (
    <Modal
      open
      title={title}
      width={AGREEMENT_DIALOG_WIDTH}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      centered
      footer={[
        <Button key="logout" onClick={onLogout} disabled={save.isPending}>
          {t('agreement.logout')}
        </Button>,
        <Button
          key="agree"
          type="primary"
          loading={save.isPending}
          onClick={() => save.mutate(agreement.formName)}
        >
          {t('agreement.agree')}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{t('agreement.intro')}</Typography.Paragraph>
      <div
        id={textId}
        className={styles.text}
        tabIndex={0}
        role="region"
        aria-label={title}
        data-testid="agreement-text"
      >
        {agreement.content}
      </div>
    </Modal>
  );
}
