import { FOCUS_SETTING_TYPES } from '@psy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { FOCUS_SETTING_DEFAULTS } from './focus-settings.defaults';
import { focusSettingOptions } from './index';

let t: TestContext;
let tokens: { admin: string; student: string; counsellor: string; subadmin: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  tokens = {
    admin: await t.tokenFor('admin'),
    student: await t.tokenFor('student'),
    counsellor: await t.tokenFor('counsellor'),
    subadmin: await t.tokenFor('subadmin'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

const page = (type: number | string, body: object, token = tokens.admin, tenantId?: number) =>
  t.post(`/biz/focus/setting/${type}/page`, body, { token, tenantId });
const all = (
  type: number | string,
  token = tokens.admin,
  headers?: Record<string, string>,
  tenantId?: number,
) => t.get(`/biz/focus/setting/${type}/all`, { token, headers, tenantId });
const insert = (body: object, token = tokens.admin, tenantId?: number) =>
  t.post('/biz/focus/setting/insert', body, { token, tenantId });
const edit = (body: object, token = tokens.admin, tenantId?: number) =>
  t.post('/biz/focus/setting/edit', body, { token, tenantId });
const remove = (id: number | string, token = tokens.admin, tenantId?: number) =>
  t.request('DELETE', `/biz/focus/setting?id=${id}`, undefined, { token, tenantId });

describe('focus settings lists [spec:S1.7.7]', () => {
  it('seeds every type with its defaults for a new school, in both languages', async () => {
    for (const type of FOCUS_SETTING_TYPES) {
      const res = await page(type, { current: 1, size: 100 });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.total).toBe(FOCUS_SETTING_DEFAULTS[type].length);
      expect(res.body.data.records.map((r: { name: string; nameEn: string }) => [r.name, r.nameEn])).toEqual(
        FOCUS_SETTING_DEFAULTS[type],
      );
      expect(res.body.data.records[0]).toMatchObject({ type, status: 1, sort: 1, remark: null });
      expect(res.body.data.records[0].createTime).toMatch(/Z$/);
    }
  });

  it('pages and filters by name (either language) and status', async () => {
    const first = await page(1, { current: 1, size: 2 });
    expect(first.body.data).toMatchObject({ current: 1, size: 2, total: 6 });
    expect(first.body.data.records).toHaveLength(2);
    const second = await page(1, { current: 2, size: 2 });
    expect(second.body.data.records[0].id).not.toBe(first.body.data.records[0].id);
    const byEn = await page(1, { name: 'parent' });
    expect(byEn.body.data.records.map((r: { nameEn: string }) => r.nameEn)).toEqual(['Parent']);
    const byZh = await page(1, { name: '测评' });
    expect(byZh.body.data.total).toBe(1);
    const off = await page(1, { status: 0 });
    expect(off.body.data.total).toBe(0);
  });

  it('adds, edits, switches and deletes an entry; /all offers enabled ones by sort then id in the caller’s language', async () => {
    const created = await insert({ type: 3, name: '短信', nameEn: 'Text message', sort: 0, remark: '少用' });
    expect(created.status, created.raw).toBe(200);
    expect(created.body.data).toMatchObject({
      type: 3,
      name: '短信',
      nameEn: 'Text message',
      status: 1,
      sort: 0,
    });
    const id = created.body.data.id as number;

    let options = await all(3, tokens.admin, { 'accept-language': 'en-US' });
    expect(options.status, options.raw).toBe(200);
    expect(options.body.data[0]).toEqual({
      id,
      value: String(id),
      label: 'Text message',
      name: '短信',
      nameEn: 'Text message',
      sort: 0,
    });
    options = await all(3, tokens.admin, { 'accept-language': 'zh-CN' });
    expect(options.body.data[0].label).toBe('短信');

    const renamed = await edit({ id, nameEn: 'SMS', sort: 9 });
    expect(renamed.status, renamed.raw).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, name: '短信', nameEn: 'SMS', sort: 9, remark: '少用' });
    options = await all(3);
    expect(options.body.data.at(-1).id).toBe(id);

    const off = await edit({ id, status: 0 });
    expect(off.body.data.status).toBe(0);
    options = await all(3);
    expect(options.body.data.map((o: { id: number }) => o.id)).not.toContain(id);
    expect((await page(3, { status: 0 })).body.data.records.map((r: { id: number }) => r.id)).toEqual([id]);

    const gone = await remove(id);
    expect(gone.status, gone.raw).toBe(200);
    expect(gone.body.data).toEqual({ id });
    expect((await page(3, { name: 'SMS' })).body.data.total).toBe(0);
    expect((await edit({ id, status: 1 })).status).toBe(404);
    expect((await remove(id)).status).toBe(404);
    // Its names are free again.
    expect((await insert({ type: 3, name: '短信', nameEn: 'SMS' })).status).toBe(200);
  });

  it('refuses a duplicate name in the same type, naming the field; another type may have it', async () => {
    const zh = await insert({ type: 4, name: '学业困难', nameEn: 'Something else' });
    expect(zh.status).toBe(400);
    expect(zh.body.data.fields[0].field).toBe('name');
    expect(zh.body.msg).toMatch(/^name: /);
    const en = await insert({ type: 4, name: '新类别', nameEn: 'academic DIFFICULTY' });
    expect(en.status).toBe(400);
    expect(en.body.data.fields[0].field).toBe('nameEn');
    expect((await insert({ type: 5, name: '学业困难', nameEn: 'Academic difficulty' })).status).toBe(200);

    const own = (await page(4, { name: '家庭困难' })).body.data.records[0];
    expect((await edit({ id: own.id, name: '家庭困难', nameEn: 'Family difficulty' })).status).toBe(200);
    const clash = await edit({ id: own.id, name: '心理问题' });
    expect(clash.status).toBe(400);
    expect(clash.body.data.fields[0].field).toBe('name');
  });

  it('refuses bad input with 400 naming the field, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ type: 4, name: '', nameEn: 'X' }, 'name'],
      [{ type: 4, name: 'x'.repeat(51), nameEn: 'X' }, 'name'],
      [{ type: 4, name: '甲' }, 'nameEn'],
      [{ type: 4, name: '甲', nameEn: 'A', remark: 'r'.repeat(201) }, 'remark'],
      [{ type: 4, name: '甲', nameEn: 'A', status: 2 }, 'status'],
      [{ type: 4, name: '甲', nameEn: 'A', sort: 1.5 }, 'sort'],
      [{ type: 6, name: '甲', nameEn: 'A' }, 'type'],
      [{ type: 0, name: '甲', nameEn: 'A' }, 'type'],
    ];
    for (const [body, field] of cases) {
      const res = await insert(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field, JSON.stringify(body)).toBe(field);
    }
    expect((await page(4, { name: '甲' })).body.data.total).toBe(0);
    for (const type of ['6', '0', 'x']) {
      const p = await page(type, {});
      expect(p.status).toBe(400);
      expect(p.body.data.fields[0].field).toBe('type');
      const a = await all(type);
      expect(a.status).toBe(400);
      expect(a.body.data.fields[0].field).toBe('type');
    }
    expect((await remove('abc')).status).toBe(400);
    expect((await edit({ id: 1, status: 3 })).body.data.fields[0].field).toBe('status');
  });

  it('refuses a student, a counsellor and a sub-administrator the administration; every signed-in user reads /all', async () => {
    for (const token of [tokens.student, tokens.counsellor, tokens.subadmin]) {
      expect((await page(4, {}, token)).status).toBe(403);
      expect((await insert({ type: 4, name: '甲乙', nameEn: 'AB' }, token)).status).toBe(403);
      const any = (await page(4, {})).body.data.records[0];
      expect((await edit({ id: any.id, status: 0 }, token)).status).toBe(403);
      expect((await remove(any.id, token)).status).toBe(403);
      expect((await all(4, token)).status).toBe(200);
    }
    expect((await t.get('/biz/focus/setting/4/all')).status).toBe(401);
    // Without a login every call is refused before its input is read.
    expect((await t.post('/biz/focus/setting/4/page', { current: 1, size: 10 })).status).toBe(401);
    expect((await t.post('/biz/focus/setting/insert', { type: 4, name: '甲', nameEn: 'A' })).status).toBe(
      401,
    );
    expect((await t.post('/biz/focus/setting/edit', { id: 1, status: 0 })).status).toBe(401);
    expect((await t.request('DELETE', '/biz/focus/setting?id=1')).status).toBe(401);
  });

  it('keeps schools apart: another school’s entries are invisible and cannot be changed [spec:S0.7.21]', async () => {
    const mine = await insert({ type: 2, name: '阿尔法专属', nameEn: 'Alpha only' });
    const id = mine.body.data.id as number;
    const beta = (await all(2, tokens.beta, undefined, t.beta.tenantId)).body.data;
    expect(beta.map((o: { id: number }) => o.id)).not.toContain(id);
    expect(beta.map((o: { name: string }) => o.name)).not.toContain('阿尔法专属');
    // The same name is free in the other school.
    expect(
      (await insert({ type: 2, name: '阿尔法专属', nameEn: 'Alpha only' }, tokens.beta, t.beta.tenantId))
        .status,
    ).toBe(200);
    expect((await edit({ id, name: '改名' }, tokens.beta, t.beta.tenantId)).status).toBe(404);
    expect((await remove(id, tokens.beta, t.beta.tenantId)).status).toBe(404);
    expect((await page(2, { name: '阿尔法专属' })).body.data.total).toBe(1);
  });
});

