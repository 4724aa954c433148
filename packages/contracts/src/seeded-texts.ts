import { addSeededEnglish, type SeededEnglish } from './seeded-names';

/**
 * English of the other texts the demo school is seeded with in Chinese (apps/server/src/seed/demo-content.ts):
 * its messages' contents and its notices' titles and bodies, and its assessment plan's description. Stored once, in Chinese, as a school would
 * have written them; an English reader sees them in English (`seededText`), and a text a school wrote
 * itself as typed. demo-content.test.ts holds every seeded text to an English one here.
 *
 * A module of its own (`@psy/contracts/seeded-texts`), not exported from the package's index: the web
 * loads it with its English catalogue (apps/web/src/i18n/i18n.ts) and registers it (`addSeededEnglish`), so
 * these texts do not weigh on every page of a Chinese reader (route size budget, scripts/route-sizes.mjs).
 */
export const SEEDED_TEXTS_EN: Readonly<Record<string, string>> = {
  // The demo site's notice (seed/demo-schedules.ts).
  '首次来访请提前 15 分钟到前台签到；如需请假或取消，请在咨询前一天 17:00 前操作。':
    'On your first visit, please sign in at the front desk 15 minutes early. To take leave or cancel, do so by 17:00 the day before.',
  // The demo's assessment plan (seed/demo-assessment.ts).
  '计算机学院新生心理健康筛查（SCL-90 与 PHQ-9）。':
    'Mental-health screening of the new students of the School of Computer Science (SCL-90 and PHQ-9).',
  '计算机学院 2024级 一名学生的危机上报（中风险）已提交，请尽快审核并指派干预人员。':
    'A crisis report (medium risk) on a student of the School of Computer Science, Class of 2024, has been submitted. Please review it and assign intervention staff as soon as possible.',
  '“2024级新生名单.xlsx”导入完成：共 312 条，成功 309 条，失败 3 条（手机号格式不正确）。可在导入记录中下载结果文件。':
    '"Freshmen 2024.xlsx" imported: 312 rows, 309 imported, 3 refused (phone number format incorrect). The result file can be downloaded from the import records.',
  '林同学预约了王心怡老师 周三 14:00-14:50 的个体咨询，请审核。':
    'Lin (student) booked individual counselling with Ms Wang Xinyi on Wednesday 14:00-14:50. Please review it.',
  '外国语学院 英语系 一名重点关注学生的回访已逾期 3 天，请提醒负责辅导员尽快完成回访。':
    'The follow-up of a key person in the English Department, School of Foreign Languages, is 3 days overdue. Please remind the responsible student counsellor to complete it soon.',
  '本周有 4 份咨询记录尚未填写，将于 48 小时后锁定，请提醒相关咨询师及时完成。':
    '4 counselling records of this week are not filled in yet and will be locked in 48 hours. Please remind the counsellors concerned to complete them.',
  '“2024级新生心理普查”测评计划已结束：应测 1,206 人，实测 1,188 人，高风险 23 人，请查看测评报告。':
    'The assessment plan "2024 freshman mental-health survey" has ended: 1,206 expected, 1,188 took part, 23 at high risk. Please see the assessment report.',
  '“辅导员名单更新.xlsx”处理完成：共 48 条，全部成功。':
    '"Student counsellors update.xlsx" processed: 48 rows, all succeeded.',
  '张同学取消了 周二 10:00-10:50 与王心怡老师的咨询预约，该时段已重新开放。':
    'Zhang (student) cancelled the counselling appointment with Ms Wang Xinyi on Tuesday 10:00-10:50; the slot is open again.',
  '朱危机总负责人提交了一份干预记录，风险等级由“高”调整为“中”，请知悉。':
    'Zhu, the crisis superintendent, submitted an intervention record; the risk level was changed from "high" to "medium". For your information.',
  '本周五 15:00 个案督导小组活动将在心理健康教育中心 302 室进行。':
    'The case supervision group meets this Friday at 15:00 in room 302 of the Mental Health Education Centre.',
  '“5·25 心理健康节 正念减压工作坊”报名人数已满 40 人，报名已自动关闭。':
    'The "5·25 Mental Health Festival mindfulness workshop" has reached 40 registrations; registration closed automatically.',
  '平台将于本周六 22:00-23:00 进行升级维护，期间可能无法访问，请提前保存工作。':
    'The platform will be upgraded this Saturday 22:00-23:00 and may be unavailable meanwhile. Please save your work beforehand.',
  '王心怡老师提交了 1 份结案报告，请审核。':
    'Ms Wang Xinyi submitted 1 case closing report. Please review it.',
  '“研究生名单.xls”导入失败：第 1 行缺少必填列“学号”。请按模板修改后重新上传。':
    '"Graduate students.xls" could not be imported: row 1 lacks the required column "student number". Please correct it following the template and upload it again.',
  '“人际关系成长小组”已发布招募，报名截止下周一。':
    'Recruitment for the "Interpersonal growth group" is open; registration closes next Monday.',
  '您与林同学 周一 14:00 的咨询记录尚未填写，将于 24 小时后锁定，请尽快完成。':
    'The record of your session with Lin (student) on Monday 14:00 is not filled in yet and will be locked in 24 hours. Please complete it soon.',
  '您与陈同学 上周五 10:00 的咨询记录尚未填写，将于 6 小时后锁定，请尽快完成。':
    'The record of your session with Chen (student) last Friday 10:00 is not filled in yet and will be locked in 6 hours. Please complete it soon.',
  '林同学预约了您 周三 14:00-14:50 的个体咨询（首次来访），请提前查看初访记录。':
    'Lin (student) booked individual counselling with you on Wednesday 14:00-14:50 (first visit). Please read the first-interview record beforehand.',
  '中心负责人将一名中风险学生指派给您跟进，请在 24 小时内完成首次评估。':
    'The centre head assigned a medium-risk student to you. Please complete the first assessment within 24 hours.',
  '您明天有 3 个咨询预约：09:00、10:00、14:00，地点：心理健康教育中心 201 室。':
    'You have 3 counselling appointments tomorrow: 09:00, 10:00 and 14:00, in room 201 of the Mental Health Education Centre.',
  '陈督导已确认您 周四 16:00 的个体督导预约。':
    'Supervisor Chen confirmed your individual supervision on Thursday 16:00.',
  '您与赵同学 上周三 15:00 的咨询记录已超过填写期限并锁定，如需修改请联系管理员。':
    'The record of your session with Zhao (student) last Wednesday 15:00 passed its deadline and is locked. To change it, contact the administrator.',
  '张同学因课程冲突请假，取消了 周二 10:00 的咨询。':
    'Zhang (student) asked for leave because of a class and cancelled the session on Tuesday 10:00.',
  '您负责的一名重点关注学生本周需完成回访，请在周五前记录回访情况。':
    'A key person in your care is due for a follow-up this week. Please record it by Friday.',
  '您提交的刘同学个案结案报告已审核通过。':
    "The closing report you submitted for Liu's (student) case was approved.",
  '您的来访者林同学完成了 SCL-90 测评，结果已可查看。':
    'Your client Lin (student) completed the SCL-90 assessment; the result can be viewed.',
  '下月咨询排班已发布，您共有 24 个咨询时段，请在排班管理中确认。':
    "Next month's counselling schedule is published: you have 24 sessions. Please confirm them in schedule management.",
  '您已报名“危机干预与风险评估”专题培训，时间：下周六 09:00-12:00。':
    'You are registered for the training "Crisis intervention and risk assessment", next Saturday 09:00-12:00.',
  '平台将于本周六 22:00-23:00 进行升级维护。': 'The platform will be upgraded this Saturday 22:00-23:00.',
  '关于开展 2025 年春季学期新生心理普查的通知': 'Mental-health survey of new students, spring term 2025',
  '各学院：\n\n为了解新生心理健康状况，心理健康教育中心将于下周一至周五开展新生心理普查。请各学院组织 2024 级全体新生登录平台，在“心理测评-参加测评”中完成测评，每人约需 20 分钟。\n\n测评结果严格保密，仅用于心理健康服务。如有疑问请联系心理健康教育中心。':
    'To all schools:\n\nTo learn how new students are doing, the Mental Health Education Centre runs a mental-health survey of new students from Monday to Friday next week. Please ask every new student of the Class of 2024 to sign in to the platform and complete the assessment under "Assessment - Take an assessment"; it takes about 20 minutes.\n\nThe results are strictly confidential and used only for mental-health services. For questions, contact the Mental Health Education Centre.',
  心理健康教育中心咨询服务时间调整: 'New counselling hours of the Mental Health Education Centre',
  '自下周起，个体咨询服务时间调整为周一至周五 08:00-18:00（12:00-13:30 午休），周六上午 09:00-12:00 开放值班咨询。\n\n如遇紧急情况，请直接前往中心或拨打值班电话。':
    'From next week, individual counselling is offered Monday to Friday 08:00-18:00 (lunch break 12:00-13:30), with a duty counsellor on Saturday mornings 09:00-12:00.\n\nIn an emergency, come to the centre directly or call the duty phone.',
};

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

export const SEEDED_MESSAGE_TITLES_EN: Readonly<Record<string, string>> = {
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

/** Everything above, for `addSeededEnglish` (seeded-names.ts). */
export const SEEDED_ENGLISH: SeededEnglish = {
  names: SEEDED_NAMES_EN,
  messageTitles: SEEDED_MESSAGE_TITLES_EN,
  texts: SEEDED_TEXTS_EN,
};

/**
 * Registers all of it with the functions of seeded-names.ts. The web calls this after importing this module
 * when it loads English, so that its first pages (the login route) need not import seeded-names.ts at all.
 */
export function registerSeededEnglish(): void {
  addSeededEnglish(SEEDED_ENGLISH);
}
