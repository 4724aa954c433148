import { describe, expect, it } from 'vitest';
import type { FormColumn, FormDefinition } from './definition';
import { evaluate, type Viewer } from './evaluate';
import { columnFromLibrary } from './field-library';
import { formatFormError } from './errors';

const NOW = Date.parse('2026-03-10T04:00:00Z'); // 2026-03-10 in China time
const staff: Viewer = { roleCodes: ['ROLE_CONSULTANT'] };
const visitor: Viewer = { roleCodes: ['ROLE_GENERAL'] };
const admin: Viewer = { roleCodes: ['ROLE_ADMIN'] };
const t = (s: string) => ({ 'zh-CN': s, 'en-US': s });
const yesNo = [
  { value: 1, label: t('yes') },
  { value: 2, label: t('no') },
];
const def = (...columns: FormColumn[]): FormDefinition => ({
  id: 'f1',
  version: 1,
  name: t('form'),
  columns,
});
const lib = (prop: string, o: Partial<FormColumn> = {}) => columnFromLibrary(prop, o);
const run = (d: FormDefinition, answer: Record<string, unknown>, viewer: Viewer = staff, extra = {}) =>
  evaluate(d, answer, viewer, { now: NOW, ...extra });
const keys = (e: ReturnType<typeof run>, prop: string) => e.fields[prop]!.errors.map((x) => x.key);

describe('named dependencies [spec:S0.4.7] [spec:S1.4.16]', () => {
  const form = def(lib('transferTo'), lib('transferToType'), lib('transferToConsultant'));

  it('transferTo 2 reveals transferToType and transferToConsultant [spec:S0.3.28]', () => {
    const hidden = run(form, { transferTo: 1, transferToType: 2 });
    expect(hidden.fields.transferToType!.visible).toBe(false);
    expect(hidden.fields.transferToConsultant!.hiddenBy).toBe('logic');
    expect(hidden.answer).toEqual({ transferTo: 1 });
    const shown = run(form, { transferTo: 2, transferToType: 2 });
    expect(shown.fields.transferToType!.visible).toBe(true);
    expect(shown.fields.transferToConsultant!.visible).toBe(true);
    expect(shown.answer).toEqual({ transferTo: 2, transferToType: 2 });
  });

  it('isAppointmentConsult 1 reveals consultorName [spec:S0.3.29]', () => {
    const form2 = def(lib('isAppointmentConsult'), lib('consultorName', { required: true }));
    expect(run(form2, { isAppointmentConsult: 2, consultorName: 'x' }).fields.consultorName!.visible).toBe(
      false,
    );
    const e = run(form2, { isAppointmentConsult: 2, consultorName: 'x' });
    expect(e.answer.consultorName).toBeUndefined();
    expect(e.valid).toBe(true);
    const shown = run(form2, { isAppointmentConsult: 1 });
    expect(shown.fields.consultorName!.required).toBe(true);
    expect(keys(shown, 'consultorName')).toEqual(['required']);
  });

  it('psyAssistanceSystem 1 makes expertsFeedback and managementProcess required [spec:S0.3.30]', () => {
    const form3 = def(lib('psyAssistanceSystem'), lib('expertsFeedback'), lib('managementProcess'));
    const off = run(form3, { psyAssistanceSystem: 2 });
    expect(off.fields.expertsFeedback!.required).toBe(false);
    expect(off.valid).toBe(true);
    const on = run(form3, { psyAssistanceSystem: 1 });
    expect(on.fields.expertsFeedback!.required).toBe(true);
    expect(on.fields.managementProcess!.required).toBe(true);
    expect(on.errors.map((e) => e.field)).toEqual(['expertsFeedback', 'managementProcess']);
    // dictionary values arrive as text: '1' counts as 1
    expect(run(form3, { psyAssistanceSystem: '1' }).fields.managementProcess!.required).toBe(true);
  });

  it('a dependent field without its controlling field in the form is shown', () => {
    expect(run(def(lib('consultorName')), {}).fields.consultorName!.visible).toBe(true);
  });
});

