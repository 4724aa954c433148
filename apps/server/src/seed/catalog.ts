import type { PageCode, PermissionKey, ProductCode } from '@psy/contracts';
import {
  assembleMenus,
  assembleRoles,
  detailPageMenu,
  pageCode,
  type MenuSeed,
  type Placed,
  type ProductSeed,
  type RoleGrant,
  type RoleSeed,
} from '../core/catalog';
import { MODULES } from '../modules';

/*
 * The base catalogue: the products, the menus and detail pages of the areas no module serves yet
 * (crisis, activities, ...: each moves into its module's manifest when the module is built), the roles
 * and their product grants. The modules' manifests add their own menus, pages, buttons and grants
 * (`catalog`); MENUS and ROLES below are the two joined, which every new school is seeded with.
 */

export type { MenuSeed, ProductSeed, RoleGrant, RoleSeed } from '../core/catalog';
export { pageCode } from '../core/catalog';

/** The product catalogue (spec S0.1.1). Type 1 products appear in the navigation dialog. */
export const PRODUCTS: ProductSeed[] = [
  { code: 'CONSULT', name: '心理咨询', nameEn: 'Consultation', type: 1, icon: 'consult' },
  { code: 'APPOINTMENT', name: '预约管理', nameEn: 'Appointments', type: 1, icon: 'calendar' },
  { code: 'CRISIS', name: '危机干预', nameEn: 'Crisis', type: 1, icon: 'alert' },
  { code: 'IMPORTANT_FOCUS_ON', name: '重点关注', nameEn: 'Key persons', type: 1, icon: 'eye' },
  { code: 'FIRST_INTERVIEW', name: '初访', nameEn: 'First interview', type: 1, icon: 'interview' },
  { code: 'ACTIVITY', name: '活动管理', nameEn: 'Activities', type: 1, icon: 'activity' },
  { code: 'GROUP_COUNSELLING', name: '团体辅导', nameEn: 'Group counselling', type: 1, icon: 'team' },
  { code: 'PLANTEST', name: '心理测评', nameEn: 'Psychological testing', type: 1, icon: 'test' },
  { code: 'SUPERVISION', name: '督导管理', nameEn: 'Supervision', type: 1, icon: 'supervision' },
  { code: 'SLEEP', name: '睡眠管理', nameEn: 'Sleep management', type: 1, icon: 'sleep' },
  { code: 'DATA_VISUAL', name: '数据可视化', nameEn: 'Data visualisation', type: 1, icon: 'chart' },
  { code: 'TRAINING', name: '培训管理', nameEn: 'Training', type: 1, icon: 'training' },
  { code: 'SYSTEM', name: '系统管理', nameEn: 'System administration', type: 1, icon: 'setting' },
];

/**
 * The base menu tree per product, with the routes the spec names (S0.2.14, S1.2); in sidebar order. An
 * entry is placed at ten times its position unless it names its order (to stand after a module's entry).
 */
