import { pageCode } from '../../core/catalog';
import type { ModuleManifest } from '../../core/module';
import { signatureRoutes } from './signatures.routes';

export { signatureImage } from './signatures.service';
// Case records and agreements quote a stored signature (docs/cases.md 3).
export { getOwnSignature, getVisitorSignature } from './signatures.service';

/** Stored signatures (docs/signatures-and-fingerprint.md). */
export const signaturesModule: ModuleManifest = {
  name: 'signatures',
  layer: 'platform',
  routes: ({ files, database }) => signatureRoutes(files, database.system),
  catalog: {
    pages: [
      {
        product: 'SYSTEM',
        order: 240,
        path: '/signature',
        name: '手写签名',
        nameEn: 'Handwritten signature',
      },
    ],
    grants: [{ roles: '*', grants: [`menu:${pageCode('/signature')}`] }],
  },
};
