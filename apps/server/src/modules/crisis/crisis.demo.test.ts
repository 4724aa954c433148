import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { DEMO_PASSWORD, seedDemo } from '../../seed/demo';

let t: TestContext;
let tenantId: number;
beforeAll(async () => {
  t = await createTestContext();
  tenantId = (await seedDemo(t.database)).tenantId;
});
afterAll(() => t?.close());

const as = async (username: string) => {
  const res = await t.login(username, { tenantId, password: DEMO_PASSWORD });
  return res.body.data.access_token as string;
};

describe('the demo school’s crisis network', () => {
  it('has signals in each state for the network roles to see', async () => {
    const token = await as('centerhead');
    const page = await t.post('/biz/crisis/record/page', { size: 50 }, { token, tenantId });
    expect(page.status, page.raw).toBe(200);
    const records = page.body.data.records as {
      source: string;
      status: number;
      acknowledgedAt: string | null;
      escalationLevel: number;
    }[];
    expect(records.map((r) => r.source).sort()).toEqual([
      'case',
      'dormitory',
      'report',
      'report',
      'screening',
      'selfHelp',
    ]);
    expect(records.some((r) => r.status === 1 && r.acknowledgedAt === null && r.escalationLevel === 1)).toBe(
      true,
    );
    expect(records.some((r) => r.source === 'dormitory' && r.escalationLevel === 2)).toBe(true);
    expect(records.some((r) => r.status === 2)).toBe(true);
    expect(records.some((r) => r.status === 3)).toBe(true);
    // The English faculty has no advisor or head: its student's signal starts with the centre.
    expect(records.find((r) => r.source === 'case')?.escalationLevel).toBe(3);

    const advisor = await as('advisor');
    const pending = await t.get('/biz/focus/intervene/crisisIntervenePending', { token: advisor, tenantId });
    expect(pending.body.data.unacknowledged).toBeGreaterThan(0);
    expect(pending.body.data.interventions).toBe(1);
    const focus = await t.post('/biz/focus/person/page', {}, { token: advisor, tenantId });
    expect(focus.body.data.total).toBe(1);
    const head = await as('facultyhead');
    const status = await t.get('/biz/crisis/monthlyReport/collegeReportStatus', { token: head, tenantId });
    expect(status.body.data.faculties).toEqual([
      expect.objectContaining({ deptName: '计算机学院', status: 'zero' }),
    ]);
    const classrep = await as('classrep');
    const mine = await t.post('/biz/crisis/report/mine', {}, { token: classrep, tenantId });
    expect(mine.body.data.total).toBe(1);
  });
});
