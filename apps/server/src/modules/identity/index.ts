import { openRequestPasswords, openedPassword } from '../../core/security/password-key';
import { pageCode } from '../../core/catalog';
import type { ModuleManifest } from '../../core/module';
import { identityRoutes } from './identity.routes';
import { seedSchoolIdentity } from './identity.seed';
import { getDeptTree } from './identity.service';
import { roleRoutes } from './roles.routes';
import { userTypeRoutes } from './user-types.routes';
import { userExport } from './users.export';
import { userAdminRoutes } from './users.routes';
import { purgeAccessLog } from './access-log-retention';

export {
  loadPrincipalData,
  findUserForLogin,
  findUsersByPhone,
  findUsersByIdNumber,
  findUsersByNumber,
  findUserPassword,
  updateUserPassword,
} from './identity.repository';
export { roleGrants, type RoleGrants, type PrincipalData } from './identity.repository';
export { buildPrincipal, permissionsOfUsableRoles, isRoleUsable } from './identity.policy';
export { getDeptTree } from './identity.service';
// Read views for other modules' joins (their queries never name identity's tables).
export {
  deptsView,
  rolesView,
  userRolesView,
  userTypesView,
  usersView,
  usersWithPhoneView,
} from './identity.views';
export { userAccessWithdrawn, userPasswordReset } from './identity.events';
export { recordPersonalDataRead, recordPersonalDataReads } from './users.service';
// Role grants are the products module's: it reads and checks roles through these.
export { assertManageable, isBuiltIn, requireRole } from './roles.service';
export { findLiveRoleIds } from './roles.repository';
export { ROLE_READ } from './roles.routes';
export { canSeeSensitive } from './identity.policy';
export { deptScopeOf, isDeptInScope, type DeptScope } from './identity.policy';
export { USER_EXPORT_QUEUE, type UserExportPayload } from './users.export';
// Bulk user import (modules/user-import) checks uploads and rows with the same helpers as addUser.
export { isRoleGrantableBy, isTenantWideAdminRole } from './identity.policy';
export { grantsSchoolAdministration } from './identity.policy';
export { generateInitialPassword } from './users.service';
export { findRolesWithPermissions, userTypeExists } from './users.repository';
export {
  findRoleNames,
  findTakenAccounts,
  findTakenNumbers,
  findUserNames,
  findUsersByAccount,
  insertUserRoles,
  insertUsers,
  updateUsers,
  type BulkUser,
  type ExistingUser,
} from './users.bulk.repository';
export { findDept, findDeptSubtreeIds } from './depts.repository';
// Modules that hold user ids (cases) show names and filter by name or department through these.
export { findUserBriefs, findUserIdsByName, findUserIdsInDepts, findAccessLog } from './users.repository';
// The crisis module's SMS: phones by id, without a view that would let any query select them.
export { findUserPhone, findUserPhones } from './users.repository';
// The user's own profile (modules/user-profile): other information, registration, avatar.
export {
  deptIsLive,
  findDictFields,
  findRootDeptId,
  findUserTypeIdByCode,
  liveRoleCodeExists,
  findLiveRolePermissionsByCode,
  findTakenAccount,
  findUserDeptId,
  insertRegisteredUser,
  listRegistrableUserTypes,
  liveUserExists,
  lockUser,
  updateAvatar,
  updateDictFields,
  type DictFields,
} from './profile.repository';
// Notice audiences (modules/notices): a department's ancestry, which ids are departments and roles.
export { findDeptAncestry, findExistingDeptIds } from './depts.repository';
export { findExistingRoleIds } from './roles.repository';
// Demo seeds of business modules (crisis) create their people through these.
export { findUserIdsByUsername, insertDemoStudents } from './demo-users.repository';

const SYSTEM = 'SYSTEM' as const;

/** The daily purge of access-log entries past each school's retention setting. */
export const ACCESS_LOG_PURGE_QUEUE = 'identity.accessLog.purge';

