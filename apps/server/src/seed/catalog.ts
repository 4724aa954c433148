import type { ProductCode, RoleCode } from '@psy/contracts';

export interface ProductSeed {
  code: ProductCode;
  name: string;
  nameEn: string;
  type: number;
  icon: string;
}

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

export interface MenuSeed {
  code: string;
  name: string;
  nameEn: string;
  path?: string;
  /** Defaults to the menu code; null for a pure container. */
  permission?: string | null;
  hidden?: boolean;
  keepAlive?: boolean;
  children?: MenuSeed[];
  /** Buttons: permission keys under this menu. */
  buttons?: { code: string; name: string; nameEn: string }[];
}

/** The menu tree per product, with the routes the spec names (S0.2.14, S1.2). */
export const MENUS: Record<ProductCode, MenuSeed[]> = {
  SYSTEM: [
    {
      code: 'sys_user',
      name: '用户管理',
      nameEn: 'Users',
      path: '/info/index',
      buttons: [
        { code: 'admin_userInfo_add', name: '新增用户', nameEn: 'Add user' },
        { code: 'admin_userInfo_edit', name: '编辑用户', nameEn: 'Edit user' },
        { code: 'admin_userInfo_del', name: '删除用户', nameEn: 'Delete user' },
        { code: 'admin_userInfo_export', name: '导出用户', nameEn: 'Export users' },
        { code: 'admin_userInfo_userImport_btn', name: '导入用户', nameEn: 'Import users' },
      ],
    },
    {
      code: 'sys_user_detail',
      name: '用户详情',
      nameEn: 'User details',
      path: '/user_manage/userinfo',
      hidden: true,
    },
    {
      code: 'sys_user_fields',
      name: '模板字段',
      nameEn: 'Template fields',
      path: '/user_manage/resetFields',
    },
    { code: 'sys_role', name: '角色管理', nameEn: 'Roles', path: '/admin/role/index' },
    {
      code: 'sys_role_detail',
      name: '角色详情',
      nameEn: 'Role details',
      path: '/roleDetails/index',
      hidden: true,
    },
    { code: 'sys_files', name: '文件列表', nameEn: 'Files', path: '/downloadFile/fileList' },
    { code: 'sys_notice', name: '系统公告', nameEn: 'System notices', path: '/noticeList/index' },
    {
      code: 'sys_notice_publish',
      name: '发布公告',
      nameEn: 'Publish notice',
      path: '/notice_manage/noticePublish',
    },
    { code: 'sys_message', name: '系统消息', nameEn: 'System messages', path: '/message/systemInformation' },
  ],
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
    { code: 'consult_case', name: '个案管理', nameEn: 'Cases', path: '/consult/case/index' },
    {
      code: 'consult_ai',
      name: 'AI 咨询详情',
      nameEn: 'AI consultation',
      path: '/aiConsultInfo',
      hidden: true,
    },
  ],
  APPOINTMENT: [
    {
      code: 'appointment_schedule',
      name: '排班管理',
      nameEn: 'Duty schedule',
      path: '/appointment/schedule/index',
    },
    {
      code: 'appointment_queue',
      name: '预约队列',
      nameEn: 'Appointment queue',
      path: '/appointment/queue/index',
    },
    {
      code: 'appointment_mine',
      name: '我的预约',
      nameEn: 'My appointments',
      path: '/appointment/mine/index',
    },
  ],
  CRISIS: [
    {
      code: 'crisis_report',
      name: '危机上报',
      nameEn: 'Crisis reports',
      path: '/crisisInfoUpdate_info/index',
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
    { code: 'crisis_warning', name: '危机预警', nameEn: 'Warnings', path: '/crisisWarningDetails/index' },
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
    { code: 'plantest_plan', name: '测评计划', nameEn: 'Assessment plans', path: '/evaluationDetails/index' },
    { code: 'plantest_report', name: '测评报告', nameEn: 'Reports', path: '/evaluationReport' },
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

export interface RoleSeed {
  code: RoleCode | 'ROLE_SUB_ADMIN';
  name: string;
  ports: string[];
  dataScope?: 'all' | 'dept_tree';
  /** Product codes whose whole menu the role gets, or menu codes with a `menu:` prefix. */
  grants: string[];
}

const STAFF_PORTS = ['pc'];
const ALL_PORTS = ['pc', 'h5', 'app'];

export const ROLES: RoleSeed[] = [
  { code: 'ROLE_ADMIN', name: '机构管理员', ports: STAFF_PORTS, grants: PRODUCTS.map((p) => p.code) },
  {
    code: 'ROLE_SUB_ADMIN',
    name: '二级管理员',
    ports: STAFF_PORTS,
    dataScope: 'dept_tree',
    grants: [
      'menu:sys_user',
      'menu:admin_userInfo_add',
      'menu:admin_userInfo_edit',
      'menu:admin_userInfo_export',
      'menu:admin_userInfo_userImport_btn',
      'menu:sys_user_detail',
    ],
  },
  {
    code: 'ROLE_GENERAL',
    name: '普通用户',
    ports: ALL_PORTS,
    grants: [
      'menu:appointment_mine',
      'menu:plantest_take',
      'menu:plantest_mine',
      'menu:training_client',
      'menu:sys_notice',
      'menu:sys_message',
    ],
  },
  {
    code: 'ROLE_CONSULTANT',
    name: '咨询师',
    ports: ['pc', 'h5'],
    grants: [
      'CONSULT',
      'menu:appointment_mine',
      'menu:supervision_apply',
      'menu:sys_message',
      'menu:sys_notice',
    ],
  },
  {
    code: 'ROLE_INTERVIEWER',
    name: '初访员',
    ports: STAFF_PORTS,
    grants: ['FIRST_INTERVIEW', 'menu:sys_message'],
  },
  { code: 'ROLE_ASSESSMENT', name: '评估员', ports: STAFF_PORTS, grants: ['PLANTEST', 'menu:sys_message'] },
  { code: 'ROLE_SUPERVISOR', name: '督导', ports: STAFF_PORTS, grants: ['SUPERVISION', 'menu:sys_message'] },
  {
    code: 'ROLE_APPOINTMENT',
    name: '预约员',
    ports: STAFF_PORTS,
    grants: ['APPOINTMENT', 'menu:sys_message'],
  },
  {
    code: 'ROLE_RECEPTIONIST',
    name: '前台',
    ports: STAFF_PORTS,
    grants: ['menu:appointment_queue', 'menu:sys_message'],
  },
  {
    code: 'INDIVIDUAL_SUPERVISOR_APPOINTMENT',
    name: '个体督导预约员',
    ports: STAFF_PORTS,
    grants: ['menu:supervision_appointment'],
  },
  {
    code: 'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
    name: '院系负责人',
    ports: STAFF_PORTS,
    grants: ['CRISIS', 'IMPORTANT_FOCUS_ON'],
  },
  {
    code: 'CRISIS_ROLE_CENTER_SUPERINTENDENT',
    name: '中心负责人',
    ports: STAFF_PORTS,
    grants: ['CRISIS', 'IMPORTANT_FOCUS_ON'],
  },
  {
    code: 'CRISIS_INTERVENE_SEARCH',
    name: '危机干预查询',
    ports: STAFF_PORTS,
    grants: ['menu:crisis_intervention', 'menu:crisis_report'],
  },
  {
    code: 'CRISIS_ROLE_CONSULTANT',
    name: '辅导员',
    ports: ['pc', 'h5'],
    grants: ['menu:crisis_report', 'menu:focus_report'],
  },
  { code: 'CRISIS_ROLE_CLASS', name: '班级心理委员', ports: ALL_PORTS, grants: ['menu:crisis_report'] },
  {
    code: 'CRISIS_ROLE_SUPERINTENDENT',
    name: '危机总负责人',
    ports: STAFF_PORTS,
    grants: ['CRISIS', 'IMPORTANT_FOCUS_ON'],
  },
  {
    code: 'CRISIS_ROLE_FACULTY_CONSULT',
    name: '院系咨询师',
    ports: STAFF_PORTS,
    grants: ['menu:crisis_assessment', 'menu:crisis_intervention'],
  },
  {
    code: 'EMPHASIS_INTERVENE_SEARCH',
    name: '重点关注查询',
    ports: STAFF_PORTS,
    grants: ['menu:focus_report', 'menu:focus_followup'],
  },
];
