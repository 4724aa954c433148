import { HEADER, signRequest } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let teacher: string;
let betaAdmin: string;

/** Records an agreement at a given time, as the owner (the save call always uses now). */
async function agree(tenantId: number, userId: number | undefined, formName: string, at: string) {
  await t.database.db.execute(sql`
    insert into agreement_record (tenant_id, user_id, form_name, agreed_at)
    values (${tenantId}, ${userId}, ${formName}, ${at}::timestamptz)`);
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  teacher = await t.tokenFor('teacher');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
  const a = t.alpha;
  await agree(a.tenantId, a.userIds.student, 'startupAgreement', '2026-03-01T02:00:00Z');
  await agree(a.tenantId, a.userIds.teacher, 'startupAgreement', '2026-03-02T15:30:00Z');
  await agree(a.tenantId, a.userIds.counsellor, 'consent2026', '2026-03-03T01:00:00Z');
  await agree(t.beta.tenantId, t.beta.userIds.student, 'startupAgreement', '2026-03-01T02:00:00Z');
  await t.database.db.execute(sql`
    insert into setting (tenant_id, type, enable, value)
    values (${a.tenantId}, 'agreementSetting', true, ${JSON.stringify({
      userRoleId: [a.roleIds.ROLE_GENERAL],
      locales: {
        'en-US': { title: 'Informed consent', content: 'Confidentiality first.\n\nSecond paragraph.' },
      },
    })}::jsonb)`);
});
afterAll(() => t?.close());

const list = (body: Record<string, unknown>, token = admin, tenantId?: number) =>
  t.post('/admin/agreement/list', body, { token, tenantId });

/** A signed POST answering the raw bytes (the harness client reads answers as text). */
async function postFile(url: string, body: unknown, token: string, lang = 'en-US') {
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'accept-language': lang,
    [HEADER.authorization]: `Bearer ${token}`,
    [HEADER.tenantId]: String(t.alpha.tenantId),
    ...(await signRequest({ method: 'POST', pathWithQuery: url, body: payload, accessToken: token })),
  };
  const res = await t.app.app.inject({ method: 'POST', url, payload, headers });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

