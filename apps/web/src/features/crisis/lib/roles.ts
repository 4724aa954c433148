import { ORDINARY_USER_ROLE } from '@psy/contracts';
import { hasNetworkReach, mayWork, reachOf } from '@psy/crisis-rules';

/** What the web needs of the signed-in user to decide what the crisis screens offer. */
export interface RoleSource {
  roleList: readonly { roleId: number; roleCode: string }[];
  activeRoleId: number | null;
}

/** The role codes in force: the active role when the school asks for one per login, else every role. */
export function effectiveRoleCodes(user: RoleSource | undefined): string[] {
  if (!user) return [];
  const active =
    user.activeRoleId === null ? [] : user.roleList.filter((role) => role.roleId === user.activeRoleId);
  return (active.length > 0 ? active : user.roleList).map((role) => role.roleCode);
}

/**
 * What the crisis screens show a person (docs/crisis.md 3.10, the same rules as the server's reach): the
 * record lists for the network's working and query roles, only their own reports' status for a reporter
 * (class member, counsellor, dormitory leader), the help button for students.
 */
export function crisisViewOf(roleCodes: readonly string[]) {
  const crisis = reachOf(roleCodes, 'crisis');
  const focus = reachOf(roleCodes, 'focus');
  return {
    /** Sees crisis records beyond their own reports. */
    seesRecords: hasNetworkReach(crisis),
    /** May change the records they see (not a query role alone). */
    worksRecords: mayWork(crisis),
    /** Sees key persons. */
    seesKeyPersons: hasNetworkReach(focus),
    /** A student: the help button and their check-in questions. */
    isStudent: roleCodes.includes(ORDINARY_USER_ROLE),
    /** A class mental-health member: reports from a phone. */
    isClassMember: roleCodes.includes('CRISIS_ROLE_CLASS'),
  };
}
export type CrisisView = ReturnType<typeof crisisViewOf>;
