import type { FormDefinition } from '@psy/forms';
import { describe, expect, it } from 'vitest';
import {
  agreementKindOf,
  contentDefinition,
  dueIn,
  fillPath,
  fillTargetOf,
  gradeText,
  sideBySide,
  signatureColumns,
  tabFilter,
  paragraphsOf,
  shortVersion,
  teamSignQuery,
} from './case-format';

describe('case screens, pure parts', () => {
  it('lays an agreement out in paragraphs and names its version by 12 hex digits [spec:S1.7.23]', () => {
    expect(paragraphsOf('First.\n\nSecond line one\nline two.\r\n\r\n\n  \nThird.')).toEqual([
      'First.',
      'Second line one\nline two.',
      'Third.',
    ]);
    expect(paragraphsOf('')).toEqual([]);
    expect(shortVersion('a'.repeat(64))).toBe('aaaaaaaaaaaa');
  });

  it('asks getSign for one’s own signature, or a named counsellor’s only with consult_case_all [spec:S1.7.27]', () => {
    expect(teamSignQuery(5, 5, false)).toEqual({});
    expect(teamSignQuery(5, 5, true)).toEqual({});
    expect(teamSignQuery(7, 5, true)).toEqual({ userId: 7 });
    expect(teamSignQuery(7, 5, false)).toBeNull();
    expect(teamSignQuery(null, 5, true)).toBeNull();
  });

  it('maps status tabs to the list call’s filter [spec:S1.4.3]', () => {
    expect(tabFilter('live')).toEqual({ live: true });
    expect(tabFilter('transfer')).toEqual({ status: 'transfer' });
    expect(tabFilter('all')).toEqual({});
  });

  it('shows grades as levels A-D or stars 1-4, 1 the most serious [spec:S1.3.9]', () => {
    expect(gradeText(1)).toBe('A');
    expect(gradeText(4)).toBe('D');
    expect(gradeText(2, 'star')).toBe('★★');
    expect(gradeText(null)).toBe('—');
    expect(gradeText(5)).toBe('—');
  });

  it('reads the record page’s query: a record, a session’s record, or a closing summary', () => {
    expect(fillTargetOf(new URLSearchParams('recordId=7&appointmentId=3'))).toEqual({ recordId: 7 });
    expect(fillTargetOf(new URLSearchParams('appointmentId=3&kind=first_interview'))).toEqual({
      appointmentId: 3,
      kind: 'first_interview',
    });
    // A closing summary belongs to a case, never to an appointment.
    expect(fillTargetOf(new URLSearchParams('appointmentId=3&kind=closing'))).toEqual({ appointmentId: 3 });
    expect(fillTargetOf(new URLSearchParams('caseId=9'))).toEqual({ caseId: 9, kind: 'closing' });
    expect(fillTargetOf(new URLSearchParams('recordId=x'))).toBeNull();
    expect(fillPath({ caseId: 9, kind: 'closing' })).toBe('/consult/record/fill?caseId=9&kind=closing');
  });

  it('gives the renderer the content and keeps signatures apart [spec:S1.6.20]', () => {
    const def = {
      columns: [
        { prop: 'sessionNote', type: 'textarea', label: { 'zh-CN': '记录', 'en-US': 'Notes' } },
        { prop: 'sign_teacher', type: 'signature', label: { 'zh-CN': '咨询师', 'en-US': 'Counsellor' } },
      ],
    } as unknown as Pick<FormDefinition, 'columns'>;
    expect(contentDefinition(def).columns.map((c) => c.prop)).toEqual(['sessionNote']);
    expect(signatureColumns(def).map((c) => c.prop)).toEqual(['sign_teacher']);
    expect(signatureColumns(null)).toEqual([]);
  });

  it('lays an amendment side by side with labels, option labels and named images', () => {
    const columns = [{ prop: 'tensionLevel', label: { 'zh-CN': '紧张程度', 'en-US': 'Tension' } }] as never;
    const rows = sideBySide(
      [
        { key: 'tensionLevel', from: 3, to: 7, fromLabel: null, toLabel: null },
        {
          key: 'injuryTendency',
          from: 1,
          to: 3,
          fromLabel: { 'en-US': 'none' },
          toLabel: { 'en-US': 'yes' },
        },
        { key: 'sign_x', from: null, to: 'data:image/png;base64,AA' },
      ],
      columns,
      'en-US',
    );
    expect(rows).toEqual([
      { key: 'tensionLevel', label: 'Tension', before: '3', after: '7' },
      { key: 'injuryTendency', label: 'injuryTendency', before: 'none', after: 'yes' },
      { key: 'sign_x', label: 'sign_x', before: '—', after: '[image]' },
    ]);
  });

  it('counts the time left before a record locks, and past it', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(dueIn('2026-01-02T05:00:00Z', now)).toEqual({ days: 1, hours: 5, past: false });
    expect(dueIn('2025-12-31T22:00:00Z', now)).toEqual({ days: 0, hours: 2, past: true });
  });

  it('chooses the agreement call by the appointment type [spec:S1.7.23]', () => {
    expect(agreementKindOf(2)).toBe('profiles');
    expect(agreementKindOf(10)).toBe('primaryunit');
    expect(agreementKindOf(15)).toBe('first');
    expect(agreementKindOf(14)).toBe('interview');
    expect(agreementKindOf(11)).toBe('manned');
    expect(agreementKindOf(1)).toBe('assessments');
  });
});