describe('logic jump [spec:S0.3.35] [spec:S0.4.7]', () => {
  const q = (prop: string, extra: Partial<FormColumn> = {}): FormColumn => ({
    prop,
    label: t(prop),
    type: 'radio',
    dicData: yesNo,
    required: true,
    ...extra,
  });

  it("'show' mode: a listed question is hidden until its option is chosen, and its rules are dropped", () => {
    const form = def(
      q('q1', {
        isOpenLogicJump: true,
        logicJumpMode: 'show',
        logicJumpRules: [{ optionValue: 1, questionValue: ['q2'] }],
      }),
      q('q2'),
      q('q3'),
    );
    const no = run(form, { q1: 2, q2: 1, q3: 1 });
    expect(no.fields.q2!.visible).toBe(false);
    expect(no.fields.q2!.required).toBe(false);
    expect(no.answer).toEqual({ q1: 2, q3: 1 });
    expect(no.valid).toBe(true);
    const yes = run(form, { q1: 1, q3: 1 });
    expect(yes.fields.q2!.visible).toBe(true);
    expect(yes.errors.map((e) => [e.field, e.key])).toEqual([['q2', 'required']]);
    // unanswered controller: the target stays hidden
    expect(run(form, {}).fields.q2!.visible).toBe(false);
  });

  it("'jump' mode: the questions between the controller and the target are skipped", () => {
    const form = def(
      q('q1', {
        isOpenLogicJump: true,
        logicJumpMode: 'jump',
        logicJumpRules: [{ optionValue: 2, questionValue: ['q4'] }],
      }),
      q('q2'),
      q('q3'),
      q('q4'),
    );
    const jumped = run(form, { q1: 2, q2: 1, q4: 1 });
    expect([jumped.fields.q2!.visible, jumped.fields.q3!.visible, jumped.fields.q4!.visible]).toEqual([
      false,
      false,
      true,
    ]);
    expect(jumped.answer).toEqual({ q1: 2, q4: 1 });
    expect(jumped.valid).toBe(true);
    const straight = run(form, { q1: 1 });
    expect(straight.fields.q2!.visible && straight.fields.q3!.visible).toBe(true);
    expect(straight.errors.map((e) => e.field)).toEqual(['q2', 'q3', 'q4']);
  });

  it('a hidden controller hides what it shows (chains)', () => {
    const form = def(
      q('a', { isOpenLogicJump: true, logicJumpRules: [{ optionValue: 1, questionValue: ['b'] }] }),
      q('b', { isOpenLogicJump: true, logicJumpRules: [{ optionValue: 1, questionValue: ['c'] }] }),
      q('c'),
    );
    const e = run(form, { a: 2, b: 1, c: 1 });
    expect(e.fields.b!.visible).toBe(false);
    expect(e.fields.c!.visible).toBe(false);
    expect(e.answer).toEqual({ a: 2 });
  });

  it('rules pointing backwards are ignored', () => {
    const form = def(
      q('a'),
      q('b', { isOpenLogicJump: true, logicJumpRules: [{ optionValue: 1, questionValue: ['a'] }] }),
    );
    expect(run(form, { b: 2 }).fields.a!.visible).toBe(true);
  });

  it('checkbox controllers: any chosen option fires its rule', () => {
    const form = def(
      {
        prop: 'm',
        label: t('m'),
        type: 'checkbox',
        dicData: yesNo,
        isOpenLogicJump: true,
        logicJumpRules: [{ optionValue: 2, questionValue: ['x'] }],
      },
      q('x'),
    );
    expect(run(form, { m: [1, 2] }).fields.x!.visible).toBe(true);
    expect(run(form, { m: [1] }).fields.x!.visible).toBe(false);
  });
});

describe('required rules with calcFlag [spec:S0.3.35] [spec:S0.4.7]', () => {
  const form = (calcFlag: 1 | 2) =>
    def(
      { prop: 'a', label: t('a'), type: 'radio', dicData: yesNo },
      { prop: 'b', label: t('b'), type: 'radio', dicData: yesNo },
      {
        prop: 'c',
        label: t('c'),
        type: 'input',
        requiredRules: {
          calcFlag,
          conditions: [
            { prop: 'a', values: [1] },
            { prop: 'b', values: [1] },
          ],
        },
      },
    );
  it('calcFlag 1: any condition makes the field required', () => {
    expect(run(form(1), { a: 1, b: 2 }).fields.c!.required).toBe(true);
    expect(run(form(1), { a: 2, b: 2 }).fields.c!.required).toBe(false);
  });
  it('calcFlag 2: all conditions must match', () => {
    expect(run(form(2), { a: 1, b: 2 }).fields.c!.required).toBe(false);
    expect(run(form(2), { a: 1, b: 1 }).fields.c!.required).toBe(true);
  });
});

