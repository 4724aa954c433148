/** Landing page after login (spec S0.2.6). */
export const HOME_PATH = '/wel/index';
