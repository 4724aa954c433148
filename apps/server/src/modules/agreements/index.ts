import type { ModuleManifest } from '../../core/module';
import { checkAgreementSettingRoles } from './agreements.events';
import { agreementRoutes } from './agreements.routes';

/** The start-up agreement: who must agree, with which form, the consents and their exports. */
export const agreementsModule: ModuleManifest = {
  name: 'agreements',
  layer: 'platform',
  routes: () => agreementRoutes(),
  events: [checkAgreementSettingRoles],
  messageEvents: ['AGREEMENT_REQUIRED'],
  catalog: {
    menus: [
      {
        product: 'SYSTEM',
        order: 130,
        code: 'sys_agreement',
        name: '协议管理',
        nameEn: 'Agreements',
        path: '/admin/agreement/index',
      },
    ],
  },
};