describe("the 'other' option [spec:S0.3.37] [spec:S0.4.7] [spec:S0.5.12]", () => {
  const form = def(lib('finishMethod'));

  it('other (0) keeps <prop>_text; choosing another option clears it', () => {
    expect(run(form, { finishMethod: '0', finishMethod_text: 'moved away' }).answer).toEqual({
      finishMethod: '0',
      finishMethod_text: 'moved away',
    });
    expect(run(form, { finishMethod: '1', finishMethod_text: 'moved away' }).answer).toEqual({
      finishMethod: '1',
    });
  });

  it('the other text has at most 100 characters', () => {
    const e = run(form, { finishMethod: 0, finishMethod_text: 'x'.repeat(101) });
    expect(e.errors).toEqual([
      {
        field: 'finishMethod_text',
        key: 'maxLength',
        params: { field: 'finishMethod_text', max: 100, column: 'finishMethod' },
      },
    ]);
    expect(run(form, { finishMethod: 0, finishMethod_text: 'x'.repeat(100) }).valid).toBe(true);
  });

  it('radioInput always has the other text; required field requires it', () => {
    const f = def({
      prop: 'r',
      label: t('r'),
      type: 'radioInput',
      required: true,
      dicData: [{ value: 0, label: t('other') }, ...yesNo],
    });
    expect(run(f, { r: 0 }).errors.map((e) => e.field)).toEqual(['r_text']);
  });

  it('an option outside the value set is refused', () => {
    expect(keys(run(form, { finishMethod: '42' }), 'finishMethod')).toEqual(['option']);
  });

  it('tenant dictionaries loaded for dicUrl take precedence over the seeded items', () => {
    const dictionaries = { finishMethod: [{ value: '42', label: t('custom') }] };
    expect(run(form, { finishMethod: '42' }, staff, { dictionaries }).valid).toBe(true);
  });
});

describe('switched-off options and choice limits [spec:S0.3.35]', () => {
  const options = [
    { value: 1, label: t('one') },
    { value: 2, label: t('two'), disabled: true },
    { value: 3, label: t('three') },
  ];
  const radio: FormColumn = { prop: 'r', label: t('r'), type: 'radio', dicData: options };
  const boxes: FormColumn = { prop: 'c', label: t('c'), type: 'checkbox', dicData: options };
  const form = def(radio, boxes);

  it('a new answer may not choose a switched-off option; an old answer keeps it', () => {
    expect(keys(run(form, { r: 2 }, staff, { previous: {} }), 'r')).toEqual(['option']);
    expect(keys(run(form, { c: [1, 2] }, staff, { previous: {} }), 'c')).toEqual(['option']);
    expect(run(form, { r: '2' }, staff, { previous: { r: 2 } }).valid).toBe(true);
    expect(run(form, { c: [2, 3] }, staff, { previous: { c: ['2'] } }).valid).toBe(true);
    // An answer that held 1 may not move to the switched-off 2.
    expect(keys(run(form, { r: 2 }, staff, { previous: { r: 1 } }), 'r')).toEqual(['option']);
  });

  it('without the stored answer switched-off options are not checked', () => {
    expect(run(form, { r: 2, c: [2] }).valid).toBe(true);
  });

  it('a multiple tree holds at most `limit` choices; a cascader path is not limited', () => {
    const tree: FormColumn = {
      prop: 'tr',
      label: t('tr'),
      type: 'tree',
      multiple: true,
      limit: 2,
      dicData: [{ value: 'a', label: t('a'), children: [{ value: 'b', label: t('b') }] }, ...options],
    };
    const cascader: FormColumn = { ...tree, prop: 'ca', type: 'cascader', multiple: undefined };
    const f = def(tree, cascader);
    expect(keys(run(f, { tr: ['a', 'b', 1] }), 'tr')).toEqual(['limit']);
    expect(run(f, { tr: ['a', 'b'], ca: ['a', 'b'] }).valid).toBe(true);
  });
});

