import { QueryBuilder } from 'drizzle-orm/pg-core';
import { dept, role, sysUser, userRole, userType } from './identity.table';

/*
 * Identity's read views for other modules' queries (docs/modules.md "Reading another module's data"):
 * a module that lists its rows with who they belong to joins these, never identity's tables. Each is a
 * subquery of the columns identity lets others read (no password hash, no ID number), under the alias
 * the caller names; PostgreSQL flattens it into the caller's statement, so the join costs what a join
 * of the table did, and row-level security applies as before. Writes go through identity's functions.
 */

const qb = new QueryBuilder();

const userColumns = {
  tenantId: sysUser.tenantId,
  id: sysUser.id,
  username: sysUser.username,
  realName: sysUser.realName,
  numberName: sysUser.numberName,
  deptId: sysUser.deptId,
  userTypeId: sysUser.userTypeId,
  yearInfo: sysUser.yearInfo,
  sex: sysUser.sex,
  status: sysUser.status,
  delFlag: sysUser.delFlag,
};

/** Users: name, account, number, department, type, grade, sex, status, deleted flag. */
export const usersView = (alias: string) => qb.select(userColumns).from(sysUser).as(alias);

/**
 * Users with their phone: `usersView`'s columns plus the phone, apart from it so that a query which
 * shows how to reach a person says so by joining this (the follow-up and warning-network lists whose
 * pages show the phone). A single phone for sending (the crisis SMS) is `findUserPhone`, not a join.
 */
export const usersWithPhoneView = (alias: string) =>
  qb
    .select({ ...userColumns, phone: sysUser.phone })
    .from(sysUser)
    .as(alias);

/** Departments: the tree and names. */
export const deptsView = (alias: string) =>
  qb
    .select({
      tenantId: dept.tenantId,
      id: dept.id,
      parentId: dept.parentId,
      name: dept.name,
      sort: dept.sort,
      delFlag: dept.delFlag,
    })
    .from(dept)
    .as(alias);

/** Roles: code, name, data scope. */
export const rolesView = (alias: string) =>
  qb
    .select({
      tenantId: role.tenantId,
      id: role.id,
      roleCode: role.roleCode,
      roleName: role.roleName,
      dataScope: role.dataScope,
      delFlag: role.delFlag,
    })
    .from(role)
    .as(alias);

/** Who holds which role. */
export const userRolesView = (alias: string) =>
  qb
    .select({ tenantId: userRole.tenantId, userId: userRole.userId, roleId: userRole.roleId })
    .from(userRole)
    .as(alias);

/** User types. */
export const userTypesView = (alias: string) =>
  qb
    .select({
      tenantId: userType.tenantId,
      id: userType.id,
      name: userType.name,
      code: userType.code,
      sort: userType.sort,
      allowRegister: userType.allowRegister,
    })
    .from(userType)
    .as(alias);