/** Users, user types, departments, roles and who holds them (docs/users-and-departments.md). */
export const identityModule: ModuleManifest = {
  name: 'identity',
  layer: 'platform',
  routes: ({ database }) => [
    ...identityRoutes(),
    ...userAdminRoutes({
      database,
      openPasswords: (req, fields) => openRequestPasswords(database.system, req, fields),
      openedPassword,
    }),
    ...roleRoutes(),
    ...userTypeRoutes(),
  ],
  exports: [userExport],
  // Nobody rewrites or removes a record of who read whose data; the retention purge runs as the system.
  tables: { appendOnly: ['personal_data_access_log'] },
  jobs: ({ database }) => [
    {
      queue: ACCESS_LOG_PURGE_QUEUE,
      handler: async () => ({ purged: await purgeAccessLog(database.system) }),
    },
  ],
  schedules: [
    {
      name: 'identity.accessLog.purge.daily',
      queue: ACCESS_LOG_PURGE_QUEUE,
      rule: { daily: '03:30', timeZone: 'Asia/Shanghai' },
      maxAttempts: 3,
    },
  ],
  optionLists: { '/admin/dept/tree': (scope) => getDeptTree(scope) },
  messageEvents: ['USER_PASSWORD_RESET', 'ACCOUNT_APPROVED'],
  catalog: {
    menus: [
      {
        product: SYSTEM,
        order: 10,
        code: 'sys_user',
        name: '用户管理',
        nameEn: 'Users',
        path: '/info/index',
        buttons: [
          { code: 'admin_userInfo_add', name: '新增用户', nameEn: 'Add user' },
          { code: 'admin_userInfo_edit', name: '编辑用户', nameEn: 'Edit user' },
          { code: 'admin_userInfo_del', name: '删除用户', nameEn: 'Delete user' },
          { code: 'admin_userInfo_export', name: '导出用户', nameEn: 'Export users' },
          { code: 'admin_userInfo_userImport_btn', name: '导入用户', nameEn: 'Import users' },
          { code: 'admin_userInfo_audit', name: '审核用户', nameEn: 'Approve users' },
          { code: 'admin_userInfo_resetPwd', name: '重置密码', nameEn: 'Reset password' },
          // Who may read another person's name, phone and ID number unmasked (spec S0.6.10).
          { code: 'admin_userInfo_sensitive', name: '查看完整个人信息', nameEn: 'See full personal data' },
          { code: 'admin_userFinger_add', name: '录入指纹', nameEn: 'Enrol fingerprint' },
        ],
      },
      {
        product: SYSTEM,
        order: 20,
        code: 'sys_dept',
        name: '组织机构',
        nameEn: 'Departments',
        path: '/admin/dept/index',
        buttons: [
          { code: 'admin_dept_add', name: '新增机构', nameEn: 'Add department' },
          { code: 'admin_dept_edit', name: '编辑机构', nameEn: 'Edit department' },
          { code: 'admin_dept_del', name: '删除机构', nameEn: 'Delete department' },
        ],
      },
      {
        product: SYSTEM,
        order: 30,
        code: 'sys_user_detail',
        name: '用户详情',
        nameEn: 'User details',
        path: '/user_manage/userinfo',
        hidden: true,
      },
      {
        product: SYSTEM,
        order: 40,
        code: 'sys_user_fields',
        name: '模板字段',
        nameEn: 'Template fields',
        path: '/user_manage/resetFields',
      },
      {
        product: SYSTEM,
        order: 50,
        code: 'sys_role',
        name: '角色管理',
        nameEn: 'Roles',
        path: '/admin/role/index',
        buttons: [
          { code: 'admin_role_add', name: '新增角色', nameEn: 'Add role' },
          { code: 'admin_role_edit', name: '编辑角色', nameEn: 'Edit role' },
          { code: 'admin_role_del', name: '删除角色', nameEn: 'Delete role' },
        ],
      },
      {
        product: SYSTEM,
        order: 60,
        code: 'sys_role_detail',
        name: '角色详情',
        nameEn: 'Role details',
        path: '/roleDetails/index',
        hidden: true,
      },
      {
        product: SYSTEM,
        order: 70,
        code: 'sys_user_type',
        name: '用户类型',
        nameEn: 'User types',
        path: '/admin/uType/index',
      },
    ],
    pages: [
      {
        product: SYSTEM,
        order: 200,
        path: '/userinfo/index',
        name: '个人信息',
        nameEn: 'Personal information',
      },
    ],
    grants: [
      {
        roles: ['ROLE_SUB_ADMIN'],
        grants: [
          'menu:sys_user',
          'menu:admin_userInfo_add',
          'menu:admin_userInfo_edit',
          'menu:admin_userInfo_export',
          'menu:admin_userInfo_userImport_btn',
          'menu:sys_user_detail',
          'menu:admin_userInfo_resetPwd',
          'menu:sys_dept',
        ],
      },
      // Everyone's own profile page.
      { roles: '*', grants: [`menu:${pageCode('/userinfo/index')}`] },
    ],
  },
  seedSchool: seedSchoolIdentity,
};
