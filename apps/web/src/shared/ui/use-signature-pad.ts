import { useRef, useState, type PointerEvent } from 'react';
import { SIGNATURE_UPLOAD_DATA_URL_MAX } from '@psy/contracts';
import { canvasPoint } from '../lib/canvas-point';

/**
 * A chosen signature image as a data URL small enough to send: drawn into a canvas that fits `box`
 * (a photo of up to 20 MB may be chosen, spec S0.9.2; the server takes at most
 * SIGNATURE_UPLOAD_MAX_BYTES and re-encodes it anyway). JPEG stays JPEG; a PNG that is still too large
 * (a photo saved as PNG) is sent as JPEG. Drawing also leaves the file's metadata behind.
 */
export async function readImageForUpload(
  file: File,
  box: { width: number; height: number },
): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, box.width / bitmap.width, box.height / bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const url = canvas.toDataURL(file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png', 0.9);
    return url.length <= SIGNATURE_UPLOAD_DATA_URL_MAX ? url : canvas.toDataURL('image/jpeg', 0.85);
  } finally {
    bitmap.close();
  }
}

/**
 * Drawing a signature on a canvas with a mouse, pen or finger (pointer events): the signature dialog
 * (spec S0.4.9) and a form's signature field share it. `disabled` stops drawing (an uploaded image shown).
 */
export function useSignaturePad(options: {
  size: { width: number; height: number };
  lineWidth: number;
  disabled?: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [hasInk, setHasInk] = useState(false);

  const context = () => {
    const ctx = canvasRef.current?.getContext('2d') ?? null;
    if (ctx) {
      ctx.lineWidth = options.lineWidth;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#000';
    }
    return ctx;
  };
  const pointOf = (e: PointerEvent<HTMLCanvasElement>) =>
    canvasPoint({ x: e.clientX, y: e.clientY }, e.currentTarget.getBoundingClientRect(), options.size);

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = context();
    if (!ctx || options.disabled) return;
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
  };

  return {
    canvasRef,
    hasInk,
    clear,
    /** Spread on the <canvas>. */
    handlers: { onPointerDown, onPointerMove, onPointerUp: endStroke, onPointerCancel: endStroke },
  };
}
