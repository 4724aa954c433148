import type { AssessmentKind } from '@psy/contracts';
import {
  columnFromLibrary,
  evaluate,
  type AnswerMap,
  type FormColumn,
  type FormDefinition,
  type FormError,
} from '@psy/forms';

/** The crisis report fields of S1.3.10 in the library's order; trackDate (S1.5.10) last. */
export const CRISIS_ASSESSMENT_PROPS = [
  'isCrisisStatus',
  'crisisEvents',
  'suicidalSituations',
  'collegeLevelcrisis',
  'mentalDisordersHistory',
  'currentStatus',
  'selfHarmingStatus',
  'suicidalStatus',
  'graduationGone',
  'medicalStatus',
  'supportMeasures',
  'referHospitalStatus',
  'psyAssistanceSystem',
  'expertsFeedback',
  'managementProcess',
  'InducingFactors',
  'mentalDisorders',
  'trackDate',
] as const;

const REQUIRED_CRISIS = new Set(['isCrisisStatus', 'collegeLevelcrisis', 'currentStatus', 'trackDate']);

const t = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/**
 * The crisis assessment (appointment types 8 and 11) as a form of the engine: the field library's crisis
 * fields, so `psyAssistanceSystem` 1 makes `expertsFeedback` and `managementProcess` required (S1.4.16,
 * the engine's named rule) and trackDate keeps its window (S1.5.10).
 */
export const CRISIS_ASSESSMENT_DEFINITION: FormDefinition = {
  id: 'crisisAssessment',
  version: 1,
  name: t('危机评估', 'Crisis assessment'),
  columns: CRISIS_ASSESSMENT_PROPS.map((prop) =>
    columnFromLibrary(prop, REQUIRED_CRISIS.has(prop) ? { required: true } : {}),
  ),
};

const returnColumns: FormColumn[] = [
  {
    prop: 'returnConclusion',
    label: t('复学评估结论', 'Return-to-school conclusion'),
    type: 'radio',
    required: true,
    dicData: [
      { value: 1, label: t('可以复学', 'Fit to return') },
      { value: 2, label: t('有条件复学', 'Fit to return with conditions') },
      { value: 3, label: t('暂不宜复学', 'Not yet fit to return') },
    ],
  },
  {
    prop: 'medicalCertificate',
    label: t('医院诊断证明', 'Medical certificate'),
    type: 'radio',
    required: true,
    dicData: [
      { value: 1, label: t('已提供', 'Provided') },
      { value: 2, label: t('未提供', 'Not provided') },
    ],
  },
  columnFromLibrary('currentStatus', { required: true }),
  columnFromLibrary('medicalStatus'),
  columnFromLibrary('mentalDisorders'),
  {
    prop: 'returnOpinion',
    label: t('评估意见', 'Opinion'),
    type: 'textarea',
    maxlength: 200,
    requiredRules: { calcFlag: 1, conditions: [{ prop: 'returnConclusion', values: [2, 3] }] },
  },
  columnFromLibrary('trackDate', { required: true }),
];

/** The return-to-school assessment (appointment type 12; docs/crisis.md 3.7). */
export const RETURN_ASSESSMENT_DEFINITION: FormDefinition = {
  id: 'returnAssessment',
  version: 1,
  name: t('复学评估', 'Return-to-school assessment'),
  columns: returnColumns,
};

export const ASSESSMENT_DEFINITIONS: Record<AssessmentKind, FormDefinition> = {
  crisis: CRISIS_ASSESSMENT_DEFINITION,
  return: RETURN_ASSESSMENT_DEFINITION,
};

export interface AssessmentCheck {
  valid: boolean;
  /** The answer as the engine cleaned it (hidden fields and unknown keys dropped). */
  answer: AnswerMap;
  errors: FormError[];
}

/**
 * Checks an assessment answer with the engine (staff fill it; the server passes no reading state). With
 * `previous`, options switched off since stay valid for answers that held them.
 */
export function checkAssessment(
  kind: AssessmentKind,
  answer: AnswerMap,
  options: { now?: Date | number; previous?: AnswerMap } = {},
): AssessmentCheck {
  const res = evaluate(
    ASSESSMENT_DEFINITIONS[kind],
    answer,
    { roleCodes: ['ROLE_CONSULTANT'], mode: 'edit' },
    {
      now: options.now,
      previous: options.previous,
    },
  );
  return { valid: res.valid, answer: res.answer, errors: res.errors };
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** What an assessment tells the record: the attention level, whether the student is in crisis. */
export function assessmentOutcome(kind: AssessmentKind, answer: AnswerMap) {
  return kind === 'crisis'
    ? {
        collegeLevel: num(answer.collegeLevelcrisis),
        isCrisisStatus: num(answer.isCrisisStatus),
        returnConclusion: null,
      }
    : { collegeLevel: null, isCrisisStatus: null, returnConclusion: num(answer.returnConclusion) };
}

/** Whether a return assessment allows the return (conclusion 1 or 2). */
export const allowsReturn = (conclusion: number | null) => conclusion === 1 || conclusion === 2;

/** Edits within a day are edits; later, an assessment is a record of care and changes are amendments. */
export const ASSESSMENT_EDIT_WINDOW_MS = 24 * 3600 * 1000;
