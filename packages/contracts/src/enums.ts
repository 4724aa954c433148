/** Role codes (spec S0.6, S1.6). */
export const ROLE_CODES = [
  'ROLE_ADMIN',
  'ROLE_GENERAL',
  'ROLE_INTERVIEWER',
  'ROLE_CONSULTANT',
  'ROLE_ASSESSMENT',
  'ROLE_SUPERVISOR',
  'ROLE_APPOINTMENT',
  'ROLE_RECEPTIONIST',
  'INDIVIDUAL_SUPERVISOR_APPOINTMENT',
  'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
  'CRISIS_ROLE_CENTER_SUPERINTENDENT',
  'CRISIS_INTERVENE_SEARCH',
  'CRISIS_ROLE_CONSULTANT',
  'CRISIS_ROLE_CLASS',
  'CRISIS_ROLE_SUPERINTENDENT',
  'CRISIS_ROLE_FACULTY_CONSULT',
  'EMPHASIS_INTERVENE_SEARCH',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** Product codes of the top-bar products (spec S0.1.1, S0.4). */
export const PRODUCT_CODES = [
  'CONSULT',
  'APPOINTMENT',
  'CRISIS',
  'IMPORTANT_FOCUS_ON',
  'FIRST_INTERVIEW',
  'ACTIVITY',
  'GROUP_COUNSELLING',
  'PLANTEST',
  'SUPERVISION',
  'SLEEP',
  'DATA_VISUAL',
  'TRAINING',
  'CADRE_EVALUATION',
  'SYSTEM',
] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

/** Product type 1: a main product listed in the navigation dialog (spec S0.6). */
export const PRODUCT_TYPE_MAIN = 1;

/** Setting codes (spec S0.7, S1.7) plus the platform's own. */
export const SETTING_CODES = {
  singleRoleSwitch: 'singleRoleSwitch',
  loginCaptcha: 'loginCaptcha',
  accessLogRetention: 'accessLogRetention',
} as const;
