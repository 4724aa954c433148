import { encryptPassword, MESSAGE_EVENT_KEYS, MESSAGE_EVENTS } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { sendMessageByEvent } from './index';

let t: TestContext;
let tokens: { admin: string; student: string; subadmin: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  tokens = {
    admin: await t.tokenFor('admin'),
    student: await t.tokenFor('student'),
    subadmin: await t.tokenFor('subadmin'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

/** Puts every template of both schools back to the registry's defaults. */
beforeEach(async () => {
  await t.database.db.execute(sql`delete from message`);
  await t.database.db.execute(sql`delete from message_template`);
  for (const s of [t.alpha, t.beta]) {
    await t.database.db.transaction(async (tx) => {
      const { seedMessageTemplates } = await import('./index');
      await seedMessageTemplates(tx, s.tenantId);
    });
  }
});

const LIST = '/biz/message/messageManager/list';

async function templateId(event: string, token = tokens.admin, tenantId?: number): Promise<number> {
  const res = await t.get(`${LIST}?size=100`, { token, tenantId });
  const found = res.body.data.records.find((r: { event: string }) => r.event === event);
  return found.id;
}

async function inbox(userId: number) {
  return rowsOf<{ title: string; content: string; type_code: string; type: unknown }>(
    await t.database.db.execute(
      sql`select title, content, type_code, type from message where user_id = ${userId} order by id`,
    ),
  );
}

describe('message manager [spec:S0.7.23]', () => {
  it('lists one template per declared event, seeded per school with the default texts of both languages', async () => {
    const res = await t.get(LIST, { token: tokens.admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ total: MESSAGE_EVENT_KEYS.length, current: 1, size: 10 });
    const reset = res.body.data.records.find((r: { event: string }) => r.event === 'USER_PASSWORD_RESET');
    expect(reset).toMatchObject({
      typeCode: 'SYSTEM',
      productCode: null,
      params: ['realName', 'operator'],
      titleZh: MESSAGE_EVENTS.USER_PASSWORD_RESET.defaults['zh-CN'].title,
      titleEn: 'Password reset',
      enabled: true,
    });
    const filtered = await t.get(`${LIST}?event=import`, { token: tokens.admin });
    expect(filtered.body.data.records.map((r: { event: string }) => r.event)).toEqual([
      'USER_IMPORT_FINISHED',
    ]);
    const page = await t.get(`${LIST}?size=2&current=2`, { token: tokens.admin });
    expect(page.body.data.records).toHaveLength(2);
  });

  it('answers a template by id, switches it off and on', async () => {
    const id = await templateId('ACCOUNT_APPROVED');
    const detail = await t.post('/biz/message/messageManager/detail', { id }, { token: tokens.admin });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ id, event: 'ACCOUNT_APPROVED', params: ['realName'] });
    const off = await t.post(
      '/biz/message/messageManager/switch',
      { id, enabled: false },
      { token: tokens.admin },
    );
    expect(off.status).toBe(200);
    expect(off.body.data.enabled).toBe(false);
    const again = await t.post('/biz/message/messageManager/detail', { id }, { token: tokens.admin });
    expect(again.body.data.enabled).toBe(false);
    const on = await t.post(
      '/biz/message/messageManager/switch',
      { id, enabled: true },
      { token: tokens.admin },
    );
    expect(on.body.data.enabled).toBe(true);
  });

  it('edits texts whose placeholders are among the event parameters', async () => {
    const id = await templateId('USER_PASSWORD_RESET');
    const res = await t.post(
      '/biz/message/messageManager/change',
      { id, titleZh: '  密码重置通知 ', contentEn: 'Hello {realName}, {operator} reset it. {realName}!' },
      { token: tokens.admin },
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      titleZh: '密码重置通知',
      contentEn: 'Hello {realName}, {operator} reset it. {realName}!',
      titleEn: 'Password reset',
    });
  });

  it('refuses an unknown placeholder, an empty title or over-long text with 400 naming the field, changing nothing', async () => {
    const id = await templateId('USER_PASSWORD_RESET');
    const cases: [Record<string, unknown>, string][] = [
      [{ id, titleZh: 'ok', contentZh: '你好 {realName} {password}' }, 'contentZh'],
      [{ id, titleEn: 'Reset for {username}' }, 'titleEn'],
      [{ id, titleZh: '   ' }, 'titleZh'],
      [{ id, contentEn: 'x'.repeat(2001) }, 'contentEn'],
      [{ id: 0 }, 'id'],
      [{ titleZh: 'x' }, 'id'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post('/biz/message/messageManager/change', body, { token: tokens.admin });
      expect(res.status, field).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
      expect(res.body.msg.startsWith(`${field}:`), res.body.msg).toBe(true);
    }
    const unknown = await t.post(
      '/biz/message/messageManager/change',
      { id, contentZh: '{password}' },
      { token: tokens.admin },
    );
    expect(unknown.body.msg).toContain('{password}');
    const detail = await t.post('/biz/message/messageManager/detail', { id }, { token: tokens.admin });
    expect(detail.body.data.titleZh).toBe(MESSAGE_EVENTS.USER_PASSWORD_RESET.defaults['zh-CN'].title);
    const sw = await t.post(
      '/biz/message/messageManager/switch',
      { id, enabled: 'no' },
      { token: tokens.admin },
    );
    expect(sw.status).toBe(400);
    expect(sw.body.data.fields[0].field).toBe('enabled');
  });

  it('refuses users without admin_message_manage (a student, a sub-administrator) with 403', async () => {
    const id = await templateId('USER_PASSWORD_RESET');
    for (const token of [tokens.student, tokens.subadmin]) {
      expect((await t.get(LIST, { token })).status).toBe(403);
      expect((await t.post('/biz/message/messageManager/detail', { id }, { token })).status).toBe(403);
      expect(
        (await t.post('/biz/message/messageManager/switch', { id, enabled: false }, { token })).status,
      ).toBe(403);
      expect(
        (await t.post('/biz/message/messageManager/change', { id, titleZh: 'x' }, { token })).status,
      ).toBe(403);
    }
    expect((await t.get(LIST)).status).toBe(401);
  });

  it("does not show or change another school's templates (404)", async () => {
    const betaId = await templateId('USER_PASSWORD_RESET', tokens.beta, t.beta.tenantId);
    expect(
      (await t.post('/biz/message/messageManager/detail', { id: betaId }, { token: tokens.admin })).status,
    ).toBe(404);
    const sw = await t.post(
      '/biz/message/messageManager/switch',
      { id: betaId, enabled: false },
      { token: tokens.admin },
    );
    expect(sw.status).toBe(404);
    const ch = await t.post(
      '/biz/message/messageManager/change',
      { id: betaId, titleZh: 'x' },
      { token: tokens.admin },
    );
    expect(ch.status).toBe(404);
    const beta = await t.post(
      '/biz/message/messageManager/detail',
      { id: betaId },
      { token: tokens.beta, tenantId: t.beta.tenantId },
    );
    expect(beta.body.data).toMatchObject({ enabled: true, titleEn: 'Password reset' });
  });
});

describe('sendMessageByEvent [spec:S0.7.23]', () => {
  const send = (tenantId: number, lang?: 'en-US' | 'zh-CN') =>
    t.database.withTenant(tenantId, (scope) =>
      sendMessageByEvent(scope, {
        event: 'USER_IMPORT_FINISHED',
        userIds: [t.alpha.userIds.admin!],
        params: { fileName: 'a.xlsx', successCount: 9, failCount: 1 },
        lang,
      }),
    );

  it('renders the school template (zh-CN by default, en-US when asked) into the inbox', async () => {
    const { ids } = await send(t.alpha.tenantId);
    expect(ids).toHaveLength(1);
    await send(t.alpha.tenantId, 'en-US');
    const rows = await inbox(t.alpha.userIds.admin!);
    expect(rows[0]).toMatchObject({
      title: '用户导入任务已完成',
      content: '文件 a.xlsx 导入完成：成功 9 条，失败 1 条。',
      type_code: 'IMPORT_RESULT',
      type: null,
    });
    expect(rows[1]!.content).toBe('The import of a.xlsx finished: 9 rows imported, 1 failed.');
  });

  it('uses the edited text, and sends nothing while the template is off', async () => {
    const id = await templateId('USER_IMPORT_FINISHED');
    await t.post(
      '/biz/message/messageManager/change',
      { id, titleZh: '导入完成 {fileName}' },
      { token: tokens.admin },
    );
    await send(t.alpha.tenantId);
    expect((await inbox(t.alpha.userIds.admin!))[0]!.title).toBe('导入完成 a.xlsx');
    await t.post('/biz/message/messageManager/switch', { id, enabled: false }, { token: tokens.admin });
    expect((await send(t.alpha.tenantId)).ids).toEqual([]);
    expect(await inbox(t.alpha.userIds.admin!)).toHaveLength(1);
  });

  it('falls back to the registry defaults when a school has no row for the event', async () => {
    await t.database.db.execute(sql`delete from message_template where event = 'USER_IMPORT_FINISHED'`);
    expect((await send(t.alpha.tenantId)).ids).toHaveLength(1);
  });

  it('an admin password reset (POST /admin/user/suPwd) sends USER_PASSWORD_RESET to the user; nothing when switched off', async () => {
    const student = t.alpha.userIds.student!;
    const reset = async () => {
      const key = (await t.get('/auth/publicKey')).body.data;
      const res = await t.post(
        '/admin/user/suPwd',
        { uid: student, pwd: await encryptPassword(key, 'New#Pass2026') },
        { token: tokens.admin },
      );
      expect(res.status, res.raw).toBe(200);
    };
    await reset();
    const rows = await inbox(student);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: '密码已重置', type_code: 'SYSTEM' });
    expect(rows[0]!.content).toMatch(/^.+，您的登录密码已由管理员 .+ 重置/);
    expect(rows[0]!.content).not.toContain('{');
    const id = await templateId('USER_PASSWORD_RESET');
    await t.post('/biz/message/messageManager/switch', { id, enabled: false }, { token: tokens.admin });
    await reset();
    expect(await inbox(student)).toHaveLength(1);
  });
});
