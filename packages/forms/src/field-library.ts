import type { FormColumn, LocalizedText, FieldOption } from './definition';
import {
  GRADE_DESC_MAX,
  INTERVENTION_HOURS_MAX,
  INTERVENTION_HOURS_MIN,
  SLIDER_MAX,
  SLIDER_MIN,
  TEXT_MAX,
  TRACK_DATE_MAX_DAYS_BACK,
} from './constants';
import { LIST_PATHS } from './option-lists';
import { dictionaryOptions, VALUE_SETS, type ValueSetName } from './value-sets';

/**
 * The form-builder field library (spec S0.3.3, S0.3.4, S0.3.16-S0.3.38, S1.3.4, S1.3.10, S1.3.11): every
 * field an administrator can add to a form, typed, with zh-CN and en-US labels and its value set. The
 * builder copies a library field into a definition (`columnFromLibrary`) and may then relabel it,
 * reorder it and set logic jumps and required rules. The named dependencies of S0.4.7 are not column
 * settings: they hold for these props in every form (evaluate.ts, NAMED_RULES).
 */
export const LIBRARY_GROUPS = [
  'user',
  'evaluation',
  'case',
  'willingness',
  'transfer',
  'crisis',
  'schedule',
  'signature',
  'grading',
  'assessment',
] as const;
export type LibraryGroup = (typeof LIBRARY_GROUPS)[number];

export interface LibraryField extends FormColumn {
  group: LibraryGroup;
  /** Spec items the field comes from. */
  spec: readonly string[];
}

const t = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });
const options = (name: ValueSetName): FieldOption[] => [...VALUE_SETS[name]];
/** A dictionary-backed field: options from the tenant dictionary `name`, the seeded items as fallback. */
const dict = (name: string) => ({ dicUrl: name, dicData: [...dictionaryOptions(name)] });

type Def = Omit<LibraryField, 'prop' | 'group' | 'spec'>;
const fields: LibraryField[] = [];
const add = (group: LibraryGroup, spec: string[], defs: Record<string, Def>) => {
  for (const [prop, def] of Object.entries(defs)) fields.push({ prop, group, spec, ...def });
};

const textarea = (zh: string, en: string, extra: Partial<Def> = {}): Def => ({
  label: t(zh, en),
  type: 'textarea',
  maxlength: TEXT_MAX,
  ...extra,
});
const input = (zh: string, en: string, extra: Partial<Def> = {}): Def => ({
  label: t(zh, en),
  type: 'input',
  ...extra,
});
const radio = (zh: string, en: string, set: ValueSetName, extra: Partial<Def> = {}): Def => ({
  label: t(zh, en),
  type: 'radio',
  dicData: options(set),
  ...extra,
});
const checkbox = (zh: string, en: string, set: ValueSetName, extra: Partial<Def> = {}): Def => ({
  label: t(zh, en),
  type: 'checkbox',
  dicData: options(set),
  ...extra,
});
const dictSelect = (zh: string, en: string, name: string, extra: Partial<Def> = {}): Def => ({
  label: t(zh, en),
  type: 'select',
  ...dict(name),
  ...extra,
});
const dictRadio = (zh: string, en: string, name: string, extra: Partial<Def> = {}): Def => ({
  label: t(zh, en),
  type: 'radio',
  ...dict(name),
  ...extra,
});
const timeGrid = (zh: string, en: string): Def => ({ label: t(zh, en), type: 'timeGrid' });

// S0.3.3 user form, S0.3.32 masking flags
add('user', ['S0.3.3', 'S0.3.32'], {
  username: input('登录账号', 'Login account', { required: true, maxlength: 20 }),
  realName: input('姓名', 'Name', { required: true, maxlength: 50, mask: 'realName' }),
  numberName: input('学号/工号', 'Number', { required: true, maxlength: 30 }),
  phone: input('联系方式', 'Contact phone', { required: true, mask: 'phone', format: 'phone' }),
  deptId: {
    label: t('组织机构', 'Organisation'),
    type: 'tree',
    dicUrl: LIST_PATHS.deptTree,
    required: true,
    // S0.6.7: admin users may edit the department field; others see it read-only.
    editableBy: ['ROLE_ADMIN'],
  },
  sex: { label: t('性别', 'Sex'), type: 'radio', required: true, ...dict('sex') },
  birthday: {
    label: t('出生日期', 'Date of birth'),
    type: 'date',
    required: true,
    format: 'birthday',
  },
  idCard: input('身份证号', 'ID card number', { maxlength: 18, mask: 'idCard', format: 'idCard' }),
  email: input('电子邮箱', 'E-mail', { maxlength: 100, format: 'email' }),
  yearInfo: dictSelect('年级', 'Year', 'yearInfo'),
  nation: dictSelect('民族', 'Ethnic group', 'nation'),
  politicCountenance: dictSelect('政治面貌', 'Political status', 'politicCountenance'),
  educationalLevel: dictSelect('学历', 'Education', 'educationalLevel'),
  religiousBelief: dictSelect('宗教信仰', 'Religion', 'religiousBelief'),
  isMarriage: dictSelect('婚姻状况', 'Marital status', 'isMarriage'),
  schoolRegister: input('学籍', 'School register', { maxlength: 100 }),
});

