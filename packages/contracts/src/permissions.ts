/**
 * Every permission key of the platform: menu codes and button codes of the catalogue (spec S0.6.4, S1.6).
 * One list for the server's routes, the seed catalogue and the web's button maps, so a misspelt key is a
 * type error. A business module adds its keys here, grouped under its product.
 */
export const PERMISSION_KEYS = [
  // SYSTEM
  'sys_user',
  'admin_userInfo_add',
  'admin_userInfo_edit',
  'admin_userInfo_del',
  'admin_userInfo_export',
  'admin_userInfo_userImport_btn',
  'admin_userInfo_audit',
  'admin_userInfo_resetPwd',
  'admin_userInfo_sensitive',
  'admin_userFinger_add',
  'sys_dept',
  'admin_dept_add',
  'admin_dept_edit',
  'admin_dept_del',
  'sys_user_detail',
  'consult_workforce_edit',
  'sys_user_fields',
  'sys_role',
  'admin_role_add',
  'admin_role_edit',
  'admin_role_del',
  'sys_role_detail',
  'sys_user_type',
  'sys_product',
  'sys_dict',
  'sys_setting',
  'sys_client_log',
  'admin_log_view',
  'sys_page_setup',
  'sys_agreement',
  'sys_form',
  'admin_form_edit',
  'sys_files',
  'sys_notice',
  'sys_notice_publish',
  'sys_message',
  'sys_message_manage',
  'admin_message_manage',
  'sys_job',
  'sys_sso',
  'sys_sso_edit',
  // CONSULT
  'consult_records',
  'appointment_consult_record_tab',
  'appointment_consult_record_wait_tab',
  'appointment_consult_audit_wait_tab',
  'consult_case',
  'consult_case_all',
  // Case work's screens (docs/cases.md 13): the team, the risk list, record deadlines, my sessions.
  'consult_team',
  'consult_risk',
  'consult_extension',
  'consult_mine_sessions',
  'consult_ai',
  // APPOINTMENT (docs/appointments.md "Permission keys")
  'appointment_schedule',
  'appointment_queue',
  'appointment_mine',
  'appointment_book',
  'appointment_records',
  'appointment_approval',
  'appointment_waitlist',
  'appointment_settings',
  'consult_schedule_view',
  'consult_schedule_edit',
  'consult_policy_edit',
  'consult_appointment_view',
  'consult_appointment_book',
  'consult_appointment_desk',
  'consult_appointment_manage',
  'consult_booking_override',
  'consult_waitlist_manage',
  'consult_approve',
  // CRISIS
  'crisis_report',
  'crisis_assessment',
  'crisis_intervention',
  'crisis_warning',
  'crisis_board',
  'crisis_suspension',
  'crisis_monthly',
  'crisis_network',
  'crisis_setting',
  'crisis_close',
  'crisis_warning_flag',
  'crisis_network_edit',
  'crisis_setting_edit',
  'crisis_monthly_submit',
  // IMPORTANT_FOCUS_ON
  'focus_report',
  'focus_followup',
  'focus_intervention',
  'focus_setting',
  'focus_setting_edit',
  'focus_person',
  'focus_person_edit',
  'focus_audit',
  'focus_talk',
  'focus_dorm_report',
  'focus_journal',
  // FIRST_INTERVIEW
  'first_interview_list',
  // ACTIVITY
  'activity_list',
  'activity_summary',
  // GROUP_COUNSELLING
  'group_publish',
  'group_list',
  // PLANTEST
  'plantest_take',
  'plantest_mine',
  'plantest_plan',
  'plantest_report',
  // PLANTEST: buttons and pages of the assessment area (docs/assessment.md "Permission keys")
  'plantest_plan_edit',
  'plantest_result_view',
  'plantest_report_export',
  'plantest_scale',
  'plantest_scale_edit',
  'plantest_warning',
  'plantest_warning_handle',
  'plantest_warning_notify',
  'plantest_interview',
  'plantest_interview_assign',
  'plantest_transfer',
  'plantest_followup',
  'plantest_rainbow',
  'plantest_htp',
  // SUPERVISION
  'supervision_appointment',
  'supervision_apply',
  'supervision_groups',
  // SLEEP, DATA_VISUAL, TRAINING
  'sleep_entry',
  'data_visual_entry',
  'training_programs',
  'training_client',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/**
 * Menu code of a detail page of the spec (S0.2.14, S1.2): its path in snake case after `page`, e.g.
 * `/addPlanInfo/index` -> `page_addPlanInfo_index`. Granted like a menu, never checked by a route.
 */
export type PageCode = `page_${string}`;

const KEY_SET: ReadonlySet<string> = new Set(PERMISSION_KEYS);

export const isPermissionKey = (value: string): value is PermissionKey => KEY_SET.has(value);

/** Whether a list of keys (the signed-in user's `permissions`) holds `key`. */
export const hasPermission = (
  held: readonly string[] | ReadonlySet<string> | undefined,
  key: PermissionKey,
) => (held ? ('has' in held ? held.has(key) : held.includes(key)) : false);

/** A page's buttons by the permission key each needs: which of them the held keys allow. */
export function allowedButtons<K extends string>(
  buttons: Readonly<Record<K, PermissionKey>>,
  held: readonly string[],
): Record<K, boolean> {
  const keys = new Set(held);
  return Object.fromEntries(
    (Object.keys(buttons) as K[]).map((button) => [button, keys.has(buttons[button])]),
  ) as Record<K, boolean>;
}
