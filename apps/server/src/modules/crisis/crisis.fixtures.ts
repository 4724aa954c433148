import { PASSWORD, type TestContext } from '../../test/harness';
import { seedSchool, type SchoolSeed, type SeededSchool, type UserSeed } from '../../seed/school';

/**
 * A school with the four-level network for the crisis tests: two faculties, three classes, a dormitory
 * leader, every network role, and students in each class.
 *
 *   组织机构
 *   ├─ Centre                centrehead, overallhead, counsellor, crisisquery (school-wide roles)
 *   ├─ Engineering           facultyhead, facultyconsult, focusquery, advisorb (covers Class B by coverage)
 *   │  ├─ Class A            advisora, classrep, studenta, studenta2
 *   │  └─ Class B            studentb
 *   └─ Arts                  artshead
 *      └─ Class C            advisorc, studentc
 */
export const NETWORK_SCHOOL: SchoolSeed = {
  code: 'network',
  name: 'Network University',
  depts: [
    { name: 'Centre' },
    { name: 'Engineering', children: [{ name: 'Class A' }, { name: 'Class B' }] },
    { name: 'Arts', children: [{ name: 'Class C' }] },
  ],
  users: (
    [
      ['admin', 'N Admin', ['ROLE_ADMIN'], 'Centre', '13800001001'],
      ['centrehead', 'N Centre Head', ['CRISIS_ROLE_CENTER_SUPERINTENDENT'], 'Centre', '13800001002'],
      ['overallhead', 'N Overall Head', ['CRISIS_ROLE_SUPERINTENDENT'], 'Centre', '13800001003'],
      ['facultyhead', 'N Faculty Head', ['CRISIS_ROLE_FACULTY_SUPERINTENDENT'], 'Engineering', '13800001004'],
      ['artshead', 'N Arts Head', ['CRISIS_ROLE_FACULTY_SUPERINTENDENT'], 'Arts', '13800001005'],
      ['facultyconsult', 'N Faculty Consult', ['CRISIS_ROLE_FACULTY_CONSULT'], 'Engineering', '13800001006'],
      ['advisora', 'N Advisor A', ['CRISIS_ROLE_CONSULTANT'], 'Class A', '13800001007'],
      ['advisorb', 'N Advisor B', ['CRISIS_ROLE_CONSULTANT'], 'Engineering', '13800001008'],
      ['advisorc', 'N Advisor C', ['CRISIS_ROLE_CONSULTANT'], 'Class C', '13800001009'],
      ['classrep', 'N Class Rep', ['CRISIS_ROLE_CLASS'], 'Class A', '13800001010'],
      ['crisisquery', 'N Crisis Query', ['CRISIS_INTERVENE_SEARCH'], 'Engineering', '13800001011'],
      ['focusquery', 'N Focus Query', ['EMPHASIS_INTERVENE_SEARCH'], 'Engineering', '13800001012'],
      ['counsellor', 'N Counsellor', ['ROLE_CONSULTANT'], 'Centre', '13800001013'],
      ['studenta', 'N Student A', ['ROLE_GENERAL'], 'Class A', '13900001001'],
      ['studenta2', 'N Student A2', ['ROLE_GENERAL'], 'Class A', '13900001002'],
      ['studentb', 'N Student B', ['ROLE_GENERAL'], 'Class B', '13900001003'],
      ['studentc', 'N Student C', ['ROLE_GENERAL'], 'Class C', '13900001004'],
    ] as const
  ).map(([username, realName, roles, dept, phone]): UserSeed => ({
    username,
    password: PASSWORD,
    realName,
    roles: [...roles],
    dept,
    phone,
  })),
};

export interface NetworkFixture {
  school: SeededSchool;
  tenantId: number;
  ids: Record<string, number>;
  depts: Record<string, number>;
  token(username: string): Promise<string>;
  get(username: string, url: string): ReturnType<TestContext['get']>;
  post(username: string, url: string, body?: unknown): ReturnType<TestContext['post']>;
}

/** Seeds the network school into a test context and gives signed calls as any of its people. */
export async function seedNetwork(
  t: TestContext,
  seed: SchoolSeed = NETWORK_SCHOOL,
): Promise<NetworkFixture> {
  const school = await seedSchool(t.database, seed);
  const tokens = new Map<string, string>();
  const token = async (username: string) => {
    if (!tokens.has(username)) tokens.set(username, await t.tokenFor(username, school.tenantId));
    return tokens.get(username)!;
  };
  return {
    school,
    tenantId: school.tenantId,
    ids: school.userIds,
    depts: school.deptIds,
    token,
    get: async (username, url) => t.get(url, { token: await token(username), tenantId: school.tenantId }),
    post: async (username, url, body) =>
      t.post(url, body, { token: await token(username), tenantId: school.tenantId }),
  };
}
