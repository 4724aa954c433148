import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNATURE_UPLOAD_MAX_BYTES } from '@psy/contracts';
import { rowsOf } from '../../core/db/rows';
import { UPLOAD_RATE } from '../../core/security/upload-limit';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let tokens: { student: string; counsellor: string; admin: string; beta: string };

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
let JPEG: Buffer;
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-signatures-'));
/** Files stored under DATA_DIR/files/t<tenant>/signatures. */
const storedSignatureFiles = () => {
  const dir = path.join(DATA_DIR, 'files', `t${t.alpha.tenantId}`, 'signatures');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => !f.endsWith('.tmp')) : [];
};

beforeAll(async () => {
  JPEG = await sharp({ create: { width: 60, height: 30, channels: 3, background: '#246' } })
    .jpeg()
    .toBuffer();
  t = await createTestContext({ DATA_DIR });
  tokens = {
    student: await t.tokenFor('student'),
    counsellor: await t.tokenFor('counsellor'),
    admin: await t.tokenFor('admin'),
    beta: await t.tokenFor('student', t.beta.tenantId),
  };
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});
// The upload rate limit is tested on its own below.
beforeEach(async () => {
  await t.database.system.db.execute(sql`delete from rate_limit`);
});

describe('counsellor signature (/admin/team/getSign, editSign)', () => {
  it('answers null before anything is stored, and refuses a quote with the spec message [spec:S0.5.8]', async () => {
    const res = await t.get('/admin/team/getSign', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
    const quote = await t.get('/admin/team/getSign?quote=1', {
      token: tokens.admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(quote.status).toBe(400);
    expect(quote.body.msg).toMatch(/sign first, or upload a signature on the counsellor detail/);
  });

  it('stores a drawn PNG and answers it with signer and time [spec:S0.4.9]', async () => {
    const res = await t.post('/admin/team/editSign', { sign: dataUrl(PNG) }, { token: tokens.counsellor });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      username: 'counsellor',
      realName: 'Alpha Counsellor',
      contentType: 'image/png',
    });
    const again = await t.get('/admin/team/getSign?quote=1', { token: tokens.counsellor });
    // What is stored is the image re-encoded: the same pixels.
    const stored = Buffer.from(again.body.data.sign.split(',')[1], 'base64');
    expect(again.body.data.size).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
    expect(Date.parse(again.body.data.signTime)).not.toBeNaN();
  });

  it('stores a JPEG upload, taking the type from the bytes [spec:S0.5.8]', async () => {
    const res = await t.post(
      '/admin/team/editSign',
      { sign: dataUrl(JPEG, 'image/png') },
      { token: tokens.admin },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.contentType).toBe('image/jpeg');
  });

  it("refuses an empty signature with 'please sign' [spec:S0.5.8]", async () => {
    const res = await t.post(
      '/admin/team/editSign',
      { sign: '' },
      { token: tokens.counsellor, headers: { 'accept-language': 'en-US' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('sign: please sign');
  });

  it('refuses a file that is not PNG or JPEG by its content, whatever its label [spec:S0.5.8]', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1');
    const res = await t.post('/admin/team/editSign', { sign: dataUrl(gif) }, { token: tokens.counsellor });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('sign');
    const notDataUrl = await t.post('/admin/team/editSign', { sign: 'hello' }, { token: tokens.counsellor });
    expect(notDataUrl.status).toBe(400);
  });

  it('refuses an image over 2 MB, the most the server takes (the web shrinks a chosen file first) [spec:S0.9.2] [spec:S0.5.8]', async () => {
    const big = Buffer.alloc(SIGNATURE_UPLOAD_MAX_BYTES + 1, 0);
    PNG.copy(big, 0, 0, 8);
    const res = await t.post(
      '/admin/team/editSign',
      { sign: dataUrl(big) },
      { token: tokens.counsellor, headers: { 'accept-language': 'en-US' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/2 MB/);
    // A body of the former 20 MB limit is refused before it is read.
    const huge = await t.post(
      '/admin/team/editSign',
      { sign: dataUrl(Buffer.alloc(19 * 1024 * 1024, 0)) },
      { token: tokens.counsellor },
    );
    expect(huge.status).toBe(413);
  }, 30_000);

  it('refuses a visitor quoting a teacher signature [spec:S0.5.8] [spec:S1.5.8]', async () => {
    const res = await t.get('/admin/team/getSign?quote=1', {
      token: tokens.student,
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('visitors cannot quote a teacher signature');
  });

  it('refuses a caller without a token', async () => {
    const res = await t.get('/admin/team/getSign');
    expect(res.status).toBe(401);
  });
});

describe("another counsellor's signature for the team's administrators (/admin/team/getSign?userId=)", () => {
  const SIGN = '/admin/team/getSign';
  const accessLog = async (viewerId: number) =>
    rowsOf<{ subject_id: number | string; fields: string[] }>(
      await t.database.db.execute(sql`
        select subject_id, fields from personal_data_access_log
        where viewer_id = ${viewerId} and route = 'GET /admin/team/getSign' order by id`),
    );

  it('lets consult_case_all read a named counsellor’s stored signature, and logs the read [spec:S1.7.27] [spec:S0.7.14]', async () => {
    const counsellorId = t.alpha.userIds.counsellor!;
    expect(
      (await t.post('/admin/team/editSign', { sign: dataUrl(PNG) }, { token: tokens.counsellor })).status,
    ).toBe(200);
    const res = await t.get(`${SIGN}?userId=${counsellorId}`, { token: tokens.admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      userId: counsellorId,
      username: 'counsellor',
      contentType: 'image/png',
      sign: expect.stringMatching(/^data:image\/png;base64,/),
    });
    const logged = await accessLog(t.alpha.userIds.admin!);
    expect(logged.map((r) => [Number(r.subject_id), r.fields])).toEqual([[counsellorId, ['signature']]]);
    // Nobody stored yet: null, and nothing read, nothing logged.
    const none = await t.get(`${SIGN}?userId=${t.alpha.userIds.teacher!}`, { token: tokens.admin });
    expect(none.status).toBe(200);
    expect(none.body.data).toBeNull();
    expect(await accessLog(t.alpha.userIds.admin!)).toHaveLength(1);
    // One's own id is one's own signature, not a logged read.
    const own = await t.get(`${SIGN}?userId=${t.alpha.userIds.admin!}`, { token: tokens.admin });
    expect(own.status).toBe(200);
    expect(await accessLog(t.alpha.userIds.admin!)).toHaveLength(1);
  });

  it('refuses a counsellor or a visitor naming someone else, and a quote of someone else’s signature', async () => {
    const userId = t.alpha.userIds.counsellor!;
    expect((await t.get(`${SIGN}?userId=${userId}`, { token: tokens.student })).status).toBe(403);
    const teacher = await t.tokenFor('teacher');
    expect((await t.get(`${SIGN}?userId=${userId}`, { token: teacher })).status).toBe(403);
    const quote = await t.get(`${SIGN}?userId=${userId}&quote=1`, { token: tokens.admin });
    expect(quote.status).toBe(400);
    expect(quote.body.data.fields[0].field).toBe('userId');
    expect((await t.get(`${SIGN}?userId=abc`, { token: tokens.admin })).status).toBe(400);
    expect(await accessLog(t.alpha.userIds.teacher!)).toHaveLength(0);
  });

  it('answers 404 for a user of another school, one unknown, or one outside a sub-administrator’s data scope [spec:S0.6.7]', async () => {
    const userId = t.alpha.userIds.counsellor!;
    const betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
    expect(
      (await t.get(`${SIGN}?userId=${userId}`, { token: betaAdmin, tenantId: t.beta.tenantId })).status,
    ).toBe(404);
    expect((await t.get(`${SIGN}?userId=999999`, { token: tokens.admin })).status).toBe(404);
    // The sub-administrator (Engineering) with the team's permission: the counsellor is outside the subtree.
    await t.database.db.execute(sql`
      insert into role_menu (tenant_id, role_id, menu_id)
      select m.tenant_id, ${t.alpha.roleIds.ROLE_SUB_ADMIN!}, m.id from menu m
      where m.tenant_id = ${t.alpha.tenantId} and m.permission = 'consult_case_all'`);
    try {
      const subadmin = await t.tokenFor('subadmin');
      expect((await t.get(`${SIGN}?userId=${userId}`, { token: subadmin })).status).toBe(404);
      // The student is in the subtree: reached (no signature stored here yet, so null).
      const student = await t.get(`${SIGN}?userId=${t.alpha.userIds.student!}`, { token: subadmin });
      expect(student.status, student.raw).toBe(200);
    } finally {
      await t.database.db.execute(sql`delete from role_menu where tenant_id = ${t.alpha.tenantId}
        and role_id = ${t.alpha.roleIds.ROLE_SUB_ADMIN!}
        and menu_id in (select id from menu where permission = 'consult_case_all')`);
    }
  });
});

describe('visitor signature (/consult/visitor/sign)', () => {
  it("stores the visitor's own signature and lets staff quote it by uid [spec:S0.5.8] [spec:S1.7.27]", async () => {
    const saved = await t.post(
      '/biz/consult/visitor/sign',
      { sign: dataUrl(PNG) },
      { token: tokens.student },
    );
    expect(saved.status).toBe(200);
    const own = await t.get('/biz/consult/visitor/sign', { token: tokens.student });
    expect(own.body.data.userId).toBe(saved.body.data.userId);
    const uid = saved.body.data.userId as number;
    const quoted = await t.get(`/biz/consult/visitor/sign?uid=${uid}&quote=1`, { token: tokens.counsellor });
    expect(quoted.status).toBe(200);
    expect(quoted.body.data.sign).toBe(own.body.data.sign);
  });

  it("refuses a visitor reading another person's signature", async () => {
    const counsellorId = t.alpha.userIds.counsellor;
    const res = await t.get(`/biz/consult/visitor/sign?uid=${counsellorId}`, { token: tokens.student });
    expect(res.status).toBe(403);
  });

  it('does not see a user of another tenant [spec:S0.6.7]', async () => {
    const betaStudent = t.beta.userIds.student;
    const res = await t.get(`/biz/consult/visitor/sign?uid=${betaStudent}`, { token: tokens.counsellor });
    expect(res.status).toBe(404);
    const own = await t.get('/biz/consult/visitor/sign', { token: tokens.beta, tenantId: t.beta.tenantId });
    expect(own.status).toBe(200);
    expect(own.body.data).toBeNull();
  });

  it('refuses a bad uid', async () => {
    const res = await t.get('/biz/consult/visitor/sign?uid=abc', { token: tokens.counsellor });
    expect(res.status).toBe(400);
  });
});

describe('checkConsultRoleType', () => {
  it('gives a visitor sign_student and staff sign_teacher [spec:S0.6.7]', async () => {
    const visitor = await t.get('/admin/team/checkConsultRoleType?setId=3', { token: tokens.student });
    expect(visitor.body.data).toMatchObject({
      isVisitor: true,
      signField: 'sign_student',
      canQuoteTeacherSign: false,
      setId: 3,
    });
    expect(visitor.body.data.signableFields).toEqual(['sign_student', 'sign_common']);
    const admin = await t.get('/admin/team/checkConsultRoleType', { token: tokens.admin });
    expect(admin.body.data.signField).toBe('sign_teacher');
    expect(admin.body.data.signableFields).toContain('sign_supervisor');
    const counsellor = await t.get('/admin/team/checkConsultRoleType', { token: tokens.counsellor });
    expect(counsellor.body.data.signableFields).not.toContain('sign_supervisor');
  });
});

describe('signature uploads: content, size and replaced files', () => {
  const ZIP = Buffer.concat([
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.from('payload.html<script>x</script>'),
  ]);
  const HTML = Buffer.from('<html><script>alert(1)</script></html>');
  const save = (path: string, sign: string, token: string) =>
    t.post(path, { sign }, { token, headers: { 'accept-language': 'en-US' } });

  for (const route of ['/admin/team/editSign', '/biz/consult/visitor/sign']) {
    it(`${route}: a PNG with a ZIP or HTML appended is stored without it`, async () => {
      for (const tail of [ZIP, HTML]) {
        const res = await save(route, dataUrl(Buffer.concat([PNG, tail])), tokens.student);
        expect(res.status, res.raw).toBe(200);
        const stored = Buffer.from(res.body.data.sign.split(',')[1], 'base64');
        expect(stored.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
        expect(stored.includes(Buffer.from('<script>'))).toBe(false);
      }
    });

    it(`${route}: refuses a non-image named as a PNG, an oversized one and a decompression bomb`, async () => {
      const html = await save(route, dataUrl(HTML), tokens.student);
      expect(html.status).toBe(400);
      expect(html.body.data.fields[0]).toEqual({
        field: 'sign',
        message: 'the signature must be a JPG, JPEG or PNG image',
      });
      const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer();
      const pixels = await save(route, dataUrl(bomb), tokens.student);
      expect(pixels.status).toBe(400);
      expect(pixels.body.msg).toMatch(/25 million pixels/);
      const big = Buffer.concat([PNG, Buffer.alloc(SIGNATURE_UPLOAD_MAX_BYTES, 1)]);
      expect((await save(route, dataUrl(big), tokens.student)).status).toBe(400);
    });
  }

  it('shrinks a large signature into 1520x760', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#abc' } })
      .jpeg()
      .toBuffer();
    const res = await save('/admin/team/editSign', dataUrl(photo, 'image/jpeg'), tokens.counsellor);
    expect(res.status).toBe(200);
    const stored = Buffer.from(res.body.data.sign.split(',')[1], 'base64');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 1520, height: 507 });
  });

  it('removes the replaced file once the new one is committed, and keeps it when the new one is refused', async () => {
    const keyOf = async () =>
      rowsOf<{ file_key: string }>(
        await t.database.db.execute(
          sql`select file_key from user_signature where tenant_id = ${t.alpha.tenantId} and user_id = ${t.alpha.userIds.teacher}`,
        ),
      )[0]?.file_key;
    const teacher = await t.tokenFor('teacher');
    expect((await save('/admin/team/editSign', dataUrl(PNG), teacher)).status).toBe(200);
    const first = (await keyOf())!;
    const fileOf = (key: string) => path.join(DATA_DIR, 'files', ...key.split('/'));
    expect(fs.existsSync(fileOf(first))).toBe(true);
    // A refused replacement changes nothing: the stored file stays.
    expect((await save('/admin/team/editSign', dataUrl(HTML), teacher)).status).toBe(400);
    expect(await keyOf()).toBe(first);
    expect(fs.existsSync(fileOf(first))).toBe(true);
    const before = storedSignatureFiles().length;
    expect((await save('/admin/team/editSign', dataUrl(JPEG, 'image/jpeg'), teacher)).status).toBe(200);
    const second = (await keyOf())!;
    expect(second).not.toBe(first);
    expect(fs.existsSync(fileOf(second))).toBe(true);
    expect(fs.existsSync(fileOf(first))).toBe(false);
    expect(storedSignatureFiles().length).toBe(before);
  });

  it(`refuses more than ${UPLOAD_RATE.uploads} uploads of one user in ${UPLOAD_RATE.windowSeconds / 60} minutes with 429`, async () => {
    const supervisor = await t.tokenFor('admin');
    for (let i = 0; i < UPLOAD_RATE.uploads; i++) {
      expect((await save('/admin/team/editSign', dataUrl(PNG), supervisor)).status).toBe(200);
    }
    const limited = await save('/admin/team/editSign', dataUrl(PNG), supervisor);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe(String(UPLOAD_RATE.windowSeconds));
    expect(limited.body.data).toEqual({ retryAfter: UPLOAD_RATE.windowSeconds });
    // Another user is not limited by it, and the avatar counts in the same budget.
    expect((await save('/admin/team/editSign', dataUrl(PNG), tokens.counsellor)).status).toBe(200);
    const avatar = await t.request('POST', '/admin/user/avatar', undefined, { token: supervisor });
    expect(avatar.status).toBe(429);
  }, 60_000);
});
