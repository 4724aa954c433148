import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateSchema, dateTimeSchema } from './common';
import { downloadTaskSchema } from './downloads.contract';
import { formAnswerMapSchema, formDefinitionJsonSchema } from './forms.contract';

/**
 * Case work (docs/cases.md): cases of visitors, records as form-engine answers, signatures, locks and
 * amendments, grading, transfers, agreements per appointment, feedback, the visitor's file.
 */

/** Case statuses (S1.4.3): wait, running, finish (normal close), transfer (referral), pass (dropout), break (no-show). */
export const CASE_STATUSES = ['wait', 'running', 'finish', 'transfer', 'pass', 'break'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
/** Moves of a case (`@psy/scheduling` CASE_ACTION_RULES). */
export const CASE_ACTIONS = ['start', 'finish', 'transfer', 'pass', 'break'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];
/** Records of a case, each an answer of the form bound to its smart-form purpose. */
export const CASE_RECORD_KINDS = ['first_interview', 'session', 'closing'] as const;
export type CaseRecordKind = (typeof CASE_RECORD_KINDS)[number];
/** Transfer targets (S1.3.11 transferTo 1/2, transferGroupConsultation, transferIndividualCounseling). */
export const CASE_TRANSFER_TARGETS = ['waitlist', 'referral', 'group', 'individual'] as const;
export type CaseTransferTarget = (typeof CASE_TRANSFER_TARGETS)[number];
/** The eventSign of a record's answer: the form module keeps these answers for the case module. */
export const CASE_RECORD_EVENT_PREFIX = 'case-record:';
export const caseRecordEventSign = (recordId: number) => `${CASE_RECORD_EVENT_PREFIX}${recordId}`;
/** Permission key: every case within the caller's data scope (administrators). */
export const CASE_ALL_PERMISSION = 'consult_case_all';

const person = z.object({ id: z.number().int(), name: z.string().nullable() });
const lockState = z.enum(['open', 'signed', 'locked']);

export const caseSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(CASE_STATUSES),
  baseStatus: z.enum(['end', 'transfer']).nullable().describe('S1.4.3 base status; null while live'),
  source: z.number().int().describe('transfer source (S1.9.1) the case came from'),
  repeatStatus: z.union([z.literal(1), z.literal(2)]).describe('1 first case of the visitor, 2 repeat'),
  visitor: person.extend({ number: z.string().nullable() }),
  counsellor: person,
  grade: z.number().int().nullable().describe('latest grade 1-4 (1 the most serious)'),
  gradeConsistent: z.boolean().nullable(),
  records: z.number().int(),
  lockedRecords: z.number().int(),
  openedAt: dateTimeSchema,
  closedAt: dateTimeSchema.nullable(),
  updatedAt: dateTimeSchema,
  actions: z.array(z.enum(CASE_ACTIONS)).describe('moves the caller may offer now'),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const caseRecordSummarySchema = z.object({
  id: z.number().int(),
  caseId: z.number().int(),
  kind: z.enum(CASE_RECORD_KINDS),
  appointmentId: z.number().int().nullable(),
  sessionTime: dateTimeSchema.nullable(),
  formId: z.number().int(),
  answerId: z.number().int().nullable(),
  state: lockState,
  signedAt: dateTimeSchema.nullable(),
  lockDueAt: dateTimeSchema,
  lockedAt: dateTimeSchema.nullable(),
  amendmentCount: z.number().int(),
  grade: z.number().int().nullable(),
  gradeConsistent: z.boolean().nullable(),
  createTime: dateTimeSchema,
  updateTime: dateTimeSchema,
});
export type CaseRecordSummary = z.infer<typeof caseRecordSummarySchema>;

export const caseEventSchema = z.object({
  action: z.string(),
  fromStatus: z.enum(CASE_STATUSES).nullable(),
  toStatus: z.enum(CASE_STATUSES).nullable(),
  actor: person.nullable(),
  at: dateTimeSchema,
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const caseTransferSchema = z.object({
  id: z.number().int(),
  to: z.enum(CASE_TRANSFER_TARGETS),
  transferToType: z.number().int().nullable(),
  toCounsellor: person.nullable(),
  newCaseId: z.number().int().nullable(),
  ref: z.string().nullable(),
  reason: z.string().nullable(),
  createTime: dateTimeSchema,
});

export const feedbackSchema = z.object({
  appointmentId: z.number().int(),
  visitorSatisfaction: z.number().int(),
  content: z.string().nullable(),
  createTime: dateTimeSchema,
});

export const caseDetailSchema = caseSummarySchema.extend({
  closeReason: z.string().nullable(),
  recordList: z.array(caseRecordSummarySchema),
  events: z.array(caseEventSchema),
  transfers: z.array(caseTransferSchema),
  feedback: z.array(feedbackSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const casePageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/case/page',
  summary:
    'Cases the caller may see: a counsellor their own, a supervisor their supervisees’, consult_case_all every case in the data scope; a visitor their own (statuses only)',
  tags: ['cases'],
  body: boundedPageQuery(100).extend({
    status: z.enum(CASE_STATUSES).optional(),
    live: z.boolean().optional().describe('only wait and running'),
    visitorName: z.string().trim().max(50).optional(),
    counsellorId: idSchema.optional(),
    visitorId: idSchema.optional(),
  }),
  response: pageOf(caseSummarySchema),
});

export const caseDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/case/detail',
  summary: 'One case with its records, history, transfers and feedback (access-logged)',
  tags: ['cases'],
  query: z.object({ id: idSchema }),
  response: caseDetailSchema,
});

const reasonText = z.string().trim().max(1000, 'at most 1000 characters');

export const caseTransitionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/case/transition',
  summary: 'Moves a case (S1.4.3): start, finish (needs a signed closing summary), pass, break',
  tags: ['cases'],
  body: z.object({
    id: idSchema,
    action: z.enum(['start', 'finish', 'pass', 'break']),
    reason: reasonText.optional(),
  }),
  response: caseSummarySchema,
});