describe('reading time [spec:S0.4.7]', () => {
  const form = def({
    prop: 'consent',
    label: t('consent'),
    type: 'radio',
    dicData: yesNo,
    readingTime: 10,
    isDelayCheck: true,
  });

  it('refuses an answer until the countdown has ended', () => {
    const shownAt = { consent: NOW - 4_000 };
    const early = run(form, { consent: 1 }, visitor, { reading: { shownAt } });
    expect(early.fields.consent!.readingRemaining).toBe(6);
    expect(early.errors).toEqual([
      { field: 'consent', key: 'readingTime', params: { field: 'consent', seconds: 6 } },
    ]);
    const later = run(form, { consent: 1 }, visitor, { reading: { shownAt: { consent: NOW - 10_000 } } });
    expect(later.valid).toBe(true);
    expect(run(form, { consent: 1 }, visitor, { reading: { done: ['consent'] } }).valid).toBe(true);
  });

  it('a field not shown yet has its whole countdown ahead; without reading state nothing is checked', () => {
    expect(run(form, {}, visitor, { reading: {} }).fields.consent!.readingRemaining).toBe(10);
    expect(run(form, { consent: 1 }, visitor).valid).toBe(true);
    // isDelayCheck off: reading time is only shown
    const off = def({ ...form.columns[0]!, isDelayCheck: false });
    expect(run(off, { consent: 1 }, visitor, { reading: {} }).valid).toBe(true);
  });
});

describe('grading [spec:S0.3.38] [spec:S0.4.10] [spec:S0.5.12] [spec:S1.5.9]', () => {
  const form = def(lib('gradingResults'));

  it('grades are 1-4 (A-D or stars)', () => {
    expect(keys(run(form, { gradingResults: 5 }), 'gradingResults')).toEqual(['range']);
    expect(run(form, { gradingResults: 4 }).valid).toBe(true);
  });

  it('the explanation is required only when the result is inconsistent (0)', () => {
    expect(run(form, { gradingResults: 2, gradeResult_result: 1 }).valid).toBe(true);
    const bad = run(form, { gradingResults: 2, gradeResult_result: 0 });
    expect(bad.errors.map((e) => [e.field, e.key])).toEqual([['gradingResultsDesc', 'required']]);
    expect(run(form, { gradingResults: 2, gradeResult_result: 0, gradingResultsDesc: 'why' }).valid).toBe(
      true,
    );
  });

  it('the explanation has at most 1000 characters', () => {
    const e = run(form, { gradingResults: 2, gradeResult_result: 0, gradingResultsDesc: 'x'.repeat(1001) });
    expect(e.errors[0]).toMatchObject({
      field: 'gradingResultsDesc',
      key: 'maxLength',
      params: { max: 1000 },
    });
  });

  it("option 1 shows the 'report crisis' notice", () => {
    expect(run(form, { gradingResults: 1 }).fields.gradingResults!.notices).toContain(
      'forms.notice.reportCrisis',
    );
    expect(run(form, { gradingResults: 2 }).fields.gradingResults!.notices).not.toContain(
      'forms.notice.reportCrisis',
    );
  });
});

