import type { Lang } from './errors';
import { MESSAGE_EVENTS } from './message-templates.contract';

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
};

/** A stored name in the reader's language: a seeded Chinese name in English for en-US, anything else as typed. */
export function seededName(name: string, lang: Lang): string {
  return lang === 'en-US' ? (SEEDED_NAMES_EN[name] ?? name) : name;
}

/**
 * English titles of the messages the product itself writes in Chinese: the demo school's messages
 * (apps/server/src/seed/demo-content.ts) and the Chinese defaults of the message templates without a
 * placeholder (a message keeps the language it was sent in, so one sent in Chinese is read later in
 * English too). A title a school wrote in its own template stays as typed.
 */
const SEEDED_MESSAGE_TITLES_EN: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.values(MESSAGE_EVENTS)
      .map((e) => [e.defaults['zh-CN'].title, e.defaults['en-US'].title] as const)
      .filter(([zh]) => !zh.includes('{')),
  ),
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