export const caseTransferEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/case/transfer',
  summary:
    'Transfers a case (S1.3.11, S1.4.16): to the waiting list (transferTo 1), a referral counsellor (transferTo 2 with transferToType 2/10 and a free counsellor), group or individual counselling',
  tags: ['cases'],
  body: z.object({
    caseId: idSchema,
    to: z.enum(CASE_TRANSFER_TARGETS),
    transferToType: z
      .union([z.literal(2), z.literal(10)])
      .optional()
      .describe('referral: 2 individual, 10 single session'),
    transferToConsultant: idSchema.optional().describe('referral: a free counsellor of that type'),
    reason: reasonText.optional(),
  }),
  response: z.object({ case: caseSummarySchema, transfer: caseTransferSchema }),
});

export const caseRecordSchema = caseRecordSummarySchema.extend({
  definition: formDefinitionJsonSchema.nullable().describe('the form version the record was written against'),
  answer: formAnswerMapSchema
    .nullable()
    .describe('redacted for the caller; a visitor gets signature fields only'),
  canEdit: z.boolean(),
  signable: z.array(z.string()).describe('signature fields the caller may sign now'),
});
export type CaseRecord = z.infer<typeof caseRecordSchema>;

export const saveRecordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/inner/profiles/save/forms',
  summary:
    'Saves a record (first interview, session, closing): opens the visitor’s case on the first one; a signed record changes only by amendment (reason); a locked one not at all',
  tags: ['cases'],
  body: z.object({
    recordId: idSchema.optional().describe('an existing record'),
    appointmentId: idSchema.optional().describe('a new record of this appointment'),
    caseId: idSchema.optional().describe('a closing summary of this case'),
    kind: z
      .enum(CASE_RECORD_KINDS)
      .optional()
      .describe('new record: default session (first_interview for type 15)'),
    answers: z.union([z.string(), formAnswerMapSchema]),
    reason: reasonText.optional().describe('required for an amendment of a signed record'),
  }),
  response: z.object({
    outcome: z.enum(['created', 'edited', 'amended', 'unchanged']),
    record: caseRecordSchema,
    caseId: z.number().int(),
    offerCrisis: z.boolean().describe('grade 1 chosen: offer "report crisis" (S1.4.12)'),
  }),
});

