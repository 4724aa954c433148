import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { freeCounsellorOptions } from './index';

let t: TestContext;
let admin: string;
let counsellor: string;
let student: string;
let subadmin: string;
let betaAdmin: string;
/** Counsellors made for this file: in Class 2024 (inside the sub-administrator's subtree). */
let inClass: number;
let zhao: number;

const FREE = '/biz/consult/workforce/schedule/freeUser';
const SAVE = '/biz/consult/workforce/workForTeacher';

/** A user of Alpha made as the owner, with the given roles and department. */
async function makeUser(username: string, realName: string, roles: string[], dept?: string) {
  const a = t.alpha;
  const res = await t.database.db.execute(sql`
    insert into sys_user (tenant_id, username, real_name, dept_id)
    values (${a.tenantId}, ${username}, ${realName}, ${dept ? a.deptIds[dept]! : null}) returning id`);
  const id = Number((res as unknown as { rows: { id: unknown }[] }).rows[0]!.id);
  for (const r of roles) {
    await t.database.db.execute(sql`
      insert into user_role (tenant_id, user_id, role_id) values (${a.tenantId}, ${id}, ${a.roleIds[r]!})`);
  }
  return id;
}

const save = (body: Record<string, unknown>, token = admin, tenantId?: number) =>
  t.post(SAVE, body, { token, tenantId });
const free = async (categoryId: unknown, token = counsellor, tenantId?: number) =>
  t.post(FREE, { categoryId }, { token, tenantId });
const names = (res: { body: { data: { realName: string }[] } }) => res.body.data.map((c) => c.realName);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  counsellor = await t.tokenFor('counsellor');
  student = await t.tokenFor('student');
  subadmin = await t.tokenFor('subadmin');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
  inClass = await makeUser('c_class', 'Beta Li', ['ROLE_CONSULTANT'], 'Class 2024');
  zhao = await makeUser('c_zhao', 'Aaron Zhao', ['ROLE_INTERVIEWER'], 'Psychology Centre');
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.execute(sql`delete from counsellor_workforce`);
  await t.database.db.execute(sql`delete from counsellor_availability`);
  await t.database.db.execute(sql`update sys_user set status = 'active', del_flag = false`);
});