const BASE_MENUS: Partial<Record<ProductCode, (MenuSeed & { order?: number })[]>> = {
  // The system product's menus are the platform modules' (their manifests).
  SYSTEM: [],
  CONSULT: [
    {
      code: 'consult_records',
      name: '咨询记录',
      nameEn: 'Consultation records',
      permission: null,
      children: [
        {
          code: 'appointment_consult_record_tab',
          name: '咨询记录',
          nameEn: 'Records',
          path: '/consult/record/index',
        },
        {
          code: 'appointment_consult_record_wait_tab',
          name: '待填写记录',
          nameEn: 'Records to fill',
          path: '/consult/record/wait',
        },
        {
          code: 'appointment_consult_audit_wait_tab',
          name: '待审核',
          nameEn: 'Awaiting approval',
          path: '/consult/audit/wait',
        },
      ],
    },
    {
      code: 'consult_case',
      name: '个案管理',
      nameEn: 'Cases',
      path: '/consult/case/index',
      // Administrators read every case in their data scope (docs/cases.md 8); counsellors their own.
      buttons: [{ code: 'consult_case_all', name: '查看全部个案', nameEn: 'All cases in scope' }],
    },
    {
      code: 'consult_ai',
      name: 'AI 咨询详情',
      nameEn: 'AI consultation',
      path: '/aiConsultInfo',
      hidden: true,
    },
  ],
  // Counselling appointments and scheduling (docs/appointments.md section 5: what each key opens).
  APPOINTMENT: [
    {
      code: 'appointment_schedule',
      name: '排班管理',
      nameEn: 'Duty schedule',
      path: '/appointment/schedule/index',
      buttons: [
        { code: 'consult_schedule_view', name: '查看全部排班', nameEn: 'See every schedule' },
        { code: 'consult_schedule_edit', name: '编辑排班', nameEn: 'Edit schedules' },
      ],
    },
    {
      code: 'appointment_queue',
      name: '预约队列',
      nameEn: 'Appointment queue',
      path: '/appointment/queue/index',
      buttons: [{ code: 'consult_appointment_desk', name: '前台签到与爽约', nameEn: 'Front desk' }],
    },
    {
      code: 'appointment_mine',
      name: '我的预约',
      nameEn: 'My appointments',
      path: '/appointment/mine/index',
    },
    {
      code: 'appointment_book',
      name: '代约',
      nameEn: 'Book for a visitor',
      path: '/appointment/book/index',
      buttons: [{ code: 'consult_appointment_book', name: '为来访者预约', nameEn: 'Book for visitors' }],
    },
    {
      code: 'appointment_records',
      name: '预约记录',
      nameEn: 'Appointment records',
      path: '/appointment/records/index',
      buttons: [
        { code: 'consult_appointment_view', name: '查看预约', nameEn: 'See appointments' },
        { code: 'consult_appointment_manage', name: '删除与恢复预约', nameEn: 'Delete and restore' },
      ],
    },
    {
      code: 'appointment_approval',
      name: '预约审批',
      nameEn: 'Approvals',
      path: '/appointment/approval/index',
      buttons: [{ code: 'consult_approve', name: '审批', nameEn: 'Decide approvals' }],
    },
    {
      code: 'appointment_waitlist',
      name: '候补队列',
      nameEn: 'Waiting list',
      path: '/appointment/waitlist/index',
      buttons: [{ code: 'consult_waitlist_manage', name: '管理候补队列', nameEn: 'Manage the waiting list' }],
    },
    {
      code: 'appointment_settings',
      name: '预约规则',
      nameEn: 'Booking rules',
      path: '/appointment/settings/index',
      buttons: [
        { code: 'consult_policy_edit', name: '编辑预约规则', nameEn: 'Edit booking rules' },
        { code: 'consult_booking_override', name: '解除预约限制', nameEn: 'Lift a booking block' },
      ],
    },
  ],
  CRISIS: [
    {
      code: 'crisis_report',
      name: '危机上报',
      nameEn: 'Crisis reports',
      path: '/crisisInfoUpdate_info/index',
      buttons: [{ code: 'crisis_close', name: '结案与重启', nameEn: 'Close and reopen records' }],
    },
    {
      // Our page over /crisis/board/page (docs/crisis.md 3.3): every open signal, its owner, age and deadline.
      code: 'crisis_board',
      name: '危机信号看板',
      nameEn: 'Open signals',
      path: '/crisis/board/index',
    },
    {
      code: 'crisis_assessment',
      name: '危机评估',
      nameEn: 'Crisis assessment',
      path: '/assessment_crisis_info/index',
    },
    {
      code: 'crisis_intervention',
      name: '干预记录',
      nameEn: 'Interventions',
      path: '/interventionOrderinfo/index',
    },
    {
      code: 'crisis_warning',
      name: '危机预警',
      nameEn: 'Warnings',
      path: '/crisisWarningDetails/index',
      buttons: [{ code: 'crisis_warning_flag', name: '设置预警标识', nameEn: 'Set warning flags' }],
    },
    {
      code: 'crisis_suspension',
      name: '休复学',
      nameEn: 'Suspension and return',
      path: '/crisis/suspension/index',
    },
    {
      code: 'crisis_monthly',
      name: '月报',
      nameEn: 'Monthly reports',
      path: '/crisis/monthlyReport/index',
      buttons: [{ code: 'crisis_monthly_submit', name: '填报月报', nameEn: 'Write and submit reports' }],
    },
    {
      code: 'crisis_network',
      name: '四级预警网络',
      nameEn: 'Warning network',
      path: '/crisis/network/index',
      buttons: [
        { code: 'crisis_network_edit', name: '编辑网络与宿舍', nameEn: 'Edit network and dormitories' },
      ],
    },
    {
      code: 'crisis_setting',
      name: '危机设置',
      nameEn: 'Crisis settings',
      path: '/crisis/setting/index',
      buttons: [{ code: 'crisis_setting_edit', name: '编辑危机设置', nameEn: 'Edit crisis settings' }],
    },
  ],
  IMPORTANT_FOCUS_ON: [
    {
      code: 'focus_report',
      name: '重点关注上报',
      nameEn: 'Key-person reports',
      path: '/focusonInfoUpdateDetails/index',
    },
    {
      code: 'focus_followup',
      name: '回访记录',
      nameEn: 'Follow-ups',
      path: '/focusonFollowUpVisit/followInfo',
    },
    {
      code: 'focus_intervention',
      name: '干预记录',
      nameEn: 'Interventions',
      path: '/focusonInterventionInfo/intervenInfo',
    },
    {
      order: 50,
      // Our list of key persons (docs/crisis.md section 4); one person's page is /focusCase_info.
      code: 'focus_person',
      name: '重点关注人员',
      nameEn: 'Key persons',
      path: '/focusperson/index',
      buttons: [{ code: 'focus_person_edit', name: '编辑重点关注人员', nameEn: 'Edit key persons' }],
    },
    { order: 60, code: 'focus_audit', name: '个案审核', nameEn: 'Case review', path: '/auditCaseInfo' },
    {
      order: 70,
      code: 'focus_talk',
      name: '谈心谈话管理',
      nameEn: 'Heart-to-heart talks',
      path: '/heartTalkReportManageInfo',
    },
    {
      order: 80,
      code: 'focus_dorm_report',
      name: '宿舍长上报',
      nameEn: 'Dormitory head reports',
      path: '/dormitoryLeaderReportInfo',
    },
    {
      order: 90,
      code: 'focus_journal',
      name: '回访日志',
      nameEn: 'Follow-up journals',
      path: '/focusperson/journal/index',
    },
  ],
  FIRST_INTERVIEW: [
    {
      code: 'first_interview_list',
      name: '初访记录',
      nameEn: 'First interviews',
      path: '/firstInterview/index',
    },
  ],
  ACTIVITY: [
    { code: 'activity_list', name: '活动列表', nameEn: 'Activities', path: '/activityListDetails/index' },
    {
      code: 'activity_summary',
      name: '活动总结',
      nameEn: 'Summaries',
      path: '/activitySummaryDetails/index',
    },
  ],
  GROUP_COUNSELLING: [
    { code: 'group_publish', name: '团辅招募', nameEn: 'Recruitment', path: '/groupAdvicePublish' },
    { code: 'group_list', name: '团体列表', nameEn: 'Groups', path: '/groupListDetails' },
  ],
  PLANTEST: [
    { code: 'plantest_take', name: '参加测评', nameEn: 'Take a test', path: '/evaluation_user_test/index' },
    {
      code: 'plantest_mine',
      name: '我的测评记录',
      nameEn: 'My answers',
      path: '/evaluation_user_answerlist/index',
    },
    {
      code: 'plantest_plan',
      name: '测评计划',
      nameEn: 'Assessment plans',
      path: '/evaluationDetails/index',
      buttons: [{ code: 'plantest_plan_edit', name: '编辑测评计划', nameEn: 'Edit plans' }],
    },
    {
      code: 'plantest_report',
      name: '测评报告',
      nameEn: 'Reports',
      path: '/evaluationReport',
      // Named results are sensitive (docs/assessment.md "Privacy"): reading them is a button of its own.
      buttons: [
        { code: 'plantest_result_view', name: '查看个人测评结果', nameEn: 'See individual results' },
        { code: 'plantest_report_export', name: '导出测评数据', nameEn: 'Export assessment data' },
        { code: 'plantest_htp', name: '房树人记录', nameEn: 'House-Tree-Person records' },
      ],
    },
    {
      // Our page over /scale/scale/* (the spec names the tree only): the scale library.
      code: 'plantest_scale',
      name: '量表库',
      nameEn: 'Scale library',
      path: '/scaleLibrary/index',
      buttons: [{ code: 'plantest_scale_edit', name: '导入与管理量表', nameEn: 'Import and manage scales' }],
    },
    {
      // Our page over /plantest/warning/*: warnings until someone handles them.
      code: 'plantest_warning',
      name: '测评预警',
      nameEn: 'Assessment warnings',
      path: '/assessmentWarning/index',
      buttons: [
        { code: 'plantest_warning_handle', name: '处理预警', nameEn: 'Handle warnings' },
        {
          code: 'plantest_warning_notify',
          name: '接收紧急预警消息',
          nameEn: 'Receive urgent warning messages',
        },
        { code: 'plantest_followup', name: '回访与干预记录', nameEn: 'Follow-up and intervention records' },
        { code: 'plantest_rainbow', name: '查看彩虹码', nameEn: 'See rainbow codes' },
      ],
    },
    {
      code: 'plantest_interview',
      name: '访谈记录',
      nameEn: 'Interview records',
      path: '/assessmentInterviewInterviewlist/index',
      buttons: [
        { code: 'plantest_interview_assign', name: '安排访谈', nameEn: 'Assign interviews' },
        { code: 'plantest_transfer', name: '转介咨询', nameEn: 'Transfer to counselling' },
      ],
    },
  ],
  SUPERVISION: [
    {
      code: 'supervision_appointment',
      name: '督导预约',
      nameEn: 'Supervision booking',
      path: '/supervisionAppointment',
    },
    {
      code: 'supervision_apply',
      name: '申请督导',
      nameEn: 'Apply for supervision',
      path: '/supervisionAppointmentApply',
    },
    {
      code: 'supervision_groups',
      name: '督导小组',
      nameEn: 'Supervision groups',
      path: '/supervisionGroupDetails',
    },
  ],
  SLEEP: [{ code: 'sleep_entry', name: '睡眠管理', nameEn: 'Sleep management', path: '/sleep/index' }],
  DATA_VISUAL: [
    { code: 'data_visual_entry', name: '数据大屏', nameEn: 'Dashboard', path: '/dataVisual/index' },
  ],
  TRAINING: [
    { code: 'training_programs', name: '培训项目', nameEn: 'Programmes', path: '/trainingPrograms/add' },
    {
      code: 'training_client',
      name: '我的培训',
      nameEn: 'My training',
      path: '/trainingProjectClient/mineTrainingDetail',
    },
  ],
  CADRE_EVALUATION: [],
};

