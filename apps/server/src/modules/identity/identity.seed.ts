import type { DeptSeed, SchoolSeedContext } from '../../core/module';
import { hashPassword } from '../../core/security/password';
import { dept, role, sysUser, userRole, userType } from './identity.table';

/**
 * A new school's roles (from the catalogue; their grants are the products module's), its department
 * tree below the root 'organisation' node, the staff and student user types, and its users with their
 * roles. Records the ids of roles, departments and users for the modules after it.
 */
export async function seedSchoolIdentity(ctx: SchoolSeedContext): Promise<void> {
  const { tx, tenantId, school, catalog, ids } = ctx;
  // One hash per user: each gets its own salt.
  const userHashes = await Promise.all(school.users.map((u) => hashPassword(u.password)));

  for (const r of catalog.roles) {
    const [row] = await tx
      .insert(role)
      .values({
        tenantId,
        roleCode: r.code,
        roleName: r.name,
        portPermission: r.ports,
        dataScope: r.dataScope ?? 'all',
        delegable: r.delegable ?? false,
      })
      .returning({ id: role.id });
    ids.roles[r.code] = row!.id;
  }

  const insertDepts = async (list: DeptSeed[], parentId: number | null) => {
    for (const [i, d] of list.entries()) {
      const [row] = await tx
        .insert(dept)
        .values({ tenantId, parentId, name: d.name, sort: i + 1 })
        .returning({ id: dept.id });
      ids.depts[d.name] = row!.id;
      if (d.children) await insertDepts(d.children, row!.id);
    }
  };
  await insertDepts([{ name: '组织机构', children: school.depts ?? [] }], null);

  const [staffType] = await tx
    .insert(userType)
    .values({ tenantId, name: '教职工', code: 'staff', sort: 1 })
    .returning({ id: userType.id });
  const [studentType] = await tx
    .insert(userType)
    .values({ tenantId, name: '学生', code: 'student', sort: 2, allowRegister: true })
    .returning({ id: userType.id });

  for (const [i, u] of school.users.entries()) {
    const isStudent = u.roles.includes('ROLE_GENERAL');
    const [row] = await tx
      .insert(sysUser)
      .values({
        tenantId,
        username: u.username,
        passwordHash: userHashes[i]!,
        realName: u.realName,
        numberName: u.numberName ?? `N${String(i + 1).padStart(6, '0')}`,
        phone: u.phone ?? null,
        sex: u.sex ?? 1,
        birthday: u.birthday ?? '1990-01-01',
        deptId: ids.depts[u.dept ?? '组织机构']!,
        userTypeId: isStudent ? studentType!.id : staffType!.id,
        mustChangePassword: u.mustChangePassword ?? false,
        isInitializeAdmin: u.roles.includes('ROLE_ADMIN'),
      })
      .returning({ id: sysUser.id });
    ids.users[u.username] = row!.id;
    const links = u.roles.map((code) => ({ tenantId, userId: row!.id, roleId: ids.roles[code]! }));
    if (links.length) await tx.insert(userRole).values(links);
  }
}
