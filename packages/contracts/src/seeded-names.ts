import type { Lang } from './errors';

/**
 * The English names of what every school (and the demo school) is seeded with in Chinese: roles, the root
 * department, user types, the demo's departments. Stored names stay as they are (a school may rename
 * them, and then its name is shown as typed); the web shows a seeded name in English to an English
 * reader (`seededName`).
 */
export const SEEDED_NAMES_EN: Readonly<Record<string, string>> = {
  // Roles (apps/server/src/seed/catalog.ts).
  机构管理员: 'School administrator',
  二级管理员: 'Department administrator',
  普通用户: 'Student / visitor',
  咨询师: 'Counsellor',
  初访员: 'First interviewer',
  评估员: 'Assessor',
  督导: 'Supervisor',
  预约员: 'Appointment clerk',
  前台: 'Receptionist',
  个体督导预约员: 'Individual supervision clerk',
  院系负责人: 'Faculty head',
  中心负责人: 'Centre head',
  危机干预查询: 'Crisis records reader',
  辅导员: 'Student counsellor (faculty)',
  班级心理委员: 'Class mental-health officer',
  危机总负责人: 'Crisis superintendent',
  院系咨询师: 'Faculty counsellor',
  重点关注查询: 'Key-person records reader',
  // The root department and the user types (identity.seed.ts).
  组织机构: 'Organisation',
  教职工: 'Staff',
  学生: 'Student',
  // The demo school's departments (seed/demo.ts).
  心理健康教育中心: 'Mental Health Education Centre',
  学生工作部: 'Student Affairs Office',
  计算机学院: 'School of Computer Science',
  外国语学院: 'School of Foreign Languages',
  英语系: 'English Department',
  '2023级': 'Class of 2023',
  '2024级': 'Class of 2024',
  // The demo school's counselling site, its rooms (seed/demo-schedules.ts) and dormitory (crisis.demo.ts).
  '学生活动中心 3 楼': 'Student Activity Centre, 3rd floor',
  '咨询室 1': 'Counselling room 1',
  '咨询室 2': 'Counselling room 2',
  '咨询室 3': 'Counselling room 3',
  初访室: 'First-interview room',
  团体辅导室: 'Group counselling room',
  '梅园3号楼 402': 'Plum Garden Building 3, room 402',
  // The hotlines every school's crisis settings start with (crisis-settings.ts), named in both languages.
  '心理援助热线 Mental health hotline': 'Mental health hotline',
  '校心理中心 University counselling centre': 'University counselling centre',
};

/**
 * Seeded names made from the date they are seeded on: the demo school's terms (seed/demo-schedules.ts) and
 * its assessment plan (seed/demo-assessment.ts).
 */
const SEEDED_NAME_PATTERNS_EN: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^(\d{4})-(\d{4}) 学年第一学期$/, (a, b) => `${a}-${b} autumn term`],
  [/^(\d{4})-(\d{4}) 学年第二学期$/, (a, b) => `${a}-${b} spring term`],
  [/^(\d{4}) 秋季新生心理普查$/, (y) => `${y} autumn mental-health survey of new students`],
];

/**
 * A stored name in the reader's language: a seeded Chinese name in English for en-US, anything else as typed;
 * no name (an optional field) stays none.
 */
export function seededName(name: string, lang: Lang): string;
export function seededName<T extends null | undefined>(name: string | T, lang: Lang): string | T;
export function seededName(name: string | null | undefined, lang: Lang): string | null | undefined {
  if (!name || lang !== 'en-US') return name;
  const en = SEEDED_NAMES_EN[name];
  if (en !== undefined) return en;
  for (const [re, english] of SEEDED_NAME_PATTERNS_EN) {
    const m = re.exec(name);
    if (m) return english(...m.slice(1));
  }
  return name;
}

/**
 * A department's full path (`组织机构-计算机学院-2024级`, names joined with '-' or '/') or name in the reader's
 * language: each seeded name in English for en-US, a name the school typed as typed; no path stays none.
 */
export function seededPath(path: string, lang: Lang): string;
export function seededPath<T extends null | undefined>(path: string | T, lang: Lang): string | T;
export function seededPath(path: string | null | undefined, lang: Lang): string | null | undefined {
  return path && lang === 'en-US'
    ? path
        .split(/([-/])/)
        .map((part) => seededName(part, lang))
        .join('')
    : path;
}

/**
 * A place (a site and its room) as one text in the reader's language: each seeded name in English for
 * en-US, one the school typed as typed; the names there are (a slot without a room has none) joined with ' · '.
 */
export function seededPlace(names: readonly (string | null | undefined)[], lang: Lang): string {
  return names
    .filter((name): name is string => Boolean(name))
    .map((name) => seededName(name, lang))
    .join(' · ');
}

