import { pageCode } from '../../core/catalog';
import type { ModuleManifest } from '../../core/module';
import { noticeRoutes } from './notices.routes';

const SYSTEM = 'SYSTEM' as const;

/** System notices: publishing, audiences, reads (docs/messages-and-notices.md). */
export const noticesModule: ModuleManifest = {
  name: 'notices',
  layer: 'platform',
  routes: () => noticeRoutes(),
  catalog: {
    menus: [
      {
        product: SYSTEM,
        order: 160,
        code: 'sys_notice',
        name: '系统公告',
        nameEn: 'System notices',
        path: '/noticeList/index',
      },
      {
        product: SYSTEM,
        order: 170,
        code: 'sys_notice_publish',
        name: '发布公告',
        nameEn: 'Publish notice',
        path: '/notice_manage/noticePublish',
      },
    ],
    pages: [
      { product: SYSTEM, order: 210, path: '/noticeList/detail', name: '公告详情', nameEn: 'Notice detail' },
    ],
    grants: [
      { roles: ['ROLE_GENERAL', 'ROLE_CONSULTANT'], grants: ['menu:sys_notice'] },
      { roles: '*', grants: [`menu:${pageCode('/noticeList/detail')}`] },
    ],
  },
};
