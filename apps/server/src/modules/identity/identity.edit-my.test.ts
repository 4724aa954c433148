import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestCalendarDay } from '@psy/contracts';
import { PASSWORD, createTestContext, type TestContext } from '../../test/harness';
import { buildDeptTree } from './identity.service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

/** Empties basic fields of the alpha student, as an import with gaps would leave them. */
async function emptyStudentFields() {
  await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
    tx.execute(
      sql`update sys_user set phone = null, birthday = null, dept_id = null, email = 'old@example.com' where username = 'student'`,
    ),
  );
}

async function studentRow() {
  return t.database.withTenant(t.alpha.tenantId, async ({ tx }) => {
    const res = await tx.execute(
      sql`select username, real_name, number_name, phone, email, sex, birthday::text as birthday, dept_id, password_hash
            from sys_user where username = 'student'`,
    );
    return (res as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  });
}

const VALID = { phone: '13912345678', birthday: '2004-05-06', sex: 2 };

describe('GET /admin/user/detail lists the empty basic fields [spec:S0.5.14] [spec:S0.3.2]', () => {
  beforeEach(emptyStudentFields);

  it('names each empty required field and puts section 0 in isWriteInfo', async () => {
    const token = await t.tokenFor('student');
    const res = await t.get('/admin/user/detail', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.missingBasicFields).toEqual(['phone', 'deptId', 'birthday']);
    expect(res.body.data.isWriteInfo).toEqual([0]);
    expect(res.body.data.birthday).toBeNull();
  });
});

describe('POST /admin/user/editMy [spec:S0.2.24] [spec:S0.5.14] [spec:S0.7.11]', () => {
  beforeEach(emptyStudentFields);

  it('fills the empty fields and answers the detail with nothing left to fill', async () => {
    const token = await t.tokenFor('student');
    const deptId = t.alpha.deptIds['Class 2024']!;
    const res = await t.post('/admin/user/editMy', { ...VALID, deptId, email: '' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      isWriteInfo: [],
      missingBasicFields: [],
      birthday: '2004-05-06',
      deptFullName: '组织机构-Engineering-Class 2024',
      sysUser: { username: 'student', phone: '13912345678', sex: 2, deptId, email: null },
    });
    const detail = await t.get('/admin/user/detail', { token });
    expect(detail.body.data.isWriteInfo).toEqual([]);
    expect(await studentRow()).toMatchObject({ phone: '13912345678', birthday: '2004-05-06', email: null });
  });

  it('changes only the fields sent', async () => {
    const token = await t.tokenFor('student');
    const res = await t.post('/admin/user/editMy', { phone: '13912345678' }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.missingBasicFields).toEqual(['deptId', 'birthday']);
    expect(await studentRow()).toMatchObject({ real_name: 'Alpha Student', email: 'old@example.com' });
  });

  it('never changes the user name, roles or password, whatever the body says', async () => {
    const token = await t.tokenFor('student');
    const before = await studentRow();
    const res = await t.post(
      '/admin/user/editMy',
      {
        ...VALID,
        username: 'hijack',
        password: 'Other@2026x',
        roles: [t.alpha.roleIds.ROLE_ADMIN],
        roleIds: [1],
      },
      { token },
    );
    expect(res.status).toBe(200);
    const after = await studentRow();
    expect(after.username).toBe('student');
    expect(after.password_hash).toBe(before.password_hash);
    expect(res.body.data.roleList.map((r: { roleCode: string }) => r.roleCode)).toEqual(['ROLE_GENERAL']);
    expect((await t.login('student', { password: PASSWORD })).status).toBe(200);
  });

  it('refuses masked values (containing *) [spec:S0.5.7]', async () => {
    const token = await t.tokenFor('student');
    for (const body of [
      { phone: '139****5678' },
      { realName: '林*' },
      { numberName: 'N00*' },
      { email: 'a*@b.cn' },
    ]) {
      const res = await t.post('/admin/user/editMy', body, {
        token,
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(/masked value|email format incorrect/);
    }
    expect((await studentRow()).phone).toBeNull();
  });

  it('validates each field with the shared rules, naming it [spec:S0.5.2] [spec:S0.5.3] [spec:S0.5.6]', async () => {
    const token = await t.tokenFor('student');
    const tomorrow = new Date(Date.parse(`${latestCalendarDay()}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ phone: '1234567890' }, 'phone', /contact format incorrect/],
      [{ phone: '' }, 'phone', /enter contact/],
      [{ realName: '  ' }, 'realName', /enter name/],
      [{ numberName: '' }, 'numberName', /enter number/],
      [{ sex: 3 }, 'sex', /choose sex/],
      [{ birthday: tomorrow }, 'birthday', /cannot be in the future/],
      [{ birthday: '2004-02-30' }, 'birthday', /yyyy-MM-dd/],
      [{ email: 'not-an-email' }, 'email', /email format incorrect/],
      [{ deptId: 0 }, 'deptId', /.+/],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.post('/admin/user/editMy', body, {
        token,
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toMatch(new RegExp(`^${field}: `));
      expect(res.body.msg, JSON.stringify(body)).toMatch(message);
    }
    const today = await t.post(
      '/admin/user/editMy',
      { birthday: new Date().toISOString().slice(0, 10) },
      { token },
    );
    expect(today.status).toBe(200);
  });

  it('refuses a department that does not exist or belongs to another school, and changes nothing', async () => {
    const token = await t.tokenFor('student');
    const betaDept = await t.database.withTenant(t.beta.tenantId, async ({ tx }) => {
      const res = await tx.execute(sql`select id from dept order by id limit 1`);
      return Number((res as unknown as { rows: { id: unknown }[] }).rows[0]!.id);
    });
    for (const deptId of [betaDept, 999_999]) {
      const res = await t.post(
        '/admin/user/editMy',
        { ...VALID, deptId },
        { token, headers: { 'accept-language': 'en-US' } },
      );
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('deptId: department does not exist');
    }
    expect(await studentRow()).toMatchObject({ phone: null, dept_id: null });
  });

  it('needs a signed-in user', async () => {
    expect((await t.post('/admin/user/editMy', VALID)).status).toBe(401);
  });
});

describe('GET /admin/dept/tree [spec:S0.3.11] [spec:S0.7.17]', () => {
  it("answers the school's tree from the root with relation paths joined by '-'", async () => {
    const token = await t.tokenFor('student');
    const res = await t.get('/admin/dept/tree', { token });
    expect(res.status).toBe(200);
    const [root] = res.body.data;
    expect(res.body.data).toHaveLength(1);
    expect(root).toMatchObject({ label: '组织机构', isChild: true, parentId: null });
    const engineering = root.children.find((n: { name: string }) => n.name === 'Engineering');
    expect(engineering.children[0]).toMatchObject({
      label: 'Class 2024',
      nameRelaTion: '组织机构-Engineering-Class 2024',
      isChild: false,
      children: [],
    });
    expect(JSON.stringify(res.body.data)).not.toContain('Beta');
  });

  it('keeps a node whose parent is missing as a root, and survives a parent cycle', () => {
    const tree = buildDeptTree([
      { id: 1, parentId: null, name: 'root' },
      { id: 2, parentId: 1, name: 'a' },
      { id: 3, parentId: 99, name: 'orphan' },
      { id: 4, parentId: 5, name: 'x' },
      { id: 5, parentId: 4, name: 'y' },
    ]);
    expect(tree.map((n) => n.name)).toEqual(['root', 'orphan']);
    expect(tree[0]!.children[0]!.nameRelaTion).toBe('root-a');
  });
});
