/** Paths of the shell that features link to as well. */
/** Landing page after login (spec S0.2.6). */
export const HOME_PATH = '/wel/index';
/** Role selection page (spec S0.2.15). */
export const ROLE_SELECT_PATH = '/role-select';
