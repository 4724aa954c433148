import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('tenant lookup and page setup [spec:S0.1.7] [spec:S0.2.3]', () => {
  it('resolves a school by short name, case-insensitively, without a login', async () => {
    const res = await t.get('/admin/tenant/detailByCode?code=ALPHA', { tenantId: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: t.alpha.tenantId,
      code: 'alpha',
      name: 'Alpha University',
      captchaEnabled: false,
    });
  });

  it('answers 404 for an unknown school and 400 for a malformed code', async () => {
    expect((await t.get('/admin/tenant/detailByCode?code=nope', { tenantId: null })).status).toBe(404);
    const bad = await t.get('/admin/tenant/detailByCode?code=%3Cscript%3E', { tenantId: null });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^code/);
  });

  it('reports when the school asks for a captcha at every login', async () => {
    await t.database.withTenant(t.beta.tenantId, ({ tx }) =>
      tx.execute(
        sql`insert into setting (tenant_id, type, enable) values (${t.beta.tenantId}, 'loginCaptcha', true)`,
      ),
    );
    const res = await t.get('/admin/tenant/detailByCode?code=beta', { tenantId: null });
    expect(res.body.data.captchaEnabled).toBe(true);
    const login = await t.login('admin', { tenantId: t.beta.tenantId });
    expect(login.status).toBe(428);
  });

  it('answers the page setup of the school the request names, publicly; another id is a 404', async () => {
    const res = await t.get(`/admin/pageSetup/findPageSetupByTenantId/${t.alpha.tenantId}`, {
      tenantId: t.alpha.tenantId,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      tenantId: t.alpha.tenantId,
      systemTitle: 'Alpha University',
      layoutThemeColor: '#1677ff',
    });
    const other = await t.get(`/admin/pageSetup/findPageSetupByTenantId/${t.beta.tenantId}`, {
      tenantId: t.alpha.tenantId,
    });
    expect(other.status).toBe(404);
    expect(
      (await t.get('/admin/pageSetup/findPageSetupByTenantId/999999', { tenantId: 999999 })).status,
    ).toBe(404);
    expect((await t.get('/admin/pageSetup/findPageSetupByTenantId/abc')).status).toBe(400);
    // Without a school named there is nothing to answer.
    expect(
      (await t.get(`/admin/pageSetup/findPageSetupByTenantId/${t.alpha.tenantId}`, { tenantId: null }))
        .status,
    ).toBe(400);
  });
});
