import type { CatalogContribution } from '../../core/catalog';
import { pageCode } from '../../core/catalog';

/** Detail pages of case work: opened from the case list and the record lists, never from the sidebar. */
const CASE_PAGES = [
  { path: '/consult/case/detail', name: '个案详情', nameEn: 'Case detail', order: 2000 },
  { path: '/consult/record/fill', name: '填写咨询记录', nameEn: 'Fill in a record', order: 2010 },
  { path: '/consult/record/history', name: '记录修改历史', nameEn: 'Record history', order: 2020 },
  { path: '/consult/team/detail', name: '咨询师详情', nameEn: 'Counsellor detail', order: 2030 },
] as const;

/**
 * The screens of docs/cases.md 13 that the base catalogue lacks. The team and the risk list are the
 * administrators' (consult_case_all answers their calls); record deadlines are the counsellors'; "my
 * sessions" is the visitor's. The counsellor's role takes the whole product but the administrators'
 * entries (seed/catalog.ts `except`).
 */
export const CASE_CATALOG: CatalogContribution = {
  menus: [
    {
      product: 'CONSULT',
      order: 40,
      code: 'consult_team',
      name: '咨询团队',
      nameEn: 'Consulting team',
      path: '/consult/team/index',
    },
    {
      product: 'CONSULT',
      order: 50,
      code: 'consult_risk',
      name: '风险评估',
      nameEn: 'Risk assessment',
      path: '/consult/risk/index',
    },
    {
      product: 'CONSULT',
      order: 60,
      code: 'consult_extension',
      name: '延期与解锁申请',
      nameEn: 'Extension and unlock requests',
      path: '/consult/extension/index',
    },
    {
      product: 'CONSULT',
      order: 70,
      code: 'consult_mine_sessions',
      name: '我的咨询',
      nameEn: 'My sessions',
      path: '/consult/mine/sessions',
    },
  ],
  pages: CASE_PAGES.map((p) => ({ product: 'CONSULT' as const, ...p })),
  grants: [
    // The visitor's side: agreements, feedback and signatures of their own sessions.
    { roles: ['ROLE_GENERAL'], grants: ['menu:consult_mine_sessions'] },
    // A supervisor reads and co-signs the cases of their supervisees (docs/cases.md 8).
    {
      roles: ['ROLE_SUPERVISOR'],
      grants: [
        'menu:consult_case',
        `menu:${pageCode('/consult/case/detail')}`,
        `menu:${pageCode('/consult/record/fill')}`,
        `menu:${pageCode('/consult/record/history')}`,
        `menu:${pageCode('/aLiftTimeFilelistInfo')}`,
        `menu:${pageCode('/aLiftTimeReport')}`,
      ],
    },
  ],
};
