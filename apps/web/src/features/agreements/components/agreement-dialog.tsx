import { Button, Modal, Spin, Typography } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAgreement, type MyAgreement } from '../api/my-agreement';
import { agreementDialogParts } from '../lib/agreement-dialog';
import styles from './agreement-dialog.module.css';

// The renderer (and its field controls) loads only when the school has an agreement form bound.
const AgreementForm = lazy(async () => ({ default: (await import('./agreement-form')).AgreementForm }));

/** Spec S0.9.7: dialog width 780 px. */
export const AGREEMENT_DIALOG_WIDTH = 780;

export interface AgreementDialogProps {
  agreement: MyAgreement;
  /** Log out instead of agreeing (spec S0.2.23). */
  onLogout: () => void;
}

/**
 * The start-up agreement (spec S0.2.23, S0.4.1): it cannot be closed, by its corner, the mask or Escape.
 * The user reads the text and either agrees (recorded on the server, then it closes) or logs out. When
 * the school has an agreement form bound (`agreement.form`), the form follows the text and agreeing is
 * submitting it (`AgreementForm`); otherwise the footer's "Agree" records the agreement alone.
 */
export function AgreementDialog({ agreement, onLogout }: AgreementDialogProps) {
  const { t } = useTranslation();
  const save = useSaveAgreement();
  const textId = useId();
  const [formPending, setFormPending] = useState(false);
  const title = agreement.title.trim() || t('agreement.defaultTitle');
  const parts = agreementDialogParts(agreement);

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
        <Button key="logout" onClick={onLogout} disabled={save.isPending || formPending}>
          {t('agreement.logout')}
        </Button>,
        parts.footerAgree ? (
          <Button
            key="agree"
            type="primary"
            loading={save.isPending}
            onClick={() => save.mutate({ formName: agreement.formName })}
          >
            {t('agreement.agree')}
          </Button>
        ) : null,
      ]}
    >
      <Typography.Paragraph>
        {parts.formId === null ? t('agreement.intro') : t('agreement.formIntro')}
      </Typography.Paragraph>
      {parts.showText ? (
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
      ) : null}
      {parts.formId !== null ? (
        <div className={styles.form} data-testid="agreement-form">
          <Suspense fallback={<Spin />}>
            <AgreementForm
              formId={parts.formId}
              formName={agreement.formName}
              onPendingChange={setFormPending}
            />
          </Suspense>
        </div>
      ) : null}
    </Modal>
  );
}