describe('service categories of counsellors [spec:S1.7.12]', () => {
  it('sets, reads and removes a counsellor’s categories and accepting flag', async () => {
    const id = t.alpha.userIds.counsellor!;
    const res = await save({ userId: id, categoryIds: [18, 2, 2, 10], accepting: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ userId: id, categoryIds: [2, 10, 18], accepting: false });

    const read = await t.get(`/biz/consult/workforce/user/${id}`, { token: admin });
    expect(read.body.data).toEqual({ userId: id, categoryIds: [2, 10, 18], accepting: false });
    // The counsellor reads their own.
    const own = await t.get(`/biz/consult/workforce/user/${id}`, { token: counsellor });
    expect(own.body.data.categoryIds).toEqual([2, 10, 18]);

    // Saving replaces the whole set.
    await save({ userId: id, categoryIds: [15] });
    const after = await t.get(`/biz/consult/workforce/user/${id}`, { token: admin });
    expect(after.body.data).toEqual({ userId: id, categoryIds: [15], accepting: true });

    const del = await t.get(`/biz/consult/workforce/del?userId=${id}`, { token: admin });
    expect(del.status).toBe(200);
    const gone = await t.get(`/biz/consult/workforce/user/${id}`, { token: admin });
    expect(gone.body.data).toEqual({ userId: id, categoryIds: [], accepting: true });
  });

  it('answers no categories and accepting for a counsellor never set', async () => {
    const res = await t.get(`/biz/consult/workforce/user/${t.alpha.userIds.teacher}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ userId: t.alpha.userIds.teacher, categoryIds: [], accepting: true });
  });

  it('refuses a user without a counsellor role with 400 naming userId, and changes nothing', async () => {
    const res = await save({ userId: t.alpha.userIds.student, categoryIds: [2] });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('userId');
    const rows = await t.database.db.execute(sql`select count(*)::int as n from counsellor_workforce`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('accepts an interviewer as a workforce member (first interviews)', async () => {
    const res = await save({ userId: zhao, categoryIds: [15] });
    expect(res.status).toBe(200);
  });

  it('refuses unknown and switched-off categories with 400 naming categoryIds; nothing half-saved', async () => {
    const id = t.alpha.userIds.counsellor!;
    await save({ userId: id, categoryIds: [2] });
    const unknown = await save({ userId: id, categoryIds: [18, 99] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields[0].field).toBe('categoryIds');
    expect(unknown.body.msg).toContain('99');

    await t.database.db.execute(sql`update dict_item set enabled = false
      where tenant_id = ${t.alpha.tenantId} and value = '19'
        and dict_id = (select id from dict_type where tenant_id = ${t.alpha.tenantId} and name = 'categoryId')`);
    try {
      const off = await save({ userId: id, categoryIds: [19] });
      expect(off.status).toBe(400);
      expect(off.body.data.fields[0].field).toBe('categoryIds');
    } finally {
      await t.database.db.execute(
        sql`update dict_item set enabled = true where tenant_id = ${t.alpha.tenantId}`,
      );
    }
    const kept = await t.get(`/biz/consult/workforce/user/${id}`, { token: admin });
    expect(kept.body.data.categoryIds).toEqual([2]);
  });

  it('refuses malformed input with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ categoryIds: [2] }, 'userId'],
      [{ userId: 'x', categoryIds: [2] }, 'userId'],
      [{ userId: t.alpha.userIds.counsellor, categoryIds: ['abc'] }, 'categoryIds[0]'],
      [{ userId: t.alpha.userIds.counsellor, categoryIds: 2 }, 'categoryIds'],
      [{ userId: t.alpha.userIds.counsellor, categoryIds: [2], accepting: 'yes' }, 'accepting'],
    ] as const) {
      const res = await save(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
    const del = await t.get('/biz/consult/workforce/del?userId=abc', { token: admin });
    expect(del.status).toBe(400);
    expect(del.body.data.fields[0].field).toBe('userId');
    const unknownUser = await save({ userId: 999999, categoryIds: [2] });
    expect(unknownUser.status).toBe(400);
    expect(unknownUser.body.data.fields[0].field).toBe('userId');
  });

  it('refuses editing without consult_workforce_edit, and reading someone else’s', async () => {
    const id = t.alpha.userIds.teacher!;
    expect((await save({ userId: id, categoryIds: [2] }, counsellor)).status).toBe(403);
    expect((await t.get(`/biz/consult/workforce/del?userId=${id}`, { token: counsellor })).status).toBe(403);
    expect((await t.get(`/biz/consult/workforce/user/${id}`, { token: counsellor })).status).toBe(403);
    expect((await t.get(`/biz/consult/workforce/user/${id}`, { token: student })).status).toBe(403);
    // Without a login every call is refused.
    expect((await t.post('/biz/consult/workforce/schedule/freeUser', { categoryId: 2 })).status).toBe(401);
    expect((await t.get(`/biz/consult/workforce/user/${id}`)).status).toBe(401);
    expect(
      (await t.post('/biz/consult/workforce/workForTeacher', { userId: id, categoryIds: [2] })).status,
    ).toBe(401);
    expect((await t.get(`/biz/consult/workforce/del?userId=${id}`)).status).toBe(401);
  });

  it('limits a sub-administrator given the key to their department subtree [spec:S0.1.2]', async () => {
    // Without the key: refused.
    expect((await save({ userId: inClass, categoryIds: [2] }, subadmin)).status).toBe(403);
    await t.database.db.execute(sql`
      insert into role_menu (tenant_id, role_id, menu_id)
      select m.tenant_id, ${t.alpha.roleIds.ROLE_SUB_ADMIN!}, m.id from menu m
      where m.tenant_id = ${t.alpha.tenantId} and m.permission = 'consult_workforce_edit'`);
    try {
      const inside = await save({ userId: inClass, categoryIds: [2] }, subadmin);
      expect(inside.status).toBe(200);
      const read = await t.get(`/biz/consult/workforce/user/${inClass}`, { token: subadmin });
      expect(read.body.data.categoryIds).toEqual([2]);
      // The harness counsellor has no department: outside any subtree.
      const outside = await save({ userId: t.alpha.userIds.counsellor, categoryIds: [2] }, subadmin);
      expect(outside.status).toBe(403);
      const outsideRead = await t.get(`/biz/consult/workforce/user/${zhao}`, { token: subadmin });
      expect(outsideRead.status).toBe(403);
      const outsideDel = await t.get(`/biz/consult/workforce/del?userId=${zhao}`, { token: subadmin });
      expect(outsideDel.status).toBe(403);
    } finally {
      await t.database.db.execute(sql`delete from role_menu where tenant_id = ${t.alpha.tenantId}
        and role_id = ${t.alpha.roleIds.ROLE_SUB_ADMIN!}
        and menu_id in (select id from menu where permission = 'consult_workforce_edit')`);
    }
  });

  it('keeps schools apart: another school’s users are not found', async () => {
    const id = t.alpha.userIds.counsellor!;
    await save({ userId: id, categoryIds: [2] });
    const read = await t.get(`/biz/consult/workforce/user/${id}`, {
      token: betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(read.status).toBe(404);
    const write = await save({ userId: id, categoryIds: [2] }, betaAdmin, t.beta.tenantId);
    expect(write.status).toBe(400);
    expect(write.body.data.fields[0].field).toBe('userId');
    const del = await t.get(`/biz/consult/workforce/del?userId=${id}`, {
      token: betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(del.status).toBe(400);
    const list = await free(2, betaAdmin, t.beta.tenantId);
    expect(list.body.data).toEqual([]);
    // Alpha's record is untouched.
    const kept = await t.get(`/biz/consult/workforce/user/${id}`, { token: admin });
    expect(kept.body.data.categoryIds).toEqual([2]);
  });
});

describe('free counsellors by category [spec:S0.7.21] [spec:S1.7.12]', () => {
  beforeEach(async () => {
    await save({ userId: t.alpha.userIds.counsellor, categoryIds: [2, 18] });
    await save({ userId: t.alpha.userIds.teacher, categoryIds: [2, 10] });
    await save({ userId: inClass, categoryIds: [2] });
    await save({ userId: zhao, categoryIds: [15] });
  });

  it('lists the counsellors of a category, by name, as options', async () => {
    const res = await free(2);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Alpha Counsellor', 'Alpha Teacher', 'Beta Li']);
    expect(res.body.data[2]).toEqual({
      id: inClass,
      value: String(inClass),
      label: 'Beta Li',
      realName: 'Beta Li',
      deptName: 'Class 2024',
    });
    expect(names(await free(10))).toEqual(['Alpha Teacher']);
    expect(names(await free('18'))).toEqual(['Alpha Counsellor']);
    expect(names(await free(15))).toEqual(['Aaron Zhao']);
    // A category nobody works: an empty list, not an error.
    expect((await free(17)).body.data).toEqual([]);
    expect((await free(12345)).body.data).toEqual([]);
  });

  it('leaves out counsellors who take no new visitors', async () => {
    await save({ userId: t.alpha.userIds.teacher, categoryIds: [2, 10], accepting: false });
    expect(names(await free(2))).toEqual(['Alpha Counsellor', 'Beta Li']);
    expect((await free(10)).body.data).toEqual([]);
  });

  it('leaves out disabled and deleted users and users whose counsellor role was removed', async () => {
    await t.database.db.execute(sql`update sys_user set status = 'locked' where id = ${inClass}`);
    await t.database.db.execute(
      sql`update sys_user set del_flag = true where id = ${t.alpha.userIds.counsellor!}`,
    );
    // Asked by the administrator: the harness counsellor is one of the users removed here.
    expect(names(await free(2, admin))).toEqual(['Alpha Teacher']);
    await t.database.db.execute(sql`delete from user_role where tenant_id = ${t.alpha.tenantId}
      and user_id = ${t.alpha.userIds.teacher!} and role_id = ${t.alpha.roleIds.ROLE_CONSULTANT!}`);
    try {
      expect((await free(2, admin)).body.data).toEqual([]);
    } finally {
      await t.database.db.execute(sql`insert into user_role (tenant_id, user_id, role_id)
        values (${t.alpha.tenantId}, ${t.alpha.userIds.teacher!}, ${t.alpha.roleIds.ROLE_CONSULTANT!})`);
    }
  });

  it('leaves out counsellors whose workforce was removed', async () => {
    await t.get(`/biz/consult/workforce/del?userId=${inClass}`, { token: admin });
    expect(names(await free(2))).toEqual(['Alpha Counsellor', 'Alpha Teacher']);
  });

  it('refuses a student with 403 and a missing or malformed category with 400', async () => {
    expect((await free(2, student)).status).toBe(403);
    for (const bad of [undefined, 'abc', 0, -2, 1.5]) {
      const res = await free(bad);
      expect(res.status, String(bad)).toBe(400);
      expect(res.body.data.fields[0].field).toBe('categoryId');
    }
  });

  it('offers the same list to the form engine as {value, label} options', async () => {
    const options = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      freeCounsellorOptions(scope, {
        tenantId: t.alpha.tenantId,
        lang: 'en-US',
        params: { categoryId: '10' },
      }),
    );
    expect(options).toEqual([{ value: String(t.alpha.userIds.teacher), label: 'Alpha Teacher' }]);
    const cases: Record<string, string>[] = [
      {},
      { categoryId: '' },
      { categoryId: 'x' },
      { categoryId: '0' },
    ];
    for (const params of cases) {
      const none = await t.database.withTenant(t.alpha.tenantId, (scope) =>
        freeCounsellorOptions(scope, { tenantId: t.alpha.tenantId, lang: 'zh-CN', params }),
      );
      expect(none).toEqual([]);
    }
    // Under another school's tenant, Alpha's counsellors are invisible (row-level security).
    const other = await t.database.withTenant(t.beta.tenantId, (scope) =>
      freeCounsellorOptions(scope, { tenantId: t.beta.tenantId, lang: 'en-US', params: { categoryId: '2' } }),
    );
    expect(other).toEqual([]);
  });
});
