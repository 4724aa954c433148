import { checkSignatureFile, SIGNATURE_IMAGE_BOX, SIGNATURE_PICKER_ACCEPT } from '@psy/contracts';
import { Button } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../shared/ui/feedback';
import { readImageForUpload, useSignaturePad } from '../../../../shared/ui/use-signature-pad';
import styles from '../form-renderer.module.css';

/** The form's signature pad (spec S0.9.2): a 300x200 canvas; the signed image is shown 150 px wide. */
export const FORM_SIGNATURE_CANVAS = { width: 300, height: 200 } as const;

export interface SignatureFieldProps {
  id: string;
  label: string;
  value: unknown;
  signedBy?: string;
  signedAt?: number;
  editable: boolean;
  invalid: boolean;
  onChange: (image: string) => void;
}

/**
 * A signature field (spec S0.4.9): empty until drawn or uploaded; once given it is shown 150 px wide
 * with who signed and when, and it cannot be changed (the server stamps signer and time on save).
 * Loaded only by forms that have a signature field.
 */
export function SignatureField({
  id,
  label,
  value,
  signedBy,
  signedAt,
  editable,
  invalid,
  onChange,
}: SignatureFieldProps) {
  const { t, i18n } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const { canvasRef, hasInk, clear, handlers } = useSignaturePad({
    size: FORM_SIGNATURE_CANVAS,
    lineWidth: 2,
  });

  if (typeof value === 'string' && value !== '') {
    return (
      <div className={styles.signed}>
        <img
          src={value}
          alt={t('forms.signature.image', { label })}
          width={150}
          className={styles.signedImage}
        />
        {signedBy || signedAt ? (
          <div className={styles.hint}>
            {t('forms.signature.signedBy', {
              name: signedBy ?? '',
              time: signedAt ? new Date(signedAt).toLocaleString(i18n.language) : '',
            })}
          </div>
        ) : null}
      </div>
    );
  }
  if (!editable) return <div className={styles.hint}>{t('forms.signature.unsigned')}</div>;
  if (!open) {
    return (
      <Button id={id} danger={invalid} onClick={() => setOpen(true)} data-testid={`sign-${id}`}>
        {t('forms.signature.sign')}
      </Button>
    );
  }

  const save = () => {
    if (!hasInk || !canvasRef.current) {
      showToast('warning', t('forms.signature.empty'));
      return;
    }
    onChange(canvasRef.current.toDataURL('image/png'));
    setOpen(false);
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkSignatureFile(file);
    if (problem) {
      showToast('warning', t(`forms.signature.issue.${problem}`));
      return;
    }
    try {
      onChange(await readImageForUpload(file, SIGNATURE_IMAGE_BOX));
      setOpen(false);
    } catch {
      showToast('error', t('forms.signature.readFailed'));
    }
  };

  return (
    <div className={styles.signaturePad}>
      <canvas
        ref={canvasRef}
        id={id}
        className={styles.signatureCanvas}
        width={FORM_SIGNATURE_CANVAS.width}
        height={FORM_SIGNATURE_CANVAS.height}
        role="img"
        aria-label={t('forms.signature.pad', { label })}
        data-testid={`signature-pad-${id}`}
        {...handlers}
      />
      <div className={styles.actions}>
        <Button onClick={clear}>{t('forms.signature.clear')}</Button>
        <Button onClick={() => fileRef.current?.click()}>{t('forms.signature.upload')}</Button>
        <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
        <Button type="primary" onClick={save} data-testid={`signature-save-${id}`}>
          {t('forms.signature.save')}
        </Button>
      </div>
      <input
        ref={fileRef}
        type="file"
        accept={SIGNATURE_PICKER_ACCEPT}
        hidden
        aria-label={t('forms.signature.upload')}
        onChange={(e) => void onFile(e)}
      />
    </div>
  );
}
