import { describe, expect, it } from 'vitest';
import {
  allowsReturn,
  approvalOutcome,
  assessmentOutcome,
  ASSESSMENT_DEFINITIONS,
  checkAssessment,
  checkTrackDate,
  collegeReportStatus,
  decisionStepFor,
  deriveWarningFlag,
  hasNetworkReach,
  isFollowUpDue,
  mayWork,
  monthDays,
  nextFollowUpDue,
  nextWarningFlag,
  previousMonth,
  nextMonth,
  reachOf,
  calendarDay,
  CRISIS_ASSESSMENT_PROPS,
} from './index';

const NOW = Date.parse('2026-03-10T04:00:00Z'); // 12:00 in China, 10 March

describe('trackDate [spec:S1.5.10] [spec:S1.9.8]', () => {
  it('is not in the future and at most 7 days back, in China time', () => {
    expect(checkTrackDate('2026-03-10', NOW)).toBeNull();
    expect(checkTrackDate('2026-03-03', NOW)).toBeNull();
    expect(checkTrackDate('2026-03-02', NOW)).toBe('dateTooOld');
    expect(checkTrackDate('2026-03-11', NOW)).toBe('dateFuture');
    expect(checkTrackDate('2026-02-30', NOW)).toBe('dateFormat');
    expect(checkTrackDate('', NOW)).toBe('required');
    // 20:00 UTC on the 10th is already the 11th in China.
    expect(checkTrackDate('2026-03-11', Date.parse('2026-03-10T20:00:00Z'))).toBeNull();
  });
});