/**
 * Detail and secondary pages of the spec (S0.2.14, S1.2): routes the client registers, hidden from the
 * sidebar; after the product's menus unless an order places them.
 */
const DETAIL_PAGES: Partial<
  Record<ProductCode, [path: string, name: string, nameEn: string, order?: number][]>
> = {
  // Between the modules' pages of the system product (profile 200, notice 210, message 220, signature 240).
  SYSTEM: [
    ['/pdfPreview', '文件预览', 'File preview', 230],
    ['/bookDetails', '电子书详情', 'E-book detail', 250],
    ['/cstc001', '测试搜索头', 'Test search header', 260],
    ['/test/index', '测试页', 'Test page', 270],
  ],
  PLANTEST: [
    ['/evaluationAnswerlist/answerlist', '原始答题记录', 'Raw answer records'],
    ['/comprehensiveAnalysis', '综合分析', 'Comprehensive analysis'],
    ['/addPlanInfo/index', '新建测评计划', 'New plan'],
    ['/editPlanInfo/index', '编辑测评计划', 'Edit plan'],
    ['/assessmentInterviewInterviewers/index', '访谈员列表', 'Interviewers'],
    ['/mindtherainbowInfo/info', '彩虹码详情', 'Rainbow code details'],
    ['/evaluationRecord', '测评记录', 'Assessment records'],
    ['/signatureList', '签名列表', 'Signatures'],
    ['/assessmentPlanResponseList', '计划答题情况', 'Plan responses'],
    ['/dailyTestUser', '日常测评人员', 'Daily test users'],
    ['/testSuccess', '测评完成', 'Test completed'],
    ['/tzbEvaluationAnswerlist', '下钻答题列表', 'Drill-down answers'],
    ['/tzbDataDeepList', '下钻数据列表', 'Drill-down data'],
    ['/houseTreeManInfoWrite', '测试记录', 'Test record'],
    ['/anFollowUpVisit/followInfo', '测评回访', 'Assessment follow-up'],
    ['/anAssIntervention/intervenInfo', '测评干预', 'Assessment intervention'],
    ['/anAssInterReceipt/intervenInfo', '干预回执', 'Intervention receipt'],
    ['/anFollowUpAssTable/index', '回访评估表', 'Follow-up assessment table'],
    ['/assessmentTable/index', '评估表', 'Assessment table'],
  ],
  CRISIS: [
    ['/xiufuxueinfo/index', '休复学详情', 'Suspension and return'],
    ['/fuxueAssessinfo/index', '复学评估详情', 'Return-to-school assessment'],
    ['/warningPersonnel/detail', '预警人员详情', 'Warned person'],
    ['/consultationMonthlyReportDetails', '咨询月报', 'Consultation monthly report'],
    ['/crisisMonthlyReportDetails', '危机月报', 'Crisis monthly report'],
  ],
  IMPORTANT_FOCUS_ON: [
    ['/infoUpdateDetails/index', '信息上报详情', 'Information report'],
    ['/focusCase_info', '重点个案', 'Key case'],
    ['/greenway_info', '绿色通道', 'Green channel'],
    ['/approval_info', '审批', 'Approval'],
    ['/approval_detail', '审批详情', 'Approval detail'],
    ['/examine_info', '审核', 'Review'],
    ['/focusperson/setting/caseMsgSetDetail', '消息通知设置', 'Message-notice setting'],
    ['/focusonInterReceiptInfo/intervenInfo', '干预回执', 'Intervention receipt'],
    ['/heartTalkReportInfo', '谈心谈话上报', 'Heart-to-heart talk report'],
  ],
  CONSULT: [
    ['/openFollowDetail', '回访详情', 'Follow-up detail'],
    ['/writeJournal', '填写日志', 'Write journal'],
    ['/answerQuestions', '答题', 'Answer questions'],
    ['/feedbackDetail', '反馈详情', 'Feedback detail'],
    ['/feedbackStatistics', '反馈统计', 'Feedback statistics'],
    ['/eastChinaConsulting_friendsTalkDetail/index', '朋辈谈话详情', 'Peer talk details'],
    ['/aLiftTimeFilelistInfo', '档案详情', 'File detail'],
    ['/aLiftTimeReport', '个人报告', 'Personal report'],
    ['/supervisorDetails', '督导详情', 'Supervisor details'],
  ],
  ACTIVITY: [
    ['/activityDetails/index', '活动详情', 'Activity details'],
    ['/activityRoomUseView', '场地使用', 'Room use'],
    ['/studentsActivityDetail/index', '学生活动详情', 'Student activity'],
  ],
  SUPERVISION: [
    ['/supervisionAppointmentDetails', '督导预约详情', 'Supervision appointment'],
    ['/outsideSchoolSupervisionRecordDetails', '校外督导记录', 'Outside-school supervision record'],
    ['/individualSupervisionDetails', '个体督导详情', 'Individual supervision'],
    ['/supervisoryRecord/personalRecordDetail', '个人督导记录', 'Personal supervision record'],
    ['/supervisorTeam/supervisorDetail', '督导师详情', 'Supervisor detail'],
    ['/researchSystem_issue_create', '新建推送', 'New push'],
    ['/researchSystem_issue_edit', '编辑推送', 'Edit push'],
    ['/researchSystem_noanswerlist/index', '未作答人员', 'Not yet answered'],
    ['/researchSystem_answer/index', '作答', 'Answering'],
  ],
  GROUP_COUNSELLING: [
    ['/groupAdviceDetail', '招募详情', 'Recruitment detail'],
    ['/groupRegisteDetail', '报名详情', 'Registration detail'],
    ['/groupAuditDetail', '入组审核', 'Admission review'],
    ['/groupFormalsDetail', '正式成员', 'Formal members'],
    ['/formalGroupDetails', '正式团体', 'Formal group'],
    ['/groupScheduleDetails', '团体排期', 'Group schedule'],
    ['/groupStatisticalAnalysis', '团体统计', 'Group statistics'],
    ['/groupDetail', '团体详情', 'Group detail'],
    ['/groupRegister', '团体报名', 'Group registration'],
    ['/registerInfo', '报名信息', 'Registration information'],
    ['/interviewInfo', '面谈信息', 'Interview information'],
    ['/formalInfo', '正式信息', 'Formal information'],
    ['/group_answer', '团体问卷', 'Group questionnaire'],
  ],
  TRAINING: [
    ['/trainingPrograms/detail', '项目详情', 'Programme detail'],
    ['/trainingPrograms/courseDetail', '课程详情', 'Course detail'],
    ['/trainingPrograms/courseListDetail', '课程列表', 'Course list'],
    ['/courseManagement/addCourse', '新增课程', 'Add course'],
    ['/trainingProjectClient/applyInformation', '报名信息', 'Sign-up information'],
    ['/trainingProjectClient/courseDetail', '我的课程', 'My course'],
    ['/trainingProjectClient/invoiceTitle', '发票抬头', 'Invoice title'],
    ['/trainingProjectClient/activityExperience', '活动体验', 'Activity experience'],
    ['/smartdeviceplanInfo', '培训计划详情', 'Training plan detail'],
  ],
};

