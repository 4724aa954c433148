import {
  CRISIS_NOTICE_DEFAULTS,
  CRISIS_SETTING_DEFAULTS,
  CRISIS_SETTING_SCHEMAS,
  MESSAGE_EVENTS,
  type BilingualValue,
  messageParamsIn,
  maskPhone,
  renderTemplate,
  type CrisisNoticeEvent,
  type CrisisNoticeSetting,
  type CrisisSettings,
  type CrisisSettingSection,
  type MessageEventKey,
  type MessageEventParams,
  type PersonRef,
  type StudentRef,
} from '@psy/contracts';
import { reachOf, type ReachArea } from '@psy/crisis-rules';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { canSeeSensitive, recordPersonalDataRead } from '../identity';
import { sendMessage, sendMessageByEvent } from '../messages';
import type { DeptReach } from './care.repository';
import { findNoticeSettings, findSetting, insertReadLog } from './crisis.repository';
import {
  findCoverageOf,
  findPeople,
  findStudents,
  findSubtreeIds,
  type StudentRow,
} from './network.repository';
import { inTurn } from '../../core/db/in-turn';

/** The caller as the crisis module sees them: roles, reach and what personal data they may see. */
export interface CrisisViewer {
  p: Principal;
  userId: number;
  roleCodes: string[];
  /** Sees the whole school. */
  school: boolean;
  /** Where the caller works records (clinical reach). */
  work: DeptReach;
  /** Where the caller reads records: `work` plus the query role's coverage. */
  read: DeptReach;
  sensitive: boolean;
}

/** The roles whose permissions apply to this request (the active role when one is chosen). */
export const effectiveRoleCodes = (p: Principal) =>
  p.roles.filter((r) => p.effectiveRoleIds.includes(r.roleId)).map((r) => r.roleCode);

/**
 * The caller's reach in an area (docs/crisis.md 3.10): the school, or the departments of their coverage
 * in each network role (assigned departments, else their own department), with their subtrees.
 */
export async function loadViewer(scope: TenantScope, p: Principal, area: ReachArea): Promise<CrisisViewer> {
  const roleCodes = effectiveRoleCodes(p);
  const reach = reachOf(roleCodes, area);
  const sensitive = canSeeSensitive(p);
  if (reach.school) {
    return {
      p,
      userId: p.userId,
      roleCodes,
      school: true,
      work: { all: true },
      read: { all: true },
      sensitive,
    };
  }
  const roles = [...reach.clinicalRoles, ...reach.readRoles];
  if (roles.length === 0) {
    const none: DeptReach = { all: false, deptIds: [] };
    return { p, userId: p.userId, roleCodes, school: false, work: none, read: none, sensitive };
  }
  const rows = await findCoverageOf(scope, p.userId);
  const rootsOf = (role: string) => {
    const assigned = rows.filter((r) => r.roleCode === role).map((r) => r.deptId);
    if (assigned.length > 0) return assigned;
    return p.profile.deptId !== null ? [p.profile.deptId] : [];
  };
  const workRoots = reach.clinicalRoles.flatMap(rootsOf);
  const readRoots = [...workRoots, ...reach.readRoles.flatMap(rootsOf)];
  const workIds = await findSubtreeIds(scope, workRoots);
  const readIds = readRoots.length === workRoots.length ? workIds : await findSubtreeIds(scope, readRoots);
  return {
    p,
    userId: p.userId,
    roleCodes,
    school: false,
    work: { all: false, deptIds: workIds },
    read: { all: false, deptIds: readIds },
    sensitive,
  };
}

/** Whether a reach covers a department. */
export const covers = (reach: DeptReach, deptId: number | null) =>
  reach.all || (deptId !== null && reach.deptIds.includes(deptId));

// ---------------------------------------------------------------- settings

/** A section of the school's settings; never saved (or no longer valid): the default. */
export async function getCrisisSetting<K extends CrisisSettingSection>(
  scope: TenantScope,
  section: K,
): Promise<CrisisSettings[K]> {
  const row = await findSetting(scope, section);
  if (!row) return CRISIS_SETTING_DEFAULTS[section];
  const parsed = CRISIS_SETTING_SCHEMAS[section].safeParse(row.value);
  return parsed.success ? (parsed.data as CrisisSettings[K]) : CRISIS_SETTING_DEFAULTS[section];
}

/** Who an event tells; an event never saved: the defaults. */
export async function getNoticeSetting(
  scope: TenantScope,
  event: CrisisNoticeEvent,
): Promise<CrisisNoticeSetting> {
  const rows = await findNoticeSettings(scope);
  const row = rows.find((r) => r.event === event);
  return row
    ? { event, parties: row.parties as CrisisNoticeSetting['parties'], sms: row.sms, enabled: row.enabled }
    : { event, ...CRISIS_NOTICE_DEFAULTS[event] };
}