export const isFirstRecordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/inner/profiles/reserve/isFirst/data',
  summary: 'Whether an appointment opens its visitor’s case (first record) and which record kind it takes',
  tags: ['cases'],
  query: z.object({ appointmentId: idSchema }),
  response: z.object({
    isFirst: z.boolean(),
    kind: z.enum(CASE_RECORD_KINDS),
    caseId: z.number().int().nullable(),
    recordId: z.number().int().nullable(),
    definition: formDefinitionJsonSchema
      .nullable()
      .describe('the form a new record would be written on (null when the record exists: read it)'),
  }),
});

export const getRecordEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/case/record',
  summary: 'One record with its definition and answer as the caller may see it (access-logged)',
  tags: ['cases'],
  query: z.object({ id: idSchema }),
  response: caseRecordSchema,
});

export const signRecordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/case/record/sign',
  summary:
    'Signs a signature field of a record (S1.6.20): the visitor sign_student, staff sign_teacher, supervisor fields a supervisor or admin; quote takes the stored signature (S1.5.8)',
  tags: ['cases'],
  body: z.object({
    recordId: idSchema,
    field: z.enum([
      'sign_teacher',
      'sign_student',
      'sign_common',
      'sign_supervisor',
      'sign_supervisedPerson',
    ]),
    image: z.string().max(4_000_000).optional().describe('a data URL of the drawn or uploaded signature'),
    quote: z.boolean().optional().describe('use the stored signature instead of an image'),
  }),
  response: caseRecordSchema,
});

export const recordEditionsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/case/record/editions',
  summary: 'Every saved edition of a record, newest first: create, edit, amendment (with who and when)',
  tags: ['cases'],
  query: z.object({ id: idSchema }),
  response: z.array(
    z.object({
      edition: z.number().int(),
      kind: z.string(),
      reason: z.string().nullable(),
      changedKeys: z.array(z.string()),
      createBy: z.number().int(),
      createByName: z.string(),
      createTime: dateTimeSchema,
    }),
  ),
});

export const recordEditionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/case/record/edition',
  summary: 'One edition of a record; an amendment carries the original untouched and the changes',
  tags: ['cases'],
  query: z.object({ id: idSchema, edition: z.coerce.number().int().min(1) }),
  response: z.object({
    edition: z.number().int(),
    kind: z.string(),
    reason: z.string().nullable(),
    answer: formAnswerMapSchema,
    original: formAnswerMapSchema.nullable(),
    changes: z.array(z.record(z.string(), z.unknown())),
    createByName: z.string(),
    createTime: dateTimeSchema,
  }),
});

const toCrisisAnswer = z.object({ crisisRecordId: z.number().int(), created: z.boolean() });
export const caseToCrisisEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/profiles/toCrisis',
  summary: 'Hands the case’s visitor to crisis intervention (source case); asking twice is one crisis record',
  tags: ['cases'],
  query: z.object({ id: idSchema.describe('case') }),
  response: toCrisisAnswer,
});
export const primaryToCrisisEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/primary/toCrisis',
  summary: 'Hands the visitor of a primary-unit appointment to crisis intervention',
  tags: ['cases'],
  query: z.object({ id: idSchema.describe('appointment') }),
  response: toCrisisAnswer,
});

/** An agreement in the visitor's file: what is needed to open it. */
export const consultAgreementSummarySchema = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  kind: z.string(),
  agreedAt: dateTimeSchema,
  signed: z.boolean(),
  kept: z
    .boolean()
    .describe('text (and signature) kept as agreed; false for agreements given before they were kept'),
});

export const visitorFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/profiles/file',
  summary:
    'The visitor’s whole file (/aLiftTimeFilelistInfo): every case and record across terms and counsellors, transfers, feedback, and its readers (administrators)',
  tags: ['cases'],
  query: z.object({ visitorId: idSchema }),
  response: z.object({
    visitor: person.extend({ number: z.string().nullable() }),
    cases: z.array(
      caseSummarySchema.extend({
        recordList: z.array(caseRecordSummarySchema),
        transfers: z.array(caseTransferSchema),
      }),
    ),
    feedback: z.array(feedbackSchema),
    agreements: z
      .array(consultAgreementSummarySchema)
      .describe('the visitor’s consultation agreements, newest first'),
    readers: z
      .array(z.object({ viewer: person, route: z.string(), at: dateTimeSchema }))
      .nullable()
      .describe(
        'who read this visitor’s records; only for consult_case_all holders who may see personal data',
      ),
  }),
});

