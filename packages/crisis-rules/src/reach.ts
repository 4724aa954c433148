/**
 * What a caller's roles let them see of crisis records and key persons (docs/crisis.md 3.10). Coverage
 * (which departments) is the server's to compute; this says which kind of reach each role gives.
 */
export const SCHOOL_REACH_ROLES = [
  'CRISIS_ROLE_SUPERINTENDENT',
  'CRISIS_ROLE_CENTER_SUPERINTENDENT',
  'ROLE_ADMIN',
] as const;

/** Coverage-bounded roles that work the records (clinical notes included). */
export const CLINICAL_COVERAGE_ROLES = [
  'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
  'CRISIS_ROLE_FACULTY_CONSULT',
  'CRISIS_ROLE_CONSULTANT',
] as const;

export type ReachArea = 'crisis' | 'focus';

/** The query role of each area: reads within its coverage, changes nothing. */
export const QUERY_ROLE: Record<ReachArea, string> = {
  crisis: 'CRISIS_INTERVENE_SEARCH',
  focus: 'EMPHASIS_INTERVENE_SEARCH',
};

export interface Reach {
  /** Sees every record of the school. */
  school: boolean;
  /** Coverage-bounded roles giving clinical (working) access. */
  clinicalRoles: string[];
  /** Coverage-bounded roles giving read-only access. */
  readRoles: string[];
}

/** The reach the effective roles give in an area. */
export function reachOf(roleCodes: readonly string[], area: ReachArea): Reach {
  const has = (code: string) => roleCodes.includes(code);
  return {
    school: SCHOOL_REACH_ROLES.some(has),
    clinicalRoles: CLINICAL_COVERAGE_ROLES.filter(has),
    readRoles: has(QUERY_ROLE[area]) ? [QUERY_ROLE[area]] : [],
  };
}

/** Whether a reach sees anything beyond the caller's own reports and assignments. */
export const hasNetworkReach = (r: Reach) => r.school || r.clinicalRoles.length > 0 || r.readRoles.length > 0;

/** Whether the reach may change records (not only read them) where it covers. */
export const mayWork = (r: Reach) => r.school || r.clinicalRoles.length > 0;
