import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateTimeSchema } from './common';
import type { Lang } from './errors';
import { MESSAGE_TYPE_CODE } from './messages.contract';

/**
 * The message events of the platform (spec S0.7.23 message manager). Business modules send a message
 * by event key with parameters (`sendMessageByEvent` on the server), never by hand-built text; each
 * school keeps one editable template per event, with an on/off switch. Templates use `{name}`
 * placeholders, and only the event's declared parameters may appear in them.
 */
export interface MessageEventDef {
  /** What the message is about (the inbox's typeCode). */
  typeCode: string;
  /** Product code the message belongs to (the inbox's `type` is its id); null for platform messages. */
  productCode: string | null;
  /** Parameter names the sender supplies; the only placeholders a template may use. */
  params: readonly string[];
  /** Default texts, seeded into each school's templates. */
  defaults: Record<'zh-CN' | 'en-US', { title: string; content: string }>;
}

export const MESSAGE_EVENTS = {
  /** An administrator set a new password for a user (users.service adminResetPassword). */
  USER_PASSWORD_RESET: {
    typeCode: MESSAGE_TYPE_CODE.system,
    productCode: null,
    params: ['realName', 'operator'],
    defaults: {
      'zh-CN': {
        title: '密码已重置',
        content: '{realName}，您的登录密码已由管理员 {operator} 重置，请登录后修改密码。',
      },
      'en-US': {
        title: 'Password reset',
        content:
          '{realName}, your password was reset by the administrator {operator}. Please change it after signing in.',
      },
    },
  },
  /** A registration was approved (audit). */
  ACCOUNT_APPROVED: {
    typeCode: MESSAGE_TYPE_CODE.system,
    productCode: null,
    params: ['realName'],
    defaults: {
      'zh-CN': { title: '账号已审核通过', content: '{realName}，您的账号已审核通过，现在可以登录使用。' },
      'en-US': {
        title: 'Account approved',
        content: '{realName}, your account has been approved. You can now sign in.',
      },
    },
  },
  /** A new or changed agreement must be accepted before going on. */
  AGREEMENT_REQUIRED: {
    typeCode: MESSAGE_TYPE_CODE.system,
    productCode: null,
    params: ['agreementName'],
    defaults: {
      'zh-CN': { title: '请阅读并同意协议', content: '《{agreementName}》已更新，请阅读并同意后继续使用。' },
      'en-US': {
        title: 'Please accept the agreement',
        content: '"{agreementName}" has changed. Please read and accept it to go on.',
      },
    },
  },
  /** A bulk user import task finished. */
  USER_IMPORT_FINISHED: {
    typeCode: MESSAGE_TYPE_CODE.importResult,
    productCode: null,
    params: ['fileName', 'successCount', 'failCount'],
    defaults: {
      'zh-CN': {
        title: '用户导入任务已完成',
        content: '文件 {fileName} 导入完成：成功 {successCount} 条，失败 {failCount} 条。',
      },
      'en-US': {
        title: 'User import task completed',
        content: 'The import of {fileName} finished: {successCount} rows imported, {failCount} failed.',
      },
    },
  },
  /** An export task finished and its file can be downloaded. */
  EXPORT_FINISHED: {
    typeCode: MESSAGE_TYPE_CODE.system,
    productCode: null,
    params: ['fileName'],
    defaults: {
      'zh-CN': { title: '导出文件已生成', content: '文件 {fileName} 已生成，请在文件列表中下载。' },
      'en-US': {
        title: 'Export ready',
        content: 'The file {fileName} is ready. Download it from the file list.',
      },
    },
  },
  // Counselling appointments (docs/appointments.md section 6). Times are in the school's time zone.
  /** An appointment was booked. */
  APPOINTMENT_BOOKED: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['realName', 'typeName', 'time', 'counsellor', 'place', 'arriveBy', 'leaveDeadline'],
    defaults: {
      'zh-CN': {
        title: '预约成功',
        content:
          '{realName}，您已预约{typeName}：{time}，咨询师{counsellor}，地点{place}。请于{arriveBy}前到达；如需请假或取消，请在{leaveDeadline}前操作，否则记为爽约。',
      },
      'en-US': {
        title: 'Appointment booked',
        content:
          '{realName}, your {typeName} is booked for {time} with {counsellor} at {place}. Please arrive by {arriveBy}. Take leave or cancel before {leaveDeadline}, otherwise it counts as a no-show.',
      },
    },
  },
  /** An appointment moved to another time or room. */
  APPOINTMENT_CHANGED: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['realName', 'typeName', 'time', 'counsellor', 'place'],
    defaults: {
      'zh-CN': {
        title: '预约已变更',
        content: '{realName}，您的{typeName}已变更为：{time}，咨询师{counsellor}，地点{place}。',
      },
      'en-US': {
        title: 'Appointment changed',
        content: '{realName}, your {typeName} is now at {time} with {counsellor} at {place}.',
      },
    },
  },
  /** An appointment was cancelled or left (by either side, a counsellor's leave or a holiday). */
  APPOINTMENT_CANCELLED: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['realName', 'typeName', 'time', 'reason'],
    defaults: {
      'zh-CN': { title: '预约已取消', content: '{realName}，{time}的{typeName}已取消。原因：{reason}' },
      'en-US': {
        title: 'Appointment cancelled',
        content: '{realName}, the {typeName} at {time} has been cancelled. Reason: {reason}',
      },
    },
  },
  /** A reminder before the session. */
  APPOINTMENT_REMINDER: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['realName', 'typeName', 'time', 'counsellor', 'place', 'arriveBy'],
    defaults: {
      'zh-CN': {
        title: '预约提醒',
        content:
          '{realName}，您预约的{typeName}将于{time}开始，咨询师{counsellor}，地点{place}。请于{arriveBy}前到达。',
      },
      'en-US': {
        title: 'Appointment reminder',
        content:
          '{realName}, your {typeName} starts at {time} with {counsellor} at {place}. Please arrive by {arriveBy}.',
      },
    },
  },
  /** A no-show was recorded (or a late leave or cancel counted as one). */
  APPOINTMENT_NO_SHOW: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['realName', 'typeName', 'time', 'noShows', 'limit', 'liftsOn'],
    defaults: {
      'zh-CN': {
        title: '爽约记录',
        content:
          '{realName}，{time}的{typeName}已记为爽约，本学期爽约 {noShows} 次（达到 {limit} 次将暂停预约）。{liftsOn}',
      },
      'en-US': {
        title: 'No-show recorded',
        content:
          '{realName}, the {typeName} at {time} was recorded as a no-show: {noShows} this term (booking pauses at {limit}). {liftsOn}',
      },
    },
  },
  /** A freed slot is offered to a visitor on the waiting list. */
  WAITLIST_OFFER: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['realName', 'time', 'counsellor', 'place', 'expiresAt'],
    defaults: {
      'zh-CN': {
        title: '候补名额',
        content:
          '{realName}，您候补的时段有空位：{time}，咨询师{counsellor}，地点{place}。请在{expiresAt}前确认预约，逾期将顺延给下一位。',
      },
      'en-US': {
        title: 'A place for you',
        content:
          '{realName}, a place you were waiting for is free: {time} with {counsellor} at {place}. Claim it before {expiresAt}, after which it goes to the next person.',
      },
    },
  },
  /** An approval request waits for the recipient's decision. */
  APPROVAL_REQUESTED: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['requester', 'optionName', 'reason'],
    defaults: {
      'zh-CN': { title: '待审批', content: '{requester}提交了{optionName}申请，请审批。说明：{reason}' },
      'en-US': {
        title: 'Approval needed',
        content: '{requester} asks for {optionName}. Please decide. Reason: {reason}',
      },
    },
  },
  /** An unsigned case record passed its deadline and locked (docs/cases.md 4). */
  CASE_RECORD_LOCKED: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'CONSULT',
    params: ['visitorName', 'sessionTime'],
    defaults: {
      'zh-CN': {
        title: '咨询记录已锁定',
        content: '{visitorName} {sessionTime} 的咨询记录未在期限内签名，已锁定。如需填写，请申请解锁。',
      },
      'en-US': {
        title: 'Record locked',
        content:
          'The record of the session with {visitorName} on {sessionTime} was not signed in time and is locked. Ask for an unlock to fill it.',
      },
    },
  },
  /** A case was referred to a counsellor (docs/cases.md 6). */
  CASE_TRANSFERRED: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'CONSULT',
    params: ['visitorName', 'fromName'],
    defaults: {
      'zh-CN': { title: '个案转介', content: '{fromName} 将来访者 {visitorName} 的个案转介给您。' },
      'en-US': {
        title: 'Case referred to you',
        content: '{fromName} referred the case of {visitorName} to you.',
      },
    },
  },
  /** An approval request was decided. */
  APPROVAL_DECIDED: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['realName', 'optionName', 'result'],
    defaults: {
      'zh-CN': { title: '审批结果', content: '{realName}，您的{optionName}申请已{result}。' },
      'en-US': {
        title: 'Request decided',
        content: '{realName}, your request for {optionName} was {result}.',
      },
    },
  },
  /**
   * A screening answer raised a warning (docs/assessment.md "Warnings"): to the school's crisis roles
   * (holders of plantest_warning_notify) until a crisis module takes warnings over.
   */
  ASSESSMENT_WARNING: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'PLANTEST',
    params: ['level', 'person', 'dept', 'scale', 'plan', 'reason'],
    defaults: {
      'zh-CN': {
        title: '【紧急】心理测评预警：{level}',
        content: '{dept} {person} 在“{plan}”的 {scale} 中触发预警：{reason}。请立即在预警列表中处理。',
      },
      'en-US': {
        title: '[Urgent] Assessment warning: {level}',
        content:
          '{person} ({dept}) raised a warning in {scale} of "{plan}": {reason}. Please act on it in the warning list now.',
      },
    },
  },
  /** A student has not finished an assessment plan (reminder sent by staff or before the plan ends). */
  ASSESSMENT_REMINDER: {
    typeCode: MESSAGE_TYPE_CODE.system,
    productCode: 'PLANTEST',
    params: ['plan', 'endTime'],
    defaults: {
      'zh-CN': {
        title: '请完成心理测评',
        content: '您还有未完成的心理测评“{plan}”，请在 {endTime} 前完成。',
      },
      'en-US': {
        title: 'Please complete your assessment',
        content: 'You have not finished the assessment "{plan}". Please complete it before {endTime}.',
      },
    },
  },
  /** A plan was published to its audience. */
  ASSESSMENT_PUBLISHED: {
    typeCode: MESSAGE_TYPE_CODE.system,
    productCode: 'PLANTEST',
    params: ['plan', 'endTime'],
    defaults: {
      'zh-CN': { title: '新的心理测评', content: '心理测评“{plan}”已发布，请在 {endTime} 前完成。' },
      'en-US': {
        title: 'New assessment',
        content: 'The assessment "{plan}" is open. Please complete it before {endTime}.',
      },
    },
  },
  /** A student was assigned to an interviewer after a screening. */
  ASSESSMENT_INTERVIEW_ASSIGNED: {
    typeCode: MESSAGE_TYPE_CODE.system,
    productCode: 'PLANTEST',
    params: ['person', 'time', 'address', 'plan'],
    defaults: {
      'zh-CN': { title: '新的测评访谈', content: '请于 {time} 在 {address} 访谈 {person}（{plan}）。' },
      'en-US': {
        title: 'New assessment interview',
        content: 'Please interview {person} at {time}, {address} ({plan}).',
      },
    },
  },
  /** A student was transferred from an assessment interview to counselling (transfer source 1). */
  ASSESSMENT_TRANSFER: {
    typeCode: MESSAGE_TYPE_CODE.appointmentRemind,
    productCode: 'APPOINTMENT',
    params: ['person', 'dept', 'urgent'],
    defaults: {
      'zh-CN': {
        title: '测评转介待登记{urgent}',
        content: '{dept} {person} 经测评访谈转介心理咨询，请登记安排。',
      },
      'en-US': {
        title: 'Transfer from assessment to register{urgent}',
        content:
          '{person} ({dept}) was transferred to counselling after an assessment interview. Please register them.',
      },
    },
  },
  /** A new crisis signal owned by the recipient (docs/crisis.md 3.2): acknowledge before the deadline. */
  CRISIS_SIGNAL_NEW: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['studentName', 'source', 'recordId', 'deadline'],
    defaults: {
      'zh-CN': {
        title: '新的危机信号，请尽快确认',
        content:
          '学生 {studentName} 的危机信号（{source}，编号 {recordId}）需要您确认接手，请于 {deadline} 前处理。',
      },
      'en-US': {
        title: 'New crisis signal: please acknowledge',
        content:
          'A crisis signal about {studentName} ({source}, no. {recordId}) needs you to take it on. Acknowledge by {deadline}.',
      },
    },
  },
  /** The reporter's receipt: the report reached the network. */
  CRISIS_SIGNAL_RECEIVED: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['studentName', 'recordId'],
    defaults: {
      'zh-CN': {
        title: '上报已送达',
        content: '您关于 {studentName} 的上报（编号 {recordId}）已送达负责老师。',
      },
      'en-US': {
        title: 'Report received',
        content: 'Your report about {studentName} (no. {recordId}) has reached the responsible staff.',
      },
    },
  },
  /** A signal nobody acknowledged in time moved up to the recipient's level, or is reminded at the top. */
  CRISIS_SIGNAL_ESCALATED: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['studentName', 'recordId', 'levelName', 'deadline'],
    defaults: {
      'zh-CN': {
        title: '危机信号已升级，请立即确认',
        content:
          '学生 {studentName} 的危机信号（编号 {recordId}）未在时限内确认，已上报至{levelName}，请于 {deadline} 前确认。',
      },
      'en-US': {
        title: 'Crisis signal escalated: acknowledge now',
        content:
          'Nobody acknowledged the crisis signal about {studentName} (no. {recordId}) in time; it is now with the {levelName}. Acknowledge by {deadline}.',
      },
    },
  },
  /** The SMS text of a signal's owners: no clinical content, a masked name. */
  CRISIS_SIGNAL_SMS: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['studentName', 'recordId'],
    defaults: {
      'zh-CN': {
        title: '危机信号短信',
        content: '【心理中心】危机信号待您确认：{studentName}，编号 {recordId}。请立即登录平台处理。',
      },
      'en-US': {
        title: 'Crisis signal SMS',
        content:
          'Crisis signal waiting for you: {studentName}, no. {recordId}. Please sign in and acknowledge now.',
      },
    },
  },
  /** Someone took the signal on. */
  CRISIS_SIGNAL_ACKNOWLEDGED: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['studentName', 'recordId', 'by'],
    defaults: {
      'zh-CN': {
        title: '危机信号已有人接手',
        content: '关于 {studentName} 的危机信号（编号 {recordId}）已由 {by} 确认接手。',
      },
      'en-US': {
        title: 'Crisis signal taken on',
        content: 'The crisis signal about {studentName} (no. {recordId}) was acknowledged by {by}.',
      },
    },
  },
  /** A record's status changed (reporters see the status only). */
  CRISIS_STATUS_CHANGED: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['studentName', 'recordId', 'status'],
    defaults: {
      'zh-CN': {
        title: '危机记录状态更新',
        content: '关于 {studentName} 的危机记录（编号 {recordId}）现为：{status}。',
      },
      'en-US': {
        title: 'Crisis record updated',
        content: 'The crisis record about {studentName} (no. {recordId}) is now: {status}.',
      },
    },
  },
  /** An intervention order names the recipient. */
  CRISIS_INTERVENTION_ASSIGNED: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['studentName', 'measure', 'dueDate'],
    defaults: {
      'zh-CN': {
        title: '新的干预任务',
        content: '请对 {studentName} 执行干预（{measure}），截止 {dueDate}，完成后填写回执。',
      },
      'en-US': {
        title: 'New intervention order',
        content:
          'Please carry out an intervention ({measure}) for {studentName} by {dueDate}, then file a receipt.',
      },
    },
  },
  /** A step waits for the recipient's approval. */
  CRISIS_APPROVAL_REQUESTED: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['kind', 'studentName', 'requester'],
    defaults: {
      'zh-CN': { title: '待您审批', content: '{requester} 申请对 {studentName} 进行“{kind}”，请审批。' },
      'en-US': {
        title: 'Approval needed',
        content: '{requester} asks to {kind} for {studentName}. Please decide.',
      },
    },
  },
  /** The requester's approval was decided. */
  CRISIS_APPROVAL_DECIDED: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['kind', 'studentName', 'result'],
    defaults: {
      'zh-CN': { title: '审批结果', content: '您对 {studentName} 的“{kind}”申请：{result}。' },
      'en-US': { title: 'Approval decided', content: 'Your request to {kind} for {studentName}: {result}.' },
    },
  },
  /** A key person's follow-up is due. */
  FOCUS_FOLLOWUP_DUE: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'IMPORTANT_FOCUS_ON',
    params: ['studentName', 'dueDate'],
    defaults: {
      'zh-CN': {
        title: '重点关注回访到期',
        content: '重点关注学生 {studentName} 的回访将于 {dueDate} 到期，请及时回访并记录。',
      },
      'en-US': {
        title: 'Key-person follow-up due',
        content: 'The follow-up of {studentName} is due on {dueDate}. Please follow up and record it.',
      },
    },
  },
  /** A faculty head is reminded to submit last month's reports. */
  CRISIS_MONTHLY_REPORT_DUE: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'CRISIS',
    params: ['month', 'dueDate'],
    defaults: {
      'zh-CN': {
        title: '请提交月报',
        content: '请于 {dueDate} 前提交 {month} 的危机月报与咨询月报；无情况也请提交“无上报”。',
      },
      'en-US': {
        title: 'Monthly reports due',
        content:
          'Please submit the crisis and consultation reports for {month} by {dueDate}; with nothing to report, submit a zero report.',
      },
    },
  },
  /** An information update waits for audit. */
  FOCUS_REPORT_SUBMITTED: {
    typeCode: MESSAGE_TYPE_CODE.crisisRemind,
    productCode: 'IMPORTANT_FOCUS_ON',
    params: ['studentName', 'reporter'],
    defaults: {
      'zh-CN': {
        title: '重点关注信息待审核',
        content: '{reporter} 上报了关于 {studentName} 的重点关注信息，请审核。',
      },
      'en-US': {
        title: 'Key-person report to audit',
        content: '{reporter} reported on {studentName} as a key person. Please audit it.',
      },
    },
  },
} as const satisfies Record<string, MessageEventDef>;

