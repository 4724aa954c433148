import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserType } from '@psy/contracts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
});
afterAll(() => t?.close());

const list = async (token = admin): Promise<UserType[]> =>
  (await t.get('/admin/uType/getUserTypeNoPage', { token })).body.data;

describe('user types [spec:S0.7.12]', () => {
  it('lists the types in order with their user counts', async () => {
    const types = await list();
    expect(types.map((u) => u.code)).toEqual(['staff', 'student']);
    expect(types[0]).toMatchObject({ name: '教职工', allowRegister: false, userCount: 4 });
    expect(types[1]).toMatchObject({ allowRegister: true, userCount: 1 });
    // A user administrator reads them too (the user form and filters).
    expect(await list(await t.tokenFor('subadmin'))).toHaveLength(2);
  });

  it('answers the types a viewer may manage: all for user administrators, none otherwise', async () => {
    const mine = await t.get('/admin/uType/getUserTypeRight', { token: await t.tokenFor('subadmin') });
    expect(mine.body.data).toHaveLength(2);
    const none = await t.get('/admin/uType/getUserTypeRight', { token: await t.tokenFor('counsellor') });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
  });

  it('offers the registration types without signing in, per school', async () => {
    const res = await t.get('/admin/uType/getUserTypeRegister');
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([{ id: expect.any(Number), name: '学生', code: 'student' }]);
    const beta = await t.get('/admin/uType/getUserTypeRegister', { tenantId: t.beta.tenantId });
    expect(beta.body.data[0].id).not.toBe(res.body.data[0].id);
    expect((await t.get('/admin/uType/getUserTypeRegister', { tenantId: null })).status).toBe(400);
  });

  it('creates, edits and deletes a type', async () => {
    const created = await t.post(
      '/admin/uType',
      { name: ' 校友 ', code: 'alumni', allowRegister: true, sort: 3 },
      { token: admin },
    );
    expect(created.status, created.raw).toBe(200);
    expect(created.body.data).toMatchObject({ name: '校友', code: 'alumni', userCount: 0 });
    const id = created.body.data.id;
    const edited = await t.request(
      'PUT',
      '/admin/uType',
      { id, name: '校友', code: 'alumni', allowRegister: false, sort: 0 },
      { token: admin },
    );
    expect(edited.body.data).toMatchObject({ allowRegister: false, sort: 0 });
    expect((await list())[0]!.code).toBe('alumni');
    const removed = await t.request('DELETE', `/admin/uType/${id}`, undefined, { token: admin });
    expect(removed.status, removed.raw).toBe(200);
    expect((await list()).map((u) => u.code)).not.toContain('alumni');
  });

  it('validates the fields and refuses a taken code and a type users have', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: '', code: 'x1', allowRegister: false, sort: 0 }, /^name/],
      [{ name: 'A', code: '1abc', allowRegister: false, sort: 0 }, /^code/],
      [{ name: 'A', code: 'abc', allowRegister: 'yes', sort: 0 }, /^allowRegister/],
      [{ name: 'A', code: 'abc', allowRegister: false, sort: -1 }, /^sort/],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post('/admin/uType', body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    const taken = await t.post(
      '/admin/uType',
      { name: 'S', code: 'student', allowRegister: false, sort: 0 },
      {
        token: admin,
        headers: { 'accept-language': 'en-US' },
      },
    );
    expect(taken.body).toMatchObject({ code: 1, msg: 'the user type code is already used' });
    const staff = (await list()).find((u) => u.code === 'staff')!;
    const inUse = await t.request('DELETE', `/admin/uType/${staff.id}`, undefined, { token: admin });
    expect(inUse.body).toMatchObject({ code: 1, data: { userCount: 4 } });
  });

  it('refuses a counsellor, and another school types are invisible', async () => {
    const token = await t.tokenFor('counsellor');
    expect((await t.get('/admin/uType/getUserTypeNoPage', { token })).status).toBe(403);
    expect(
      (await t.post('/admin/uType', { name: 'A', code: 'abc', allowRegister: false, sort: 0 }, { token }))
        .status,
    ).toBe(403);
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    const alphaStaff = (await list()).find((u) => u.code === 'staff')!;
    const foreign = await t.request(
      'PUT',
      '/admin/uType',
      { id: alphaStaff.id, name: 'X', code: 'staff', allowRegister: false, sort: 0 },
      { token: beta, tenantId: t.beta.tenantId },
    );
    expect(foreign.status).toBe(404);
    const del = await t.request('DELETE', `/admin/uType/${alphaStaff.id}`, undefined, {
      token: beta,
      tenantId: t.beta.tenantId,
    });
    expect(del.status).toBe(404);
  });
});