// S0.3.4 comprehensive evaluation
const count = (zh: string, en: string): Def => ({
  label: t(zh, en),
  type: 'number',
  min: 0,
  max: 999,
  integer: true,
});
add('evaluation', ['S0.3.4'], {
  punishNum: count('处分次数', 'Disciplinary actions'),
  failNum: count('挂科次数', 'Failed courses'),
  stayOutLateNum: count('晚归次数', 'Late returns'),
});

// S0.3.16 dictionary-backed case fields; S0.5.13 builder-required ones
add('case', ['S0.3.16', 'S0.5.13'], {
  assessmentLevel: dictSelect('评估等级', 'Assessment level', 'assessmentLevel'),
  mainQuestionName: dictSelect('主要问题', 'Main problem', 'mainQuestionName', { otherInputOpen: true }),
  secondaryQuestionName: dictSelect('次要问题', 'Secondary problems', 'secondaryQuestionName', {
    multiple: true,
    otherInputOpen: true,
  }),
  finishMethod: dictRadio('结束方式', 'How the case ended', 'finishMethod', { otherInputOpen: true }),
  reportSource: dictRadio('上报来源', 'Report source', 'reportSource', { otherInputOpen: true }),
  consultingField: dictSelect('擅长领域', 'Field of expertise', 'consultingField', { multiple: true }),
  categoryId: dictSelect('咨询类别', 'Category', 'categoryId'),
  problem_serious: dictRadio('问题严重程度', 'Severity', 'problem_serious'),
  dysphrenia: dictRadio('精神障碍情况', 'Mental disorder', 'dysphrenia'),
  endType: dictRadio('结案类型', 'Closing type', 'endType'),
  risk_assessment: dictRadio('风险评估', 'Risk assessment', 'risk_assessment', { required: true }),
  // Spec S0.5.13 / 000 section 5: the interview results list only entries with status 1, which is what
  // the list path answers (the school's switched-on `interviewAssessResult` items); the seeded items stay
  // the fallback while the list cannot be loaded.
  interviewAssessResult: dictRadio('初访评估结果', 'Interview assessment result', 'interviewAssessResult', {
    required: true,
    dicUrl: LIST_PATHS.interviewResults,
  }),
  interventionMeasures: dictRadio('干预措施', 'Intervention measures', 'interventionMeasures'),
  disordersType: dictSelect('障碍类型', 'Disorder type', 'disordersType', { multiple: true }),
});

