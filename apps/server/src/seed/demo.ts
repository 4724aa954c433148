import { seedSchool, type UserSeed } from './school';
import { refreshStatistics, type Database } from '../core/db/database';
import { seedDemoContent } from './demo-content';
import { seedDemoWorkforce } from './demo-workforce';
import { seedDemoSchedules } from './demo-schedules';
import { seedDemoAssessment } from './demo-assessment';
import { seedCrisisDemo } from '../modules/crisis';

export const DEMO_CODE = 'demo';
export const DEMO_ADMIN_PASSWORD = 'Admin@2026';
export const DEMO_PASSWORD = 'Demo@2026';

const staff = (
  username: string,
  realName: string,
  roles: string[],
  phone: string,
  dept = '心理健康教育中心',
): UserSeed => ({
  username,
  password: DEMO_PASSWORD,
  realName,
  roles,
  phone,
  dept,
});

/** One user per role code of spec S1.6, a sub-administrator, a student and a multi-role teacher. */
export const DEMO_USERS: UserSeed[] = [
  {
    username: 'admin',
    password: DEMO_ADMIN_PASSWORD,
    realName: '系统管理员',
    // The centre's administrator also counsels, so the demo shows the role choice (spec S0.2.15).
    roles: ['ROLE_ADMIN', 'ROLE_CONSULTANT'],
    phone: '13800000001',
    dept: '组织机构',
  },
  staff('subadmin', '计算机学院管理员', ['ROLE_SUB_ADMIN'], '13800000002', '计算机学院'),
  staff('counsellor', '王心怡', ['ROLE_CONSULTANT'], '13800000003'),
  staff('interviewer', '李初访', ['ROLE_INTERVIEWER'], '13800000004'),
  staff('assessor', '赵评估', ['ROLE_ASSESSMENT'], '13800000005'),
  staff('supervisor', '陈督导', ['ROLE_SUPERVISOR'], '13800000006'),
  staff('clerk', '孙预约', ['ROLE_APPOINTMENT'], '13800000007'),
  staff('reception', '周前台', ['ROLE_RECEPTIONIST'], '13800000008'),
  staff('supclerk', '吴督导预约', ['INDIVIDUAL_SUPERVISOR_APPOINTMENT'], '13800000009'),
  staff('facultyhead', '郑院系负责人', ['CRISIS_ROLE_FACULTY_SUPERINTENDENT'], '13800000010', '计算机学院'),
  staff('centerhead', '冯中心负责人', ['CRISIS_ROLE_CENTER_SUPERINTENDENT'], '13800000011'),
  staff('crisisquery', '蒋危机查询', ['CRISIS_INTERVENE_SEARCH'], '13800000012'),
  staff('advisor', '韩辅导员', ['CRISIS_ROLE_CONSULTANT'], '13800000013', '计算机学院'),
  staff('classrep', '杨心理委员', ['CRISIS_ROLE_CLASS'], '13800000014', '2024级'),
  staff('crisishead', '朱危机总负责人', ['CRISIS_ROLE_SUPERINTENDENT'], '13800000015'),
  staff('facultycounsel', '秦院系咨询师', ['CRISIS_ROLE_FACULTY_CONSULT'], '13800000016', '计算机学院'),
  staff('focusquery', '许重点关注查询', ['EMPHASIS_INTERVENE_SEARCH'], '13800000017'),
  staff('teacher', '何多角色', ['ROLE_CONSULTANT', 'ROLE_SUPERVISOR', 'ROLE_INTERVIEWER'], '13800000018'),
  {
    username: 'student',
    password: DEMO_PASSWORD,
    realName: '林同学',
    roles: ['ROLE_GENERAL'],
    phone: '13900000001',
    dept: '2024级',
    sex: 2,
    birthday: '2005-09-01',
  },
  // Shows the forced password change after the first login (spec S0.4.1).
  {
    username: 'newcomer',
    password: DEMO_PASSWORD,
    realName: '沈新生',
    roles: ['ROLE_GENERAL'],
    phone: '13900000002',
    dept: '2024级',
    sex: 1,
    birthday: '2006-03-15',
    mustChangePassword: true,
  },
];

const ROLE_LABEL: Record<string, string> = {
  ROLE_SUB_ADMIN: 'sub-administrator (Computer Science)',
};

/** The demo school 'demo' (idempotent). */
export async function seedDemo(database: Database) {
  const school = await seedSchool(database, {
    code: DEMO_CODE,
    name: '演示大学',
    systemTitle: '演示大学心理健康服务平台',
    themeColor: '#1677ff',
    depts: [
      { name: '心理健康教育中心' },
      { name: '学生工作部' },
      { name: '计算机学院', children: [{ name: '2023级' }, { name: '2024级' }] },
      { name: '外国语学院', children: [{ name: '英语系' }] },
    ],
    settings: [{ type: 'singleRoleSwitch', enable: true }],
    users: DEMO_USERS,
  });
  await seedDemoContent(database, school.tenantId);
  // Only for a new school: an administrator's later changes are not undone at the next start.
  if (school.created) {
    await seedDemoWorkforce(database, school.tenantId);
    await seedDemoSchedules(database, school.tenantId);
    await seedDemoAssessment(database, school.tenantId);
    // The crisis network in use: a dormitory and signals in each state (docs/crisis.md).
    await seedCrisisDemo(database, school.tenantId);
    // Planned from guesses until analyzed, and PGlite never analyzes on its own (core/db/database.ts).
    await refreshStatistics(database);
  }
  return {
    tenantCode: DEMO_CODE,
    tenantId: school.tenantId,
    created: school.created,
    logins: DEMO_USERS.map((u) => ({
      username: u.username,
      password: u.password,
      role:
        (ROLE_LABEL[u.roles[0]!] ?? u.roles.join(' + ')) +
        (u.mustChangePassword ? ', must change the password at first login' : ''),
    })),
  };
}
