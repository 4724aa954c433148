import { describe, expect, it } from 'vitest';
import type { FormDefinition } from './definition';
import { columnFromLibrary } from './field-library';
import {
  applyEdit,
  buildAmendment,
  decideChange,
  isSigned,
  labelOf,
  mergeSubmission,
  redactForViewer,
} from './history';
import { evaluate } from './evaluate';
import { signField } from './signatures';
import { dropMaskedValues, maskAnswer, maskUpdateFlags } from './masking';

const NOW = Date.parse('2026-03-10T04:00:00Z');
const t = (s: string) => ({ 'zh-CN': s, 'en-US': s });
const form: FormDefinition = {
  id: 'case',
  version: 3,
  name: t('case record'),
  columns: [
    columnFromLibrary('consultMethod'),
    columnFromLibrary('finishMethod'),
    columnFromLibrary('finishResult'),
    columnFromLibrary('sign_teacher'),
    columnFromLibrary('sign_supervisor'),
    columnFromLibrary('sign_student'),
  ],
};
const counsellor = { userName: 'wang', realName: 'Wang Li', roleCodes: ['ROLE_CONSULTANT'] };
const supervisor = { userName: 'zhao', realName: 'Zhao Min', roleCodes: ['ROLE_SUPERVISOR'] };
const IMG = 'data:image/png;base64,iVBORw0KGgo=';

describe('answer history [spec:S0.3.34]', () => {
  it('an edit keeps the previous value and its label in both languages', () => {
    const { answer, changed } = applyEdit(
      form,
      { consultMethod: 1, finishResult: 'ok' },
      { consultMethod: 2, finishResult: 'ok' },
    );
    expect(changed).toEqual(['consultMethod']);
    expect(answer).toEqual({
      consultMethod: 2,
      finishResult: 'ok',
      consultMethod_lastValue: 1,
      consultMethod_lastLabel: { 'zh-CN': '面询', 'en-US': 'Face to face' },
    });
  });

  it("the label of 'other' carries its text [spec:S0.3.37]", () => {
    const label = labelOf(form.columns[1]!, '0', { finishMethod: '0', finishMethod_text: 'moved' });
    expect(label).toEqual({ 'zh-CN': '其他：moved', 'en-US': 'Other: moved' });
  });

  it('unchanged fields keep their earlier history; history sent by the client is ignored', () => {
    const previous = { consultMethod: 2, consultMethod_lastValue: 1, consultMethod_lastLabel: t('x') };
    const { answer } = applyEdit(form, previous, {
      consultMethod: 2,
      consultMethod_lastValue: 3,
      finishResult_lastValue: 'forged',
    });
    expect(answer).toEqual(previous);
  });

  it('a first fill records no history', () => {
    expect(applyEdit(form, {}, { finishResult: 'new' }).answer).toEqual({ finishResult: 'new' });
  });
});