// ---------------------------------------------------------------- people

export const personRef = (names: Map<number, string>, id: number | null): PersonRef | null =>
  id === null ? null : { id, realName: names.get(id) ?? `#${id}` };

export const peopleRefs = (names: Map<number, string>, ids: readonly number[]): PersonRef[] =>
  ids.map((id) => personRef(names, id)!);

/** A student as answers show them: the phone masked unless the caller may see personal data. */
export function studentRef(
  v: Pick<CrisisViewer, 'sensitive'>,
  s: StudentRow | undefined,
  id: number,
): StudentRef {
  if (!s) return { id, realName: `#${id}`, numberName: null, deptId: null, deptName: null, phone: null };
  return { ...s, phone: v.sensitive ? s.phone : maskPhone(s.phone) };
}

/** Students and names for a set of rows, in two queries. */
export async function loadNames(scope: TenantScope, studentIds: number[], personIds: number[]) {
  const [students, names] = await inTurn([
    () => findStudents(scope, studentIds),
    () => findPeople(scope, personIds),
  ]);
  return { students, names };
}

/**
 * Writes the read of a crisis or key-person record (docs/crisis.md 3.10), and, when the answer shows the
 * student's phone unmasked, the personal-data access log.
 */
export async function logRead(
  scope: TenantScope,
  v: CrisisViewer,
  read: { subjectKind: string; subjectId: number; studentId: number; route: string; phoneShown?: boolean },
) {
  await insertReadLog(scope, {
    subjectKind: read.subjectKind,
    subjectId: read.subjectId,
    studentId: read.studentId,
    viewerId: v.userId,
    route: read.route,
  });
  if (read.phoneShown && v.sensitive) {
    await recordPersonalDataRead(scope, v.p, {
      subjectId: read.studentId,
      fields: ['phone'],
      route: read.route,
    });
  }
}

// ---------------------------------------------------------------- messages

/**
 * Sends an event's message to people (in the caller's transaction). With `always`, a template the school
 * switched off still sends its default text: a signal must reach its owners.
 */
export async function notify<K extends MessageEventKey>(
  scope: TenantScope,
  event: K,
  userIds: readonly number[],
  params: MessageEventParams<K>,
  opts: { always?: boolean } = {},
): Promise<number[]> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return [];
  const sent = await sendMessageByEvent(scope, { event, userIds: recipients, params });
  if (sent.ids.length > 0 || !opts.always) return sent.ids;
  const def = MESSAGE_EVENTS[event];
  const texts = def.defaults['zh-CN'];
  const values = messageParamsIn(params, 'zh-CN');
  const fallback = await sendMessage(scope, {
    userIds: recipients,
    type: null,
    typeCode: def.typeCode,
    title: renderTemplate(texts.title, values),
    content: renderTemplate(texts.content, values),
    // Readers get it in their language, from the school's texts of the event.
    event,
    params,
  });
  return fallback.ids;
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** A time as messages show it: `MM-dd HH:mm`, China time. */
export const shortTime = (t: Date) =>
  new Date(t.getTime() + CHINA_OFFSET_MS).toISOString().slice(5, 16).replace('T', ' ');

// Product texts put into messages: in both languages, so each reader gets theirs (the English as the
// web's crisis catalogue names them).
export const LEVEL_NAMES: Record<number, BilingualValue> = {
  1: { 'zh-CN': '班级辅导员', 'en-US': 'class advisor' },
  2: { 'zh-CN': '院系负责人', 'en-US': 'faculty head' },
  3: { 'zh-CN': '心理中心负责人', 'en-US': 'centre head' },
  4: { 'zh-CN': '危机总负责人', 'en-US': 'overall head' },
};

export const SOURCE_NAMES: Record<string, BilingualValue> = {
  report: { 'zh-CN': '信息上报', 'en-US': 'Information report' },
  dormitory: { 'zh-CN': '宿舍长上报', 'en-US': 'Dormitory leader' },
  talk: { 'zh-CN': '谈心谈话', 'en-US': 'Heart-to-heart talk' },
  case: { 'zh-CN': '个案转介', 'en-US': 'Case hand-over' },
  screening: { 'zh-CN': '测评预警', 'en-US': 'Assessment warning' },
  grading: { 'zh-CN': '分级上报', 'en-US': 'Grading' },
  selfHelp: { 'zh-CN': '学生求助', 'en-US': 'Student asked for help' },
  journal: { 'zh-CN': '回访求助', 'en-US': 'Help asked at a follow-up' },
};

export const STATUS_NAMES: Record<number, BilingualValue> = {
  1: { 'zh-CN': '新上报', 'en-US': 'New report' },
  2: { 'zh-CN': '干预中', 'en-US': 'Intervening' },
  3: { 'zh-CN': '已结案', 'en-US': 'Closed' },
};
