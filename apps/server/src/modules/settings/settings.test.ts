import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let teacher: string;
let student: string;
let betaAdmin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  teacher = await t.tokenFor('teacher');
  student = await t.tokenFor('student');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
});
afterAll(() => t?.close());

const beta = () => ({ token: betaAdmin, tenantId: t.beta.tenantId });
const put = (url: string, body: unknown, token: string) => t.request('PUT', url, body, { token });
const del = (url: string, token: string) => t.request('DELETE', url, undefined, { token });

describe('setting records by code [spec:S0.7.8] [spec:S1.7.3]', () => {
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from setting where type <> 'singleRoleSwitch'`);
  });

  it('answers a setting record by code, null when never saved, 400 for an unknown code', async () => {
    const res = await t.get('/biz/public/setting/manage/type?type=singleRoleSwitch', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'singleRoleSwitch', enable: true });
    const none = await t.get('/biz/public/setting/manage/type?type=zxyyms', { token: student });
    expect(none.body.data).toBeNull();
    const unknown = await t.get('/biz/public/setting/manage/type?type=nope', { token: admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/^type/);
  });

  it('getFirst answers the default of a code never saved, never null', async () => {
    const res = await t.get('/biz/public/setting/inner/manage/type/getFirst?type=yyrlqzsjsz', {
      token: student,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      type: 'yyrlqzsjsz',
      enable: false,
      value: { startTime: '08:00', endTime: '22:00' },
      saved: false,
      updatedAt: null,
    });
    expect(
      (await t.get('/biz/public/setting/inner/manage/type/getFirst?type=x', { token: student })).status,
    ).toBe(400);
  });

  it('saves one setting with its payload validated per code, and everyone signed in reads it', async () => {
    const res = await t.post(
      '/biz/public/setting/manage',
      { type: 'yyrlqzsjsz', enable: true, value: { startTime: '07:30', endTime: '21:00' } },
      { token: admin },
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'yyrlqzsjsz', enable: true, saved: true });
    const read = await t.get('/biz/public/setting/inner/manage/type/getFirst?type=yyrlqzsjsz', {
      token: student,
    });
    expect(read.body.data.value).toEqual({ startTime: '07:30', endTime: '21:00' });
    // Saving again replaces the record.
    await t.post(
      '/biz/public/setting/manage',
      { type: 'yyrlqzsjsz', enable: false, value: {} },
      { token: admin },
    );
    const again = await t.get('/biz/public/setting/manage/type?type=yyrlqzsjsz', { token: student });
    expect(again.body.data).toMatchObject({ enable: false, value: { startTime: '08:00', endTime: '22:00' } });
  });

  it('refuses unknown codes and malformed payloads with 400 naming the field, saving nothing', async () => {
    for (const [body, field] of [
      [{ type: 'nope', enable: true }, 'type'],
      [{ type: 'yyrlqzsjsz', enable: true, value: { startTime: '25:00' } }, 'value.startTime'],
      [
        { type: 'yyrlqzsjsz', enable: true, value: { startTime: '10:00', endTime: '09:00' } },
        'value.endTime',
      ],
      [{ type: 'singleRoleSwitch', enable: true, value: { extra: 1 } }, 'value'],
      [{ type: 'zxyyms', enable: true, value: { assessMode: 3 } }, 'value.assessMode'],
      [
        { type: 'djsz', enable: true, value: { settingList: [{ id: 1, text: 'A', color: 'red' }] } },
        'value.settingList[0].color',
      ],
      [
        {
          type: 'yyztyssz',
          enable: true,
          value: {
            settingList: [
              { id: 'a', text: 'A' },
              { id: 'a', text: 'B' },
            ],
          },
        },
        'value.settingList',
      ],
      [{ type: 'ddxssz', enable: true, value: { supervisionForms: [1, 1] } }, 'value.supervisionForms'],
      [{ type: 'zxyyms', enable: 'yes' }, 'enable'],
    ] as const) {
      const res = await t.post('/biz/public/setting/manage', body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field, JSON.stringify(body)).toBe(field);
    }
    const rows = await t.database.db.execute(sql`select type from setting where type <> 'singleRoleSwitch'`);
    expect(rowsOf(rows)).toEqual([]);
  });

  it('saves the all-app settings in one batch, all or none, and answers them in one call', async () => {
    const ok = await t.post(
      '/biz/public/setting/manage/type/batch',
      [
        { type: 'zxyyms', enable: true, value: { bookingCheckEnable: true, assessMode: 15 } },
        { type: 'yymssz', enable: true, value: { switchFlag: 2 } },
        { type: 'sfqyycdy', enable: false },
      ],
      { token: admin },
    );
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.data).toHaveLength(3);
    const all = await t.get('/biz/public/setting/manage/allApp', { token: student });
    expect(all.status).toBe(200);
    expect(Object.keys(all.body.data).sort()).toEqual(
      ['sfqyycdy', 'singleRoleSwitch', 'ytmssz', 'yymssz', 'zxyyms'].sort(),
    );
    expect(all.body.data.zxyyms).toMatchObject({
      enable: true,
      value: { bookingCheckEnable: true, assessMode: 15 },
    });
    expect(all.body.data.ytmssz).toMatchObject({ enable: false, saved: false });
    expect(all.body.data.singleRoleSwitch.enable).toBe(true);

    const bad = await t.post(
      '/biz/public/setting/manage/type/batch',
      [
        { type: 'ytmssz', enable: true },
        { type: 'agreementSetting', enable: true, value: { userRoleId: [999999] } },
      ],
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('[1].value.userRoleId');
    expect(
      (await t.get('/biz/public/setting/manage/type?type=ytmssz', { token: admin })).body.data,
    ).toBeNull();

    const dup = await t.post(
      '/biz/public/setting/manage/type/batch',
      [
        { type: 'ytmssz', enable: true },
        { type: 'ytmssz', enable: false },
      ],
      { token: admin },
    );
    expect(dup.status).toBe(400);
  });

  it('turns the single-role switch off and on [spec:S0.7.8]', async () => {
    const off = await t.post(
      '/biz/public/setting/manage',
      { type: 'singleRoleSwitch', enable: false },
      { token: admin },
    );
    expect(off.status).toBe(200);
    expect(
      (await t.get('/biz/public/setting/manage/allApp', { token: admin })).body.data.singleRoleSwitch.enable,
    ).toBe(false);
    await t.post('/biz/public/setting/manage', { type: 'singleRoleSwitch', enable: true }, { token: admin });
  });

  it('lists every known code for the settings page, with defaults', async () => {
    const res = await t.get('/biz/public/setting/manage/list', { token: admin });
    expect(res.status).toBe(200);
    const types = res.body.data.map((s: { type: string }) => s.type);
    for (const code of [
      'zxyyms',
      'zxlysz',
      'yyrlqzsjsz',
      'yyztyssz',
      'djsz',
      'wtlxsz',
      'yymssz',
      'tjzxssz',
      'sfqyycdy',
      'ytmssz',
      'lxfwkgsz',
      'hdzxmssz',
      'ddxssz',
      'pgddjlsz',
      'txddjlsz',
      'singleRoleSwitch',
      'agreementSetting',
    ])
      expect(types).toContain(code);
  });

  it('only administrators with sys_setting write settings; reading needs a login', async () => {
    const body = { type: 'zxyyms', enable: true };
    expect((await t.post('/biz/public/setting/manage', body, { token: teacher })).status).toBe(403);
    expect((await t.post('/biz/public/setting/manage/type/batch', [body], { token: teacher })).status).toBe(
      403,
    );
    expect((await t.get('/biz/public/setting/manage/list', { token: teacher })).status).toBe(403);
    expect((await t.get('/biz/public/setting/manage/allApp')).status).toBe(401);
    expect((await t.get('/biz/public/setting/manage/type?type=singleRoleSwitch')).status).toBe(401);
    expect((await t.post('/biz/public/setting/manage', body)).status).toBe(401);
  });

  it("keeps each school's settings to itself", async () => {
    await t.post('/biz/public/setting/manage', { type: 'ytmssz', enable: true }, { token: admin });
    const b = await t.get('/biz/public/setting/manage/type?type=ytmssz', beta());
    expect(b.body.data).toBeNull();
    await t.post('/biz/public/setting/manage', { type: 'ytmssz', enable: false }, beta());
    const a = await t.get('/biz/public/setting/manage/type?type=ytmssz', { token: admin });
    expect(a.body.data.enable).toBe(true);
  });
});

describe('sites and rooms [spec:S1.7.4]', () => {
  const site = (over: Record<string, unknown> = {}) => ({
    name: 'Main campus centre',
    address: '1 Garden Road',
    phone: '021-62233000',
    description: 'Ground floor',
    rooms: [
      { name: 'Room 101', capacity: 2 },
      { name: 'Group room', capacity: 12 },
    ],
    ...over,
  });

  it('adds, lists, changes (rooms kept, renamed, added, removed) and removes a site', async () => {
    const created = await t.post('/biz/public/setting/site', site(), { token: admin });
    expect(created.status, created.raw).toBe(200);
    const s = created.body.data;
    expect(s).toMatchObject({ name: 'Main campus centre', enabled: true, phone: '021-62233000' });
    expect(s.rooms.map((r: { name: string }) => r.name)).toEqual(['Room 101', 'Group room']);

    // Any signed-in user reads the sites (booking pages show them).
    const list = await t.get('/biz/public/setting/site?current=1&size=10&name=campus', { token: student });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.records[0].rooms).toHaveLength(2);

    const [r101, group] = s.rooms;
    const updated = await t.post(
      '/biz/public/setting/site/updateSite',
      site({
        id: s.id,
        name: 'Main centre',
        // The two rooms swap names; a third is added.
        rooms: [
          { id: r101.id, name: 'Group room', capacity: 10 },
          { id: group.id, name: 'Room 101', capacity: 2 },
          { name: 'Room 102' },
        ],
      }),
      { token: admin },
    );
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body.data.rooms.map((r: { id: number; name: string }) => [r.id, r.name])).toEqual([
      [r101.id, 'Group room'],
      [group.id, 'Room 101'],
      [expect.any(Number), 'Room 102'],
    ]);
    const dropped = await t.post(
      '/biz/public/setting/site/updateSite',
      site({ id: s.id, name: 'Main centre', rooms: [{ id: r101.id, name: 'Group room' }] }),
      { token: admin },
    );
    expect(dropped.body.data.rooms).toHaveLength(1);

    const removed = await t.post('/biz/public/setting/site/delete', { id: s.id }, { token: admin });
    expect(removed.status).toBe(200);
    expect((await t.get('/biz/public/setting/site', { token: admin })).body.data.total).toBe(0);
    expect((await t.post('/biz/public/setting/site/delete', { id: s.id }, { token: admin })).status).toBe(
      404,
    );
    // The name is free again once the site is removed.
    expect(
      (await t.post('/biz/public/setting/site', site({ name: 'Main centre' }), { token: admin })).status,
    ).toBe(200);
  });

  it('refuses bad sites with 400 naming the field', async () => {
    await t.post('/biz/public/setting/site', site({ name: 'Taken' }), { token: admin });
    for (const [body, field] of [
      [site({ name: ' ' }), 'name'],
      [site({ name: 'x'.repeat(51) }), 'name'],
      [site({ name: 'Taken' }), 'name'],
      [site({ name: 'P', phone: 'call us' }), 'phone'],
      [site({ name: 'R', rooms: [{ name: 'A' }, { name: 'A' }] }), 'rooms'],
      [site({ name: 'C', rooms: [{ name: 'A', capacity: 0 }] }), 'rooms[0].capacity'],
      [site({ name: 'I', rooms: [{ id: 5, name: 'A' }] }), 'rooms[0].id'],
    ] as const) {
      const res = await t.post('/biz/public/setting/site', body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
  });

  it('only sys_setting changes sites, and each school sees its own', async () => {
    const s = (await t.post('/biz/public/setting/site', site({ name: 'Alpha only' }), { token: admin })).body
      .data;
    expect((await t.post('/biz/public/setting/site', site({ name: 'T' }), { token: teacher })).status).toBe(
      403,
    );
    expect((await t.post('/biz/public/setting/site/delete', { id: s.id }, { token: teacher })).status).toBe(
      403,
    );
    expect((await t.get('/biz/public/setting/site')).status).toBe(401);
    const b = await t.get('/biz/public/setting/site?name=Alpha', beta());
    expect(b.body.data.total).toBe(0);
    expect(
      (await t.post('/biz/public/setting/site/updateSite', site({ id: s.id, name: 'Stolen' }), beta()))
        .status,
    ).toBe(404);
    expect((await t.post('/biz/public/setting/site/delete', { id: s.id }, beta())).status).toBe(404);
  });
});

describe('page setup [spec:S0.1.7] [spec:S0.7.16]', () => {
  const setup = {
    systemTitle: 'Alpha Wellbeing',
    browserTitle: 'Alpha counselling',
    technicalSupport: 'IT office',
    // A real 1x1 PNG: uploaded images are re-encoded, so a bare signature does not pass.
    browserIcon:
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    navigateLogo: 'https://cdn.example.edu/logo.png',
    layoutThemeColor: '#13C2C2',
  };
  const publicSetup = (tenantId: number) =>
    t.get(`/admin/pageSetup/findPageSetupByTenantId/${tenantId}`, { tenantId });

  it('saves the page setup and the login page reads it', async () => {
    const res = await t.post('/admin/pageSetup/saveOrUpdatePageSetup', setup, { token: admin });
    expect(res.status, res.raw).toBe(200);
    const { browserIcon, ...rest } = setup;
    expect(res.body.data).toMatchObject({ ...rest, layoutThemeColor: '#13c2c2' });
    expect(res.body.data.browserIcon).toMatch(/^data:image\/png;base64,/);
    expect(res.body.data.browserIcon).not.toBe(browserIcon);
    const read = await publicSetup(t.alpha.tenantId);
    expect(read.body.data).toMatchObject({ systemTitle: 'Alpha Wellbeing', layoutThemeColor: '#13c2c2' });
    // Empty fields mean "use the default".
    await t.post(
      '/admin/pageSetup/saveOrUpdatePageSetup',
      { ...setup, browserIcon: '', technicalSupport: null },
      { token: admin },
    );
    expect((await publicSetup(t.alpha.tenantId)).body.data).toMatchObject({
      browserIcon: null,
      technicalSupport: null,
    });
  });

  it('keeps white as saved (the web shows the default blue for it)', async () => {
    const res = await t.post(
      '/admin/pageSetup/saveOrUpdatePageSetup',
      { ...setup, layoutThemeColor: '#FFFFFF' },
      { token: admin },
    );
    expect(res.body.data.layoutThemeColor).toBe('#ffffff');
  });

  it('refuses bad colours and images with 400 naming the field', async () => {
    const big = `data:image/png;base64,${'A'.repeat(Math.ceil((256 * 1024 * 4) / 3) + 8)}`;
    for (const [patch, field] of [
      [{ layoutThemeColor: 'blue' }, 'layoutThemeColor'],
      [{ layoutThemeColor: '#12345' }, 'layoutThemeColor'],
      [{ browserIcon: 'javascript:alert(1)' }, 'browserIcon'],
      [{ browserIcon: 'data:image/svg+xml;base64,PHN2Zz4=' }, 'browserIcon'],
      [{ navigateLogo: big }, 'navigateLogo'],
      [{ navigateLogo: '//evil.example/x.png' }, 'navigateLogo'],
      [{ systemTitle: 'x'.repeat(51) }, 'systemTitle'],
    ] as const) {
      const res = await t.post(
        '/admin/pageSetup/saveOrUpdatePageSetup',
        { ...setup, ...patch },
        { token: admin },
      );
      expect(res.status, JSON.stringify(patch).slice(0, 80)).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
  });

  it('re-encodes an uploaded icon or logo: an appended ZIP or HTML is dropped, a non-image or .ico refused, the stored one kept as it is', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 64, height: 32, channels: 4, background: '#0a0' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('PK\x03\x04<html><script>x</script>', 'latin1')]);
    const res = await t.post(
      '/admin/pageSetup/saveOrUpdatePageSetup',
      { ...setup, navigateLogo: `data:image/png;base64,${polyglot.toString('base64')}` },
      { token: admin },
    );
    expect(res.status, res.raw).toBe(200);
    const logo = Buffer.from(res.body.data.navigateLogo.split(',')[1], 'base64');
    expect(logo.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    expect(await sharp(logo).metadata()).toMatchObject({ format: 'png', width: 64, height: 32 });
    // Saved again unchanged, the stored image is kept byte for byte.
    const again = await t.post(
      '/admin/pageSetup/saveOrUpdatePageSetup',
      { ...setup, navigateLogo: res.body.data.navigateLogo },
      { token: admin },
    );
    expect(again.body.data.navigateLogo).toBe(res.body.data.navigateLogo);
    const ico = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);
    for (const bad of [
      `data:image/png;base64,${Buffer.from('<html><script>alert(1)</script></html>').toString('base64')}`,
      `data:image/x-icon;base64,${ico.toString('base64')}`,
    ]) {
      const refused = await t.post(
        '/admin/pageSetup/saveOrUpdatePageSetup',
        { ...setup, browserIcon: bad },
        { token: admin },
      );
      expect(refused.status).toBe(400);
      expect(refused.body.data.fields[0].field).toBe('browserIcon');
    }
  });

  it('needs sys_page_setup, and changes only the caller school', async () => {
    expect((await t.post('/admin/pageSetup/saveOrUpdatePageSetup', setup, { token: teacher })).status).toBe(
      403,
    );
    expect((await t.post('/admin/pageSetup/saveOrUpdatePageSetup', setup)).status).toBe(401);
    const other = await t.post(
      '/admin/pageSetup/saveOrUpdatePageSetup',
      { ...setup, tenantId: t.beta.tenantId },
      { token: admin },
    );
    expect(other.status).toBe(403);
    const betaSetup = await publicSetup(t.beta.tenantId);
    expect(betaSetup.body.data.systemTitle).toBe('Beta College');
    // Reading another school's setup than the one the request names is a 404.
    const cross = await t.get(`/admin/pageSetup/findPageSetupByTenantId/${t.beta.tenantId}`, {
      token: admin,
    });
    expect(cross.status).toBe(404);
  });
});

describe('dictionaries [spec:S0.3.1] [spec:S1.7.8]', () => {
  it('answers a dictionary in order with both labels', async () => {
    const res = await t.get('/admin/dict/type/sex', { token: student });
    expect(
      res.body.data.map((i: { value: string; label: string; labelEn: string }) => [
        i.value,
        i.label,
        i.labelEn,
      ]),
    ).toEqual([
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
    ]);
  });

  it('seeds every dictionary of the field library in Chinese and English', async () => {
    const names = [
      'sex',
      'yearInfo',
      'nation',
      'politicCountenance',
      'educationalLevel',
      'religiousBelief',
      'isMarriage',
      'assessmentLevel',
      'mainQuestionName',
      'secondaryQuestionName',
      'finishMethod',
      'reportSource',
      'consultingField',
      'categoryId',
      'problem_serious',
      'dysphrenia',
      'endType',
      'risk_assessment',
      'interviewAssessResult',
      'interventionMeasures',
      'disordersType',
    ];
    for (const name of names) {
      const res = await t.get(`/admin/dict/type/${name}`, { token: student });
      expect(res.body.data.length, name).toBeGreaterThan(1);
      for (const item of res.body.data) {
        expect(item.label, name).toMatch(/\S/);
        expect(item.labelEn, name).toMatch(/^[\x20-\x7e’★()]+$/);
      }
    }
    const nation = (await t.get('/admin/dict/type/nation', { token: student })).body.data;
    expect(
      nation.filter((i: { value: string }) => Number(i.value) >= 1 && Number(i.value) <= 56),
    ).toHaveLength(56);
    expect(nation[0]).toMatchObject({ value: '1', label: '汉族', labelEn: 'Han' });
  });

  it('requires a login', async () => {
    expect((await t.get('/admin/dict/type/sex')).status).toBe(401);
    expect((await t.get('/admin/dict/page')).status).toBe(401);
  });

  it('lists, adds, describes and deletes dictionaries; seeded ones cannot be deleted', async () => {
    const page = await t.get('/admin/dict/page?current=1&size=50', { token: admin });
    expect(page.status).toBe(200);
    // The field library's 21 dictionaries and activitySchemeCategory (docs/builder-helpers.md).
    expect(page.body.data.total).toBe(22);
    const sex = page.body.data.records.find((d: { name: string }) => d.name === 'sex');
    expect(sex).toMatchObject({ system: true, itemCount: 2, description: '性别' });

    const created = await t.post(
      '/admin/dict',
      { name: 'shoeSize', description: 'Shoe sizes' },
      { token: admin },
    );
    expect(created.status, created.raw).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'shoeSize', system: false, itemCount: 0 });
    const id = created.body.data.id;
    expect((await t.post('/admin/dict', { name: 'SHOESIZE' }, { token: admin })).status).toBe(400);
    const described = await put('/admin/dict', { id, description: 'EU sizes' }, admin);
    expect(described.body.data.description).toBe('EU sizes');
    const search = await t.get('/admin/dict/page?name=EU%20size', { token: admin });
    expect(search.body.data.records.map((d: { name: string }) => d.name)).toEqual(['shoeSize']);

    const refused = await del(`/admin/dict/${sex.id}`, admin);
    expect(refused.status).toBe(400);
    expect((await del(`/admin/dict/${id}`, admin)).status).toBe(200);
    expect((await del(`/admin/dict/${id}`, admin)).status).toBe(404);
  });

  it('refuses bad dictionaries and items with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ name: '1abc' }, 'name'],
      [{ name: 'a-b' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
    ] as const) {
      const res = await t.post('/admin/dict', body, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
    const sexId = (await t.get('/admin/dict/page?name=sex', { token: admin })).body.data.records[0].id;
    for (const [body, field] of [
      [{ dictId: sexId, value: '', label: 'X' }, 'value'],
      [{ dictId: sexId, value: 'a b', label: 'X' }, 'value'],
      [{ dictId: sexId, value: '3', label: '  ' }, 'label'],
      [{ dictId: sexId, value: '1', label: 'Again' }, 'value'],
    ] as const) {
      const res = await t.post('/admin/dict/item', body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
  });

  it('edits item labels, disables and removes items; values are never reused', async () => {
    const dictId = (await t.post('/admin/dict', { name: 'mood' }, { token: admin })).body.data.id;
    const add = (value: string, label: string, labelEn: string, sort: number) =>
      t.post('/admin/dict/item', { dictId, value, label, labelEn, sort }, { token: admin });
    const happy = (await add('1', '愉快', 'Happy', 1)).body.data;
    const calm = (await add('2', '平静', 'Calm', 2)).body.data;
    const sad = (await add('3', '低落', 'Low', 3)).body.data;

    const relabelled = await put(
      '/admin/dict/item',
      { id: happy.id, label: '开心', labelEn: 'Cheerful', sort: 1, enabled: true },
      admin,
    );
    expect(relabelled.status, relabelled.raw).toBe(200);
    expect(relabelled.body.data).toMatchObject({ value: '1', label: '开心', labelEn: 'Cheerful' });

    await put(
      '/admin/dict/item',
      { id: calm.id, label: '平静', labelEn: 'Calm', sort: 2, enabled: false },
      admin,
    );
    expect((await del(`/admin/dict/item/${sad.id}`, admin)).status).toBe(200);

    // Forms get the enabled items only; the administration list keeps the disabled one.
    const offered = (await t.get('/admin/dict/type/mood', { token: student })).body.data;
    expect(offered.map((i: { value: string; label: string }) => [i.value, i.label])).toEqual([['1', '开心']]);
    const admin1 = (await t.get(`/admin/dict/item/list?dictId=${dictId}`, { token: admin })).body.data;
    expect(admin1.map((i: { value: string; enabled: boolean }) => [i.value, i.enabled])).toEqual([
      ['1', true],
      ['2', false],
    ]);
    // The removed item's value stays taken.
    expect((await add('3', '又一个', 'Another', 4)).status).toBe(400);
    expect((await del(`/admin/dict/item/${sad.id}`, admin)).status).toBe(404);
    expect(
      (await put('/admin/dict/item', { id: sad.id, label: 'x', sort: 1, enabled: true }, admin)).status,
    ).toBe(404);
  });

  it('needs sys_dict to edit, and each school edits only its own', async () => {
    expect((await t.get('/admin/dict/page', { token: teacher })).status).toBe(403);
    expect((await t.post('/admin/dict', { name: 'x' }, { token: teacher })).status).toBe(403);
    const sexId = (await t.get('/admin/dict/page?name=sex', { token: admin })).body.data.records[0].id;
    const items = (await t.get(`/admin/dict/item/list?dictId=${sexId}`, { token: admin })).body.data;
    expect(
      (await put('/admin/dict/item', { id: items[0].id, label: 'X', sort: 1, enabled: true }, teacher))
        .status,
    ).toBe(403);
    expect((await del(`/admin/dict/item/${items[0].id}`, teacher)).status).toBe(403);

    const b = { ...beta() };
    expect((await t.get(`/admin/dict/item/list?dictId=${sexId}`, b)).status).toBe(404);
    expect(
      (await t.request('PUT', '/admin/dict/item', { id: items[0].id, label: 'X', sort: 1, enabled: true }, b))
        .status,
    ).toBe(404);
    expect((await t.request('DELETE', `/admin/dict/item/${items[0].id}`, undefined, b)).status).toBe(404);
    expect((await t.get('/admin/dict/type/sex', { token: student })).body.data[0].label).toBe('男');
  });
});
