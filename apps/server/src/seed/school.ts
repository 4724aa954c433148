import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../core/db/database';
import { hashPassword } from '../core/security/password';
import { dept, role, sysUser, userRole, userType } from '../modules/identity/identity.table';
import { menu, product, roleMenu, tenantProduct } from '../modules/products/products.table';
import { dictItem, dictType, pageSetup, setting } from '../modules/settings/settings.table';
import { tenant } from '../modules/tenants/tenants.table';
import { seedMessageTemplates } from '../modules/messages/message-templates.service';
import { seedDefaultForms } from '../modules/forms/forms.seed';
import { seedFocusSettings } from '../modules/focus-settings/focus-settings.service';
import { seedAssessment } from '../modules/assessment/assessment-scales.service';
import { MENUS, PRODUCTS, ROLES, type MenuSeed } from './catalog';
import { DICTIONARIES } from './dictionaries';

export interface UserSeed {
  username: string;
  password: string;
  realName: string;
  roles: string[];
  phone?: string;
  numberName?: string;
  sex?: number;
  birthday?: string;
  /** Name of the department (from `depts`). */
  dept?: string;
  mustChangePassword?: boolean;
}

export interface SchoolSeed {
  code: string;
  name: string;
  systemTitle?: string;
  themeColor?: string;
  /** Department tree below the root 'organisation' node: name -> children. */
  depts?: DeptSeed[];
  users: UserSeed[];
  settings?: { type: string; enable: boolean; value?: Record<string, unknown> }[];
}

export interface DeptSeed {
  name: string;
  children?: DeptSeed[];
}

export interface SeededSchool {
  tenantId: number;
  created: boolean;
  userIds: Record<string, number>;
  roleIds: Record<string, number>;
  deptIds: Record<string, number>;
}

/** The platform's product catalogue; idempotent. */
export async function seedCatalog(db: Database['db'] | Tx): Promise<Map<string, number>> {
  for (const [i, p] of PRODUCTS.entries()) {
    await db
      .insert(product)
      .values({
        productCode: p.code,
        productName: p.name,
        productNameEn: p.nameEn,
        type: p.type,
        icon: p.icon,
        sort: i + 1,
      })
      .onConflictDoNothing();
  }
  const rows = await db.select({ id: product.id, code: product.productCode }).from(product);
  return new Map(rows.map((r) => [r.code, r.id]));
}

async function insertMenus(
  tx: Tx,
  tenantId: number,
  productId: number,
  seeds: MenuSeed[],
  parentId: number | null,
  out: Map<string, number>,
) {
  for (const [i, m] of seeds.entries()) {
    const [row] = await tx
      .insert(menu)
      .values({
        tenantId,
        productId,
        parentId,
        menuCode: m.code,
        name: m.name,
        nameEn: m.nameEn,
        path: m.path ?? null,
        permission: m.permission === undefined ? m.code : m.permission,
        type: 0,
        sort: i + 1,
        isHidden: m.hidden ?? false,
        keepAlive: m.keepAlive ?? true,
      })
      .returning({ id: menu.id });
    out.set(m.code, row!.id);
    for (const [j, b] of (m.buttons ?? []).entries()) {
      const [btn] = await tx
        .insert(menu)
        .values({
          tenantId,
          productId,
          parentId: row!.id,
          menuCode: b.code,
          name: b.name,
          nameEn: b.nameEn,
          permission: b.code,
          type: 1,
          sort: j + 1,
        })
        .returning({ id: menu.id });
      out.set(b.code, btn!.id);
    }
    if (m.children) await insertMenus(tx, tenantId, productId, m.children, row!.id, out);
  }
}

/**
 * Creates a school with products, menus, roles and their grants, departments, dictionaries, settings
 * and users. Runs in the system context in one transaction; a school that exists is left as it is.
 */
