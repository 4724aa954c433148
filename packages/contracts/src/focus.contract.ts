import { z } from 'zod';
import { boundedPageQuery, dateSchema, dateTimeSchema } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import {
  CRISIS_TEXT_LIMITS,
  crisisFollowUpSchema,
  crisisInterventionSchema,
  crisisRecordSummarySchema,
  crisisText,
  personRefSchema,
  requiredCrisisText,
  studentRefSchema,
} from './crisis.contract';

/**
 * Key persons (重点关注), information updates and their audit, heart-to-heart talks, dormitory leader
 * reports, due follow-ups and follow-up journals (docs/crisis.md sections 4-5; spec S1.2.17-S1.2.19 and
 * "Follow-up").
 */

const ids = (max: number) =>
  z
    .array(idSchema)
    .max(max, `at most ${max}`)
    .refine((l) => new Set(l).size === l.length, 'must not repeat');
const option = z.object({ id: z.number().int(), name: z.string() });
const focusLevelSchema = z.coerce
  .number()
  .int()
  .min(1, 'must be 1, 2 or 3')
  .max(3, 'must be 1, 2 or 3')
  .describe('collegeLevelcrisis: 1 close, 2 key, 3 routine attention');

export const focusPersonSchema = z.object({
  id: z.number().int(),
  student: studentRefSchema,
  status: z.number().int().describe('1 under attention, 2 released'),
  categories: z.array(option).describe('key-person settings type 4'),
  level: z.number().int().describe('1 close, 2 key, 3 routine attention'),
  reportSource: option.nullable().describe('key-person settings type 1'),
  since: z.string(),
  nextDue: z.string().nullable().describe('next follow-up due date'),
  lastTrackDate: z.string().nullable(),
  overdue: z.boolean(),
  sourceRecordId: z.number().int().nullable().describe('the crisis record it came from'),
  note: z.string().nullable(),
  createdBy: personRefSchema.nullable(),
  createTime: dateTimeSchema,
  releasedAt: dateTimeSchema.nullable(),
  releaseReason: z.string().nullable(),
});

export const focusPersonPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/person/page',
  summary: "Key persons in the caller's reach, by next due date",
  tags: ['focus'],
  body: boundedPageQuery(100).extend({
    status: z.coerce.number().int().min(1).max(2).default(1),
    level: focusLevelSchema.optional(),
    categoryId: idSchema.optional(),
    studentName: crisisText(50).optional(),
    dueBy: dateSchema.optional().describe('only those due on or before this day'),
  }),
  response: pageOf(focusPersonSchema),
});

export const focusTalkSchema = z.object({
  id: z.number().int(),
  student: studentRefSchema,
  author: personRefSchema,
  talkDate: z.string(),
  topics: z.array(option).describe('key-person settings type 5'),
  content: z.string(),
  finding: z.number().int().describe('1 normal, 2 needs attention, 3 risk (raises a signal)'),
  recordId: z.number().int().nullable().describe('the crisis record a risk finding raised'),
  createTime: dateTimeSchema,
});

export const focusPersonDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/focus/person/detail',
  summary:
    "A key person's page (`/focusCase_info`): plan, follow-ups, orders, talks, records (access-logged)",
  tags: ['focus'],
  query: z.object({ id: idSchema }),
  response: focusPersonSchema.extend({
    followUps: z.array(crisisFollowUpSchema),
    interventions: z.array(crisisInterventionSchema),
    talks: z.array(focusTalkSchema),
    records: z.array(crisisRecordSummarySchema),
    warningFlag: z.number().int(),
  }),
});

export const focusPersonSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/person/save',
  summary: 'Makes a student a key person, or changes categories, level or note (the plan follows the level)',
  tags: ['focus'],
  body: z.object({
    id: idSchema.optional(),
    studentId: idSchema.optional().describe('required for a new key person'),
    categoryIds: ids(6).min(1, 'at least one'),
    level: focusLevelSchema,
    reportSourceId: idSchema.optional(),
    note: crisisText(CRISIS_TEXT_LIMITS.content).optional(),
  }),
  response: focusPersonSchema,
});

export const focusPersonReleaseEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/person/release',
  summary: 'Ends the attention (with a reason); may answer an approval',
  tags: ['focus'],
  body: z.object({ id: idSchema, reason: requiredCrisisText(CRISIS_TEXT_LIMITS.note) }),
  response: z.object({ focus: focusPersonSchema.nullable(), approvalId: z.number().int().nullable() }),
});

export const focusReportSchema = z.object({
  id: z.number().int(),
  student: studentRefSchema,
  reporter: personRefSchema,
  kind: z.number().int().describe('1 propose a key person, 2 information update'),
  categories: z.array(option),
  proposedLevel: z.number().int().nullable(),
  content: z.string(),
  status: z.number().int().describe('1 pending, 2 approved, 3 rejected'),
  auditor: personRefSchema.nullable(),
  auditComment: z.string().nullable(),
  auditedAt: dateTimeSchema.nullable(),
  focusId: z.number().int().nullable(),
  createTime: dateTimeSchema,
});

