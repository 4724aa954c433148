import { describe, expect, it } from 'vitest';
import { SIGNATURE_FIELDS } from '@psy/contracts';
import {
  checkDefinition,
  definitionForAnswer,
  formColumnSchema,
  validFormDefinitionSchema,
  type FormColumn,
  type FormDefinition,
} from './definition';
import { columnFromLibrary, FIELD_LIBRARY, libraryField } from './field-library';
import { DICTIONARIES } from './dictionaries';
import { VALUE_SETS } from './value-sets';

const t = (s: string) => ({ 'zh-CN': s, 'en-US': s });
const values = (prop: string) => libraryField(prop)!.dicData!.map((o) => Number(o.value));

describe('field library [spec:S0.3.16] [spec:S0.3.17]', () => {
  it('every library field is a valid column with labels in both languages', () => {
    for (const field of FIELD_LIBRARY) {
      const { group: _g, spec: _s, ...column } = field;
      expect(formColumnSchema.safeParse(column).success, field.prop).toBe(true);
      expect(field.label['zh-CN'].length * field.label['en-US'].length, field.prop).toBeGreaterThan(0);
      for (const o of field.dicData ?? [])
        expect(o.label['zh-CN'] && o.label['en-US'], field.prop).toBeTruthy();
    }
    const whole: FormDefinition = {
      id: 'all',
      version: 1,
      name: t('all'),
      columns: FIELD_LIBRARY.map((f) => columnFromLibrary(f.prop)),
    };
    expect(checkDefinition(whole.columns)).toEqual([]);
  });

  it('dictionary-backed fields name their dictionary and fall back to its seeded items [spec:S0.3.16]', () => {
    const names = [
      'sex',
      'yearInfo',
      'nation',
      'politicCountenance',
      'educationalLevel',
      'religiousBelief',
      'isMarriage',
      'assessmentLevel',
      'mainQuestionName',
      'secondaryQuestionName',
      'finishMethod',
      'reportSource',
      'consultingField',
      'categoryId',
      'problem_serious',
      'dysphrenia',
      'endType',
      'risk_assessment',
      'interventionMeasures',
      'disordersType',
    ];
    for (const name of names) {
      const field = libraryField(name)!;
      expect(field.dicUrl, name).toBe(name);
      const dict = DICTIONARIES.find((d) => d.name === name)!;
      expect(field.dicData!.map((o) => o.value)).toEqual(dict.items.map(([v]) => v));
    }
  });

  it('list-path fields name their list path; interview results keep the seeded items as fallback [spec:S0.3.28] [spec:S0.5.13] [spec:S0.7.21]', () => {
    expect(libraryField('deptId')!.dicUrl).toBe('/admin/dept/tree');
    expect(libraryField('transferToConsultant')!.dicUrl).toBe(
      '/consult/workforce/schedule/freeUser?categoryId={transferToType}',
    );
    const interview = libraryField('interviewAssessResult')!;
    expect(interview.dicUrl).toBe('/plantest/interview/results/list');
    const dict = DICTIONARIES.find((d) => d.name === 'interviewAssessResult')!;
    expect(interview.dicData!.map((o) => o.value)).toEqual(dict.items.map(([v]) => v));
  });

  it('value sets are the spec values [spec:S0.3.19] [spec:S0.3.20] [spec:S0.3.21] [spec:S0.3.22] [spec:S0.3.23]', () => {
    expect(values('repeatStatus')).toEqual([1, 2]);
    expect(libraryField('repeatStatus')!.dicData![0]!.label['en-US']).toBe('No');
    expect(values('isHospitalize')).toEqual([1, 0]);
    expect(values('isUrgent')).toEqual([0, 1]);
    expect(values('consultMethod')).toEqual([1, 2, 3]);
    expect(values('visitorSatisfaction')).toEqual([5, 4, 3, 2, 1]);
    expect(values('videoAgree')).toEqual([1, 0]);
    expect(values('researchAgree')).toEqual([1, 0]);
    expect(values('injuryTendency')).toEqual([3, 2, 1]);
    expect(libraryField('tensionLevel')).toMatchObject({ type: 'slider', min: 1, max: 10 });
  });

  it('willingness, school state and transfer fields [spec:S0.3.26] [spec:S0.3.27] [spec:S0.3.28] [spec:S1.3.4]', () => {
    expect(values('oneConsultWishes')).toEqual([1, 2, 3]);
    expect(values('teamConsultWishes')).toEqual([1, 2]);
    expect(values('transferGroupConsultation')).toEqual([1, 2]);
    expect(values('transferIndividualCounseling')).toEqual([1, 2]);
    expect(values('trendsSchoolState')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(values('transferTo')).toEqual([1, 2]);
    expect(values('transferToType')).toEqual([2, 10]);
    expect(values('transferInternshipConsult')).toEqual([1, 0]);
    expect(values('isAppointmentConsult')).toEqual([1, 2]);
  });

  it('crisis report fields [spec:S0.3.30] [spec:S1.3.10]', () => {
    const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(values('isCrisisStatus')).toEqual([1, 2]);
    expect(values('suicidalSituations')).toEqual([0, 1, 2]);
    expect(values('collegeLevelcrisis')).toEqual([1, 2, 3, 4]);
    expect(values('mentalDisordersHistory')).toEqual(range(5));
    expect(values('currentStatus')).toEqual(range(10));
    expect(values('selfHarmingStatus')).toEqual(range(8));
    expect(values('suicidalStatus')).toEqual(range(8));
    expect(libraryField('suicidalStatus')!.type).toBe('checkbox');
    expect(values('graduationGone')).toEqual(range(12));
    expect(values('medicalStatus')).toEqual(range(6));
    expect(values('supportMeasures')).toEqual(range(5));
    expect(values('psyAssistanceSystem')).toEqual([1, 2]);
    expect(values('InducingFactors')).toEqual(range(5));
    expect(values('mentalDisorders')).toEqual([1, 2, 3]);
    for (const p of [
      'crisisEvents',
      'referHospitalStatus',
      'expertsFeedback',
      'managementProcess',
      'trackDate',
    ]) {
      expect(libraryField(p), p).toBeDefined();
    }
  });

  it('case fields, time selections, signatures, grading and the self-assessment table [spec:S0.3.24] [spec:S0.3.25] [spec:S0.3.29] [spec:S0.3.31] [spec:S0.3.33] [spec:S0.3.38] [spec:S1.3.11]', () => {
    for (const p of ['finishResult', 'crisisEvent'])
      expect(libraryField(p)).toMatchObject({ type: 'textarea', maxlength: 200 });
    for (const p of [
      'consultTimes',
      'firstInterviewTimeSlots',
      'evaluationPeriod',
      'psychologicalCounselingPeriod',
      'familyCounselingPeriod',
      'contactTime',
    ]) {
      expect(libraryField(p)!.type, p).toBe('timeGrid');
    }
    for (const p of [
      'visitorPhone',
      'emergencyContact',
      'emergencyContactPhone',
      'expectTeacher',
      'psycho_diagnosis',
      'recordExtend',
      'transferToConsultant',
      'InterventionTime',
      'assessmentLevelBeforeCase',
      'assessmentLevelOnCase',
      'interviewAssessDate',
      'interviewAssessAddress',
    ]) {
      expect(libraryField(p), p).toBeDefined();
    }
    expect(libraryField('InterventionHours')).toMatchObject({ type: 'number', min: 0, max: 999 });
    for (const s of SIGNATURE_FIELDS) expect(libraryField(s)!.type).toBe('signature');
    expect(libraryField('gradingResults')).toMatchObject({
      type: 'grade',
      gradingResultsDescRequired: true,
      maxlength: 1000,
    });
    expect(VALUE_SETS.gradeLevel.map((o) => o.label['en-US'])).toEqual(['A', 'B', 'C', 'D']);
    expect(VALUE_SETS.gradeResult.map((o) => o.value)).toEqual([1, 0]);
    expect(libraryField('visitorSelfAssessRules')!.tableColumns!.map((c) => c.prop)).toEqual([
      'title',
      'value',
      'result',
      'score',
    ]);
  });

  it('user form fields, required ones and masking flags [spec:S0.3.3] [spec:S0.3.4] [spec:S0.3.32]', () => {
    const required = FIELD_LIBRARY.filter((f) => f.group === 'user' && f.required).map((f) => f.prop);
    expect(required).toEqual(['username', 'realName', 'numberName', 'phone', 'deptId', 'sex', 'birthday']);
    expect(libraryField('idCard')).toMatchObject({ maxlength: 18, mask: 'idCard' });
    expect(libraryField('realName')!.mask).toBe('realName');
    expect(libraryField('phone')!.mask).toBe('phone');
    for (const p of ['punishNum', 'failNum', 'stayOutLateNum']) expect(libraryField(p)!.type).toBe('number');
  });

  it("masks every phone and ID number of the library, a relative's or visitor's too [spec:S0.5.7]", () => {
    const personal = FIELD_LIBRARY.filter((f) => f.format === 'phone' || f.format === 'idCard');
    expect(personal.map((f) => f.prop)).toEqual(
      expect.arrayContaining(['phone', 'idCard', 'visitorPhone', 'emergencyContactPhone']),
    );
    for (const f of personal) expect(f.mask, f.prop).toBe(f.format);
  });

  it('columnFromLibrary copies: editing the column never changes the library', () => {
    const c = columnFromLibrary('consultMethod', { required: true });
    c.dicData![0]!.label['en-US'] = 'changed';
    expect(libraryField('consultMethod')!.dicData![0]!.label['en-US']).toBe('Face to face');
    expect(c).not.toHaveProperty('group');
    expect(() => columnFromLibrary('nope')).toThrow();
  });
});

describe('definition checks [spec:S0.3.35]', () => {
  const col = (prop: string, extra: Partial<FormColumn> = {}): FormColumn => ({
    prop,
    label: t(prop),
    type: 'radio',
    dicData: [{ value: 1, label: t('1') }],
    ...extra,
  });

  it('finds duplicate props, bad jumps, unknown conditions, cycles, bad signatures and patterns', () => {
    const issues = checkDefinition([
      col('a', { isOpenLogicJump: true, logicJumpRules: [{ optionValue: 1, questionValue: ['a', 'zz'] }] }),
      col('a'),
      col('b', { visibleWhen: { prop: 'c', values: [1] } }),
      col('c', { visibleWhen: { prop: 'b', values: [1] } }),
      col('d', { requiredRules: { calcFlag: 1, conditions: [{ prop: 'ghost', values: [1] }] } }),
      { prop: 'sign_x', label: t('s'), type: 'signature' },
      { prop: 'e', label: t('e'), type: 'input', rules: [{ pattern: '(' }] },
      { prop: 'f', label: t('f'), type: 'radio' },
      { prop: 'g_text', label: t('g'), type: 'input' },
      col('h', {
        isOpenLogicJump: true,
        logicJumpMode: 'jump',
        logicJumpRules: [{ optionValue: 1, questionValue: ['e', 'f'] }],
      }),
      { prop: 'n', label: t('n'), type: 'number', min: 10, max: 1 },
      { prop: 'm', label: t('m'), type: 'input', rules: [{ min: 5, max: 2 }] },
      { prop: 'ok', label: t('ok'), type: 'number', min: 1, max: 1 },
    ]);
    expect(issues.map((i) => `${i.prop}:${i.key}`).sort()).toEqual(
      [
        'a:duplicateProp',
        'a:jumpTargetNotLater',
        'a:jumpTargetUnknown',
        'b:conditionCycle',
        'c:conditionCycle',
        'd:conditionUnknownProp',
        'sign_x:signatureProp',
        'e:badPattern',
        'f:missingOptions',
        'g_text:reservedSuffix',
        'h:jumpModeSingleTarget',
        'h:jumpTargetNotLater',
        'h:jumpTargetNotLater',
        'n:rangeInverted',
        'm:rangeInverted',
      ].sort(),
    );
  });

  it('the save schema refuses a definition with issues', () => {
    const bad = { id: 'f', version: 1, name: t('f'), columns: [col('a'), col('a')] };
    expect(validFormDefinitionSchema.safeParse(bad).success).toBe(false);
    expect(validFormDefinitionSchema.safeParse({ ...bad, columns: [col('a')] }).success).toBe(true);
    expect(validFormDefinitionSchema.safeParse({ ...bad, version: 0 }).success).toBe(false);
  });

  it('an answer renders with the version it was written against', () => {
    const v1: FormDefinition = { id: 'f', version: 1, name: t('f'), columns: [col('a')] };
    const v2: FormDefinition = { ...v1, version: 2, columns: [col('a'), col('b')] };
    expect(definitionForAnswer([v2, v1], { formId: 'f', formVersion: 1 })).toBe(v1);
    expect(definitionForAnswer([v2, v1], { formId: 'f', formVersion: 3 })).toBeNull();
  });
});