export type MessageEventKey = keyof typeof MESSAGE_EVENTS;
export const MESSAGE_EVENT_KEYS = Object.keys(MESSAGE_EVENTS) as MessageEventKey[];
/**
 * A placeholder value that is itself a product text (a status or level name), in both languages: the
 * reader gets the one of their language. Anything else (a name, a number, a time, what a person typed) is
 * a plain value, shown as given in every language.
 */
export type BilingualValue = Readonly<Record<Lang, string>>;
export type MessageParamValue = string | number | BilingualValue;
export type MessageParamValues = Record<string, MessageParamValue>;
export type MessageEventParams<K extends MessageEventKey> = Record<
  (typeof MESSAGE_EVENTS)[K]['params'][number],
  MessageParamValue
>;

const isBilingual = (v: unknown): v is BilingualValue =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Record<string, unknown>)['zh-CN'] === 'string' &&
  typeof (v as Record<string, unknown>)['en-US'] === 'string';

/**
 * The values of `params` for a reader of `lang` (a bilingual value gives its `lang` text). Also reads
 * values back from storage: anything that is not a string, a finite number or a bilingual value is left
 * out, so its placeholder stays visible rather than showing a stray object.
 */
export function messageParamsIn(params: unknown, lang: Lang): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return out;
  for (const [name, v] of Object.entries(params as Record<string, unknown>)) {
    if (typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))) out[name] = v;
    else if (isBilingual(v)) out[name] = v[lang];
  }
  return out;
}