export const focusReportSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/report/save',
  summary: 'An information update: proposes a key person or reports news of one (audited)',
  tags: ['focus'],
  body: z.object({
    studentId: idSchema,
    kind: z.coerce.number().int().min(1).max(2).describe('1 propose a key person, 2 information update'),
    categoryIds: ids(6).default([]),
    proposedLevel: focusLevelSchema.optional(),
    content: requiredCrisisText(CRISIS_TEXT_LIMITS.content),
  }),
  response: focusReportSchema,
});

export const focusReportPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/report/page',
  summary: "Information updates: the caller's own (`mine`) or those in reach (`all`, the audit list)",
  tags: ['focus'],
  body: boundedPageQuery(100).extend({
    box: z.enum(['mine', 'all']).default('all'),
    status: z.coerce.number().int().min(1).max(3).optional(),
    studentId: idSchema.optional(),
  }),
  response: pageOf(focusReportSchema),
});

export const focusReportDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/focus/report/detail',
  summary: 'An information update (`/infoUpdateDetails`)',
  tags: ['focus'],
  query: z.object({ id: idSchema }),
  response: focusReportSchema,
});

export const focusReportAuditEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/report/audit',
  summary: 'Case audit (`/auditCaseInfo`): approve (the key person is made or updated) or reject',
  tags: ['focus'],
  body: z.object({
    id: idSchema,
    approve: z.boolean(),
    comment: crisisText(CRISIS_TEXT_LIMITS.content).optional(),
    level: focusLevelSchema.optional().describe('the level to give (default: the proposed one, else 3)'),
    categoryIds: ids(6).optional(),
  }),
  response: focusReportSchema,
});

export const focusTalkSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/talk/save',
  summary: 'A heart-to-heart talk report; a risk finding raises a signal',
  tags: ['focus'],
  body: z.object({
    studentId: idSchema,
    talkDate: z.string().describe('yyyy-MM-dd: not in the future, at most 7 days back'),
    topicIds: ids(5).default([]),
    content: requiredCrisisText(CRISIS_TEXT_LIMITS.content),
    finding: z.coerce.number().int().min(1).max(3).describe('1 normal, 2 needs attention, 3 risk'),
  }),
  response: focusTalkSchema,
});

export const focusTalkPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/talk/page',
  summary: 'Talk reports in reach (`/heartTalkReportManageInfo`), newest first',
  tags: ['focus'],
  body: boundedPageQuery(100).extend({
    studentId: idSchema.optional(),
    authorId: idSchema.optional(),
    finding: z.coerce.number().int().min(1).max(3).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  }),
  response: pageOf(focusTalkSchema),
});

export const focusTalkDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/focus/talk/detail',
  summary: 'A talk report (`/heartTalkReportInfo`)',
  tags: ['focus'],
  query: z.object({ id: idSchema }),
  response: focusTalkSchema,
});

export const focusDormReportSchema = z.object({
  id: z.number().int(),
  dormitory: option,
  leader: personRefSchema,
  reportDate: z.string(),
  nothingAbnormal: z.boolean(),
  items: z.array(
    z.object({
      student: personRefSchema,
      note: z.string(),
      risk: z.boolean(),
      recordId: z.number().int().nullable(),
    }),
  ),
  createTime: dateTimeSchema,
});

export const focusDormReportSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/dormReport/save',
  summary:
    "A dormitory leader's report for a day: nothing abnormal, or notes per member (at risk raises a signal)",
  tags: ['focus'],
  body: z
    .object({
      dormitoryId: idSchema,
      reportDate: z.string().describe('yyyy-MM-dd: not in the future, at most 7 days back'),
      nothingAbnormal: z.boolean(),
      items: z
        .array(
          z.object({
            studentId: idSchema,
            note: requiredCrisisText(CRISIS_TEXT_LIMITS.note),
            risk: z.boolean().default(false),
          }),
        )
        .max(20)
        .default([]),
    })
    .refine((b) => !b.nothingAbnormal || b.items.length === 0, {
      path: ['items'],
      message: 'nothing abnormal has no items',
    })
    .refine((b) => b.nothingAbnormal || b.items.length > 0, {
      path: ['items'],
      message: 'at least one item, or nothing abnormal',
    }),
  response: focusDormReportSchema,
});

export const focusDormReportPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/dormReport/page',
  summary: 'Dormitory leader reports (a leader: their own; advisors and heads: in reach), newest first',
  tags: ['focus'],
  body: boundedPageQuery(100).extend({
    dormitoryId: idSchema.optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  }),
  response: pageOf(focusDormReportSchema),
});

export const focusDormReportDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/focus/dormReport/detail',
  summary: 'A dormitory leader report (`/dormitoryLeaderReportInfo`)',
  tags: ['focus'],
  query: z.object({ id: idSchema }),
  response: focusDormReportSchema,
});