describe('crisis assessment form [spec:S1.3.10] [spec:S1.4.16]', () => {
  const base = {
    isCrisisStatus: 1,
    collegeLevelcrisis: 2,
    currentStatus: [2, 9],
    trackDate: '2026-03-09',
  };

  it('has the crisis report fields of S1.3.10 with trackDate last', () => {
    expect(ASSESSMENT_DEFINITIONS.crisis.columns.map((c) => c.prop)).toEqual([...CRISIS_ASSESSMENT_PROPS]);
    expect(CRISIS_ASSESSMENT_PROPS.at(-1)).toBe('trackDate');
  });

  it('requires the status, level, current state and trackDate', () => {
    const res = checkAssessment('crisis', {}, { now: NOW });
    expect(res.errors.map((e) => [e.field, e.key])).toEqual([
      ['isCrisisStatus', 'required'],
      ['collegeLevelcrisis', 'required'],
      ['currentStatus', 'required'],
      ['trackDate', 'required'],
    ]);
    expect(checkAssessment('crisis', base, { now: NOW }).valid).toBe(true);
  });

  it('psyAssistanceSystem 1 makes expertsFeedback and managementProcess required; 2 does not', () => {
    const on = checkAssessment('crisis', { ...base, psyAssistanceSystem: 1 }, { now: NOW });
    expect(on.errors.map((e) => e.field)).toEqual(['expertsFeedback', 'managementProcess']);
    const filled = checkAssessment(
      'crisis',
      {
        ...base,
        psyAssistanceSystem: 1,
        expertsFeedback: 'see a psychiatrist',
        managementProcess: 'escorted',
      },
      { now: NOW },
    );
    expect(filled.valid).toBe(true);
    expect(checkAssessment('crisis', { ...base, psyAssistanceSystem: 2 }, { now: NOW }).valid).toBe(true);
  });

  it('refuses values outside the value sets and a trackDate out of its window', () => {
    const res = checkAssessment(
      'crisis',
      { ...base, collegeLevelcrisis: 5, trackDate: '2026-02-01' },
      { now: NOW },
    );
    expect(res.errors.map((e) => [e.field, e.key])).toEqual([
      ['collegeLevelcrisis', 'option'],
      ['trackDate', 'dateTooOld'],
    ]);
  });

  it('tells the record its attention level and crisis status; drops unknown keys', () => {
    const res = checkAssessment('crisis', { ...base, hacked: 'x' }, { now: NOW });
    expect(res.answer).not.toHaveProperty('hacked');
    expect(assessmentOutcome('crisis', res.answer)).toMatchObject({ collegeLevel: 2, isCrisisStatus: 1 });
  });

  it('return assessment: conclusion, certificate, state and trackDate; an opinion when not plainly fit', () => {
    const ok = { returnConclusion: 1, medicalCertificate: 1, currentStatus: [1], trackDate: '2026-03-10' };
    expect(checkAssessment('return', ok, { now: NOW }).valid).toBe(true);
    const notYet = checkAssessment('return', { ...ok, returnConclusion: 3 }, { now: NOW });
    expect(notYet.errors.map((e) => e.field)).toEqual(['returnOpinion']);
    expect(assessmentOutcome('return', { returnConclusion: 3 }).returnConclusion).toBe(3);
    expect([allowsReturn(1), allowsReturn(2), allowsReturn(3), allowsReturn(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('warning flags [spec:S1.4.6]', () => {
  it('alert while unacknowledged or in crisis, abnormal while worked, tracking/attention for key persons', () => {
    const flag = (
      openRecords: { status: number; acknowledged: boolean; isCrisisStatus: number | null }[],
      focusLevel: number | null,
    ) => deriveWarningFlag({ openRecords, focusLevel });
    expect(flag([{ status: 1, acknowledged: false, isCrisisStatus: null }], null)).toBe(5);
    expect(flag([{ status: 2, acknowledged: true, isCrisisStatus: 1 }], null)).toBe(5);
    expect(flag([{ status: 2, acknowledged: true, isCrisisStatus: 2 }], 1)).toBe(4);
    expect(flag([{ status: 3, acknowledged: true, isCrisisStatus: 1 }], 1)).toBe(3);
    expect(flag([], 2)).toBe(3);
    expect(flag([], 3)).toBe(2);
    expect(flag([], null)).toBe(1);
  });

  it('a hand-set flag stands until the derived flag moves', () => {
    const manual = { flag: 5 as const, derived: 3 as const, manual: true };
    expect(nextWarningFlag(manual, 3)).toBe(manual);
    expect(nextWarningFlag(manual, 2)).toEqual({ flag: 2, derived: 2, manual: false });
    expect(nextWarningFlag(null, 4)).toEqual({ flag: 4, derived: 4, manual: false });
  });
});

describe('reach of the network roles [spec:S1.6.13] [spec:S1.6.15] [spec:S1.6.17] [spec:S1.6.18]', () => {
  it('centre and overall heads and administrators see the school', () => {
    for (const code of ['CRISIS_ROLE_SUPERINTENDENT', 'CRISIS_ROLE_CENTER_SUPERINTENDENT', 'ROLE_ADMIN'])
      expect(reachOf([code], 'crisis').school).toBe(true);
  });

  it('advisors, faculty heads and faculty consultants work their coverage; query roles only read', () => {
    expect(reachOf(['CRISIS_ROLE_CONSULTANT'], 'crisis')).toEqual({
      school: false,
      clinicalRoles: ['CRISIS_ROLE_CONSULTANT'],
      readRoles: [],
    });
    const query = reachOf(['CRISIS_INTERVENE_SEARCH'], 'crisis');
    expect(hasNetworkReach(query)).toBe(true);
    expect(mayWork(query)).toBe(false);
    // Each query role reads its own area only.
    expect(hasNetworkReach(reachOf(['CRISIS_INTERVENE_SEARCH'], 'focus'))).toBe(false);
    expect(reachOf(['EMPHASIS_INTERVENE_SEARCH'], 'focus').readRoles).toEqual(['EMPHASIS_INTERVENE_SEARCH']);
  });

  it('class members and students have no network reach: they see their own reports', () => {
    expect(hasNetworkReach(reachOf(['CRISIS_ROLE_CLASS'], 'crisis'))).toBe(false);
    expect(hasNetworkReach(reachOf(['ROLE_GENERAL'], 'crisis'))).toBe(false);
  });
});

describe('key-person follow-up plan', () => {
  const days = { 1: 7, 2: 14, 3: 30 } as const;
  it('is due the interval of the level after the latest follow-up, or after the start', () => {
    expect(nextFollowUpDue(1, '2026-03-01', null, days)).toBe('2026-03-08');
    expect(nextFollowUpDue(2, '2026-03-01', '2026-03-05', days)).toBe('2026-03-19');
    expect(nextFollowUpDue(3, '2026-03-01', '2026-02-20', days)).toBe('2026-03-31');
    expect(isFollowUpDue('2026-03-11', '2026-03-10', 1)).toBe(true);
    expect(isFollowUpDue('2026-03-12', '2026-03-10', 1)).toBe(false);
    expect(isFollowUpDue('2026-03-01', '2026-03-10')).toBe(true);
    expect(calendarDay(Date.parse('2026-03-10T17:00:00Z'))).toBe('2026-03-11');
  });
});

describe('approvals: audit status and modes', () => {
  const steps = [
    { level: 2, approverIds: [2, 3] },
    { level: 3, approverIds: [4] },
  ];
  it('any one decides (3)', () => {
    expect(approvalOutcome(3, steps, [])).toMatchObject({ status: 1, waitingFor: [2, 3, 4] });
    expect(approvalOutcome(3, steps, [{ step: 1, userId: 4, approve: true }]).status).toBe(2);
    expect(approvalOutcome(3, steps, [{ step: 0, userId: 2, approve: false }]).status).toBe(3);
  });
  it('all must agree (2)', () => {
    const some = [
      { step: 0, userId: 2, approve: true },
      { step: 1, userId: 4, approve: true },
    ];
    expect(approvalOutcome(2, steps, some)).toMatchObject({ status: 1, waitingFor: [3] });
    expect(approvalOutcome(2, steps, [...some, { step: 0, userId: 3, approve: true }]).status).toBe(2);
  });
  it('sequential (1): one approver per step, in order', () => {
    expect(approvalOutcome(1, steps, [])).toMatchObject({ status: 1, currentStep: 0, waitingFor: [2, 3] });
    expect(decisionStepFor(1, steps, [], 4)).toBeNull();
    const first = [{ step: 0, userId: 3, approve: true }];
    expect(approvalOutcome(1, steps, first)).toMatchObject({ status: 1, currentStep: 1, waitingFor: [4] });
    expect(decisionStepFor(1, steps, first, 4)).toBe(1);
    expect(approvalOutcome(1, steps, [...first, { step: 1, userId: 4, approve: true }]).status).toBe(2);
  });
});

describe('collegeReportStatus [spec:S0.7.29]', () => {
  it('submitted, zero, draft, missing or overdue after the due day of the next month', () => {
    expect(collegeReportStatus({ status: 2, nothingToReport: false }, '2026-02', '2026-03-20', 5)).toBe(
      'submitted',
    );
    expect(collegeReportStatus({ status: 2, nothingToReport: true }, '2026-02', '2026-03-20', 5)).toBe(
      'zero',
    );
    expect(collegeReportStatus({ status: 1, nothingToReport: false }, '2026-02', '2026-03-05', 5)).toBe(
      'draft',
    );
    expect(collegeReportStatus(null, '2026-02', '2026-03-05', 5)).toBe('missing');
    expect(collegeReportStatus(null, '2026-02', '2026-03-06', 5)).toBe('overdue');
    expect(collegeReportStatus({ status: 1, nothingToReport: false }, '2026-02', '2026-03-06', 5)).toBe(
      'overdue',
    );
  });
  it('months roll over years', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(monthDays('2024-02')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
  });
});