export const assessmentLevelStaEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/profiles/assessmentLevelSta',
  summary: 'Cases by latest grade (1-4) and how many graded inconsistently, within the caller’s reach',
  tags: ['cases'],
  response: z.object({
    levels: z.array(z.object({ grade: z.number().int(), count: z.number().int() })),
    inconsistent: z.number().int(),
    ungraded: z.number().int(),
  }),
});

export const riskAssessmentPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/riskAssessment/page',
  summary: 'Live cases graded 1 or 2, or graded inconsistently, most serious first',
  tags: ['cases'],
  body: boundedPageQuery(100),
  response: pageOf(caseSummarySchema),
});

export const groupReferralPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/case/groupReferral/page',
  summary:
    'Transfers to group counselling (transferGroupConsultation), newest first: pending group referrals; no individual registration is opened for them',
  tags: ['cases'],
  body: boundedPageQuery(100),
  response: pageOf(
    z.object({
      id: z.number().int().describe('the transfer'),
      caseId: z.number().int(),
      visitor: person.extend({ number: z.string().nullable() }),
      counsellor: person,
      referredBy: person,
      reason: z.string().nullable(),
      status: z.literal('pending').describe('until the group-counselling module takes it'),
      createTime: dateTimeSchema,
    }),
  ),
});

/** Setting code of the school's own consultation agreement text (docs/cases.md 7). */
export const CONSULT_AGREEMENT_SETTING_CODE = 'consultAgreement';

/**
 * The consultation agreement a visitor is shown when the school has not written its own (setting
 * `consultAgreement` switched on with a text): informed consent to counselling, in each language.
 */
export const CONSULT_AGREEMENT_DEFAULT_TEXT: Record<'zh-CN' | 'en-US', { title: string; content: string }> = {
  'zh-CN': {
    title: '心理咨询知情同意书',
    content: [
      '心理咨询是你自愿参加的，你可以随时提出暂停或结束咨询。',
      '咨询师会对你在咨询中谈到的内容保密。以下情况除外：你或他人的生命安全面临危险；法律法规要求披露；咨询师为提高服务质量接受督导（督导同样保密）。',
      '中心会保存每次咨询的记录。记录由咨询师签名后不再改写，任何修改都会保留原文并记下修改人和时间；只有你的咨询师、其督导和中心授权的管理员可以查阅，每次查阅都会被记录。',
      '请按时参加预约的咨询；不能前来时请提前请假或取消。',
      '签署本同意书，表示你已阅读并理解以上内容，同意接受心理咨询。',
    ].join('\n\n'),
  },
  'en-US': {
    title: 'Informed consent to counselling',
    content: [
      'Counselling is voluntary: you may ask to pause or end it at any time.',
      'Your counsellor keeps what you say in counselling confidential, except when your life or someone else’s is in danger, when the law requires disclosure, or when the counsellor discusses your case in supervision (which is confidential too).',
      'The centre keeps a record of each session. Once the counsellor signs a record it is never rewritten: any change keeps the original with who changed it and when. Only your counsellor, their supervisor and the centre’s authorised administrators may read it, and every read is logged.',
      'Please come to your appointments on time, and take leave or cancel in advance when you cannot.',
      'By signing you confirm that you have read and understood the above and agree to counselling.',
    ].join('\n\n'),
  },
};

const agreementBody = z.object({
  agree: z.literal(true).describe('the visitor agrees'),
  image: z.string().max(4_000_000).optional().describe('signature as a data URL'),
  quote: z.boolean().optional().describe('use the stored signature'),
  textVersion: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'not a text version')
    .optional()
    .describe(
      'the version of the text the visitor read (agreement/text); when the text changed since, 409 and nothing is kept',
    ),
});
const agreementAnswer = z.object({
  id: z.number().int(),
  appointmentId: z.number().int(),
  kind: z.string(),
  signed: z.boolean(),
  textVersion: z.string(),
  agreedAt: dateTimeSchema,
});
const agreementEndpoint = (path: string, kind: string) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary: `The visitor agrees to the consultation agreement of an appointment (${kind}); the path must match its type`,
    tags: ['cases'],
    params: z.object({ id: idSchema.describe('appointment') }),
    body: agreementBody,
    response: agreementAnswer,
  });