export const focusFollowUpDueEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/followup/due',
  summary: 'Key persons in reach whose follow-up is due by a day (default today), most overdue first',
  tags: ['focus'],
  body: boundedPageQuery(100).extend({ dueBy: dateSchema.optional(), level: focusLevelSchema.optional() }),
  response: pageOf(focusPersonSchema),
});

export const focusJournalSchema = z.object({
  id: z.number().int(),
  student: studentRefSchema,
  owner: personRefSchema,
  focusId: z.number().int().nullable(),
  recordId: z.number().int().nullable(),
  title: z.string(),
  status: z.number().int().describe('1 open, 2 closed'),
  entries: z.number().int(),
  feedbacks: z.number().int(),
  lastFeedbackAt: dateTimeSchema.nullable(),
  createTime: dateTimeSchema,
});

export const focusJournalFeedbackSchema = z.object({
  id: z.number().int(),
  mood: z.number().int().describe('1 very low .. 5 very good'),
  needHelp: z.number().int().describe('1 yes, 2 no'),
  note: z.string().nullable(),
  recordId: z.number().int().nullable(),
  createTime: dateTimeSchema,
});

export const focusJournalOpenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/journal/open',
  summary: 'Opens a follow-up journal for a student (`/openFollowDetail`)',
  tags: ['focus'],
  body: z.object({
    studentId: idSchema,
    focusId: idSchema.optional(),
    recordId: idSchema.optional(),
    title: crisisText(CRISIS_TEXT_LIMITS.name).optional(),
  }),
  response: focusJournalSchema,
});

export const focusJournalPageEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/journal/page',
  summary: 'Follow-up journals in reach, newest first',
  tags: ['focus'],
  body: boundedPageQuery(100).extend({
    status: z.coerce.number().int().min(1).max(2).optional(),
    studentId: idSchema.optional(),
  }),
  response: pageOf(focusJournalSchema),
});

export const focusJournalDetailEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/focus/journal/detail',
  summary: "A journal with its entries and the student's answers (`/openFollowDetail`, `/feedbackDetail`)",
  tags: ['focus'],
  query: z.object({ id: idSchema }),
  response: focusJournalSchema.extend({
    entryList: z.array(
      z.object({
        id: z.number().int(),
        author: personRefSchema,
        entryDate: z.string(),
        content: z.string(),
        createTime: dateTimeSchema,
      }),
    ),
    feedbackList: z.array(focusJournalFeedbackSchema),
  }),
});

export const focusJournalEntryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/journal/entry',
  summary: 'Writes a journal entry (`/writeJournal`); entryDate follows the trackDate rule',
  tags: ['focus'],
  body: z.object({
    journalId: idSchema,
    entryDate: z.string().describe('yyyy-MM-dd: not in the future, at most 7 days back'),
    content: requiredCrisisText(1000),
  }),
  response: focusJournalSchema,
});

export const focusJournalTransitionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/journal/transition',
  summary: 'Closes or reopens a journal',
  tags: ['focus'],
  body: z.object({
    id: idSchema,
    action: z.enum(['close', 'reopen'], { message: 'must be close or reopen' }),
  }),
  response: focusJournalSchema,
});

export const focusJournalFeedbackEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/journal/feedback',
  summary: 'The student answers the check-in questions (`/answerQuestions`); asking for help raises a signal',
  tags: ['focus'],
  body: z.object({
    journalId: idSchema,
    mood: z.coerce.number().int().min(1).max(5).describe('1 very low .. 5 very good'),
    needHelp: z.coerce.number().int().min(1).max(2).describe('1 yes, 2 no'),
    note: crisisText(CRISIS_TEXT_LIMITS.note).optional(),
  }),
  response: focusJournalFeedbackSchema,
});

export const focusJournalMineEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/focus/journal/mine',
  summary: "The student's own open journals, to answer (staff entries are not shown to the student)",
  tags: ['focus'],
  body: boundedPageQuery(20),
  response: pageOf(
    z.object({
      id: z.number().int(),
      title: z.string(),
      owner: personRefSchema,
      createTime: dateTimeSchema,
      lastFeedbackAt: dateTimeSchema.nullable(),
    }),
  ),
});

export const focusJournalStatisticsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/focus/journal/feedback/statistics',
  summary: 'Answers by mood and help requests by month, in reach (`/feedbackStatistics`)',
  tags: ['focus'],
  query: z.object({ from: dateSchema.optional(), to: dateSchema.optional() }),
  response: z.object({
    answers: z.number().int(),
    moods: z.record(z.string(), z.number().int()).describe('count per mood 1-5'),
    helpRequests: z.number().int(),
    byMonth: z.array(
      z.object({ month: z.string(), answers: z.number().int(), helpRequests: z.number().int() }),
    ),
  }),
});