describe('limits [spec:S0.5.6] [spec:S0.5.12] [spec:S0.9.1]', () => {
  it('trackDate is at most 7 days back and not in the future [spec:S0.3.25]', () => {
    const form = def(lib('trackDate'));
    expect(run(form, { trackDate: '2026-03-10' }).valid).toBe(true);
    expect(run(form, { trackDate: '2026-03-03' }).valid).toBe(true);
    expect(keys(run(form, { trackDate: '2026-03-02' }), 'trackDate')).toEqual(['dateTooOld']);
    expect(keys(run(form, { trackDate: '2026-03-11' }), 'trackDate')).toEqual(['dateFuture']);
    expect(keys(run(form, { trackDate: '2026-02-30' }), 'trackDate')).toEqual(['dateFormat']);
  });

  it('the calendar day is China time: 20:00 UTC is already the next day', () => {
    const form = def(lib('trackDate'));
    expect(
      evaluate(form, { trackDate: '2026-03-11' }, staff, { now: Date.parse('2026-03-10T20:00:00Z') }).valid,
    ).toBe(true);
  });

  it('text areas take 200 characters [spec:S0.3.18]', () => {
    const form = def(lib('finishResult'));
    expect(run(form, { finishResult: 'x'.repeat(200) }).valid).toBe(true);
    expect(run(form, { finishResult: 'x'.repeat(201) }).errors[0]).toMatchObject({
      key: 'maxLength',
      params: { max: 200 },
    });
    // characters, not UTF-16 units
    expect(run(form, { finishResult: '😀'.repeat(200) }).valid).toBe(true);
  });

  it('intervention hours are 0-999 [spec:S0.3.29]', () => {
    const form = def(lib('InterventionHours'));
    expect(run(form, { InterventionHours: 0 }).valid).toBe(true);
    expect(run(form, { InterventionHours: 999 }).valid).toBe(true);
    expect(keys(run(form, { InterventionHours: 1000 }), 'InterventionHours')).toEqual(['range']);
    expect(keys(run(form, { InterventionHours: -1 }), 'InterventionHours')).toEqual(['range']);
    expect(keys(run(form, { InterventionHours: 'lots' }), 'InterventionHours')).toEqual(['type']);
  });

  it('the slider is 1-10 in whole steps [spec:S0.3.23]', () => {
    const form = def(lib('tensionLevel'));
    expect(run(form, { tensionLevel: 1 }).valid && run(form, { tensionLevel: 10 }).valid).toBe(true);
    expect(keys(run(form, { tensionLevel: 0 }), 'tensionLevel')).toEqual(['range']);
    expect(keys(run(form, { tensionLevel: 11 }), 'tensionLevel')).toEqual(['range']);
    expect(keys(run(form, { tensionLevel: 2.5 }), 'tensionLevel')).toEqual(['integer']);
  });

  it('phones, e-mails and ID cards use the shared rules [spec:S0.5.3] [spec:S0.5.2] [spec:S0.5.4]', () => {
    const form = def(lib('visitorPhone'), lib('email'), lib('idCard'));
    expect(
      run(form, { visitorPhone: '13812345678', email: 'a@b.cn', idCard: '11010519491231002X' }).valid,
    ).toBe(true);
    const bad = run(form, { visitorPhone: '1381234567', email: 'a@', idCard: '110105194912310021' });
    expect(bad.errors.map((e) => e.key)).toEqual(['phone', 'email', 'idCard']);
  });

  it('masked values are not checked: they stand for the stored value [spec:S0.5.7]', () => {
    const form = def(lib('phone'), lib('idCard'));
    expect(run(form, { phone: '138****5678', idCard: '110***********002X' }).valid).toBe(true);
  });

  it('time selections are lists of {time: start-end, weeks 1-7} [spec:S0.3.24]', () => {
    const form = def(lib('contactTime'));
    expect(run(form, { contactTime: [{ time: '08:00-09:30', weeks: [1, 3, 7] }] }).valid).toBe(true);
    for (const bad of [
      [{ time: '09:00-08:00', weeks: [1] }],
      [{ time: '08:00-09:00', weeks: [8] }],
      [{ time: '8-9', weeks: [1] }],
      [{ time: '08:00-09:00', weeks: [] }],
    ]) {
      expect(keys(run(form, { contactTime: bad }), 'contactTime')).toEqual(['timeGrid']);
    }
  });

  it('the visitorSelfAssessRules table checks its columns [spec:S0.3.33]', () => {
    const form = def(lib('visitorSelfAssessRules'));
    expect(
      run(form, { visitorSelfAssessRules: [{ title: 'sleep', value: 'bad', result: 'low', score: 3 }] })
        .valid,
    ).toBe(true);
    const e = run(form, { visitorSelfAssessRules: [{ title: 'a' }, { score: 'x' }] });
    expect(e.errors[0]).toMatchObject({ key: 'table', params: { row: 2 } });
    expect(keys(run(form, { visitorSelfAssessRules: [{ extra: 1 }] }), 'visitorSelfAssessRules')).toEqual([
      'table',
    ]);
  });

  it('column rules: pattern and length, with the builder message', () => {
    const form = def({
      prop: 'code',
      label: t('code'),
      type: 'input',
      rules: [{ pattern: '^[A-Z]+$', message: t('capitals only') }],
    });
    const e = run(form, { code: 'abc' });
    expect(e.errors[0]).toMatchObject({ key: 'pattern', message: t('capitals only') });
    expect(formatFormError(e.errors[0]!, 'en-US', 'Code')).toBe('capitals only');
  });
});

