import { agreementsFeature } from '../features/agreements';
import { appointmentsFeature } from '../features/appointments';
import { assessmentFeature } from '../features/assessment';
import { assessmentTakeFeature } from '../features/assessment-take';
import { casesFeature } from '../features/cases';
import { clientLogAdminFeature } from '../features/client-log-admin';
import { crisisFeature } from '../features/crisis';
import { deptsFeature } from '../features/depts';
import { dictsFeature } from '../features/dicts';
import { downloadsFeature } from '../features/downloads';
import { focusSettingsFeature } from '../features/focus-settings';
import { ssoFeature } from '../features/sso';
import { formsFeature } from '../features/forms';
import { jobAdminFeature } from '../features/job-admin';
import { messageAdminFeature } from '../features/message-admin';
import { noticeAdminFeature } from '../features/notice-admin';
import { noticesFeature } from '../features/notices';
import { pdfPreviewFeature } from '../features/pdf-preview';
import { productAdminFeature } from '../features/product-admin';
import { rolesFeature } from '../features/roles';
import { schedulingFeature } from '../features/scheduling';
import { settingsAdminFeature } from '../features/settings-admin';
import { signaturesFeature } from '../features/signatures';
import { userTypesFeature } from '../features/user-types';
import { usersFeature } from '../features/users';
import type { FeatureManifest } from '../shared/feature/manifest';

/**
 * The features that own pages, one line each (docs/modules.md "The web side"): the page registry
 * (layout/page-registry.ts) and the route size report (scripts/route-sizes.mjs) are built from this list.
 */
export const FEATURES: readonly FeatureManifest[] = [
  usersFeature,
  deptsFeature,
  rolesFeature,
  productAdminFeature,
  userTypesFeature,
  signaturesFeature,
  dictsFeature,
  settingsAdminFeature,
  agreementsFeature,
  formsFeature,
  messageAdminFeature,
  noticeAdminFeature,
  clientLogAdminFeature,
  jobAdminFeature,
  focusSettingsFeature,
  ssoFeature,
  crisisFeature,
  noticesFeature,
  pdfPreviewFeature,
  downloadsFeature,
  appointmentsFeature,
  schedulingFeature,
  assessmentFeature,
  assessmentTakeFeature,
  casesFeature,
];
