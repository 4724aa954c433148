import { MESSAGE_EVENTS, renderTemplate } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedMessageTemplates, sendMessage, sendMessageByEvent } from './index';

let t: TestContext;
let tokens: { admin: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  tokens = { admin: await t.tokenFor('admin'), beta: await t.tokenFor('admin', t.beta.tenantId) };
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.execute(sql`delete from message`);
  await t.database.db.execute(sql`delete from message_template`);
  for (const s of [t.alpha, t.beta]) {
    await t.database.db.transaction((tx) => seedMessageTemplates(tx, s.tenantId));
  }
});

const ZH = { 'accept-language': 'zh-CN,zh;q=0.9' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };
const LIST = '/biz/message/message/myMessageByType';
const BY_DATE = '/biz/message/message/getMyMessageByStatusAndDateScope';
const READ = '/biz/message/message/messageReadById';

const alphaAdmin = () => t.alpha.userIds.admin!;
// A value as a person typed it: markup and a placeholder-like text stay plain text, never expanded.
const STUDENT = '<b>王小明</b> {recordId}';
const RECEIPT = MESSAGE_EVENTS.CRISIS_SIGNAL_RECEIVED.defaults;

function sendReceipt(tenantId = t.alpha.tenantId, userId = alphaAdmin()) {
  return t.database.withTenant(tenantId, (scope) =>
    sendMessageByEvent(scope, {
      event: 'CRISIS_SIGNAL_RECEIVED',
      userIds: [userId],
      params: { studentName: STUDENT, recordId: 42 },
    }),
  );
}

async function inbox(headers: Record<string, string>, token = tokens.admin, tenantId?: number) {
  const res = await t.get(`${LIST}?size=50`, { token, tenantId, headers });
  expect(res.status, res.raw).toBe(200);
  return res.body.data.records as { id: number; title: string; content: string }[];
}

async function editTemplate(token: string, tenantId: number, body: Record<string, string>) {
  const list = await t.get('/biz/message/messageManager/list?size=100', { token, tenantId });
  const id = list.body.data.records.find((r: { event: string }) => r.event === 'CRISIS_SIGNAL_RECEIVED').id;
  const res = await t.post('/biz/message/messageManager/change', { id, ...body }, { token, tenantId });
  expect(res.status, res.raw).toBe(200);
}

