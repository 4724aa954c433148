import { SYSTEM_ROUTE_PATHS } from '@psy/contracts';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadCataloguePart } from '../../i18n/i18n';
import type { ShellPageKey } from './resolve-page';

type LazyPage = LazyExoticComponent<ComponentType>;

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage =>
  lazy(async () => ({ default: (await load())[name] }));

/** A page whose texts are in the administration part of the catalogue: both load before it renders. */
const adminPage = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyPage =>
  lazy(async () => {
    const [module] = await Promise.all([load(), loadCataloguePart('admin')]);
    return { default: module[name] };
  });

/** The shell's own pages, each in its own chunk. */
export const SHELL_PAGES: Record<ShellPageKey, LazyPage> = {
  home: page(() => import('../routes/workbench-page'), 'WorkbenchPage'),
  forbidden: page(() => import('../routes/forbidden-page'), 'ForbiddenPage'),
  notFound: page(() => import('../routes/not-found-page'), 'NotFoundPage'),
  password: page(() => import('../routes/change-password-page'), 'ChangePasswordPage'),
  personalInfo: page(() => import('../routes/personal-info-page'), 'PersonalInfoPage'),
  formFill: page(() => import('../../features/forms/fill-page'), 'FormFillPage'),
};

/**
 * Pages of menu entries, by route path. A module adds its pages here as it is built; an entry of the
 * user's menu without a page shows that the module is not available in this version.
 */
export const MENU_PAGES: Record<string, LazyPage> = {
  '/info/index': adminPage(() => import('../routes/users-route'), 'UsersRoute'),
  '/user_manage/userinfo': adminPage(() => import('../routes/user-detail-route'), 'UserDetailRoute'),
  '/admin/dept/index': adminPage(() => import('../routes/depts-route'), 'DeptsRoute'),
  '/admin/role/index': adminPage(() => import('../../features/roles'), 'RolesPage'),
  '/roleDetails/index': adminPage(() => import('../routes/role-details-route'), 'RoleDetailsRoute'),
  '/admin/product/index': adminPage(() => import('../../features/product-admin'), 'ProductAdminPage'),
  '/admin/uType/index': adminPage(() => import('../../features/user-types'), 'UserTypesPage'),
  '/signature': adminPage(() => import('../../features/signatures'), 'SignaturePage'),
  '/admin/dict/index': adminPage(() => import('../../features/dicts'), 'DictsPage'),
  '/admin/setting/index': adminPage(() => import('../../features/settings-admin'), 'SettingsPage'),
  '/admin/pageSetup/index': adminPage(
    () => import('../../features/settings-admin/page-setup'),
    'PageSetupPage',
  ),
  '/admin/agreement/index': adminPage(() => import('../routes/agreement-admin-route'), 'AgreementAdminRoute'),
  '/admin/form/index': adminPage(() => import('../../features/forms/admin-page'), 'FormAdminPage'),
  '/user_manage/resetFields': adminPage(
    () => import('../../features/forms/template-page'),
    'UserProfileTemplatePage',
  ),
  '/message/messageManage': adminPage(() => import('../../features/message-admin'), 'MessageTemplatesPage'),
  '/notice_manage/noticePublish': adminPage(() => import('../../features/notice-admin'), 'NoticePublishPage'),
  '/admin/log/index': adminPage(() => import('../../features/client-log-admin'), 'ClientLogsPage'),
  '/admin/job/index': adminPage(() => import('../../features/job-admin'), 'JobsPage'),
  '/focusperson/setting/index': adminPage(() => import('../../features/focus-settings'), 'FocusSettingsPage'),
  '/noticeList/detail': page(() => import('../routes/notice-detail-route'), 'NoticeDetailRoute'),
  '/pdfPreview': page(() => import('../../features/pdf-preview'), 'PdfPreviewPage'),
  '/downloadFile/fileList': page(() => import('../../features/downloads/file-list'), 'FileListPage'),
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
