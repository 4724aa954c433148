import type { SchoolSeed } from '../seed/school';

export const PASSWORD = 'Passw0rd!x';

/** Two small schools: 'alpha' (the one under test) and 'beta' (the other tenant for isolation checks). */
export const ALPHA: SchoolSeed = {
  code: 'alpha',
  name: 'Alpha University',
  depts: [{ name: 'Psychology Centre' }, { name: 'Engineering', children: [{ name: 'Class 2024' }] }],
  settings: [{ type: 'singleRoleSwitch', enable: true }],
  users: [
    {
      username: 'admin',
      password: PASSWORD,
      realName: 'Alpha Admin',
      roles: ['ROLE_ADMIN'],
      phone: '13800000001',
    },
    {
      username: 'counsellor',
      password: PASSWORD,
      realName: 'Alpha Counsellor',
      roles: ['ROLE_CONSULTANT'],
      phone: '13800000002',
    },
    {
      username: 'teacher',
      password: PASSWORD,
      realName: 'Alpha Teacher',
      roles: ['ROLE_CONSULTANT', 'ROLE_SUPERVISOR'],
      phone: '13800000003',
    },
    {
      // A sub-administrator limited to the Engineering subtree (data scope, spec S0.1.2).
      username: 'subadmin',
      password: PASSWORD,
      realName: 'Alpha Sub Admin',
      roles: ['ROLE_SUB_ADMIN'],
      phone: '13800000004',
      dept: 'Engineering',
    },
    {
      username: 'student',
      password: PASSWORD,
      realName: 'Alpha Student',
      roles: ['ROLE_GENERAL'],
      phone: '13900000001',
      dept: 'Class 2024',
    },
  ],
};

export const BETA: SchoolSeed = {
  code: 'beta',
  name: 'Beta College',
  users: [
    {
      username: 'admin',
      password: PASSWORD,
      realName: 'Beta Admin',
      roles: ['ROLE_ADMIN'],
      phone: '13800000001',
    },
    {
      username: 'student',
      password: PASSWORD,
      realName: 'Beta Student',
      roles: ['ROLE_GENERAL'],
      phone: '13900000009',
    },
  ],
};
