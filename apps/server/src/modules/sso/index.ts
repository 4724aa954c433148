import type { ModuleManifest } from '../../core/module';
import { authDepsOf } from '../auth';
import { ssoRoutes } from './sso.routes';
import { ssoDepsOf } from './sso.service';

/** Single sign-on: the school's identity providers (CAS, OpenID Connect, DingTalk, WeCom); docs/sso.md. */
export const ssoModule: ModuleManifest = {
  name: 'sso',
  layer: 'platform',
  routes: (deps) => ssoRoutes(ssoDepsOf(authDepsOf(deps))),
  // Flows and login tokens are taken by their hash before the school is known (like session tokens).
  tables: { systemOnly: ['sso_flow', 'sso_login_token'] },
  catalog: {
    menus: [
      {
        product: 'SYSTEM',
        order: 125,
        code: 'sys_sso',
        name: '统一身份认证',
        nameEn: 'Single sign-on',
        path: '/admin/sso/index',
        buttons: [{ code: 'sys_sso_edit', name: '编辑统一身份认证', nameEn: 'Edit single sign-on' }],
      },
    ],
  },
};