const BASE_PLACED: (MenuSeed & Placed)[] = [
  ...(Object.entries(BASE_MENUS) as [ProductCode, (MenuSeed & { order?: number })[]][]).flatMap(
    ([product, list]) => list.map((m, i) => ({ ...m, product, order: m.order ?? (i + 1) * 10 })),
  ),
  ...(Object.entries(DETAIL_PAGES) as [ProductCode, [string, string, string, number?][]][]).flatMap(
    ([product, pages]) =>
      pages.map(([path, name, nameEn, order], i) =>
        detailPageMenu({ product, order: order ?? 1000 + i * 10, path, name, nameEn }),
      ),
  ),
];

/**
 * Pages every signed-in person may open that no module owns yet: the file preview. (Own profile,
 * notices, messages, signature and the list of one's export files come with their modules.)
 */
const COMMON_PAGES: RoleGrant[] = [`menu:${pageCode('/pdfPreview')}`];

/** Appointment menus and keys of the clerk and the front desk (docs/appointments.md section 5). */
export const CLERK_APPOINTMENT_GRANTS = (
  [
    'consult_schedule_view',
    'consult_schedule_edit',
    'appointment_queue',
    'consult_appointment_desk',
    'appointment_mine',
    'consult_appointment_book',
    'consult_appointment_view',
    'consult_approve',
    'consult_waitlist_manage',
  ] satisfies (PermissionKey | PageCode)[]
).map((c): RoleGrant => `menu:${c}`);
export const RECEPTIONIST_APPOINTMENT_GRANTS = (
  ['consult_appointment_desk', 'consult_appointment_view'] satisfies (PermissionKey | PageCode)[]
).map((c): RoleGrant => `menu:${c}`);
/** The detail pages of a product (hidden menus), as grants. */
const crisisDetailPages = (product: 'CRISIS' | 'IMPORTANT_FOCUS_ON'): RoleGrant[] =>
  (DETAIL_PAGES[product] ?? []).map(([path]): RoleGrant => `menu:${pageCode(path)}`);