describe('builder helper GET /focus/setting/4/all [spec:S0.7.21]', () => {
  it('answers the enabled focus categories as {value,label} options, and the loader for form validation agrees', async () => {
    const res = await all(4, tokens.student, { 'accept-language': 'en-US' });
    expect(res.status).toBe(200);
    const first = res.body.data[0];
    expect(first.value).toBe(String(first.id));
    expect(first.label).toBe(first.nameEn);
    const loaded = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      focusSettingOptions(scope, { tenantId: t.alpha.tenantId, lang: 'en-US', params: {} }),
    );
    expect(loaded).toEqual(
      res.body.data.map((o: { value: string; label: string }) => ({ value: o.value, label: o.label })),
    );
    const talk = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      focusSettingOptions(scope, { tenantId: t.alpha.tenantId, lang: 'zh-CN', params: { type: '5' } }),
    );
    expect(talk.map((o) => o.label)).toContain(FOCUS_SETTING_DEFAULTS[5][0]![0]);
    // Inside another school's transaction the loader sees that school's rows only.
    const other = await t.database.withTenant(t.beta.tenantId, (scope) =>
      focusSettingOptions(scope, { tenantId: t.beta.tenantId, lang: 'en-US', params: {} }),
    );
    expect(other.map((o) => o.value)).not.toEqual(loaded.map((o) => o.value));
  });
});
