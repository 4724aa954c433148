import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_BYTES } from '@psy/contracts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let tokens: { student: string; counsellor: string; admin: string; beta: string };

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

beforeAll(async () => {
  t = await createTestContext();
  tokens = {
    student: await t.tokenFor('student'),
    counsellor: await t.tokenFor('counsellor'),
    admin: await t.tokenFor('admin'),
    beta: await t.tokenFor('student', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

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
      size: PNG.length,
    });
    const again = await t.get('/admin/team/getSign?quote=1', { token: tokens.counsellor });
    expect(again.body.data.sign).toBe(dataUrl(PNG));
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

  it('refuses an image over 20 MB with a message saying 20 MB [spec:S0.9.2] [spec:S0.5.8]', async () => {
    const big = Buffer.alloc(SIGNATURE_MAX_BYTES + 1, 0);
    PNG.copy(big, 0, 0, 8);
    const res = await t.post(
      '/admin/team/editSign',
      { sign: dataUrl(big) },
      { token: tokens.counsellor, headers: { 'accept-language': 'en-US' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/20 MB/);
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
    expect(quoted.body.data.sign).toBe(dataUrl(PNG));
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
