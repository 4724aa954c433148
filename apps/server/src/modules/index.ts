import { MESSAGE_EVENT_KEYS } from '@psy/contracts';
import { wireModules, type ModuleManifest } from '../core/module';
import { agreementsModule } from './agreements';
import { appointmentsModule } from './appointments';
import { assessmentModule } from './assessment';
import { authModule } from './auth';
import { casesModule } from './cases';
import { clientLogsModule } from './client-logs';
import { crisisModule } from './crisis';
import { downloadsModule } from './downloads';
import { focusSettingsModule } from './focus-settings';
import { formsModule } from './forms';
import { identityModule } from './identity';
import { jobAdminModule } from './job-admin';
import { messagesModule } from './messages';
import { noticesModule } from './notices';
import { productsModule } from './products';
import { schedulingModule } from './scheduling';
import { settingsModule } from './settings';
import { signaturesModule } from './signatures';
import { tenantsModule } from './tenants';
import { userImportModule } from './user-import';
import { userProfileModule } from './user-profile';
import { webauthnModule } from './webauthn';
import { ssoModule } from './sso';
import { workforceModule } from './workforce';

/**
 * Every module of the server, in dependency order: a module imports only modules before it, platform
 * modules come first and business modules after them (docs/modules.md; the architecture test and lint
 * hold this). The app, the schema's grants, the seed, the job worker and the registries are assembled
 * from this list: adding a module is its folder and one line here.
 */
export const MODULES: readonly ModuleManifest[] = [
  // Platform.
  tenantsModule,
  settingsModule,
  identityModule,
  productsModule,
  authModule,
  messagesModule,
  downloadsModule,
  noticesModule,
  signaturesModule,
  formsModule,
  userImportModule,
  agreementsModule,
  webauthnModule,
  ssoModule,
  userProfileModule,
  clientLogsModule,
  jobAdminModule,
  // Business.
  workforceModule,
  focusSettingsModule,
  schedulingModule,
  assessmentModule,
  appointmentsModule,
  crisisModule,
  casesModule,
];

wireModules(MODULES, MESSAGE_EVENT_KEYS);
