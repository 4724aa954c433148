import type { FormPurpose } from '@psy/contracts';
import { columnFromLibrary, type FormColumn } from '@psy/forms';
import type { CaseRecordKind } from '@psy/contracts';

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const lib = (prop: string, o: Partial<FormColumn> = {}) => columnFromLibrary(prop, o);

/** Which smart-form purpose serves each record kind (docs/cases.md 2). */
export const RECORD_PURPOSE: Record<CaseRecordKind, FormPurpose> = {
  first_interview: 'first_interview',
  session: 'case_record',
  closing: 'case_closing',
};

/**
 * The default record forms (S1.3.11 fields, S1.4.16 behaviour through the engine's named rules), created
 * and bound the first time a school needs one; the school changes them in the builder afterwards.
 */
export const DEFAULT_RECORD_FORMS: Record<
  CaseRecordKind,
  { name: ReturnType<typeof t>; columns: FormColumn[] }
> = {
  first_interview: {
    name: t('初访记录', 'First-interview record'),
    columns: [
      lib('consultMethod'),
      lib('isUrgent'),
      lib('repeatStatus', { required: false }),
      lib('tensionLevel'),
      lib('injuryTendency'),
      lib('assessmentLevelBeforeCase'),
      lib('interviewAssessDate'),
      lib('interviewAssessAddress'),
      lib('interviewAssessResult', { required: false }),
      lib('isAppointmentConsult'),
      lib('consultorName'),
      lib('transferTo'),
      lib('transferToType'),
      lib('transferToConsultant'),
      lib('gradingResults'),
      lib('sign_teacher', { required: false }),
      lib('sign_student', { required: false }),
    ],
  },
  session: {
    name: t('咨询记录', 'Session record'),
    columns: [
      {
        prop: 'sessionNote',
        label: t('咨询记录', 'Session notes'),
        type: 'textarea',
        maxlength: 2000,
        required: true,
      } as FormColumn,
      lib('tensionLevel'),
      lib('injuryTendency'),
      lib('assessmentLevelOnCase'),
      lib('isHospitalize', { required: false }),
      lib('InterventionTime'),
      lib('InterventionHours'),
      lib('gradingResults'),
      lib('sign_teacher', { required: false }),
      lib('sign_student', { required: false }),
      lib('sign_supervisor', { required: false }),
    ],
  },
  closing: {
    name: t('结案小结', 'Closing summary'),
    columns: [
      lib('finishMethod'),
      lib('finishResult'),
      lib('crisisEvent'),
      lib('visitorSatisfaction'),
      lib('assessmentLevelOnCase'),
      lib('transferGroupConsultation'),
      lib('transferIndividualCounseling'),
      lib('sign_teacher', { required: false }),
      lib('sign_supervisor', { required: false }),
    ],
  },
};
