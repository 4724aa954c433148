import { describe, expect, it } from 'vitest';
import { crisisViewOf, effectiveRoleCodes } from './roles';

const roles = [
  { roleId: 1, roleCode: 'CRISIS_ROLE_CONSULTANT' },
  { roleId: 2, roleCode: 'ROLE_GENERAL' },
];

describe('crisis view by role [spec:S1.6.15] [spec:S1.6.16]', () => {
  it('uses the active role when one is chosen, else every role', () => {
    expect(effectiveRoleCodes({ roleList: roles, activeRoleId: 2 })).toEqual(['ROLE_GENERAL']);
    expect(effectiveRoleCodes({ roleList: roles, activeRoleId: null })).toEqual([
      'CRISIS_ROLE_CONSULTANT',
      'ROLE_GENERAL',
    ]);
    // An active role the list no longer has falls back to every role rather than to none.
    expect(effectiveRoleCodes({ roleList: roles, activeRoleId: 9 })).toHaveLength(2);
    expect(effectiveRoleCodes(undefined)).toEqual([]);
  });

  it('shows records to the network, only their own reports to a class member', () => {
    expect(crisisViewOf(['CRISIS_ROLE_CONSULTANT'])).toMatchObject({ seesRecords: true, worksRecords: true });
    expect(crisisViewOf(['CRISIS_INTERVENE_SEARCH'])).toMatchObject({
      seesRecords: true,
      worksRecords: false,
      seesKeyPersons: false,
    });
    expect(crisisViewOf(['CRISIS_ROLE_CLASS'])).toMatchObject({
      seesRecords: false,
      isClassMember: true,
      isStudent: false,
    });
    expect(crisisViewOf(['ROLE_GENERAL'])).toMatchObject({ seesRecords: false, isStudent: true });
    expect(crisisViewOf(['ROLE_ADMIN'])).toMatchObject({ seesRecords: true, seesKeyPersons: true });
  });
});
