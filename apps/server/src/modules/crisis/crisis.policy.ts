import { AUTHENTICATED, permission } from '../../core/http/context';

/**
 * The doors of the crisis and key-person calls (docs/crisis.md 10). A permission key only opens the door:
 * what a caller sees and changes inside is their reach (crisis.context.ts `loadViewer`), checked by the
 * services. Calls every signed-in person may need (reporting as a dormitory leader, the help button, the
 * student's journal answers, acknowledging as a fallback administrator, approvals) are AUTHENTICATED and
 * checked inside.
 */
export const CRISIS_ACCESS = {
  signedIn: AUTHENTICATED,
  records: permission(
    'crisis_report',
    'crisis_board',
    'crisis_assessment',
    'crisis_intervention',
    'crisis_warning',
  ),
  board: permission('crisis_board'),
  assessmentRead: permission('crisis_assessment', 'crisis_report', 'crisis_board', 'crisis_suspension'),
  assessmentWrite: permission('crisis_assessment', 'crisis_suspension'),
  interventionWrite: permission('crisis_intervention', 'focus_intervention'),
  followUpWrite: permission('crisis_intervention', 'focus_followup', 'crisis_report'),
  followUpRead: permission('crisis_intervention', 'focus_followup', 'crisis_report', 'focus_person'),
  suspension: permission('crisis_suspension'),
  greenway: permission('crisis_intervention', 'crisis_suspension'),
  warning: permission('crisis_warning'),
  warningFlag: permission('crisis_warning_flag'),
  network: permission('crisis_network', 'crisis_board'),
  networkEdit: permission('crisis_network_edit'),
  dormitoryRead: permission('crisis_network', 'focus_dorm_report'),
  setting: permission('crisis_setting', 'crisis_setting_edit'),
  settingEdit: permission('crisis_setting_edit'),
  monthly: permission('crisis_monthly', 'crisis_monthly_submit'),
  monthlySubmit: permission('crisis_monthly_submit'),
  focusRead: permission('focus_person', 'focus_followup', 'focus_report', 'focus_intervention', 'focus_talk'),
  focusEdit: permission('focus_person_edit'),
  focusReport: permission('focus_report'),
  focusReportRead: permission('focus_report', 'focus_audit'),
  focusAudit: permission('focus_audit'),
  talk: permission('focus_talk'),
  journal: permission('focus_journal'),
} as const;
