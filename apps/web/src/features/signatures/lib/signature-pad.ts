import { checkSignatureFile, type SignatureUploadIssue } from '@psy/contracts';
import { canvasPoint as sharedCanvasPoint } from '../../../shared/lib/canvas-point';

/** Drawing surface of the signature dialog (spec S0.9.2): 760x380 in an 800 px dialog. */
export const SIGNATURE_CANVAS = { width: 760, height: 380 } as const;
export const SIGNATURE_DIALOG_WIDTH = 800;
export const SIGNATURE_LINE_WIDTH = 3;

/** A pointer position on the dialog's 760x380 canvas (shared/lib/canvas-point.ts). */
export const canvasPoint = (
  client: { x: number; y: number },
  rect: { left: number; top: number; width: number; height: number },
  size: { width: number; height: number } = SIGNATURE_CANVAS,
) => sharedCanvasPoint(client, rect, size);

/** The i18n key of a chosen file's problem (type or size, spec S0.5.8), or null when it may be uploaded. */
export function signatureFileProblem(file: { name: string; size: number }): SignatureUploadIssue | null {
  return checkSignatureFile(file);
}

/** What the dialog emits on save (spec S0.4.9): the image as a data URL and when it was signed. */
export interface SignatureResult {
  image: string;
  time: number;
}
