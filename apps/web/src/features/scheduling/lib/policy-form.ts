/** The number fields of the booking rules form, in the order shown (contracts `schedulingPolicySchema`). */
export const POLICY_NUMBERS = [
  'bookingWindowDays',
  'minLeadMinutes',
  'maxUpcomingPerVisitor',
  'leaveDeadlineHour',
  'leaveLimitPerTerm',
  'noShowLimitPerTerm',
  'sessionsPerTerm',
  'arriveEarlyMinutes',
  'waitlistClaimHours',
  'waitlistMinClaimMinutes',
  'singleSessionWaitDays',
] as const;

/** The appointment setting codes of S1.7.3, each explained in plain words on the settings page. */
export const APPOINTMENT_SETTING_CODES = [
  'zxyyms',
  'zxlysz',
  'yyrlqzsjsz',
  'yyztyssz',
  'djsz',
  'wtlxsz',
  'yymssz',
  'tjzxssz',
  'sfqyycdy',
  'ytmssz',
  'lxfwkgsz',
  'hdzxmssz',
  'ddxssz',
  'pgddjlsz',
  'txddjlsz',
] as const;