describe('rich text [spec:S0.3.36] [spec:S0.5.12]', () => {
  const form = def({
    prop: 'agreement',
    label: t('agreement'),
    type: 'richTxt',
    required: true,
    richItems: [
      { type: 'text', content: t('I, ') },
      { type: 'input', prop: 'rich_name', maxlength: 20 },
      { type: 'comma' },
      { type: 'text', content: t('agree on ') },
      { type: 'date', prop: 'rich_date' },
      { type: 'period' },
      { type: 'br' },
    ],
  });

  it('answers live under rich_* keys; required means every input and date', () => {
    expect(run(form, { rich_name: 'Li', rich_date: '2026-03-01' }).valid).toBe(true);
    expect(run(form, { rich_name: 'Li' }).errors.map((e) => [e.field, e.key])).toEqual([
      ['rich_date', 'required'],
    ]);
    const e = run(form, { rich_name: 'x'.repeat(21), rich_date: '1 March' });
    expect(e.errors.map((x) => [x.field, x.key])).toEqual([
      ['rich_name', 'maxLength'],
      ['rich_date', 'dateFormat'],
    ]);
    expect(run(form, { rich_name: 'Li', rich_date: '2026-03-01', junk: 1 }).answer).toEqual({
      rich_name: 'Li',
      rich_date: '2026-03-01',
    });
  });
});

describe('viewer: roles, signatures, view mode [spec:S0.6.7] [spec:S0.4.8] [spec:S0.4.9]', () => {
  it('visibleCharacters shows a column only to holders of those roles, without clearing its answer', () => {
    const form = def({
      prop: 'note',
      label: t('note'),
      type: 'textarea',
      required: true,
      visibleCharacters: ['ROLE_CONSULTANT'],
    });
    const v = run(form, { note: 'private' }, visitor);
    expect(v.fields.note!.visible).toBe(false);
    expect(v.fields.note!.hiddenBy).toBe('role');
    expect(v.fields.note!.required).toBe(false);
    expect(v.answer).toEqual({ note: 'private' });
    expect(run(form, {}, staff).fields.note!.required).toBe(true);
  });

  it('only admins edit the department field', () => {
    const form = def(lib('deptId'));
    expect(run(form, {}, admin).fields.deptId!.editable).toBe(true);
    expect(run(form, {}, staff).fields.deptId!.editable).toBe(false);
    expect(run(form, {}, staff).fields.deptId!.required).toBe(false);
  });

  it('a visitor signs sign_student, staff sign_teacher; the other one drops its required rule', () => {
    const form = def(
      lib('sign_student', { required: true }),
      lib('sign_teacher', { required: true }),
      lib('sign_supervisor'),
    );
    const v = run(form, {}, visitor);
    expect([v.fields.sign_student!.editable, v.fields.sign_teacher!.editable]).toEqual([true, false]);
    expect(v.errors.map((e) => e.field)).toEqual(['sign_student']);
    const s = run(form, {}, staff);
    expect([s.fields.sign_student!.editable, s.fields.sign_teacher!.editable]).toEqual([false, true]);
    expect(s.errors.map((e) => e.field)).toEqual(['sign_teacher']);
    expect(s.fields.sign_supervisor!.editable).toBe(false);
    expect(run(form, {}, { roleCodes: ['ROLE_SUPERVISOR'] }).fields.sign_supervisor!.editable).toBe(true);
  });

  it('a given signature cannot be changed and keeps its stamps', () => {
    const form = def(lib('sign_teacher'));
    const answer = {
      sign_teacher: 'data:image/png;base64,AAAA',
      sign_teacher_signUserName: 'wang',
      sign_teacher_signRealName: 'Wang',
      sign_teacher_signTime: NOW,
    };
    const e = run(form, answer, staff);
    expect(e.fields.sign_teacher!.editable).toBe(false);
    expect(e.fields.sign_teacher!.notices).toContain('forms.notice.signatureFinal');
    expect(e.answer).toEqual(answer);
    // stamps without a signature are dropped
    expect(run(form, { sign_teacher_signTime: NOW }).answer).toEqual({});
  });

  it('view mode: nothing is editable, nothing is required, no errors', () => {
    const form = def(lib('repeatStatus'));
    const e = run(form, {}, { roleCodes: ['ROLE_CONSULTANT'], mode: 'view' });
    expect(e.fields.repeatStatus).toMatchObject({ visible: true, editable: false, required: false });
    expect(e.valid).toBe(true);
  });

  it('builder-required fields are required [spec:S0.5.13]', () => {
    const form = def(
      lib('repeatStatus'),
      lib('isHospitalize'),
      lib('risk_assessment'),
      lib('interviewAssessResult'),
    );
    expect(run(form, {}).errors.map((e) => e.field)).toEqual([
      'repeatStatus',
      'isHospitalize',
      'risk_assessment',
      'interviewAssessResult',
    ]);
  });

  it("a required field's message is '{label} must be filled' [spec:S0.5.13] [spec:S1.5.7]", () => {
    const e = run(def(lib('oneConsultWishes', { required: true })), {});
    expect(formatFormError(e.errors[0]!, 'en-US', 'Individual counselling wish')).toBe(
      'Individual counselling wish must be filled',
    );
    expect(formatFormError(e.errors[0]!, 'zh-CN', '个体咨询意愿')).toBe('个体咨询意愿必须填写');
  });
});

