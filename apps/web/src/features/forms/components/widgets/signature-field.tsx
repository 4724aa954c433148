import { checkSignatureFile, SIGNATURE_PICKER_ACCEPT } from '@psy/contracts';
import { Button } from 'antd';
import { useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../shared/ui/feedback';
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
 * A pointer position in canvas pixels: the canvas may be shown narrower than its 300 px on a phone.
 * (The same scaling as the signature dialog's; the dialog's module is not loaded with a form.)
 */
function padPoint(e: PointerEvent<HTMLCanvasElement>) {
  const rect = e.currentTarget.getBoundingClientRect();
  const sx = rect.width > 0 ? FORM_SIGNATURE_CANVAS.width / rect.width : 1;
  const sy = rect.height > 0 ? FORM_SIGNATURE_CANVAS.height / rect.height : 1;
  return { x: (e.clientX - rect.left) * sx, y: (e.clientY - rect.top) * sy };
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
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const drawing = useRef(false);
  const [open, setOpen] = useState(false);
  const [hasInk, setHasInk] = useState(false);

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

  const context = () => {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = 2;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#000';
    }
    return ctx;
  };
  const pointOf = padPoint;
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = true;
    const p = pointOf(e);
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
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
  };
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
      onChange(await readAsDataUrl(file));
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
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endStroke}
        onPointerCancel={endStroke}
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