describe("messages sent by event are read in the reader's language [spec:S0.7.23] [spec:S0.3.9]", () => {
  it('list, list by date and detail give each language its template with the same values', async () => {
    const { ids } = await sendReceipt();
    const values = { studentName: STUDENT, recordId: 42 };
    const zh = { title: RECEIPT['zh-CN'].title, content: renderTemplate(RECEIPT['zh-CN'].content, values) };
    const en = { title: RECEIPT['en-US'].title, content: renderTemplate(RECEIPT['en-US'].content, values) };
    expect(en.content).toBe(
      'Your report about <b>王小明</b> {recordId} (no. 42) has reached the responsible staff.',
    );

    expect((await inbox(ZH))[0]).toMatchObject(zh);
    expect((await inbox(EN))[0]).toMatchObject(en);
    // No Accept-Language: the schools' primary language.
    expect((await inbox({}))[0]).toMatchObject(zh);
    const byDate = await t.get(`${BY_DATE}?size=10`, { token: tokens.admin, headers: EN });
    expect(byDate.body.data.records[0]).toMatchObject(en);
    const read = await t.get(`${READ}?id=${ids[0]}`, { token: tokens.admin, headers: EN });
    expect(read.status, read.raw).toBe(200);
    expect(read.body.data).toMatchObject(en);
    const readZh = await t.get(`${READ}?id=${ids[0]}`, { token: tokens.admin, headers: ZH });
    expect(readZh.body.data).toMatchObject(zh);
  });

  it("uses the template as the school edited it for the reader's language, for messages sent before the edit too", async () => {
    await sendReceipt();
    await editTemplate(tokens.admin, t.alpha.tenantId, {
      titleEn: 'Report {recordId} delivered',
      contentEn: 'Delivered: {studentName}.',
    });
    expect((await inbox(EN))[0]).toMatchObject({
      title: 'Report 42 delivered',
      content: `Delivered: ${STUDENT}.`,
    });
    expect((await inbox(ZH))[0]!.title).toBe(RECEIPT['zh-CN'].title);
  });

  it("never uses another school's template: its edit does not reach this school's readers", async () => {
    await sendReceipt();
    await editTemplate(tokens.beta, t.beta.tenantId, { contentEn: 'Beta school: {studentName}' });
    // Without its own row, this school reads the registry's default of the language, not the other's row.
    await t.database.db.execute(
      sql`delete from message_template where tenant_id = ${t.alpha.tenantId} and event = 'CRISIS_SIGNAL_RECEIVED'`,
    );
    const [m] = await inbox(EN);
    expect(m!.content).toBe(renderTemplate(RECEIPT['en-US'].content, { studentName: STUDENT, recordId: 42 }));
    // The other school's own message does use its edit.
    await sendReceipt(t.beta.tenantId, t.beta.userIds.admin!);
    const [b] = await inbox(EN, tokens.beta, t.beta.tenantId);
    expect(b!.content).toBe(`Beta school: ${STUDENT}`);
  });

  it('a message a person wrote, and a row stored before events were kept, read as stored in every language', async () => {
    await t.database.withTenant(t.alpha.tenantId, (scope) =>
      sendMessage(scope, {
        userIds: [alphaAdmin()],
        type: null,
        typeCode: 'SYSTEM',
        title: '周五例会改到三楼',
        content: '请各位老师 {准时} 参加。',
      }),
    );
    // As the rows written before migration 0034: rendered text, no event.
    await t.database.db.execute(
      sql`insert into message (tenant_id, user_id, type_code, title, content)
          values (${t.alpha.tenantId}, ${alphaAdmin()}, 'CRISIS_REMIND', '上报已送达', '您关于 张三 的上报（编号 1）已送达负责老师。')`,
    );
    for (const headers of [ZH, EN]) {
      const rows = await inbox(headers);
      expect(rows.map((r) => [r.title, r.content]).sort()).toEqual(
        [
          ['上报已送达', '您关于 张三 的上报（编号 1）已送达负责老师。'],
          ['周五例会改到三楼', '请各位老师 {准时} 参加。'],
        ].sort(),
      );
    }
  });

  it("a product text passed in both languages is shown in the reader's; the stored text is the sender's language", async () => {
    await t.database.withTenant(t.alpha.tenantId, (scope) =>
      sendMessageByEvent(scope, {
        event: 'CRISIS_STATUS_CHANGED',
        userIds: [alphaAdmin()],
        params: { studentName: '张三', recordId: 5, status: { 'zh-CN': '干预中', 'en-US': 'Intervening' } },
      }),
    );
    expect((await inbox(EN))[0]!.content).toBe('The crisis record about 张三 (no. 5) is now: Intervening.');
    expect((await inbox(ZH))[0]!.content).toBe('关于 张三 的危机记录（编号 5）现为：干预中。');
    const [stored] = rowsOf<{ content: string; event: string; params: unknown }>(
      await t.database.db.execute(
        sql`select content, event, params from message where user_id = ${alphaAdmin()}`,
      ),
    );
    expect(stored).toMatchObject({
      content: '关于 张三 的危机记录（编号 5）现为：干预中。',
      event: 'CRISIS_STATUS_CHANGED',
      params: { studentName: '张三', recordId: 5, status: { 'zh-CN': '干预中', 'en-US': 'Intervening' } },
    });
  });

  it('a message of an event the code no longer declares, and the school has no row of, keeps its stored text', async () => {
    await t.database.db.execute(
      sql`insert into message (tenant_id, user_id, type_code, title, content, event, params)
          values (${t.alpha.tenantId}, ${alphaAdmin()}, 'SYSTEM', '旧事件', '旧内容 x', 'GONE_EVENT', '{"a":"x"}'::jsonb)`,
    );
    expect((await inbox(EN))[0]).toMatchObject({ title: '旧事件', content: '旧内容 x' });
  });
});
