export { SignatureDialog, type SignatureDialogProps } from './components/signature-dialog';
export { signaturesFeature } from './manifest';
export { useMySignature, useSaveMySignature, signatureQueryKeys } from './api/signatures';
export {
  canvasPoint,
  SIGNATURE_CANVAS,
  SIGNATURE_DIALOG_WIDTH,
  type SignatureResult,
} from './lib/signature-pad';
