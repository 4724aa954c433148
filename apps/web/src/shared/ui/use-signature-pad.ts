import { useRef, useState, type PointerEvent } from 'react';
import { canvasPoint } from '../lib/canvas-point';

/** A chosen image file as a data URL. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
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