// S0.3.18-S0.3.25, S0.3.29, S1.3.11 case form fields
add(
  'case',
  ['S0.3.18', 'S0.3.19', 'S0.3.20', 'S0.3.21', 'S0.3.22', 'S0.3.23', 'S0.3.25', 'S0.3.29', 'S1.3.11'],
  {
    finishResult: textarea('结案效果', 'Outcome'),
    crisisEvent: textarea('危机事件', 'Crisis event'),
    repeatStatus: radio('是否重复咨询', 'Repeat visitor', 'repeatStatus', { required: true }),
    isHospitalize: radio('是否住院', 'Hospitalised', 'isHospitalize', { required: true }),
    isUrgent: radio('是否紧急', 'Urgency', 'isUrgent'),
    expectTeacher: input('期望咨询师', 'Preferred counsellor', { maxlength: 100 }),
    consultMethod: radio('咨询方式', 'Consultation method', 'consultMethod'),
    visitorSatisfaction: radio('来访者满意度', 'Visitor satisfaction', 'visitorSatisfaction'),
    psycho_diagnosis: textarea('心理诊断', 'Psychological diagnosis'),
    videoAgree: radio('是否同意录像', 'Agrees to video recording', 'videoAgree'),
    researchAgree: radio('是否同意用于研究', 'Agrees to research use', 'researchAgree'),
    tensionLevel: {
      label: t('紧张程度', 'Tension level'),
      type: 'slider',
      min: SLIDER_MIN,
      max: SLIDER_MAX,
      step: 1,
      integer: true,
    },
    injuryTendency: radio('自伤倾向', 'Self-injury tendency', 'injuryTendency'),
    // A visitor's and a relative's phone are masked like the user's own (S0.5.7).
    visitorPhone: input('来访者电话', 'Visitor phone', { format: 'phone', mask: 'phone' }),
    emergencyContact: input('紧急联系人', 'Emergency contact', { maxlength: 50 }),
    emergencyContactPhone: input('紧急联系人电话', 'Emergency contact phone', {
      format: 'phone',
      mask: 'phone',
    }),
    trackDate: {
      label: t('跟踪日期', 'Tracking date'),
      type: 'date',
      dateLimit: { allowFuture: false, maxDaysBack: TRACK_DATE_MAX_DAYS_BACK },
    },
    isAppointmentConsult: radio('是否预约咨询', 'Appointment consultation', 'isAppointmentConsult'),
    consultorName: input('咨询师姓名', 'Counsellor name', { maxlength: 50 }),
    InterventionTime: { label: t('干预时间', 'Intervention time'), type: 'datetime' },
    InterventionHours: {
      label: t('干预时长（小时）', 'Intervention hours'),
      type: 'number',
      min: INTERVENTION_HOURS_MIN,
      max: INTERVENTION_HOURS_MAX,
    },
    assessmentLevelBeforeCase: dictSelect(
      '个案前评估等级',
      'Assessment level before the case',
      'assessmentLevel',
    ),
    assessmentLevelOnCase: dictSelect(
      '个案中评估等级',
      'Assessment level during the case',
      'assessmentLevel',
    ),
    interviewAssessDate: { label: t('初访评估日期', 'Interview assessment date'), type: 'date' },
    interviewAssessAddress: input('初访评估地点', 'Interview assessment place', { maxlength: 100 }),
  },
);

// S0.3.24, S1.3.2 time selections
add('schedule', ['S0.3.24', 'S1.3.2'], {
  consultTimes: timeGrid('可咨询时间', 'Available consultation times'),
  firstInterviewTimeSlots: timeGrid('初访时间段', 'First-interview time slots'),
  evaluationPeriod: timeGrid('评估时间段', 'Assessment times'),
  psychologicalCounselingPeriod: timeGrid('心理咨询时间段', 'Counselling times'),
  familyCounselingPeriod: timeGrid('家庭咨询时间段', 'Family counselling times'),
  contactTime: timeGrid('方便联系时间', 'Contact times'),
});

// S0.3.26, S1.3.4 willingness
add('willingness', ['S0.3.26', 'S1.3.4', 'S0.5.13'], {
  oneConsultWishes: radio('个体咨询意愿', 'Individual counselling wish', 'oneConsultWishes'),
  teamConsultWishes: radio('团体辅导意愿', 'Group counselling wish', 'teamConsultWishes'),
  transferGroupConsultation: radio(
    '是否转团体辅导',
    'Transfer to group counselling',
    'transferGroupConsultation',
  ),
  transferIndividualCounseling: radio(
    '是否转个体咨询',
    'Transfer to individual counselling',
    'transferIndividualCounseling',
  ),
  trendsSchoolState: radio('在校状态', 'School status', 'trendsSchoolState'),
});

// S0.3.28 transfer
add('transfer', ['S0.3.28', 'S0.4.7'], {
  transferTo: radio('转至', 'Transfer to', 'transferTo'),
  transferToType: radio('转介类型', 'Referral type', 'transferToType'),
  transferToConsultant: {
    label: t('转介咨询师', 'Referral counsellor'),
    type: 'select',
    // Free counsellors of the chosen referral type (S0.3.28, S0.7.21): no options until it is chosen.
    dicUrl: LIST_PATHS.freeCounsellors,
  },
  recordExtend: radio('沿用个案记录', 'Carry the record over', 'recordExtend'),
  transferInternshipConsult: radio(
    '转实习咨询师',
    'Transfer to an intern counsellor',
    'transferInternshipConsult',
  ),
});