export async function seedSchool(database: Database, seed: SchoolSeed): Promise<SeededSchool> {
  // One hash per user: each gets its own salt.
  const userHashes = await Promise.all(seed.users.map((u) => hashPassword(u.password)));

  return database.db.transaction(async (tx) => {
    const existing = await tx
      .select()
      .from(tenant)
      .where(sql`lower(${tenant.code}) = lower(${seed.code})`);
    if (existing[0])
      return { tenantId: existing[0].id, created: false, userIds: {}, roleIds: {}, deptIds: {} };

    const productIds = await seedCatalog(tx);
    const [t] = await tx.insert(tenant).values({ code: seed.code, name: seed.name }).returning();
    const tenantId = t!.id;

    await tx.insert(pageSetup).values({
      tenantId,
      systemTitle: seed.systemTitle ?? seed.name,
      browserTitle: seed.systemTitle ?? seed.name,
      layoutThemeColor: seed.themeColor ?? '#1677ff',
      technicalSupport: null,
    });
    for (const [i, p] of PRODUCTS.entries()) {
      await tx
        .insert(tenantProduct)
        .values({ tenantId, productId: productIds.get(p.code)!, enabled: true, sort: i + 1 });
    }

    const menuIds = new Map<string, number>();
    const productMenuCodes = new Map<string, string[]>();
    for (const p of PRODUCTS) {
      const before = new Set(menuIds.keys());
      await insertMenus(tx, tenantId, productIds.get(p.code)!, MENUS[p.code] ?? [], null, menuIds);
      productMenuCodes.set(
        p.code,
        [...menuIds.keys()].filter((k) => !before.has(k)),
      );
    }

    const roleIds: Record<string, number> = {};
    for (const r of ROLES) {
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
      roleIds[r.code] = row!.id;
      const codes = new Set<string>();
      for (const g of r.grants) {
        if (g.startsWith('menu:')) codes.add(g.slice(5));
        else for (const c of productMenuCodes.get(g) ?? []) codes.add(c);
      }
      for (const c of r.except ?? []) codes.delete(c);
      // A granted child needs its parent to show in the tree.
      for (const c of [...codes]) {
        const parent = findParentCode(c);
        if (parent) codes.add(parent);
      }
      const values = [...codes]
        .filter((c) => menuIds.has(c))
        .map((c) => ({ tenantId, roleId: row!.id, menuId: menuIds.get(c)! }));
      if (values.length) await tx.insert(roleMenu).values(values);
    }

    const deptIds: Record<string, number> = {};
    const insertDepts = async (list: DeptSeed[], parentId: number | null) => {
      for (const [i, d] of list.entries()) {
        const [row] = await tx
          .insert(dept)
          .values({ tenantId, parentId, name: d.name, sort: i + 1 })
          .returning({ id: dept.id });
        deptIds[d.name] = row!.id;
        if (d.children) await insertDepts(d.children, row!.id);
      }
    };
    await insertDepts([{ name: '组织机构', children: seed.depts ?? [] }], null);

    const [staffType] = await tx
      .insert(userType)
      .values({ tenantId, name: '教职工', code: 'staff', sort: 1 })
      .returning({ id: userType.id });
    const [studentType] = await tx
      .insert(userType)
      .values({ tenantId, name: '学生', code: 'student', sort: 2, allowRegister: true })
      .returning({ id: userType.id });

    // Two statements for all the dictionaries: a school is created in the tests of every file.
    const dictIds = await tx
      .insert(dictType)
      .values(DICTIONARIES.map((d) => ({ tenantId, name: d.name, description: d.description, system: true })))
      .returning({ id: dictType.id, name: dictType.name });
    const dictIdByName = new Map(dictIds.map((d) => [d.name, d.id]));
    await tx.insert(dictItem).values(
      DICTIONARIES.flatMap((d) =>
        d.items.map(([value, label, labelEn], i) => ({
          tenantId,
          dictId: dictIdByName.get(d.name)!,
          value,
          label,
          labelEn,
          sort: i + 1,
        })),
      ),
    );
    for (const s of seed.settings ?? []) {
      await tx.insert(setting).values({ tenantId, type: s.type, enable: s.enable, value: s.value ?? {} });
    }
    await seedMessageTemplates(tx, tenantId);
    await seedDefaultForms(tx, tenantId);
    await seedFocusSettings(tx, tenantId);
    await seedAssessment(tx, tenantId);

    const userIds: Record<string, number> = {};
    for (const [i, u] of seed.users.entries()) {
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
          deptId: deptIds[u.dept ?? '组织机构']!,
          userTypeId: isStudent ? studentType!.id : staffType!.id,
          mustChangePassword: u.mustChangePassword ?? false,
          isInitializeAdmin: u.roles.includes('ROLE_ADMIN'),
        })
        .returning({ id: sysUser.id });
      userIds[u.username] = row!.id;
      const links = u.roles.map((code) => ({ tenantId, userId: row!.id, roleId: roleIds[code]! }));
      if (links.length) await tx.insert(userRole).values(links);
    }
    return { tenantId, created: true, userIds, roleIds, deptIds };
  });
}

function findParentCode(code: string): string | null {
  const walk = (list: MenuSeed[], parent: string | null): string | null | undefined => {
    for (const m of list) {
      if (m.code === code) return parent;
      for (const b of m.buttons ?? []) if (b.code === code) return m.code;
      const found = walk(m.children ?? [], m.code);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const list of Object.values(MENUS)) {
    const found = walk(list, null);
    if (found !== undefined) return found;
  }
  return null;
}
