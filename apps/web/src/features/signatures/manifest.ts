import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** The user's stored signature (docs/signatures-and-fingerprint.md). */
export const signaturesFeature = defineFeature({
  name: 'signatures',
  pages: [adminPage('/signature', () => import('./components/signature-page'), 'SignaturePage')],
  cataloguePart: 'admin',
  buttons: [],
});
