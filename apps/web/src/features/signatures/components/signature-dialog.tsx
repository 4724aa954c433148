import { ClearOutlined, UploadOutlined } from '@ant-design/icons';
import { SIGNATURE_IMAGE_BOX, SIGNATURE_PICKER_ACCEPT } from '@psy/contracts';
import { Button, Flex, Modal, Typography } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { readImageForUpload, useSignaturePad } from '../../../shared/ui/use-signature-pad';
import {
  SIGNATURE_CANVAS,
  SIGNATURE_DIALOG_WIDTH,
  SIGNATURE_LINE_WIDTH,
  signatureFileProblem,
  type SignatureResult,
} from '../lib/signature-pad';
import styles from './signature-dialog.module.css';

export interface SignatureDialogProps {
  open: boolean;
  /** Called with the image (data URL) and the time of signing (spec S0.4.9). */
  onSave: (result: SignatureResult) => void;
  onCancel: () => void;
  /** The save is in progress (the caller stores the signature). */
  saving?: boolean;
}

/**
 * The signature dialog (spec S0.4.9, S0.9.2): an 800 px dialog with a 760x380 canvas to sign on with a
 * mouse, pen or finger (pointer events), or an uploaded jpg/jpeg/png image under 20 MB (S0.5.8). It
 * starts empty; clear empties it, cancel closes it, and save refuses an empty pad ('please sign').
 */
export function SignatureDialog({ open, onSave, onCancel, saving }: SignatureDialogProps) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const pad = useSignaturePad({
    size: SIGNATURE_CANVAS,
    lineWidth: SIGNATURE_LINE_WIDTH,
    disabled: uploaded !== null,
  });
  const { canvasRef, hasInk } = pad;

  const clear = () => {
    pad.clear();
    setUploaded(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const problem = signatureFileProblem(file);
    if (problem) {
      showToast('warning', t(`signature.issue.${problem}`));
      e.target.value = '';
      return;
    }
    try {
      setUploaded(await readImageForUpload(file, SIGNATURE_IMAGE_BOX));
    } catch {
      showToast('error', t('signature.readFailed'));
    }
  };

  const save = () => {
    if (uploaded) return onSave({ image: uploaded, time: Date.now() });
    if (!hasInk || !canvasRef.current) return showToast('warning', t('signature.issue.empty'));
    onSave({ image: canvasRef.current.toDataURL('image/png'), time: Date.now() });
  };

  return (
    <Modal
      open={open}
      title={t('signature.dialogTitle')}
      width={SIGNATURE_DIALOG_WIDTH}
      onCancel={onCancel}
      afterOpenChange={(isOpen) => {
        if (!isOpen) clear();
      }}
      destroyOnHidden
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Flex gap={8} wrap>
            <Button icon={<ClearOutlined />} onClick={clear}>
              {t('signature.clear')}
            </Button>
            <Button icon={<UploadOutlined />} onClick={() => fileRef.current?.click()}>
              {t('signature.upload')}
            </Button>
          </Flex>
          <Flex gap={8}>
            <Button onClick={onCancel}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={save} loading={saving} data-testid="signature-save">
              {t('signature.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('signature.hint')}</Typography.Paragraph>
      <div className={styles.pad}>
        {uploaded ? (
          <img className={styles.preview} src={uploaded} alt={t('signature.uploadedAlt')} />
        ) : (
          <canvas
            ref={canvasRef}
            className={styles.canvas}
            width={SIGNATURE_CANVAS.width}
            height={SIGNATURE_CANVAS.height}
            aria-label={t('signature.canvasLabel')}
            role="img"
            data-testid="signature-canvas"
            {...pad.handlers}
          />
        )}
      </div>
      <input
        ref={fileRef}
        type="file"
        accept={SIGNATURE_PICKER_ACCEPT}
        hidden
        data-testid="signature-file"
        onChange={(e) => void onFile(e)}
      />
    </Modal>
  );
}
