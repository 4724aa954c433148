import { z } from 'zod';
import {
  APPROVAL_KINDS,
  CRISIS_NOTICE_EVENTS,
  NOTICE_PARTIES,
  type CrisisNoticeEvent,
  type NoticeParty,
} from './crisis-enums';

/**
 * A school's crisis settings, one strict schema per section (docs/crisis.md section 8). A section never
 * saved reads as its default; a payload that does not fit is a 400 naming the field.
 */
const minutes = z.coerce.number().int().min(1, 'at least 1 minute').max(1440, 'at most 1440 minutes (a day)');
const days = (max: number) =>
  z.coerce.number().int().min(1, 'at least 1 day').max(max, `at most ${max} days`);

const hotlineSchema = z.object({
  name: z.string().trim().min(1, 'required').max(50, 'at most 50 characters').describe('what the line is'),
  phone: z
    .string()
    .trim()
    .min(3, 'required')
    .max(20, 'at most 20 characters')
    .regex(/^[0-9+\-() ]+$/, 'digits, spaces, + - ( ) only')
    .describe('the number to call (landline, mobile or a short number such as 12356)'),
});

export const crisisReportingSettingSchema = z
  .object({
    ackMinutes: z
      .object({ 1: minutes, 2: minutes, 3: minutes, 4: minutes })
      .describe(
        'minutes each ladder level has to acknowledge a signal: 1 class, 2 faculty, 3 centre, 4 overall',
      ),
    selfHelpEnabled: z.boolean().describe("whether the student's help button is offered"),
    hotlines: z
      .array(hotlineSchema)
      .max(10, 'at most 10 numbers')
      .describe('numbers shown with the help button'),
    reportDueDay: z.coerce
      .number()
      .int()
      .min(1)
      .max(28)
      .describe('day of the next month by which a faculty submits its monthly reports'),
  })
  .strict();

export const crisisInterventionSettingSchema = z
  .object({ defaultDueDays: days(60).describe('days an intervention order is due after it is issued') })
  .strict();

export const crisisFollowUpSettingSchema = z
  .object({
    followUpDays: z
      .object({ 1: days(365), 2: days(365), 3: days(365) })
      .describe('days between follow-ups of a key person: 1 close, 2 key, 3 routine attention'),
    remindDaysBefore: z.coerce
      .number()
      .int()
      .min(0)
      .max(30)
      .describe('days before the due date the advisor is told'),
  })
  .strict();

export const crisisHeartTalkSettingSchema = z
  .object({
    minPerMonth: z.coerce.number().int().min(0).max(100).describe('talks an advisor reports a month'),
  })
  .strict();

export const crisisApprovalSettingSchema = z
  .object({
    steps: z
      .object(
        Object.fromEntries(APPROVAL_KINDS.map((k) => [k, z.boolean()])) as Record<
          (typeof APPROVAL_KINDS)[number],
          z.ZodBoolean
        >,
      )
      .describe('which steps need approval'),
    mode: z
      .union([z.literal(1), z.literal(2), z.literal(3)], { message: 'must be 1, 2 or 3' })
      .describe('1 sequential, 2 all must agree, 3 any one decides'),
    approverLevels: z
      .array(z.union([z.literal(2), z.literal(3), z.literal(4)], { message: 'must be 2, 3 or 4' }))
      .min(1, 'at least one level')
      .max(3)
      .refine((l) => new Set(l).size === l.length, 'levels must differ')
      .describe('approver levels in order: 2 faculty head, 3 centre head, 4 overall head'),
  })
  .strict();

export const CRISIS_SETTING_SCHEMAS = {
  reporting: crisisReportingSettingSchema,
  intervention: crisisInterventionSettingSchema,
  followUp: crisisFollowUpSettingSchema,
  heartTalk: crisisHeartTalkSettingSchema,
  approval: crisisApprovalSettingSchema,
} as const;
export type CrisisSettingSection = keyof typeof CRISIS_SETTING_SCHEMAS;
export const CRISIS_SETTING_SECTIONS = Object.keys(CRISIS_SETTING_SCHEMAS) as CrisisSettingSection[];
export type CrisisSettings = { [K in CrisisSettingSection]: z.infer<(typeof CRISIS_SETTING_SCHEMAS)[K]> };

export const CRISIS_SETTING_DEFAULTS: CrisisSettings = {
  reporting: {
    ackMinutes: { 1: 30, 2: 20, 3: 10, 4: 5 },
    selfHelpEnabled: true,
    hotlines: [
      { name: '心理援助热线 Mental health hotline', phone: '12356' },
      { name: '校心理中心 University counselling centre', phone: '010-12345678' },
    ],
    reportDueDay: 5,
  },
  intervention: { defaultDueDays: 3 },
  followUp: { followUpDays: { 1: 7, 2: 14, 3: 30 }, remindDaysBefore: 1 },
  heartTalk: { minPerMonth: 1 },
  approval: {
    steps: {
      close: false,
      reopen: false,
      suspension: false,
      return: false,
      greenway: false,
      focusRelease: false,
    },
    mode: 3,
    approverLevels: [3],
  },
};

/** Who an event tells (the message-notice settings, `/focusperson/setting/caseMsgSetDetail`). */
export interface CrisisNoticeSetting {
  event: CrisisNoticeEvent;
  parties: NoticeParty[];
  /** Whether the owners also get an SMS. */
  sms: boolean;
  enabled: boolean;
}

export const CRISIS_NOTICE_DEFAULTS: Record<CrisisNoticeEvent, Omit<CrisisNoticeSetting, 'event'>> = {
  signalNew: { parties: ['owners', 'reporter'], sms: true, enabled: true },
  signalEscalated: { parties: ['owners', 'ladder'], sms: true, enabled: true },
  signalAcknowledged: { parties: ['reporter', 'ladder'], sms: false, enabled: true },
  statusChanged: { parties: ['reporter', 'owners'], sms: false, enabled: true },
  interventionAssigned: { parties: ['assignees'], sms: false, enabled: true },
  followUpDue: { parties: ['owners'], sms: false, enabled: true },
  approvalRequested: { parties: ['approvers'], sms: false, enabled: true },
};

export const crisisNoticeSettingSchema = z
  .object({
    event: z.enum(CRISIS_NOTICE_EVENTS, { message: `must be one of ${CRISIS_NOTICE_EVENTS.join(', ')}` }),
    parties: z
      .array(z.enum(NOTICE_PARTIES, { message: `must be among ${NOTICE_PARTIES.join(', ')}` }))
      .max(NOTICE_PARTIES.length)
      .refine((p) => new Set(p).size === p.length, 'parties must differ')
      .describe('who gets the in-app message'),
    sms: z.boolean().describe('whether the owners also get an SMS'),
    enabled: z
      .boolean()
      .describe('off: the event sends nothing (an escalation still reaches its new owners)'),
  })
  .strict();