/** What the people who work crisis records get (faculty heads, faculty consultants; docs/crisis.md 10). */
const CRISIS_WORK: RoleGrant[] = [
  'menu:crisis_report',
  'menu:crisis_close',
  'menu:crisis_board',
  'menu:crisis_assessment',
  'menu:crisis_intervention',
  'menu:crisis_suspension',
  'menu:focus_report',
  'menu:focus_followup',
  'menu:focus_intervention',
  'menu:focus_person',
  'menu:focus_person_edit',
  'menu:focus_talk',
  'menu:focus_journal',
  ...crisisDetailPages('CRISIS'),
  ...crisisDetailPages('IMPORTANT_FOCUS_ON'),
];

const STAFF_PORTS = ['pc'];

/** The school's crisis roles receive and handle screening warnings (docs/assessment.md "Warnings"). */
const ASSESSMENT_WARNING_GRANTS: RoleGrant[] = [
  'menu:plantest_warning',
  'menu:plantest_warning_handle',
  'menu:plantest_warning_notify',
  'menu:plantest_followup',
  'menu:plantest_rainbow',
];
const ALL_PORTS = ['pc', 'h5', 'app'];

const BASE_ROLES: RoleSeed[] = [
  { code: 'ROLE_ADMIN', name: '机构管理员', ports: STAFF_PORTS, grants: PRODUCTS.map((p) => p.code) },
  {
    code: 'ROLE_SUB_ADMIN',
    name: '二级管理员',
    ports: STAFF_PORTS,
    dataScope: 'dept_tree',
    // User and department administration in the subtree: modules/identity grants it.
    grants: [],
  },
  {
    code: 'ROLE_GENERAL',
    name: '普通用户',
    ports: ALL_PORTS,
    delegable: true,
    grants: [
      'menu:appointment_mine',
      'menu:plantest_take',
      'menu:page_testSuccess',
      'menu:plantest_mine',
      'menu:training_client',
    ],
  },
  {
    code: 'ROLE_CONSULTANT',
    name: '咨询师',
    ports: ['pc', 'h5'],
    // A counsellor reads the cases of their own visitors, not the school's (docs/cases.md 8).
    except: ['consult_case_all', 'consult_team', 'consult_risk', 'consult_mine_sessions'],
    grants: [
      'CONSULT',
      // Counsellors report signals they meet (docs/crisis.md section 2).
      'menu:crisis_report',
      'menu:appointment_mine',
      'menu:supervision_apply',
    ],
  },
  {
    code: 'ROLE_INTERVIEWER',
    name: '初访员',
    ports: STAFF_PORTS,
    grants: ['FIRST_INTERVIEW', 'menu:appointment_mine', 'menu:plantest_interview', 'menu:plantest_transfer'],
  },
  {
    code: 'ROLE_ASSESSMENT',
    name: '评估员',
    ports: STAFF_PORTS,
    grants: ['PLANTEST', 'menu:appointment_mine'],
  },
  { code: 'ROLE_SUPERVISOR', name: '督导', ports: STAFF_PORTS, grants: ['SUPERVISION'] },
  {
    // The clerk runs schedules, bookings, approvals and the waiting list; not the rules nor deletions.
    code: 'ROLE_APPOINTMENT',
    name: '预约员',
    ports: STAFF_PORTS,
    grants: [...CLERK_APPOINTMENT_GRANTS],
  },
  {
    code: 'ROLE_RECEPTIONIST',
    name: '前台',
    ports: STAFF_PORTS,
    grants: [...RECEPTIONIST_APPOINTMENT_GRANTS],
  },
  {
    code: 'INDIVIDUAL_SUPERVISOR_APPOINTMENT',
    name: '个体督导预约员',
    ports: STAFF_PORTS,
    grants: ['menu:supervision_appointment'],
  },
  {
    // Everything of the two products but the school-wide settings and the network (docs/crisis.md 10).
    code: 'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
    name: '院系负责人',
    ports: STAFF_PORTS,
    grants: [
      ...ASSESSMENT_WARNING_GRANTS,
      ...CRISIS_WORK,
      'menu:crisis_monthly',
      'menu:crisis_monthly_submit',
      'menu:crisis_warning',
      'menu:focus_audit',
      'menu:focus_dorm_report',
    ],
  },
  {
    code: 'CRISIS_ROLE_CENTER_SUPERINTENDENT',
    name: '中心负责人',
    ports: STAFF_PORTS,
    grants: ['CRISIS', 'IMPORTANT_FOCUS_ON', ...ASSESSMENT_WARNING_GRANTS],
  },
  {
    code: 'CRISIS_INTERVENE_SEARCH',
    name: '危机干预查询',
    ports: STAFF_PORTS,
    grants: [
      'menu:crisis_report',
      'menu:crisis_board',
      'menu:crisis_assessment',
      'menu:crisis_intervention',
      'menu:crisis_warning',
      ...crisisDetailPages('CRISIS'),
    ],
  },
  {
    code: 'CRISIS_ROLE_CONSULTANT',
    name: '辅导员',
    ports: ['pc', 'h5'],
    grants: [
      'menu:crisis_report',
      'menu:crisis_board',
      'menu:crisis_intervention',
      'menu:crisis_suspension',
      'menu:focus_report',
      'menu:focus_followup',
      'menu:focus_intervention',
      'menu:focus_person',
      'menu:focus_talk',
      'menu:focus_dorm_report',
      'menu:focus_journal',
      ...crisisDetailPages('CRISIS'),
      ...crisisDetailPages('IMPORTANT_FOCUS_ON'),
    ],
  },
  {
    code: 'CRISIS_ROLE_CLASS',
    name: '班级心理委员',
    ports: ALL_PORTS,
    grants: ['menu:crisis_report'],
  },
  {
    code: 'CRISIS_ROLE_SUPERINTENDENT',
    name: '危机总负责人',
    ports: STAFF_PORTS,
    grants: ['CRISIS', 'IMPORTANT_FOCUS_ON', ...ASSESSMENT_WARNING_GRANTS],
  },
  {
    code: 'CRISIS_ROLE_FACULTY_CONSULT',
    name: '院系咨询师',
    ports: STAFF_PORTS,
    grants: [...CRISIS_WORK, 'menu:crisis_warning'],
  },
  {
    code: 'EMPHASIS_INTERVENE_SEARCH',
    name: '重点关注查询',
    ports: STAFF_PORTS,
    grants: [
      'menu:focus_report',
      'menu:focus_followup',
      'menu:focus_person',
      'menu:focus_talk',
      ...crisisDetailPages('IMPORTANT_FOCUS_ON'),
    ],
  },
];

for (const r of BASE_ROLES) r.grants.push(...COMMON_PAGES);

const CONTRIBUTIONS = MODULES.flatMap((m) => (m.catalog ? [m.catalog] : []));

/** The menu tree per product: the base's and the modules' entries, by their order. */
export const MENUS: Record<ProductCode, MenuSeed[]> = assembleMenus(PRODUCTS, BASE_PLACED, CONTRIBUTIONS);

/** The seeded roles with the grants of the base and of the modules. */
export const ROLES: RoleSeed[] = assembleRoles(BASE_ROLES, CONTRIBUTIONS);