/** Length caps of template texts (characters). */
export const MESSAGE_TEMPLATE_LIMITS = { title: 100, content: 2000 } as const;

/** `{name}` placeholders of a template text, in order of appearance (duplicates kept once). */
export function templatePlaceholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([^{}\s]*)\}/g)].map((m) => m[1]!))];
}

/** Fills `{name}` placeholders; a placeholder without a value stays as it is. */
export function renderTemplate(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{([^{}\s]*)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export const messageTemplateSchema = z.object({
  id: z.number().int(),
  event: z.string().describe('event key, e.g. USER_PASSWORD_RESET'),
  typeCode: z.string(),
  productCode: z.string().nullable(),
  params: z.array(z.string()).describe('placeholders the texts may use, as {name}'),
  titleZh: z.string(),
  contentZh: z.string(),
  titleEn: z.string(),
  contentEn: z.string(),
  enabled: z.boolean().describe('false: the event sends nothing'),
  updateTime: dateTimeSchema,
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const messageTemplateListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/messageManager/list',
  summary: "The school's message templates, one per event, in registry order",
  tags: ['messages'],
  query: boundedPageQuery(100).extend({
    event: z.string().max(60).optional().describe('part of the event key'),
  }),
  response: pageOf(messageTemplateSchema),
});

export const messageTemplateSwitchEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/message/messageManager/switch',
  summary: "Turns an event's messages on or off",
  tags: ['messages'],
  body: z.object({ id: idSchema.describe('template id'), enabled: z.boolean() }),
  response: messageTemplateSchema,
});

export const messageTemplateDetailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/message/messageManager/detail',
  summary: 'One message template',
  tags: ['messages'],
  body: z.object({ id: idSchema.describe('template id') }),
  response: messageTemplateSchema,
});

const titleText = z
  .string()
  .trim()
  .min(1, 'required')
  .max(MESSAGE_TEMPLATE_LIMITS.title, `at most ${MESSAGE_TEMPLATE_LIMITS.title} characters`);
const contentText = z
  .string()
  .trim()
  .max(MESSAGE_TEMPLATE_LIMITS.content, `at most ${MESSAGE_TEMPLATE_LIMITS.content} characters`);

export const messageTemplateChangeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/message/messageManager/change',
  summary:
    "Edits a template's texts; placeholders must be among the event's parameters (400 naming the field)",
  tags: ['messages'],
  body: z.object({
    id: idSchema.describe('template id'),
    titleZh: titleText.optional(),
    contentZh: contentText.optional(),
    titleEn: titleText.optional(),
    contentEn: contentText.optional(),
  }),
  response: messageTemplateSchema,
});
