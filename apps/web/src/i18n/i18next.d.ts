import 'i18next';
import type zhCN from './zh-CN.json';
import type adminZhCN from './parts/admin.zh-CN.json';
import type appointmentsZhCN from './parts/appointments.zh-CN.json';
import type schedulingZhCN from './parts/scheduling.zh-CN.json';
import type assessmentZhCN from './parts/assessment.zh-CN.json';
import type assessmentStaffZhCN from './parts/assessment-staff.zh-CN.json';
import type crisisZhCN from './parts/crisis.zh-CN.json';
import type ssoZhCN from './parts/sso.zh-CN.json';
import type casesZhCN from './parts/cases.zh-CN.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // zh-CN is the reference catalogue, with its parts: every key used in code must exist there
    // (catalogues.test.ts checks en-US).
    resources: {
      translation: typeof zhCN &
        typeof adminZhCN &
        typeof appointmentsZhCN &
        typeof schedulingZhCN &
        typeof assessmentZhCN &
        typeof assessmentStaffZhCN &
        typeof crisisZhCN &
        typeof ssoZhCN &
        typeof casesZhCN;
    };
  }
}