/** S1.7.23: one path per appointment kind. */
export const CONSULT_AGREEMENT_ENDPOINTS = {
  profiles: agreementEndpoint('/biz/consult/inner/profiles/:id/agreements', 'counselling'),
  primaryunit: agreementEndpoint('/biz/consult/inner/primaryunit/:id/agreements', 'primary unit'),
  assessments: agreementEndpoint('/biz/consult/inner/assessments/:id/agreements', 'assessment'),
  manned: agreementEndpoint('/biz/consult/manned/:id/agreements', 'duty assessment'),
  interview: agreementEndpoint('/biz/consult/inner/interview/:id/agreements', 'interview'),
  first: agreementEndpoint('/biz/consult/inner/first/:id/agreements', 'first interview'),
  firstForAssessment: agreementEndpoint(
    '/biz/consult/inner/first/:id/forAssessment/agreements',
    'first interview for assessment',
  ),
} as const;

/** The agreement text as shown to the visitor: the school's when set, else the default, with its version. */
export const consultAgreementTextSchema = z.object({
  title: z.string(),
  content: z.string().describe('plain text, paragraphs separated by blank lines'),
  lang: z.enum(['zh-CN', 'en-US']).describe('the language it was shown in'),
  source: z.enum(['school', 'default']),
  textVersion: z.string().describe('SHA-256 (hex) of title and content: the version agreed to'),
});

export const consultAgreementTextEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/agreement/text',
  summary:
    'The consultation agreement the visitor of an appointment is asked to agree to, and whether they have',
  tags: ['cases'],
  query: z.object({ appointmentId: idSchema }),
  response: z.object({
    appointmentId: z.number().int(),
    kind: z.string().describe('the agreement call it takes (profiles, first, interview, ...)'),
    text: consultAgreementTextSchema,
    agreement: z
      .object({ id: z.number().int(), agreedAt: dateTimeSchema })
      .nullable()
      .describe('given already: read it with agreement/detail'),
  }),
});

export const consultAgreementDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/agreement/detail',
  summary:
    'A given consultation agreement as it was agreed to: the text and its version, the signature image; never rewritten',
  tags: ['cases'],
  query: z.object({ id: idSchema.describe('agreement') }),
  response: consultAgreementSummarySchema.extend({
    visitor: person,
    text: consultAgreementTextSchema
      .nullable()
      .describe('null for an agreement given before texts were kept'),
    signature: z
      .object({
        image: z.string().describe('data URL (image/png or image/jpeg)'),
        source: z
          .enum(['drawn', 'stored'])
          .describe('drawn for this agreement, or the stored signature quoted'),
        sha256: z.string(),
      })
      .nullable(),
  }),
});

const feedbackBody = z.object({
  visitorSatisfaction: z.coerce
    .number()
    .int()
    .min(1, 'between 1 and 5')
    .max(5, 'between 1 and 5')
    .describe('5 very satisfied to 1 very dissatisfied (S1.3.11)'),
  content: z.string().trim().max(1000, 'at most 1000 characters').optional(),
});
export const feedbackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/feedbacks/appointments/:id',
  summary: 'The visitor’s feedback on a held session (once per appointment)',
  tags: ['cases'],
  params: z.object({ id: idSchema }),
  body: feedbackBody,
  response: feedbackSchema,
});
export const primaryFeedbackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/feedbacks/primary/appointments/:id',
  summary: 'The visitor’s feedback on a held primary-unit session (once per appointment)',
  tags: ['cases'],
  params: z.object({ id: idSchema }),
  body: feedbackBody,
  response: feedbackSchema,
});