describe('switches and cleaning', () => {
  it('isUse false removes the column and its answer; display false keeps the answer unshown', () => {
    const form = def(
      { prop: 'a', label: t('a'), type: 'input', isUse: false, required: true },
      { prop: 'b', label: t('b'), type: 'input', display: false, required: true },
    );
    const e = run(form, { a: 'x', b: 'y' });
    expect(e.fields.a!.hiddenBy).toBe('unused');
    expect(e.fields.b!.hiddenBy).toBe('display');
    expect(e.answer).toEqual({ b: 'y' });
    expect(e.valid).toBe(true);
  });

  it('unknown keys and _required flags are dropped; history is kept even for hidden fields [spec:S0.3.34]', () => {
    const form = def(lib('transferTo'), lib('transferToType'));
    const e = run(form, {
      transferTo: 1,
      transferToType: 2,
      transferToType_lastValue: 10,
      transferToType_lastLabel: t('Single session'),
      transferToType_required: true,
      hack: 'x',
    });
    expect(e.answer).toEqual({
      transferTo: 1,
      transferToType_lastValue: 10,
      transferToType_lastLabel: t('Single session'),
    });
  });

  it('the first error is the first field in form order (where the form scrolls) [spec:S0.5.15]', () => {
    const form = def(lib('repeatStatus'), lib('finishResult', { required: true }));
    expect(run(form, {}).errors[0]!.field).toBe('repeatStatus');
  });
});

describe('birthday uses the shared rule [spec:S0.5.6] [spec:S0.3.3]', () => {
  it('refuses a future birthday and one before 1900', () => {
    const form = def(lib('birthday'));
    expect(run(form, { birthday: '2001-02-03' }).valid).toBe(true);
    expect(keys(run(form, { birthday: '2026-03-12' }), 'birthday')).toEqual(['dateFuture']);
    expect(keys(run(form, { birthday: '1899-12-31' }), 'birthday')).toEqual(['dateTooEarly']);
  });
});

describe('time grid against the school slots [spec:S0.3.24] [spec:S0.7.21]', () => {
  const grid: FormColumn = {
    prop: 'consultTimes',
    label: { 'zh-CN': '时间', 'en-US': 'Times' },
    type: 'timeGrid',
  };
  const slots = [
    { time: '08:00-08:30', weeks: [1, 2, 3] },
    { time: '14:00-14:30', weeks: [1] },
  ];
  const viewer = { roleCodes: ['ROLE_GENERAL'] };
  const errorsOf = (value: unknown, previous?: Record<string, unknown>) =>
    evaluate({ columns: [grid] }, { consultTimes: value }, viewer, {
      timeSlots: { consultTimes: slots },
      ...(previous ? { previous } : {}),
    }).fields.consultTimes!.errors.map((e) => e.key);

  it('accepts offered times on offered weekdays', () => {
    expect(
      errorsOf([
        { time: '08:00-08:30', weeks: [1, 3] },
        { time: '14:00-14:30', weeks: [1] },
      ]),
    ).toEqual([]);
  });

  it('refuses a time or a weekday the school does not offer', () => {
    expect(errorsOf([{ time: '09:00-09:30', weeks: [1] }])).toEqual(['option']);
    expect(errorsOf([{ time: '14:00-14:30', weeks: [2] }])).toEqual(['option']);
  });

  it('keeps what the stored answer already held after the slots change; shape is still checked', () => {
    const old = [{ time: '09:00-09:30', weeks: [5] }];
    expect(errorsOf(old, { consultTimes: old })).toEqual([]);
    expect(errorsOf([{ time: '09:00-09:30', weeks: [5, 6] }], { consultTimes: old })).toEqual(['option']);
    expect(errorsOf([{ time: '9-10', weeks: [1] }])).toEqual(['timeGrid']);
    // Without slots only the shape counts.
    expect(
      evaluate({ columns: [grid] }, { consultTimes: [{ time: '09:00-09:30', weeks: [1] }] }, viewer).valid,
    ).toBe(true);
  });
});
