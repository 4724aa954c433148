import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { addSeededEnglish, seededMessageTitle, seededText } from '@psy/contracts';
import { SEEDED_ENGLISH } from '@psy/contracts/seeded-texts';
import { DEMO_ADMIN_PASSWORD, DEMO_PASSWORD, seedDemo } from './demo';
import { DEMO_MESSAGE_TITLES, DEMO_TEXTS } from './demo-content';

let t: TestContext;
let tenantId: number;

beforeAll(async () => {
  t = await createTestContext();
  tenantId = (await seedDemo(t.database)).tenantId;
});
afterAll(() => t?.close());

async function tokenOf(username: string, password: string) {
  const res = await t.login(username, { tenantId, password });
  expect(res.status, res.raw).toBe(200);
  return { token: res.body.data.access_token as string, tenantId };
}

// What the web does when it loads English.
addSeededEnglish(SEEDED_ENGLISH);

describe('demo school content', () => {
  it('has an English title for every demo message, for an English reader', () => {
    expect(DEMO_MESSAGE_TITLES.length).toBeGreaterThan(20);
    expect(
      DEMO_MESSAGE_TITLES.filter((title) => /[\u4e00-\u9fff]/.test(seededMessageTitle(title, 'en-US'))),
    ).toEqual([]);
  });

  it("has English for every demo message's content and every demo notice's title and body", () => {
    expect(DEMO_TEXTS.length).toBeGreaterThan(30);
    expect(DEMO_TEXTS.filter((text) => /\p{Script=Han}/u.test(seededText(text, 'en-US')))).toEqual([]);
    expect(DEMO_TEXTS.every((text) => seededText(text, 'zh-CN') === text)).toBe(true);
  });

  it('gives the administrator and the counsellor an inbox with unread and read messages [spec:S0.2.20]', async () => {
    for (const [username, password] of [
      ['admin', DEMO_ADMIN_PASSWORD],
      ['counsellor', DEMO_PASSWORD],
    ] as const) {
      const opts = await tokenOf(username, password);
      const all = await t.get('/biz/message/message/myMessageByType?size=100', opts);
      expect(all.body.data.total, username).toBe(15);
      const unread = await t.post('/biz/message/message/unread', undefined, opts);
      expect(unread.body.data.total).toBeGreaterThan(3);
      expect(unread.body.data.total).toBeLessThan(15);
      const codes = new Set(all.body.data.records.map((m: { typeCode: string }) => m.typeCode));
      expect(codes.size).toBeGreaterThanOrEqual(3);
    }
    const counsellor = await tokenOf('counsellor', DEMO_PASSWORD);
    expect((await t.get('/biz/message/message/lockMessage', counsellor)).body.data.length).toBeGreaterThan(0);
  });

  it('publishes two notices and asks students for informed consent in their language [spec:S0.4.1]', async () => {
    const student = await tokenOf('student', DEMO_PASSWORD);
    expect((await t.get('/biz/message/notice/unreadCount', student)).body.data).toBe(2);
    const zh = await t.get('/admin/agreement/mine', student);
    expect(zh.body.data).toMatchObject({ mustAgree: true, title: '心理咨询知情同意书' });
    expect(zh.body.data.content).toContain('保密');
    const en = await t.get('/admin/agreement/mine', { ...student, headers: { 'accept-language': 'en' } });
    expect(en.body.data.title).toBe('Informed consent to counselling');
    const admin = await tokenOf('admin', DEMO_ADMIN_PASSWORD);
    expect((await t.get('/admin/agreement/mine', admin)).body.data.mustAgree).toBe(false);
  });

  it('seeding again adds nothing', async () => {
    await seedDemo(t.database);
    const admin = await tokenOf('admin', DEMO_ADMIN_PASSWORD);
    expect((await t.get('/biz/message/message/myMessageByType', admin)).body.data.total).toBe(15);
    expect((await t.get('/biz/message/notice/page', admin)).body.data.total).toBe(2);
  });
});
