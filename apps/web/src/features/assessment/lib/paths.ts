/**
 * The routes of the assessment screens (spec S1.2.2-S1.2.12; the menu and detail pages of the seed
 * catalogue) and how a page finds its record in its own query. Pure.
 */
export const ASSESSMENT_PATHS = {
  scales: '/scaleLibrary/index',
  plans: '/evaluationDetails/index',
  addPlan: '/addPlanInfo/index',
  editPlan: '/editPlanInfo/index',
  responses: '/assessmentPlanResponseList',
  signatures: '/signatureList',
  report: '/evaluationReport',
  answers: '/evaluationAnswerlist/answerlist',
  analysis: '/comprehensiveAnalysis',
  drillAnswers: '/tzbEvaluationAnswerlist',
  drillData: '/tzbDataDeepList',
  record: '/evaluationRecord',
  dailyUsers: '/dailyTestUser',
  htp: '/houseTreeManInfoWrite',
  warnings: '/assessmentWarning/index',
  interviews: '/assessmentInterviewInterviewlist/index',
  interviewers: '/assessmentInterviewInterviewers/index',
  rainbow: '/mindtherainbowInfo/info',
  followVisit: '/anFollowUpVisit/followInfo',
  intervention: '/anAssIntervention/intervenInfo',
  receipt: '/anAssInterReceipt/intervenInfo',
  followTable: '/anFollowUpAssTable/index',
  assessmentTable: '/assessmentTable/index',
} as const;

/** The follow-up record pages by record type (1 visit ... 5 assessment table). */
export const FOLLOW_UP_PATHS = {
  1: ASSESSMENT_PATHS.followVisit,
  2: ASSESSMENT_PATHS.intervention,
  3: ASSESSMENT_PATHS.receipt,
  4: ASSESSMENT_PATHS.followTable,
  5: ASSESSMENT_PATHS.assessmentTable,
} as const;
export type FollowUpType = keyof typeof FOLLOW_UP_PATHS;

/** A path with its query; empty values are left out. */
export function pathWith(path: string, query: Record<string, string | number | boolean | null | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** A positive whole number of the query, or null. */
export function readId(search: URLSearchParams, key: string): number | null {
  const raw = search.get(key);
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** 'true' / 'false' of the query, or undefined. */
export function readFlag(search: URLSearchParams, key: string): boolean | undefined {
  const raw = search.get(key);
  return raw === 'true' ? true : raw === 'false' ? false : undefined;
}
