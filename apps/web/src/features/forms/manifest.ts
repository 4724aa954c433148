import type { FORM_PERMISSIONS } from '@psy/contracts';
import { adminPage, defineFeature } from '../../shared/feature/manifest';

/**
 * The form builder and the user-profile template (docs/forms.md "The web"); the fill page is a shell
 * page (`/forms/fill`, app/layout/page-registry.ts).
 */
export const formsFeature = defineFeature({
  name: 'forms',
  pages: [
    adminPage('/admin/form/index', () => import('./components/form-admin-page'), 'FormAdminPage'),
    adminPage(
      '/user_manage/resetFields',
      () => import('./components/bound-form-page'),
      'UserProfileTemplatePage',
    ),
  ],
  cataloguePart: 'admin',
  // Typed as the contract's constant, not imported with its contract file (the manifest loads with the layout).
  buttons: ['admin_form_edit' satisfies (typeof FORM_PERMISSIONS)['edit']],
});

/** The builder on a bound form (the agreement's), loaded when another feature opens it. */
export const loadBoundFormBuilder = async () =>
  (await import('./components/bound-form-page')).BoundFormBuilder;
