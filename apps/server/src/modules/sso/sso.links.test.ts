import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

// The explicit link table's administration (docs/sso.md "Account linking"): saving a provider does not
// reach it, so an address that answers nothing is enough here; the sign-on through a link is sso.test.ts.
let t: TestContext;
let admin: string;
let betaAdmin: string;
let providerId: number;
let betaProviderId: number;
let userIds: Record<string, number>;

const PAGE = '/admin/sso/link/page';

async function saveProvider(token: string, tenantId: number) {
  const res = await t.post(
    '/admin/sso/provider/save',
    {
      code: 'portal',
      kind: 'cas',
      name: 'Portal',
      config: { serverUrl: 'http://127.0.0.1:9/cas', version: '3.0' },
      redirectUris: ['http://app.test/authredirect'],
      linkBy: 'link',
    },
    { token, tenantId },
  );
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
  providerId = await saveProvider(admin, t.alpha.tenantId);
  betaProviderId = await saveProvider(betaAdmin, t.beta.tenantId);
  const rows = rowsOf<{ id: string; username: string }>(
    await t.database.system.db.execute(
      sql`select id, username from sys_user where tenant_id = ${t.alpha.tenantId}`,
    ),
  );
  userIds = Object.fromEntries(rows.map((r) => [r.username, Number(r.id)]));
});
afterAll(() => t?.close());

const save = (
  subject: string,
  username: string,
  token = admin,
  tenantId = t.alpha.tenantId,
  pid = providerId,
) =>
  t.post(
    '/admin/sso/link/save',
    { providerId: pid, subject, userId: userIds[username] },
    { token, tenantId },
  );

describe('explicit links of a provider', () => {
  it('adds links, lists them newest first, searches by subject, account or name, and pages', async () => {
    for (const [subject, username] of [
      ['u-1001', 'student'],
      ['u-1002', 'teacher'],
      ['U-100%', 'counsellor'],
    ] as const) {
      const res = await save(subject, username);
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data).toMatchObject({ providerId, subject, username, userId: userIds[username] });
    }
    const all = await t.get(`${PAGE}?providerId=${providerId}`, { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, current: 1, size: 10 });
    expect(all.body.data.records.map((r: { subject: string }) => r.subject)).toEqual([
      'U-100%',
      'u-1002',
      'u-1001',
    ]);
    const bySubject = await t.get(`${PAGE}?providerId=${providerId}&keyword=U-1001`, { token: admin });
    expect(bySubject.body.data.records.map((r: { username: string }) => r.username)).toEqual(['student']);
    const byAccount = await t.get(`${PAGE}?providerId=${providerId}&keyword=TEACH`, { token: admin });
    expect(byAccount.body.data.records.map((r: { subject: string }) => r.subject)).toEqual(['u-1002']);
    // `%` is a character of the search, not a wildcard.
    const literal = await t.get(`${PAGE}?providerId=${providerId}&keyword=${encodeURIComponent('100%')}`, {
      token: admin,
    });
    expect(literal.body.data.total).toBe(1);
    const page2 = await t.get(`${PAGE}?providerId=${providerId}&size=2&current=2`, { token: admin });
    expect(page2.body.data).toMatchObject({ total: 3, current: 2, size: 2 });
    expect(page2.body.data.records).toHaveLength(1);
  });

  it('moves a subject to another user, and removes a link', async () => {
    const moved = await save('u-1002', 'counsellor');
    expect(moved.body.data.username).toBe('counsellor');
    const found = await t.get(`${PAGE}?providerId=${providerId}&keyword=u-1002`, { token: admin });
    expect(found.body.data.total).toBe(1);
    const del = await t.post(`/admin/sso/link/delete/${moved.body.data.id}`, undefined, { token: admin });
    expect(del.status).toBe(200);
    const after = await t.get(`${PAGE}?providerId=${providerId}&keyword=u-1002`, { token: admin });
    expect(after.body.data.total).toBe(0);
    const again = await t.post(`/admin/sso/link/delete/${moved.body.data.id}`, undefined, { token: admin });
    expect(again.status).toBe(404);
  });

  it('refuses bad input, naming the field, and changes nothing', async () => {
    const noSubject = await t.post(
      '/admin/sso/link/save',
      { providerId, subject: ' ', userId: userIds.student },
      { token: admin },
    );
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.data.fields[0].field).toBe('subject');
    const noUser = await t.post(
      '/admin/sso/link/save',
      { providerId, subject: 'u-x', userId: 999999 },
      { token: admin },
    );
    expect(noUser.status).toBe(400);
    expect(noUser.body.data.fields[0].field).toBe('userId');
    const noProvider = await t.get(`${PAGE}?providerId=999999`, { token: admin });
    expect(noProvider.status).toBe(400);
    expect(noProvider.body.data.fields[0].field).toBe('providerId');
    expect((await t.get(`${PAGE}?providerId=${providerId}&size=1000`, { token: admin })).status).toBe(400);
    const listed = await t.get(`${PAGE}?providerId=${providerId}&keyword=u-x`, { token: admin });
    expect(listed.body.data.total).toBe(0);
  });

  it('is refused without the settings permission, and without a session', async () => {
    const student = await t.tokenFor('student');
    expect((await t.get(`${PAGE}?providerId=${providerId}`, { token: student })).status).toBe(403);
    expect((await save('u-s', 'student', student)).status).toBe(403);
    const [link] = (await t.get(`${PAGE}?providerId=${providerId}`, { token: admin })).body.data.records;
    expect((await t.post(`/admin/sso/link/delete/${link.id}`, undefined, { token: student })).status).toBe(
      403,
    );
    expect((await t.get(`${PAGE}?providerId=${providerId}`)).status).toBe(401);
    // Still there.
    expect((await t.get(`${PAGE}?providerId=${providerId}`, { token: admin })).body.data.total).toBe(2);
  });

  it("never shows or changes another school's links", async () => {
    const [link] = (await t.get(`${PAGE}?providerId=${providerId}`, { token: admin })).body.data.records;
    const asBeta = { token: betaAdmin, tenantId: t.beta.tenantId };
    expect((await t.get(`${PAGE}?providerId=${providerId}`, asBeta)).status).toBe(400);
    expect((await t.get(`${PAGE}?providerId=${betaProviderId}`, asBeta)).body.data.total).toBe(0);
    expect((await t.post(`/admin/sso/link/delete/${link.id}`, undefined, asBeta)).status).toBe(404);
    // Alpha's provider, or alpha's user under beta's provider: neither is beta's.
    expect((await save('u-b', 'student', betaAdmin, t.beta.tenantId)).status).toBe(400);
    const foreignUser = await save('u-b', 'student', betaAdmin, t.beta.tenantId, betaProviderId);
    expect(foreignUser.status).toBe(400);
    expect(foreignUser.body.data.fields[0].field).toBe('userId');
    expect((await t.get(`${PAGE}?providerId=${providerId}`, { token: admin })).body.data.total).toBe(2);
  });
});
