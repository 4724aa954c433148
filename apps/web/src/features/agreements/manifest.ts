import type { FORM_PERMISSIONS } from '@psy/contracts';
import { adminPage, defineFeature } from '../../shared/feature/manifest';

/** The start-up agreement's administration page (the dialog is mounted by the start-up order). */
export const agreementsFeature = defineFeature({
  name: 'agreements',
  pages: [
    adminPage(
      '/admin/agreement/index',
      () => import('./components/agreement-admin-page'),
      'AgreementAdminPage',
    ),
  ],
  cataloguePart: 'admin',
  // Typed as the contract's constant, not imported with its contract file (the manifest loads with the layout).
  buttons: ['admin_form_edit' satisfies (typeof FORM_PERMISSIONS)['edit']],
});

/** The start-up agreement dialog, loaded only for a user who must agree (route size budget). */
export const loadAgreementDialog = async () =>
  (await import('./components/agreement-dialog')).AgreementDialog;