export const editSupervisorEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/team/editSupervisor',
  summary: 'Sets (or clears) the supervisor of a counsellor: the supervisor reads and co-signs their cases',
  tags: ['cases'],
  body: z.object({ counsellorId: idSchema, supervisorId: idSchema.nullable() }),
  response: z.object({ counsellorId: z.number().int(), supervisor: person.nullable() }),
});

export const teamDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/team/detail',
  summary: 'A counsellor of the team: supervisor, supervisees, live and total cases',
  tags: ['cases'],
  query: z.object({ id: idSchema }),
  response: z.object({
    counsellor: person,
    supervisor: person.nullable(),
    supervisees: z.array(person),
    liveCases: z.number().int(),
    cases: z.number().int(),
  }),
});

export const riskAssessmentExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/riskAssessment/list/export',
  summary:
    'The risk list (live cases graded 1 or 2, or inconsistently) as XLSX, through a download task (the download list)',
  tags: ['cases'],
  body: z.object({}).default({}),
  response: downloadTaskSchema,
});

/** Field types whose answers the question statistics count by option. */
export const QUESTION_STAT_TYPES = ['radio', 'radioInput', 'checkbox', 'select', 'grade', 'slider'] as const;

export const questionStatisticEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/questions/statistic',
  summary:
    'How the choice questions of case records were answered (per question, per option), over the records within the caller’s reach',
  tags: ['cases'],
  body: z.object({
    kind: z.enum(CASE_RECORD_KINDS).default('session'),
    from: dateSchema.optional().describe('records written on or after this day'),
    to: dateSchema.optional().describe('records written on or before this day'),
  }),
  response: z.object({
    records: z.number().int().describe('records counted'),
    questions: z.array(
      z.object({
        prop: z.string(),
        label: z.string(),
        type: z.string(),
        answered: z.number().int(),
        options: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
      }),
    ),
  }),
});

export const personalReportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/profiles/report',
  summary:
    'The visitor’s personal report (/aLiftTimeReport): the file reduced to counts, dates and grades, for printing (access-logged)',
  tags: ['cases'],
  query: z.object({ visitorId: idSchema }),
  response: z.object({
    visitor: person.extend({ number: z.string().nullable() }),
    cases: z.number().int(),
    sessions: z.number().int(),
    signedRecords: z.number().int(),
    amendments: z.number().int(),
    firstSeen: dateTimeSchema.nullable(),
    lastSeen: dateTimeSchema.nullable(),
    latestGrade: z.number().int().nullable(),
    gradeConsistent: z.boolean().nullable(),
    averageSatisfaction: z.number().nullable(),
    byCase: z.array(
      z.object({
        id: z.number().int(),
        status: z.enum(CASE_STATUSES),
        counsellor: person,
        source: z.number().int(),
        openedAt: dateTimeSchema,
        closedAt: dateTimeSchema.nullable(),
        records: z.number().int(),
        grade: z.number().int().nullable(),
        gradeConsistent: z.boolean().nullable(),
      }),
    ),
    generatedAt: dateTimeSchema,
  }),
});

export const teamConsultPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/team/consult/page',
  summary: 'The consulting team: counsellors of the school (data scope) with supervisor and case counts',
  tags: ['cases'],
  body: boundedPageQuery(100).extend({ realName: z.string().trim().max(50).optional() }),
  response: pageOf(
    z.object({
      id: z.number().int(),
      realName: z.string(),
      deptName: z.string().nullable(),
      supervisor: person.nullable(),
      liveCases: z.number().int(),
      cases: z.number().int(),
    }),
  ),
});

export const mineEngagementEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/consult/mine/engagement',
  summary:
    'Of the caller’s own appointments named, those they have agreed to and those they have given feedback on (the visitor’s "my sessions")',
  tags: ['cases'],
  body: z.object({ appointmentIds: z.array(idSchema).max(100, 'at most 100 appointments') }),
  response: z.object({ agreed: z.array(z.number().int()), feedback: z.array(z.number().int()) }),
});

export const newRecordFormEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/consult/case/record/form',
  summary:
    'The form a new record of a kind is written on (the bound form’s current version, or the default its first save creates); staff only',
  tags: ['cases'],
  query: z.object({ kind: z.enum(CASE_RECORD_KINDS) }),
  response: formDefinitionJsonSchema,
});
