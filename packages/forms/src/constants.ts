/** Limits of the form engine (spec S0.5.6, S0.5.12, S0.9.1, S0.3.29, S0.3.37, S0.3.38). */

/** Text areas and text inputs: at most 200 characters unless the column says otherwise (S0.5.12, S0.9.1). */
export const TEXT_MAX = 200;
/** The free text of the 'other' option (S0.3.37, S0.5.12). */
export const OTHER_TEXT_MAX = 100;
/** The grading explanation (S0.5.12, S1.5.9). */
export const GRADE_DESC_MAX = 1000;
/** Slider bounds (S0.3.23, S0.9.1). */
export const SLIDER_MIN = 1;
export const SLIDER_MAX = 10;
/** InterventionHours (S0.3.29, S0.9.1). */
export const INTERVENTION_HOURS_MIN = 0;
export const INTERVENTION_HOURS_MAX = 999;
/** trackDate: not in the future and at most 7 days back (S0.5.6, S1.5). */
export const TRACK_DATE_MAX_DAYS_BACK = 7;
/** Grades 1-4: stars 1..4 or levels A..D (S0.3.38, S0.9.3). */
export const GRADE_MIN = 1;
export const GRADE_MAX = 4;
/** The default companion key of the server's consistent/inconsistent verdict (S0.3.38). */
export const GRADE_RESULT_PROP = 'gradeResult_result';
export const GRADE_CONSISTENT = 1;
export const GRADE_INCONSISTENT = 0;
/** Star fields default to four stars (S0.9.3). */
export const STAR_DEFAULT_MAX = 4;
/** Time-grid weeks: 1 Monday .. 7 Sunday (S0.3.24, S1.3.2). */
export const WEEK_MIN = 1;
export const WEEK_MAX = 7;
