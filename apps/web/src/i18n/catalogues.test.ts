import { IMPORT_MESSAGES } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import enMain from './en-US.json';
import zhMain from './zh-CN.json';
import enAdmin from './parts/admin.en-US.json';
import zhAdmin from './parts/admin.zh-CN.json';
import enAppointments from './parts/appointments.en-US.json';
import zhAppointments from './parts/appointments.zh-CN.json';
import enScheduling from './parts/scheduling.en-US.json';
import zhScheduling from './parts/scheduling.zh-CN.json';
import enAssessment from './parts/assessment.en-US.json';
import zhAssessment from './parts/assessment.zh-CN.json';
import enAssessmentStaff from './parts/assessment-staff.en-US.json';
import zhAssessmentStaff from './parts/assessment-staff.zh-CN.json';
import enCrisis from './parts/crisis.en-US.json';
import zhCrisis from './parts/crisis.zh-CN.json';
import enSso from './parts/sso.en-US.json';
import zhSso from './parts/sso.zh-CN.json';
import enCases from './parts/cases.en-US.json';
import zhCases from './parts/cases.zh-CN.json';

// What a page sees once its parts are loaded: the main catalogue with every part merged in.
const enUS = {
  ...enMain,
  ...enAdmin,
  ...enAppointments,
  ...enScheduling,
  ...enAssessment,
  ...enAssessmentStaff,
  ...enCrisis,
  ...enSso,
  ...enCases,
};
const zhCN = {
  ...zhMain,
  ...zhAdmin,
  ...zhAppointments,
  ...zhScheduling,
  ...zhAssessment,
  ...zhAssessmentStaff,
  ...zhCrisis,
  ...zhSso,
  ...zhCases,
};
const PARTS = [
  [zhAdmin, enAdmin],
  [zhAppointments, enAppointments],
  [zhScheduling, enScheduling],
  [zhAssessment, enAssessment],
  [zhAssessmentStaff, enAssessmentStaff],
  [zhCrisis, enCrisis],
  [zhSso, enSso],
  [zhCases, enCases],
] as const;

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/**
 * English texts that continue a line rather than start one ("3 min", "· guardian told", "taken on by
 * Li", "v2"): they keep their lower-case start. Everything else is shown on its own and starts as a
 * sentence or a label does.
 */
// The import dialog shows the server's own texts, word for word (features/user-import/lib/messages.test.ts).
const SERVER_TEXTS = new Set(Object.keys(IMPORT_MESSAGES).map((k) => `userImport.messages.${k}`));

const MID_SENTENCE = new Set([
  'home.activeRole',
  'time.justNow',
  'formAdmin.versionTag',
  'assessment.warning.toCrisis',
  'assessment.warning.toMessage',
  'assessmentTake.until',
  'crisis.board.overdueBy',
  'crisis.board.acknowledgedBy',
  'crisis.journal.from',
  'crisis.settings.minutes',
  'crisis.settings.days',
  'crisis.monthly.due',
  'crisis.assessment.edition',
  'scheduling.waitlist.until',
  'scheduling.records.noShowReasons.late_leave',
  'scheduling.records.noShowReasons.late_cancel',
  'scheduling.records.noShowReasons.leave_limit',
  'scheduling.settings.approverLacksPermission',
  'scheduling.registrations.repeat',
]);

describe('i18n catalogues', () => {
  it('give each top-level section to exactly one file (parts merge shallowly)', () => {
    const owners = new Map<string, number>();
    for (const file of [zhMain, ...PARTS.map(([zh]) => zh)]) {
      for (const section of Object.keys(file)) owners.set(section, (owners.get(section) ?? 0) + 1);
    }
    expect([...owners].filter(([, count]) => count > 1)).toEqual([]);
    for (const [zh, en] of PARTS) expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });

  it('have the same keys in zh-CN and en-US', () => {
    expect(keysOf(enUS).sort()).toEqual(keysOf(zhCN).sort());
  });

  it('use the same placeholders in both languages', () => {
    const lookup = (root: unknown, path: string): string =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root) as string;
    for (const key of keysOf(zhCN)) {
      expect(placeholdersOf(lookup(enUS, key)), key).toEqual(placeholdersOf(lookup(zhCN, key)));
    }
  });

  it('have no empty texts', () => {
    for (const catalogue of [zhCN, enUS]) {
      for (const key of keysOf(catalogue)) {
        const text = key
          .split('.')
          .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], catalogue);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('keep the spec wording in English, as a sentence [spec:S0.5.1]', () => {
    expect(enUS.login.username.length).toBe('Login account at least 2-20 characters');
    expect(enUS.login.username.required).toBe('Enter login account');
    expect(enUS.errors.status['428']).toBe('Verification code wrong, re-enter');
  });

  it('start a text shown on its own with a capital letter, not as a fragment', () => {
    const lower: string[] = [];
    const walk = (node: unknown, key: string) => {
      if (typeof node === 'string') {
        if (/^[a-z]/.test(node) && !MID_SENTENCE.has(key) && !SERVER_TEXTS.has(key)) lower.push(key);
      } else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) walk(v, key ? `${key}.${k}` : k);
      }
    };
    walk(enUS, '');
    expect(lower).toEqual([]);
  });
});
