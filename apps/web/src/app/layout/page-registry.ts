import { SYSTEM_ROUTE_PATHS } from '@psy/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ShellPageKey } from './resolve-page';

type LazyPage = LazyExoticComponent<ComponentType>;

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage =>
  lazy(async () => ({ default: (await load())[name] }));

/** The shell's own pages, each in its own chunk. */
export const SHELL_PAGES: Record<ShellPageKey, LazyPage> = {
  home: page(() => import('../routes/workbench-page'), 'WorkbenchPage'),
  forbidden: page(() => import('../routes/forbidden-page'), 'ForbiddenPage'),
  notFound: page(() => import('../routes/not-found-page'), 'NotFoundPage'),
  password: page(() => import('../routes/change-password-page'), 'ChangePasswordPage'),
  personalInfo: page(() => import('../routes/personal-info-page'), 'PersonalInfoPage'),
};

/**
 * Pages of menu entries, by route path. A module adds its pages here as it is built; an entry of the
 * user's menu without a page shows that the module is not available in this version.
 */
export const MENU_PAGES: Record<string, LazyPage> = {
  '/info/index': page(() => import('../routes/users-route'), 'UsersRoute'),
  '/user_manage/userinfo': page(() => import('../routes/user-detail-route'), 'UserDetailRoute'),
  '/admin/dept/index': page(() => import('../routes/depts-route'), 'DeptsRoute'),
  '/admin/role/index': page(() => import('../../features/roles'), 'RolesPage'),
  '/roleDetails/index': page(() => import('../routes/role-details-route'), 'RoleDetailsRoute'),
  '/admin/product/index': page(() => import('../../features/product-admin'), 'ProductAdminPage'),
  '/admin/uType/index': page(() => import('../../features/user-types'), 'UserTypesPage'),
  '/signature': page(() => import('../../features/signatures'), 'SignaturePage'),
  '/admin/dict/index': page(() => import('../../features/dicts'), 'DictsPage'),
  '/admin/setting/index': page(() => import('../../features/settings-admin'), 'SettingsPage'),
  '/admin/pageSetup/index': page(() => import('../../features/settings-admin'), 'PageSetupPage'),
  '/admin/agreement/index': page(() => import('../routes/agreement-admin-route'), 'AgreementAdminRoute'),
};

/** Spec S0.2.14 routes (and two short forms): opening one the user's menu lacks is a 403, not a 404. */
const SYSTEM_ROUTES = [...SYSTEM_ROUTE_PATHS, '/userinfo', '/noticeList'];

export const KNOWN_PATHS: ReadonlySet<string> = new Set([...SYSTEM_ROUTES, ...Object.keys(MENU_PAGES)]);

export const MODULE_UNAVAILABLE_PAGE: LazyPage = page(
  () => import('../routes/module-unavailable-page'),
  'ModuleUnavailablePage',
);
export const EMBEDDED_PAGE = lazy(async () => ({
  default: (await import('../routes/embedded-page')).EmbeddedPage,
}));
