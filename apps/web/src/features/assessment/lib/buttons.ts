import type { PermissionKey } from '@psy/contracts';

/**
 * The button permission keys of the assessment screens (menus of the seed catalogue's PLANTEST product;
 * docs/assessment.md "Permission keys"), checked with `allowedButtons`. Only a type is imported: the
 * manifest lists these keys and loads with the layout.
 */
export const ASSESSMENT_BUTTONS = {
  planEdit: 'plantest_plan_edit',
  resultView: 'plantest_result_view',
  reportExport: 'plantest_report_export',
  htp: 'plantest_htp',
  scaleEdit: 'plantest_scale_edit',
  warningHandle: 'plantest_warning_handle',
  followUp: 'plantest_followup',
  rainbow: 'plantest_rainbow',
  interviewAssign: 'plantest_interview_assign',
  transfer: 'plantest_transfer',
} as const satisfies Record<string, PermissionKey>;
export type AssessmentButton = keyof typeof ASSESSMENT_BUTTONS;
