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
};

/** A stored name in the reader's language: a seeded Chinese name in English for en-US, anything else as typed. */
export function seededName(name: string, lang: Lang): string {
  return lang === 'en-US' ? (SEEDED_NAMES_EN[name] ?? name) : name;
}