/**
 * English titles of the messages the product itself writes in Chinese: the demo school's messages
 * (apps/server/src/seed/demo-content.ts) and the Chinese defaults of the message templates without a
 * placeholder (a message keeps the language it was sent in, so one sent in Chinese is read later in
 * English too). A title a school wrote in its own template stays as typed.
 */
/**
 * The titles of the message templates' Chinese defaults without a placeholder, in English. Written out
 * rather than read from MESSAGE_EVENTS, whose defaults (all texts, both languages) would otherwise come with
 * every page's message cards; seeded-names.test.ts holds them equal to the templates. Two templates share
 * the title 审批结果: the later one's English is kept, as reading them from the templates did.
 */
export const TEMPLATE_TITLES_EN: Readonly<Record<string, string>> = {
  密码已重置: 'Password reset',
  账号已审核通过: 'Account approved',
  请阅读并同意协议: 'Please accept the agreement',
  用户导入任务已完成: 'User import task completed',
  导出文件已生成: 'Export ready',
  预约成功: 'Appointment booked',
  预约已变更: 'Appointment changed',
  预约已取消: 'Appointment cancelled',
  预约提醒: 'Appointment reminder',
  爽约记录: 'No-show recorded',
  候补名额: 'A place for you',
  待审批: 'Approval needed',
  咨询记录已锁定: 'Record locked',
  个案转介: 'Case referred to you',
  请完成心理测评: 'Please complete your assessment',
  新的心理测评: 'New assessment',
  新的测评访谈: 'New assessment interview',
  '新的危机信号，请尽快确认': 'New crisis signal: please acknowledge',
  上报已送达: 'Report received',
  '危机信号已升级，请立即确认': 'Crisis signal escalated: acknowledge now',
  危机信号短信: 'Crisis signal SMS',
  危机信号已有人接手: 'Crisis signal taken on',
  危机记录状态更新: 'Crisis record updated',
  新的干预任务: 'New intervention order',
  待您审批: 'Approval needed',
  审批结果: 'Approval decided',
  重点关注回访到期: 'Key-person follow-up due',
  请提交月报: 'Monthly reports due',
  重点关注信息待审核: 'Key-person report to audit',
};

const SEEDED_MESSAGE_TITLES_EN: Readonly<Record<string, string>> = {
  ...TEMPLATE_TITLES_EN,
  危机上报待审核: 'Crisis report awaiting review',
  用户导入完成: 'User import completed',
  新的咨询预约待审核: 'New counselling appointment awaiting review',
  重点关注对象回访逾期: 'Key-person follow-up overdue',
  咨询记录即将锁定: 'Counselling record about to be locked',
  测评计划已结束: 'Assessment plan ended',
  用户信息更新完成: 'User information update completed',
  危机干预记录已提交: 'Crisis intervention record submitted',
  督导小组活动提醒: 'Supervision group reminder',
  活动报名已满: 'Activity registration full',
  系统维护通知: 'System maintenance notice',
  个案结案待审核: 'Case closure awaiting review',
  用户导入失败: 'User import failed',
  团体辅导招募开始: 'Group counselling recruitment open',
  新的咨询预约: 'New counselling appointment',
  危机个案指派: 'Crisis case assigned',
  明日咨询安排: "Tomorrow's counselling schedule",
  督导预约已确认: 'Supervision appointment confirmed',
  来访者请假: 'Visitor asked for leave',
  回访提醒: 'Follow-up reminder',
  结案报告已通过: 'Case closing report approved',
  测评结果提醒: 'Assessment result reminder',
  排班已发布: 'Schedule published',
  培训报名成功: 'Training registration confirmed',
};

/** A message's title in the reader's language: one the product wrote in Chinese in English for en-US. */
export function seededMessageTitle(title: string, lang: Lang): string {
  return lang === 'en-US' ? (SEEDED_MESSAGE_TITLES_EN[title] ?? title) : title;
}

/** The English of seeded texts (`SEEDED_TEXTS_EN` of `@psy/contracts/seeded-texts`), once registered. */
const seededTexts = new Map<string, string>();

/** Registers the English of seeded texts (`SEEDED_TEXTS_EN`): the web does when it loads English. */
export function addSeededTexts(texts: Readonly<Record<string, string>>): void {
  for (const [zh, en] of Object.entries(texts)) seededTexts.set(zh, en);
}

/** A message's content or a notice's title or body in the reader's language: a seeded one in English for en-US. */
export function seededText(text: string, lang: Lang): string {
  return lang === 'en-US' ? (seededTexts.get(text) ?? text) : text;
}
