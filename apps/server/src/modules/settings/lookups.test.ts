import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultScheduleSlots } from '@psy/contracts';
import { createTestContext, type TestContext } from '../../test/harness';
import { interviewResultOptions, schemeCategoryOptions } from './index';

const EN = { 'accept-language': 'en-US' };
const ZH = { 'accept-language': 'zh-CN' };

let t: TestContext;
let tok: { admin: string; student: string; subadmin: string; betaAdmin: string };

beforeAll(async () => {
  t = await createTestContext();
  tok = {
    admin: await t.tokenFor('admin'),
    student: await t.tokenFor('student'),
    subadmin: await t.tokenFor('subadmin'),
    betaAdmin: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(async () => {
  await t?.close();
});

/** Switches one seeded dictionary item on or off (what the dictionary page does), as the owner. */
async function setItemEnabled(tenantId: number, dict: string, value: string, enabled: boolean) {
  await t.database.db.execute(sql`
    update dict_item i set enabled = ${enabled}
    from dict_type d
    where d.tenant_id = i.tenant_id and d.id = i.dict_id and i.tenant_id = ${tenantId}
      and d.name = ${dict} and i.value = ${value}`);
}

describe('GET /plantest/interview/results/list [spec:S0.7.21, S1.7.9, S0.5.13]', () => {
  const path = '/biz/plantest/interview/results/list';

  it("lists the switched-on interviewAssessResult items in order, in the caller's language, status 1", async () => {
    const en = await t.get(path, { token: tok.student, headers: EN });
    expect(en.status, en.raw).toBe(200);
    expect(en.body.data[0]).toEqual({ value: '1', label: 'Arrange individual counselling', status: 1 });
    expect(en.body.data.map((o: { value: string }) => o.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    const zh = await t.get(path, { token: tok.student, headers: ZH });
    expect(zh.body.data[0].label).toBe('安排个体咨询');
  });

  it('leaves out items switched off (only entries with status 1)', async () => {
    await setItemEnabled(t.alpha.tenantId, 'interviewAssessResult', '3', false);
    const res = await t.get(path, { token: tok.admin, headers: EN });
    expect(res.body.data.map((o: { value: string }) => o.value)).toEqual(['1', '2', '4', '5', '6']);
    expect(res.body.data.every((o: { status: number }) => o.status === 1)).toBe(true);
    // The other school's dictionary is its own.
    const beta = await t.get(path, { token: tok.betaAdmin, tenantId: t.beta.tenantId, headers: EN });
    expect(beta.body.data.map((o: { value: string }) => o.value)).toContain('3');
    await setItemEnabled(t.alpha.tenantId, 'interviewAssessResult', '3', true);
  });

  it('needs a signed-in user', async () => {
    expect((await t.get(path)).status).toBe(401);
  });

  it('exports the loader the forms module validates answers with', async () => {
    const opts = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      interviewResultOptions(scope, { tenantId: t.alpha.tenantId, lang: 'en-US', params: {} }),
    );
    expect(opts[0]).toEqual({ value: '1', label: 'Arrange individual counselling' });
  });
});

describe('GET /activity/schemeCategory [spec:S0.7.21, S1.7.9]', () => {
  const path = '/biz/activity/schemeCategory';

  it('lists the seeded activitySchemeCategory dictionary of a new school', async () => {
    const res = await t.get(path, { token: tok.student, headers: EN });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([
      { value: '1', label: 'Lecture', status: 1 },
      { value: '2', label: 'Group activity', status: 1 },
      { value: '3', label: 'Psychodrama', status: 1 },
      { value: '4', label: 'Mental health month', status: 1 },
      { value: '0', label: 'Other', status: 1 },
    ]);
    const zh = await t.get(path, { token: tok.student, headers: ZH });
    expect(zh.body.data.map((o: { label: string }) => o.label)).toEqual([
      '心理讲座',
      '团体活动',
      '心理情景剧',
      '心理健康月',
      '其他',
    ]);
  });

  it("follows the school's changes: items switched off are left out, other schools unaffected", async () => {
    await setItemEnabled(t.alpha.tenantId, 'activitySchemeCategory', '3', false);
    const res = await t.get(path, { token: tok.admin, headers: EN });
    expect(res.body.data.map((o: { value: string }) => o.value)).toEqual(['1', '2', '4', '0']);
    const beta = await t.get(path, { token: tok.betaAdmin, tenantId: t.beta.tenantId, headers: EN });
    expect(beta.body.data).toHaveLength(5);
    await setItemEnabled(t.alpha.tenantId, 'activitySchemeCategory', '3', true);
  });

  it('a school created before the dictionary existed gets the seeded items until it creates one', async () => {
    await t.database.db.execute(
      sql`delete from dict_type where tenant_id = ${t.beta.tenantId} and name = 'activitySchemeCategory'`,
    );
    const res = await t.get(path, { token: tok.betaAdmin, tenantId: t.beta.tenantId, headers: EN });
    expect(res.status).toBe(200);
    expect(res.body.data.map((o: { value: string }) => o.value)).toEqual(['1', '2', '3', '4', '0']);
    const opts = await t.database.withTenant(t.beta.tenantId, (scope) =>
      schemeCategoryOptions(scope, { tenantId: t.beta.tenantId, lang: 'zh-CN', params: {} }),
    );
    expect(opts[0]).toEqual({ value: '1', label: '心理讲座' });
  });

  it('needs a signed-in user', async () => {
    expect((await t.get(path)).status).toBe(401);
  });
});

describe('POST /consult/schedule/findScheduleTime [spec:S0.7.21, S1.7.11, S1.5.5, S0.9.10]', () => {
  const path = '/biz/consult/schedule/findScheduleTime';
  const saveSlots = (slots: unknown[], enable = true, token = tok.admin) =>
    t.post('/biz/public/setting/manage', { type: 'sjdsz', enable, value: { slots } }, { token, headers: EN });

  it('answers the default window when the school has set no slots (08:00-18:00, lunch and last slot out)', async () => {
    const res = await t.post(path, { type: 2 }, { token: tok.student });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ type: 2, slots: defaultScheduleSlots(), configured: false });
    const times = res.body.data.slots.map((s: { time: string }) => s.time);
    expect(times[0]).toBe('08:00-08:30');
    expect(times).not.toContain('11:30-12:00');
    expect(times).not.toContain('13:30-14:00');
    expect(times).toContain('14:00-14:30');
    expect(times.at(-1)).toBe('17:00-17:30');
    expect(res.body.data.slots[0].weeks).toEqual([1, 2, 3, 4, 5]);
  });

  it("answers the school's slots of the type, grouped by time range with their weekdays", async () => {
    const saved = await saveSlots([
      { startTime: '09:00', endTime: '10:00', week: 3, type: 2 },
      { startTime: '09:00', endTime: '10:00', week: 1, type: 2 },
      { startTime: '08:00', endTime: '09:00', week: 6, type: 2 },
      { startTime: '10:00', endTime: '11:00', week: 2, type: 15 },
    ]);
    expect(saved.status, saved.raw).toBe(200);
    const res = await t.post(path, { type: 2 }, { token: tok.student });
    expect(res.body.data).toEqual({
      type: 2,
      configured: true,
      slots: [
        { time: '08:00-09:00', weeks: [6] },
        { time: '09:00-10:00', weeks: [1, 3] },
      ],
    });
    // A type without slots keeps the default.
    const other = await t.post(path, { type: 19 }, { token: tok.student });
    expect(other.body.data.configured).toBe(false);
    // The other school is not affected.
    const beta = await t.post(path, { type: 2 }, { token: tok.betaAdmin, tenantId: t.beta.tenantId });
    expect(beta.body.data.configured).toBe(false);
  });

  it('prefers the slots of the site asked for, else the school-wide ones', async () => {
    const site = await t.post(
      '/biz/public/setting/site',
      { name: 'North centre', rooms: [] },
      { token: tok.admin, headers: EN },
    );
    expect(site.status, site.raw).toBe(200);
    const siteId = site.body.data.id as number;
    await saveSlots([
      { startTime: '09:00', endTime: '10:00', week: 1, type: 2 },
      { startTime: '15:00', endTime: '16:00', week: 4, type: 2, siteId },
    ]);
    const atSite = await t.post(path, { type: 2, siteId }, { token: tok.student });
    expect(atSite.body.data.slots).toEqual([{ time: '15:00-16:00', weeks: [4] }]);
    const schoolWide = await t.post(path, { type: 2 }, { token: tok.student });
    expect(schoolWide.body.data.slots).toEqual([{ time: '09:00-10:00', weeks: [1] }]);
    // A site of another school is refused like an unknown one.
    const foreign = await t.post(path, { type: 2, siteId: 999999 }, { token: tok.student });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.fields[0].field).toBe('siteId');
  });

  it('uses the default again while the setting is switched off', async () => {
    await saveSlots([{ startTime: '09:00', endTime: '10:00', week: 1, type: 2 }], false);
    const res = await t.post(path, { type: 2 }, { token: tok.student });
    expect(res.body.data.configured).toBe(false);
  });

  it('refuses another type with 400 naming type', async () => {
    for (const type of [3, '2x', null]) {
      const res = await t.post(path, { type }, { token: tok.student });
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0].field).toBe('type');
    }
    const missing = await t.post(path, {}, { token: tok.student });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields[0].field).toBe('type');
  });

  it('needs a signed-in user', async () => {
    expect((await t.post(path, { type: 2 })).status).toBe(401);
  });

  it("the sjdsz setting: validated per row, sites must be the school's, sys_setting only", async () => {
    const bad = await saveSlots([{ startTime: '10:00', endTime: '09:00', week: 1, type: 2 }]);
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('value.slots[0].endTime');
    const badWeek = await saveSlots([{ startTime: '09:00', endTime: '10:00', week: 8, type: 2 }]);
    expect(badWeek.body.data.fields[0].field).toBe('value.slots[0].week');
    const badType = await saveSlots([{ startTime: '09:00', endTime: '10:00', week: 1, type: 3 }]);
    expect(badType.body.data.fields[0].field).toBe('value.slots[0].type');
    const twice = await saveSlots([
      { startTime: '09:00', endTime: '10:00', week: 1, type: 2 },
      { startTime: '09:00', endTime: '10:00', week: 1, type: 2 },
    ]);
    expect(twice.body.data.fields[0].field).toBe('value.slots[1]');
    const noSite = await saveSlots([
      { startTime: '09:00', endTime: '10:00', week: 1, type: 2, siteId: 999999 },
    ]);
    expect(noSite.status).toBe(400);
    expect(noSite.body.data.fields[0].field).toBe('value.slots[0].siteId');
    const refused = await saveSlots([], true, tok.subadmin);
    expect(refused.status).toBe(403);
  });
});
