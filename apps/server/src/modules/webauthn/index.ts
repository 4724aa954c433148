import type { ModuleManifest } from '../../core/module';
import { authDepsOf } from '../auth';
import { webauthnRoutes } from './webauthn.routes';

/** Fingerprint login as WebAuthn (docs/signatures-and-fingerprint.md). */
export const webauthnModule: ModuleManifest = {
  name: 'webauthn',
  layer: 'platform',
  routes: (deps) => webauthnRoutes(authDepsOf(deps)),
};