describe('signed answers change only by amendment [spec:S0.4.9] [spec:S0.3.31]', () => {
  const signed = (() => {
    const r = signField(
      form,
      { consultMethod: 1, finishResult: 'first' },
      'sign_teacher',
      counsellor,
      IMG,
      NOW,
    );
    if (!r.ok) throw new Error('sign failed');
    return r.answer;
  })();

  it('signing stamps signer and time', () => {
    expect(signed).toMatchObject({
      sign_teacher: IMG,
      sign_teacher_signUserName: 'wang',
      sign_teacher_signRealName: 'Wang Li',
      sign_teacher_signTime: NOW,
    });
    expect(isSigned(form, signed)).toBe(true);
    expect(isSigned(form, { consultMethod: 1 })).toBe(false);
  });

  it('signing is refused when empty, not allowed for the role, or already signed [spec:S0.5.8] [spec:S0.6.7]', () => {
    expect(signField(form, {}, 'sign_teacher', counsellor, ' ', NOW)).toMatchObject({
      ok: false,
      error: { key: 'required' },
    });
    expect(signField(form, {}, 'sign_supervisor', counsellor, IMG, NOW)).toMatchObject({
      ok: false,
      error: { key: 'signatureRole' },
    });
    expect(signField(form, {}, 'sign_student', counsellor, IMG, NOW)).toMatchObject({ ok: false });
    expect(signField(form, signed, 'sign_teacher', counsellor, IMG, NOW)).toMatchObject({
      ok: false,
      error: { key: 'signatureLocked' },
    });
  });

  it('an unsigned answer is edited in place', () => {
    const d = decideChange(form, { finishResult: 'a' }, { finishResult: 'b' });
    expect(d).toMatchObject({
      kind: 'edit',
      changed: ['finishResult'],
      answer: { finishResult: 'b', finishResult_lastValue: 'a' },
    });
    expect(decideChange(form, { finishResult: 'a' }, { finishResult: 'a' })).toEqual({ kind: 'unchanged' });
  });

  it('changing a signed answer must be an amendment', () => {
    expect(decideChange(form, signed, { ...signed, finishResult: 'rewritten' })).toEqual({
      kind: 'amendment',
      changed: ['finishResult'],
    });
  });

  it('a later signature on a signed answer is a plain edit (the supervisor signs after the counsellor)', () => {
    const r = signField(form, signed, 'sign_supervisor', supervisor, IMG, NOW + 1000);
    expect(r.ok).toBe(true);
    if (r.ok) expect(decideChange(form, signed, r.answer)).toMatchObject({ kind: 'edit' });
  });

  it('changing or removing a given signature is refused', () => {
    expect(
      decideChange(form, signed, { ...signed, sign_teacher: 'data:image/png;base64,BBBB' }),
    ).toMatchObject({
      kind: 'refused',
      errors: [{ field: 'sign_teacher', key: 'signatureLocked' }],
    });
    const { sign_teacher_signTime: _drop, ...restamped } = signed;
    expect(decideChange(form, signed, restamped)).toMatchObject({ kind: 'refused' });
  });

  it('an amendment keeps the original whole and records each change with labels', () => {
    const r = buildAmendment({
      definition: form,
      stored: signed,
      next: { ...signed, consultMethod: 2 },
      reason: 'method was recorded wrongly',
      author: { userId: 'u1', realName: 'Wang Li' },
      at: NOW,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.amendment.original).toEqual(signed);
    expect(r.amendment.original).not.toBe(signed);
    expect(r.amendment.amended).toMatchObject({
      consultMethod: 2,
      consultMethod_lastValue: 1,
      sign_teacher: IMG,
    });
    expect(r.amendment.changes).toEqual([
      {
        key: 'consultMethod',
        from: 1,
        to: 2,
        fromLabel: { 'zh-CN': '面询', 'en-US': 'Face to face' },
        toLabel: { 'zh-CN': '线上', 'en-US': 'Online' },
      },
    ]);
    expect(r.amendment).toMatchObject({
      formId: 'case',
      formVersion: 3,
      authorId: 'u1',
      createdAt: '2026-03-10T04:00:00.000Z',
    });
  });

  it('an amendment needs a reason and cannot touch a signature', () => {
    const base = { definition: form, stored: signed, author: { userId: 'u1', realName: 'W' }, at: NOW };
    expect(buildAmendment({ ...base, next: { ...signed, consultMethod: 2 }, reason: '  ' })).toMatchObject({
      ok: false,
      errors: [{ key: 'amendmentReason' }],
    });
    expect(buildAmendment({ ...base, next: { ...signed, sign_teacher: 'x' }, reason: 'r' })).toMatchObject({
      ok: false,
      errors: [{ key: 'signatureLocked' }],
    });
  });
});

describe('server merge and redaction [spec:S0.6.7] [spec:S0.5.7]', () => {
  const profile: FormDefinition = {
    id: 'profile',
    version: 1,
    name: t('profile'),
    columns: [
      columnFromLibrary('realName'),
      columnFromLibrary('phone'),
      columnFromLibrary('deptId'),
      columnFromLibrary('psycho_diagnosis', { visibleCharacters: ['ROLE_CONSULTANT'] }),
      columnFromLibrary('gradingResults'),
      columnFromLibrary('sign_student'),
    ],
  };
  const stored = {
    realName: '王小明',
    phone: '13812345678',
    deptId: 'd1',
    psycho_diagnosis: 'confidential',
    gradingResults: 2,
    gradeResult_result: 1,
  };
  const student = { roleCodes: ['ROLE_GENERAL'] };

  it('a field a role may not see is not sent to it', () => {
    expect(redactForViewer(profile, stored, student)).not.toHaveProperty('psycho_diagnosis');
    expect(redactForViewer(profile, stored, { roleCodes: ['ROLE_CONSULTANT'] })).toHaveProperty(
      'psycho_diagnosis',
    );
  });

  it('a submission changes only what the viewer may edit; masked values and the grade verdict stay', () => {
    const submitted = {
      realName: '王**',
      phone: '13900000000',
      deptId: 'd2',
      psycho_diagnosis: 'overwritten',
      gradingResults: 3,
      gradeResult_result: 1,
      sign_student: IMG,
      sign_student_signRealName: 'forged',
    };
    const merged = mergeSubmission(profile, stored, submitted, student, {
      signer: { userName: 's1', realName: '王小明', roleCodes: ['ROLE_GENERAL'] },
      at: NOW,
    });
    expect(merged).toEqual({
      realName: '王小明',
      phone: '13900000000',
      deptId: 'd1',
      psycho_diagnosis: 'confidential',
      gradingResults: 3,
      gradeResult_result: 1,
      sign_student: IMG,
      sign_student_signUserName: 's1',
      sign_student_signRealName: '王小明',
      sign_student_signTime: NOW,
    });
    expect(evaluate(profile, merged, student, { now: NOW }).valid).toBe(true);
  });

  it('masking: masked for display, dropped on submit, update flags for new values [spec:S0.3.32]', () => {
    const masked = maskAnswer(profile, stored);
    expect(masked).toMatchObject({ realName: '王**', phone: '138****5678' });
    expect(dropMaskedValues(profile, masked)).not.toHaveProperty('phone');
    expect(maskUpdateFlags(profile, { realName: '王**', phone: '13900000000' })).toEqual({
      updateRealNameFlag: 0,
      updatePhoneFlag: 1,
    });
  });
});
