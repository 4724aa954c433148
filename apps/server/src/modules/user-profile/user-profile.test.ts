import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let tokens: { student: string; counsellor: string; admin: string; subadmin: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  tokens = {
    student: await t.tokenFor('student'),
    counsellor: await t.tokenFor('counsellor'),
    admin: await t.tokenFor('admin'),
    subadmin: await t.tokenFor('subadmin'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

const CONTACT = { emergencyContact: 'Mother', emergencyContactPhone: '13912345678', relation: 'mother' };

describe('my emergency contacts [spec:S0.7.14] [spec:S0.3.25]', () => {
  it('adds, changes, lists and removes my contacts', async () => {
    const added = await t.post('/admin/emergencyContact/insertMine', CONTACT, { token: tokens.student });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject(CONTACT);
    const id = added.body.data.id as number;
    const changed = await t.post(
      '/admin/emergencyContact/updateMine',
      { ...CONTACT, id, emergencyContactPhone: '13700000000' },
      { token: tokens.student },
    );
    expect(changed.body.data.emergencyContactPhone).toBe('13700000000');
    const list = await t.get('/admin/emergencyContact/getMyList', { token: tokens.student });
    expect(list.body.data).toHaveLength(1);
    const removed = await t.post('/admin/emergencyContact/deleteMine', { id }, { token: tokens.student });
    expect(removed.body.data).toBe(true);
    expect((await t.get('/admin/emergencyContact/getMyList', { token: tokens.student })).body.data).toEqual(
      [],
    );
  });

  it('refuses a bad phone, an unknown key and a masked value [spec:S0.5.3] [spec:S0.5.7]', async () => {
    const phone = await t.post(
      '/admin/emergencyContact/insertMine',
      { ...CONTACT, emergencyContactPhone: '1391234567' },
      { token: tokens.student },
    );
    expect(phone.status).toBe(400);
    expect(phone.body.data.fields[0].field).toBe('emergencyContactPhone');
    const extra = await t.post(
      '/admin/emergencyContact/insertMine',
      { ...CONTACT, x: 1 },
      { token: tokens.student },
    );
    expect(extra.status).toBe(400);
    const masked = await t.post(
      '/admin/emergencyContact/insertMine',
      { ...CONTACT, emergencyContact: 'Mo**' },
      { token: tokens.student },
    );
    expect(masked.status).toBe(400);
  });

  it("cannot change someone else's contact through the Mine call", async () => {
    const added = await t.post('/admin/emergencyContact/insertMine', CONTACT, { token: tokens.counsellor });
    const res = await t.post(
      '/admin/emergencyContact/updateMine',
      { ...CONTACT, id: added.body.data.id },
      { token: tokens.student },
    );
    expect(res.status).toBe(404);
  });
});

describe("another user's emergency contacts", () => {
  it('lets the admin add and list them', async () => {
    const student = t.alpha.userIds.student!;
    const added = await t.post(
      '/admin/emergencyContact/insert',
      { ...CONTACT, userId: student },
      { token: tokens.admin },
    );
    expect(added.status).toBe(200);
    const list = await t.post('/admin/emergencyContact/list', { userId: student }, { token: tokens.admin });
    expect(list.body.data.map((c: { id: number }) => c.id)).toContain(added.body.data.id);
    const update = await t.post(
      '/admin/emergencyContact/update',
      { ...CONTACT, id: added.body.data.id, relation: 'father' },
      { token: tokens.admin },
    );
    expect(update.body.data.relation).toBe('father');
  });

  it('refuses a caller without the permission', async () => {
    const res = await t.post(
      '/admin/emergencyContact/list',
      { userId: t.alpha.userIds.counsellor },
      { token: tokens.student },
    );
    expect(res.status).toBe(403);
  });

  it('keeps a sub-administrator within their department subtree [spec:S0.6.7]', async () => {
    // The student is in Class 2024 under Engineering (in scope); the counsellor has no department.
    const inScope = await t.post(
      '/admin/emergencyContact/list',
      { userId: t.alpha.userIds.student },
      { token: tokens.subadmin },
    );
    expect(inScope.status).toBe(200);
    const outOfScope = await t.post(
      '/admin/emergencyContact/insert',
      { ...CONTACT, userId: t.alpha.userIds.counsellor },
      { token: tokens.subadmin },
    );
    expect(outOfScope.status).toBe(403);
  });

  it('does not see a user of another tenant', async () => {
    const res = await t.post(
      '/admin/emergencyContact/list',
      { userId: t.alpha.userIds.student },
      { token: tokens.beta, tenantId: t.beta.tenantId },
    );
    expect(res.status).toBe(404);
  });
});

describe('family, custom and assess information [spec:S0.7.13]', () => {
  const FAMILY = {
    members: [{ relation: 'mother', name: 'Li Hua', phone: '13900000002', occupation: 'teacher' }],
    isOnlyChild: 1,
    familyAddress: 'Shanghai',
  };

  it('saves and reads my family information', async () => {
    const empty = await t.get('/admin/v2/user/findMineUserFamilyInfo', { token: tokens.student });
    expect(empty.body.data.info).toBeNull();
    const saved = await t.post(
      '/admin/v2/user/updateMineUserFamilyInfo',
      { info: FAMILY },
      { token: tokens.student },
    );
    expect(saved.status).toBe(200);
    const read = await t.get('/admin/v2/user/findMineUserFamilyInfo', { token: tokens.student });
    expect(read.body.data.info).toEqual(FAMILY);
    expect(read.body.data.updateTime).not.toBeNull();
  });

  it('refuses unknown keys, a bad member phone and an oversized document', async () => {
    const unknown = await t.post(
      '/admin/v2/user/updateMineUserFamilyInfo',
      { info: { ...FAMILY, salary: 1 } },
      { token: tokens.student },
    );
    expect(unknown.status).toBe(400);
    const phone = await t.post(
      '/admin/v2/user/updateMineUserFamilyInfo',
      { info: { members: [{ relation: 'x', name: 'y', phone: '123' }] } },
      { token: tokens.student },
    );
    expect(phone.status).toBe(400);
    expect(phone.body.data.fields[0].field).toBe('info.members[0].phone');
    const many = await t.post(
      '/admin/v2/user/updateMineUserFamilyInfo',
      { info: { members: Array.from({ length: 21 }, () => ({ relation: 'x', name: 'y' })) } },
      { token: tokens.student },
    );
    expect(many.status).toBe(400);
  });

  it('keeps the custom (other information) fields of the user form [spec:S0.3.3]', async () => {
    const info = { nation: '1', isMarriage: '1', schoolRegister: '1' };
    const saved = await t.post('/admin/v2/user/updateMineCustomInfo', { info }, { token: tokens.student });
    expect(saved.status).toBe(200);
    expect(saved.body.data.info).toMatchObject(info);
    // Kept on the user row: one value for this call and the administrator's user form.
    const row = rowsOf<{ nation: string }>(
      await t.database.db.execute(
        sql`select nation from sys_user where tenant_id = ${t.alpha.tenantId} and id = ${t.alpha.userIds.student}`,
      ),
    );
    expect(row[0]!.nation).toBe('1');
    const admin = await t.get(`/admin/v2/user/findCustomInfo?userId=${t.alpha.userIds.student}`, {
      token: tokens.admin,
    });
    expect(admin.body.data.info).toMatchObject({ ...info, yearInfo: null });
    const cleared = await t.post(
      '/admin/v2/user/updateMineCustomInfo',
      { info: { nation: '' } },
      { token: tokens.student },
    );
    expect(cleared.body.data.info).toMatchObject({ nation: null, isMarriage: '1' });
    const unknown = await t.post(
      '/admin/v2/user/updateMineCustomInfo',
      { info: { salary: '1' } },
      { token: tokens.student },
    );
    expect(unknown.status).toBe(400);
  });

  it("refuses a custom field's value that is not an item of the school's dictionary, naming the field", async () => {
    for (const [path, body, token] of [
      ['/admin/v2/user/updateMineCustomInfo', { info: { nation: 'Han' } }, tokens.student],
      ['/admin/v2/user/updateMineCustomInfo', { info: { isMarriage: '0', nation: '2' } }, tokens.student],
      [
        '/admin/v2/user/updateCustomInfo',
        { userId: t.alpha.userIds.student, info: { yearInfo: '1999' } },
        tokens.admin,
      ],
    ] as const) {
      const res = await t.post(path, body, { token });
      expect(res.status, res.raw).toBe(400);
      const field = Object.keys(body.info).find((k) => k !== 'nation' || body.info.nation === 'Han');
      expect(res.body.data.fields[0].field).toBe(field);
    }
    const [row] = rowsOf<{ nation: string | null; year_info: string | null }>(
      await t.database.db.execute(
        sql`select nation, year_info from sys_user where tenant_id = ${t.alpha.tenantId} and id = ${t.alpha.userIds.student}`,
      ),
    );
    expect(row!.nation).not.toBe('2');
    expect(row!.year_info).not.toBe('1999');
    // A value held before its item was switched off can be saved again unchanged.
    const ok = await t.post(
      '/admin/v2/user/updateMineCustomInfo',
      { info: { nation: '3' } },
      { token: tokens.student },
    );
    expect(ok.status, ok.raw).toBe(200);
    await t.database.db.execute(
      sql`update dict_item set enabled = false where tenant_id = ${t.alpha.tenantId} and value = '3'
          and dict_id = (select id from dict_type where tenant_id = ${t.alpha.tenantId} and name = 'nation')`,
    );
    try {
      const again = await t.post(
        '/admin/v2/user/updateMineCustomInfo',
        { info: { nation: '3' } },
        { token: tokens.student },
      );
      expect(again.status, again.raw).toBe(200);
    } finally {
      await t.database.db.execute(
        sql`update dict_item set enabled = true where tenant_id = ${t.alpha.tenantId} and value = '3'
            and dict_id = (select id from dict_type where tenant_id = ${t.alpha.tenantId} and name = 'nation')`,
      );
    }
  });

  it('keeps the comprehensive evaluation counts [spec:S0.3.4]', async () => {
    const info = { punishNum: 0, failNum: 2, stayOutLateNum: 1 };
    const res = await t.post(
      '/admin/userAssessInfo/updateUserAssessInfo',
      { userId: t.alpha.userIds.student, info },
      { token: tokens.admin },
    );
    expect(res.status).toBe(200);
    const mine = await t.get('/admin/userAssessInfo/findMineUserAssessInfo', { token: tokens.student });
    expect(mine.body.data.info).toEqual(info);
    const bad = await t.post(
      '/admin/userAssessInfo/updateMineUserAssessInfo',
      { info: { failNum: -1 } },
      { token: tokens.student },
    );
    expect(bad.status).toBe(400);
  });

  it("records every read of another person's family or assess information in the access log", async () => {
    await t.get(`/admin/v2/user/findUserFamilyInfo?userId=${t.alpha.userIds.student}`, {
      token: tokens.admin,
    });
    await t.get(`/admin/userAssessInfo/findUserAssessInfo?userId=${t.alpha.userIds.student}`, {
      token: tokens.admin,
    });
    const rows = rowsOf<{ fields: string[]; route: string }>(
      await t.database.db.execute(sql`
        select fields, route from personal_data_access_log
        where tenant_id = ${t.alpha.tenantId} and viewer_id = ${t.alpha.userIds.admin}
          and subject_id = ${t.alpha.userIds.student}`),
    );
    const routes = rows.map((r) => r.route);
    expect(routes).toContain('GET /admin/v2/user/findUserFamilyInfo');
    expect(routes).toContain('GET /admin/userAssessInfo/findUserAssessInfo');
  });

  it('refuses without permission, out of scope, and across tenants', async () => {
    const student = t.alpha.userIds.student!;
    const counsellorId = t.alpha.userIds.counsellor!;
    expect(
      (await t.get(`/admin/v2/user/findUserFamilyInfo?userId=${counsellorId}`, { token: tokens.student }))
        .status,
    ).toBe(403);
    expect(
      (await t.get(`/admin/v2/user/findUserFamilyInfo?userId=${counsellorId}`, { token: tokens.subadmin }))
        .status,
    ).toBe(403);
    expect(
      (await t.get(`/admin/v2/user/findUserFamilyInfo?userId=${student}`, { token: tokens.subadmin })).status,
    ).toBe(200);
    expect(
      (
        await t.get(`/admin/v2/user/findUserFamilyInfo?userId=${student}`, {
          token: tokens.beta,
          tenantId: t.beta.tenantId,
        })
      ).status,
    ).toBe(404);
    expect((await t.get('/admin/v2/user/findUserFamilyInfo?userId=x', { token: tokens.admin })).status).toBe(
      400,
    );
  });
});

describe("relatives' and contacts' phones, masked as the user's own phone [spec:S0.5.7]", () => {
  const FAMILY = {
    members: [
      { relation: 'mother', name: 'Li Hua', phone: '13900000002' },
      { relation: 'father', name: 'Li Ming' },
    ],
  };
  const student = () => t.alpha.userIds.student!;
  let contactPhone: string;
  beforeAll(async () => {
    contactPhone = '13612345678';
    const added = await t.post(
      '/admin/emergencyContact/insertMine',
      { ...CONTACT, emergencyContactPhone: contactPhone },
      { token: tokens.student },
    );
    expect(added.status).toBe(200);
    const saved = await t.post(
      '/admin/v2/user/updateMineUserFamilyInfo',
      { info: FAMILY },
      { token: tokens.student },
    );
    expect(saved.status).toBe(200);
  });

  const contactPhones = async (token: string) => {
    const res = await t.post('/admin/emergencyContact/list', { userId: student() }, { token });
    expect(res.status, res.raw).toBe(200);
    return (res.body.data as { emergencyContactPhone: string }[]).map((c) => c.emergencyContactPhone);
  };
  const familyPhones = async (token: string) => {
    const res = await t.get(`/admin/v2/user/findUserFamilyInfo?userId=${student()}`, { token });
    expect(res.status, res.raw).toBe(200);
    return (res.body.data.info.members as { phone?: string }[]).map((m) => m.phone);
  };

  it('POST /admin/emergencyContact/list: masked for a sub-administrator without the sensitive-data key', async () => {
    const phones = await contactPhones(tokens.subadmin);
    expect(phones).toContain('136****5678');
    expect(phones.join()).not.toMatch(/\d{11}/);
  });

  it('GET /admin/v2/user/findUserFamilyInfo: masked for a sub-administrator without the sensitive-data key', async () => {
    expect(await familyPhones(tokens.subadmin)).toEqual(['139****0002', undefined]);
  });

  it('both in full for a viewer with admin_userInfo_sensitive, and the read is logged with the phone', async () => {
    const info = await t.get('/admin/user/info', { token: tokens.admin });
    expect(info.body.data.permissions).toContain('admin_userInfo_sensitive');
    expect(await contactPhones(tokens.admin)).toContain(contactPhone);
    expect(await familyPhones(tokens.admin)).toEqual(['13900000002', undefined]);
    const log = rowsOf<{ fields: string[] }>(
      await t.database.db.execute(
        sql`select fields from personal_data_access_log where tenant_id = ${t.alpha.tenantId} and subject_id = ${student()} and viewer_id = ${t.alpha.userIds.admin} order by id`,
      ),
    );
    expect(log.map((r) => r.fields)).toEqual(
      expect.arrayContaining([
        ['emergencyContact', 'emergencyContactPhone'],
        ['familyInfo', 'familyPhone'],
      ]),
    );
  });

  it('in full to the user themselves (their own relatives)', async () => {
    const mine = await t.get('/admin/emergencyContact/getMyList', { token: tokens.student });
    expect(mine.body.data.map((c: { emergencyContactPhone: string }) => c.emergencyContactPhone)).toContain(
      contactPhone,
    );
    const family = await t.get('/admin/v2/user/findMineUserFamilyInfo', { token: tokens.student });
    expect(family.body.data.info.members[0].phone).toBe('13900000002');
  });

  it('refuses a masked phone written back, naming the field [spec:S0.5.7]', async () => {
    const masked = await t.post(
      '/admin/v2/user/updateUserFamilyInfo',
      {
        userId: student(),
        info: { members: [{ relation: 'mother', name: 'Li Hua', phone: '139****0002' }] },
      },
      { token: tokens.admin },
    );
    expect(masked.status).toBe(400);
    expect(masked.body.data.fields[0].field).toBe('info.members[0].phone');
  });
});