describe('agreement administration [spec:S0.7.15] [spec:S0.2.23]', () => {
  it('lists who agreed, newest first, with user, roles, form and time', async () => {
    const res = await list({ current: 1, size: 10 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.total).toBe(3);
    const [first, second, third] = res.body.data.records;
    expect(first).toMatchObject({ realName: 'Alpha Counsellor', formName: 'consent2026' });
    expect(second).toMatchObject({
      userId: t.alpha.userIds.teacher,
      username: 'teacher',
      formName: 'startupAgreement',
      agreedAt: '2026-03-02T15:30:00.000Z',
    });
    expect(second.roleNames.length).toBe(2);
    expect(third).toMatchObject({ username: 'student', deptName: 'Class 2024' });
  });

  it('filters by keyword, role, form and China-time days, and pages', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await list({ current: 1, size: 10, ...body })).body.data.records.map(
        (r: { username: string }) => r.username,
      );
    expect(await names({ keyword: 'Student' })).toEqual(['student']);
    expect(await names({ keyword: '%' })).toEqual([]);
    expect(await names({ roleId: t.alpha.roleIds.ROLE_SUPERVISOR })).toEqual(['teacher']);
    expect(await names({ formName: 'consent2026' })).toEqual(['counsellor']);
    // 2026-03-02T15:30Z is 23:30 on 2 March in China.
    expect(await names({ startDate: '2026-03-02', endDate: '2026-03-02' })).toEqual(['teacher']);
    const page2 = await list({ current: 2, size: 2 });
    expect(page2.body.data).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(page2.body.data.records).toHaveLength(1);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ size: 101 }, 'size'],
      [{ startDate: '2026-02-30' }, 'startDate'],
      [{ startDate: '2026-03-05', endDate: '2026-03-01' }, 'endDate'],
      [{ roleId: 'x' }, 'roleId'],
      [{ keyword: 'x'.repeat(51) }, 'keyword'],
    ] as const) {
      const res = await list(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
    const bad = await postFile('/admin/agreement/export', { startDate: 'soon' }, admin);
    expect(bad.status).toBe(400);
  });

  it('exports the filtered consents as a real Excel workbook', async () => {
    const res = await postFile('/admin/agreement/export', { formName: 'startupAgreement' }, admin);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(
      /attachment; .*agreements-\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      'No.',
      'Name',
      'Login account',
      'Number',
      'Department',
      'Roles',
      'Agreement',
      'Agreed at',
    ]);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(3).value).toBe('teacher');
    expect(ws.getRow(2).getCell(8).value).toBe('2026-03-02 23:30:00');
    // Column titles follow the caller's language.
    const zh = await postFile('/admin/agreement/export', {}, admin, 'zh-CN');
    const wbZh = new ExcelJS.Workbook();
    await wbZh.xlsx.load(zh.bytes as unknown as ArrayBuffer);
    expect(wbZh.worksheets[0]!.getRow(1).getCell(2).value).toBe('姓名');
  });

  it('exports the consents and the agreement text as a real Word document', async () => {
    const res = await postFile('/admin/agreement/exportWord', {}, admin);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('wordprocessingml.document');
    const zip = await JSZip.loadAsync(res.bytes);
    const xml = await zip.file('word/document.xml')!.async('string');
    for (const text of [
      'Agreement consents',
      'Informed consent',
      'Confidentiality first.',
      'Alpha Student',
      'teacher',
    ])
      expect(xml).toContain(text);
  });

  it('groups users per role: holders, agreed, pending, and whether the setting targets the role', async () => {
    const res = await t.get('/admin/agreement/findUserAgreementGroup', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.formName).toBe('startupAgreement');
    const byCode = Object.fromEntries(res.body.data.groups.map((g: { roleCode: string }) => [g.roleCode, g]));
    expect(byCode.ROLE_GENERAL).toMatchObject({
      targeted: true,
      userCount: 1,
      agreedCount: 1,
      pendingCount: 0,
    });
    expect(byCode.ROLE_SUPERVISOR).toMatchObject({ targeted: false, agreedCount: 1 });
    expect(byCode.ROLE_ADMIN).toMatchObject({ agreedCount: 0 });
    const other = await t.get('/admin/agreement/findUserAgreementGroup?formName=consent2026', {
      token: admin,
    });
    expect(other.body.data.formName).toBe('consent2026');
    expect(
      (await t.get('/admin/agreement/findUserAgreementGroup?formName=%20', { token: admin })).status,
    ).toBe(400);
  });

  it('saves the agreement setting (enable, roles) through the setting call; unknown roles refused', async () => {
    const ok = await t.post(
      '/biz/public/setting/manage',
      {
        type: 'agreementSetting',
        enable: true,
        value: {
          userRoleId: [t.alpha.roleIds.ROLE_GENERAL, t.alpha.roleIds.ROLE_CONSULTANT],
          title: 'T',
          content: 'C',
        },
      },
      { token: admin },
    );
    expect(ok.status, ok.raw).toBe(200);
    const mine = await t.get('/admin/agreement/mine', { token: teacher });
    expect(mine.body.data).toMatchObject({ mustAgree: false, agreed: true });
    const bad = await t.post(
      '/biz/public/setting/manage',
      { type: 'agreementSetting', enable: true, value: { userRoleId: [t.beta.roleIds.ROLE_GENERAL] } },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('value.userRoleId');
    const extra = await t.post(
      '/biz/public/setting/manage',
      { type: 'agreementSetting', enable: true, value: { userRoleId: [], colour: 'red' } },
      { token: admin },
    );
    expect(extra.status).toBe(400);
  });

  it('needs sys_agreement; every school sees only its own consents', async () => {
    expect((await list({}, teacher)).status).toBe(403);
    expect((await postFile('/admin/agreement/export', {}, teacher)).status).toBe(403);
    expect((await postFile('/admin/agreement/exportWord', {}, teacher)).status).toBe(403);
    expect((await t.get('/admin/agreement/findUserAgreementGroup', { token: teacher })).status).toBe(403);
    expect((await t.post('/admin/agreement/list', {})).status).toBe(401);
    const b = await list({ current: 1, size: 10 }, betaAdmin, t.beta.tenantId);
    expect(b.body.data.total).toBe(1);
    expect(b.body.data.records[0].realName).toBe('Beta Student');
  });
});
