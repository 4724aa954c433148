import { ClearOutlined, UploadOutlined } from '@ant-design/icons';
import { SIGNATURE_PICKER_ACCEPT } from '@psy/contracts';
import { Button, Flex, Modal, Typography } from 'antd';
import { useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import {
  canvasPoint,
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

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/**
 * The signature dialog (spec S0.4.9, S0.9.2): an 800 px dialog with a 760x380 canvas to sign on with a
 * mouse, pen or finger (pointer events), or an uploaded jpg/jpeg/png image under 20 MB (S0.5.8). It
 * starts empty; clear empties it, cancel closes it, and save refuses an empty pad ('please sign').
 */
export function SignatureDialog({ open, onSave, onCancel, saving }: SignatureDialogProps) {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const drawing = useRef(false);
  const [hasInk, setHasInk] = useState(false);
  const [uploaded, setUploaded] = useState<string | null>(null);

  const context = () => {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = SIGNATURE_LINE_WIDTH;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#000';
    }
    return ctx;
  };
  const pointOf = (e: PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return canvasPoint({ x: e.clientX, y: e.clientY }, rect);
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx || uploaded) return;
    // No text selection or scrolling while signing.
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = pointOf(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    // A tap leaves a dot.
    ctx.lineTo(p.x + 0.1, p.y + 0.1);
    ctx.stroke();
    setHasInk(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = context();
    if (!ctx) return;
    const p = pointOf(e);
    ctx.lineTo(p.x, p.y);
    ctx.stroke();
  };
  const endStroke = () => {
    drawing.current = false;
  };

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setHasInk(false);
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
      setUploaded(await readAsDataUrl(file));
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
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endStroke}
            onPointerCancel={endStroke}
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
