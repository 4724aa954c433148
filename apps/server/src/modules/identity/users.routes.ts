import {
  accessLogEndpoint,
  addUserEndpoint,
  adminResetPasswordEndpoint,
  auditUsersEndpoint,
  batchDeleteUsersEndpoint,
  createDeptEndpoint,
  deleteDeptEndpoint,
  deleteUserEndpoint,
  deptAncestorsEndpoint,
  deptAncestorsInScopeEndpoint,
  deptInnerTreeEndpoint,
  deptRegionEndpoint,
  deptTreeByIdEndpoint,
  desensitizationGetUserEndpoint,
  getUserEndpoint,
  getUserPhoneEndpoint,
  updateDeptEndpoint,
  updateUserEndpoint,
  updateUserIdCardEndpoint,
  updateUserPhoneEndpoint,
  userPageEndpoint,
  userSimpleEndpoint,
} from '@psy/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../core/db/database';
import { AUTHENTICATED, PUBLIC, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import * as depts from './depts.service';
import * as users from './users.service';

export interface UserAdminRouteDeps extends Omit<users.UserAdminDeps, 'decryptPassword'> {
  database: Database;
  /** Before the transaction: opens the request's encrypted password fields and spends their nonces. */
  openPasswords(req: FastifyRequest, fields: readonly string[]): Promise<void>;
  /** Inside it: the password opened for a field, or its refusal (a 400 naming the field). */
  openedPassword(req: FastifyRequest, field: string, value: string): string;
}

/** The service's dependencies for one request: its passwords were opened before the transaction. */
const forRequest = (deps: UserAdminRouteDeps, req: FastifyRequest): users.UserAdminDeps => ({
  ...deps,
  decryptPassword: async (field, value) => deps.openedPassword(req, field, value),
});

/** User administration and departments (docs/users-and-departments.md). Every call is data-scoped. */
export const userAdminRoutes = (deps: UserAdminRouteDeps): RouteDef[] =>
  [
    defineRoute({
      endpoint: userPageEndpoint,
      access: permission('sys_user'),
      handler: async ({ scope, principal, query }) => users.listUsers(scope, principal, query),
    }),
    defineRoute({
      endpoint: addUserEndpoint,
      access: permission('admin_userInfo_add'),
      outsideTransaction: { before: (_token, req) => deps.openPasswords(req, ['password']) },
      handler: async ({ scope, principal, lang, body, req }) =>
        users.addUser(forRequest(deps, req), scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: updateUserEndpoint,
      access: permission('admin_userInfo_edit'),
      handler: async ({ scope, principal, lang, body }) => users.editUser(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: getUserEndpoint,
      access: permission('sys_user', 'sys_user_detail'),
      handler: async ({ scope, principal, query }) => users.getUser(scope, principal, query.id),
    }),
    defineRoute({
      endpoint: desensitizationGetUserEndpoint,
      access: permission('sys_user', 'sys_user_detail'),
      handler: async ({ scope, principal, query }) => users.getUserDesensitized(scope, principal, query.id),
    }),
    defineRoute({
      endpoint: getUserPhoneEndpoint,
      access: permission('admin_userInfo_sensitive'),
      handler: async ({ scope, principal, query }) => users.getUserPhone(scope, principal, query.id),
    }),
    defineRoute({
      endpoint: updateUserPhoneEndpoint,
      access: permission('admin_userInfo_edit'),
      handler: async ({ scope, principal, body }) =>
        users.editUserPhone(scope, principal, body.id, body.phone),
    }),
    defineRoute({
      endpoint: updateUserIdCardEndpoint,
      access: permission('admin_userInfo_edit'),
      handler: async ({ scope, principal, body }) =>
        users.editUserIdCard(scope, principal, body.id, body.idType, body.idCard),
    }),
    defineRoute({
      endpoint: deleteUserEndpoint,
      access: permission('admin_userInfo_del'),
      handler: async ({ scope, principal, params }) => {
        await users.deleteUsers(scope, principal, [params.id]);
        return true as const;
      },
    }),
    defineRoute({
      endpoint: batchDeleteUsersEndpoint,
      access: permission('admin_userInfo_del'),
      handler: async ({ scope, principal, body }) => ({
        deleted: await users.deleteUsers(scope, principal, body.ids),
      }),
    }),
    defineRoute({
      endpoint: auditUsersEndpoint,
      access: permission('admin_userInfo_audit'),
      handler: async ({ scope, principal, body }) =>
        users.auditUsers(scope, principal, body.ids, body.status),
    }),
    defineRoute({
      endpoint: userSimpleEndpoint,
      // The picker of named people: user administration, and the assessment screens that name a person
      // (a plan's named audience, follow-up and House-Tree-Person records), always within the data scope.
      access: permission(
        'sys_user',
        'plantest_plan_edit',
        'plantest_followup',
        'plantest_htp',
        'sys_sso_edit',
      ),
      handler: async ({ scope, principal, query }) => users.listSimpleUsers(scope, principal, query),
    }),
    defineRoute({
      endpoint: adminResetPasswordEndpoint,
      access: permission('admin_userInfo_resetPwd'),
      outsideTransaction: { before: (_token, req) => deps.openPasswords(req, ['pwd']) },
      handler: async ({ scope, principal, lang, body, req }) =>
        users.adminResetPassword(forRequest(deps, req), scope, principal, lang, body),
    }),
    defineRoute({
      // Both keys: sys_user by the access rule, admin_userInfo_sensitive checked by the service.
      endpoint: accessLogEndpoint,
      access: permission('sys_user'),
      handler: async ({ scope, principal, query }) => users.listAccessLog(scope, principal, query),
    }),
    // Departments.
    defineRoute({
      endpoint: deptInnerTreeEndpoint,
      // Also the department pickers of a plan's audience, of the assessment result filters and of a sign-on
      // provider's self-registration.
      access: permission(
        'sys_user',
        'sys_dept',
        'sys_user_detail',
        'plantest_plan_edit',
        'plantest_result_view',
        'sys_sso_edit',
      ),
      handler: async ({ scope, principal, query }) => depts.getScopedDeptTree(scope, principal, query),
    }),
    defineRoute({
      endpoint: deptTreeByIdEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => depts.getDeptTreeById(scope, query.id),
    }),
    defineRoute({
      endpoint: deptAncestorsEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => depts.getDeptPath(scope, query.id),
    }),
    defineRoute({
      endpoint: deptAncestorsInScopeEndpoint,
      access: permission('sys_user', 'sys_dept', 'sys_user_detail'),
      handler: async ({ scope, principal, query }) => depts.getDeptPathInScope(scope, principal, query.id),
    }),
    defineRoute({
      // Public: the self-registration form picks a department before anyone is signed in.
      endpoint: deptRegionEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId }) => deps.database.withTenant(tenantId, depts.getRegionTree),
    }),
    defineRoute({
      endpoint: createDeptEndpoint,
      access: permission('admin_dept_add'),
      handler: async ({ scope, principal, body }) => depts.createDept(scope, principal, body),
    }),
    defineRoute({
      endpoint: updateDeptEndpoint,
      access: permission('admin_dept_edit'),
      handler: async ({ scope, principal, body }) => depts.updateDept(scope, principal, body),
    }),
    defineRoute({
      endpoint: deleteDeptEndpoint,
      access: permission('admin_dept_del'),
      handler: async ({ scope, principal, params }) => depts.deleteDept(scope, principal, params.id),
    }),
  ] as RouteDef[];