// S0.3.30, S1.3.10 crisis report
add('crisis', ['S0.3.30', 'S1.3.10', 'S0.4.7'], {
  isCrisisStatus: radio('是否处于危机状态', 'In crisis', 'isCrisisStatus'),
  crisisEvents: textarea('危机事件', 'Crisis events'),
  suicidalSituations: radio('自杀情况', 'Suicide situation', 'suicidalSituations'),
  collegeLevelcrisis: radio('学院关注等级', 'College attention level', 'collegeLevelcrisis'),
  mentalDisordersHistory: radio('精神障碍史', 'History of mental disorder', 'mentalDisordersHistory'),
  currentStatus: checkbox('目前状态', 'Current state', 'currentStatus'),
  selfHarmingStatus: checkbox('自伤情况', 'Self-harm', 'selfHarmingStatus'),
  suicidalStatus: checkbox('自杀情况', 'Suicidality', 'suicidalStatus'),
  graduationGone: radio('毕业去向', 'Destination after graduation', 'graduationGone'),
  medicalStatus: radio('就医情况', 'Medical treatment', 'medicalStatus'),
  supportMeasures: checkbox('支持措施', 'Support measures', 'supportMeasures'),
  referHospitalStatus: radio('转介医院情况', 'Hospital referral', 'referHospitalStatus'),
  psyAssistanceSystem: radio(
    '是否启动心理援助体系',
    'Psychological assistance system started',
    'psyAssistanceSystem',
  ),
  expertsFeedback: textarea('专家反馈', 'Experts’ feedback'),
  managementProcess: textarea('处置过程', 'Management process'),
  InducingFactors: checkbox('诱发因素', 'Inducing factors', 'InducingFactors'),
  mentalDisorders: radio('精神障碍', 'Mental disorder', 'mentalDisorders'),
});

// S0.3.31, S0.6.7 signatures: who signs which is decided by @psy/contracts signature-rules
const signature = (zh: string, en: string): Def => ({ label: t(zh, en), type: 'signature' });
add('signature', ['S0.3.31', 'S0.6.7', 'S1.3.11'], {
  sign_teacher: signature('咨询师签名', 'Counsellor’s signature'),
  sign_student: signature('来访者签名', 'Visitor’s signature'),
  sign_common: signature('签名', 'Signature'),
  sign_supervisor: signature('督导签名', 'Supervisor’s signature'),
  sign_supervisedPerson: signature('被督导者签名', 'Supervisee’s signature'),
});

// S0.3.38, S1.3.9 grading
add('grading', ['S0.3.38', 'S1.3.9', 'S0.4.10', 'S0.5.12'], {
  gradingResults: {
    label: t('分级结果', 'Grading result'),
    type: 'grade',
    gradeMode: 'level',
    gradingResultsDescRequired: true,
    maxlength: GRADE_DESC_MAX,
  },
});

// S0.3.33 custom table template
add('assessment', ['S0.3.33'], {
  visitorSelfAssessRules: {
    label: t('来访者自评', 'Visitor self-assessment'),
    type: 'table',
    tableColumns: [
      { prop: 'title', label: t('题目', 'Item'), type: 'input', maxlength: TEXT_MAX },
      { prop: 'value', label: t('自评', 'Answer'), type: 'input', maxlength: TEXT_MAX },
      { prop: 'result', label: t('结果', 'Result'), type: 'input', maxlength: TEXT_MAX },
      { prop: 'score', label: t('分数', 'Score'), type: 'number', min: 0, max: 1000 },
    ],
    maxRows: 100,
  },
});

/** Every field of the library, in the builder's order. */
export const FIELD_LIBRARY: readonly LibraryField[] = fields;

const byProp = new Map(fields.map((f) => [f.prop, f]));

/** A library field by its prop. */
export function libraryField(prop: string): LibraryField | undefined {
  return byProp.get(prop);
}

/**
 * A column for a definition from a library field, with the builder's overrides (label, required,
 * logic jump, ...). Deep-copied: editing the column never changes the library.
 */
export function columnFromLibrary(prop: string, overrides: Partial<FormColumn> = {}): FormColumn {
  const field = byProp.get(prop);
  if (!field) throw new Error(`${prop} is not in the field library`);
  const { group: _group, spec: _spec, ...column } = structuredClone(field);
  return { ...column, ...overrides, prop };
}
