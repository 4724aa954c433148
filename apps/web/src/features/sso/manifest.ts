import type { SSO_PROVIDER_EDIT_PERMISSION } from '@psy/contracts';
import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** Single sign-on: the administrator's identity providers (docs/sso.md). */
export const ssoFeature = defineFeature({
  name: 'sso',
  pages: [adminPage('/admin/sso/index', () => import('./components/sso-admin-page'), 'SsoAdminPage')],
  cataloguePart: ['admin', 'sso'],
  // Typed as the contract's constant, not imported with its contract file (the manifest loads with the layout).
  buttons: ['sys_sso_edit' satisfies typeof SSO_PROVIDER_EDIT_PERMISSION],
});
