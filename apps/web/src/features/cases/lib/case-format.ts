import type { CaseRecordKind, CaseStatus } from '@psy/contracts';
import type { FormColumn, FormDefinition } from '@psy/forms';

/*
 * Pure helpers of the case screens (docs/cases.md 13): tabs to list filters, the record page's query,
 * the columns the renderer edits and the signatures it does not, an amendment side by side. No React.
 */

/** Tag colours that keep 4.5:1 contrast on their own background (blue, geekblue, purple, magenta, red). */
export const STATUS_COLOR: Record<CaseStatus, string> = {
  wait: 'purple',
  running: 'blue',
  finish: 'default',
  transfer: 'geekblue',
  pass: 'magenta',
  break: 'red',
};
export const LOCK_COLOR = { open: 'blue', signed: 'geekblue', locked: 'red' } as const;

export const CASE_TABS = ['live', 'finish', 'transfer', 'pass', 'break', 'all'] as const;
export type CaseTab = (typeof CASE_TABS)[number];

/** The list call's filter of a status tab. */
export function tabFilter(tab: CaseTab): { live?: true; status?: CaseStatus } {
  if (tab === 'live') return { live: true };
  if (tab === 'all') return {};
  return { status: tab };
}

/** A grade 1-4 as the smart-form setting shows it: stars, or levels A-D (S1.3.9; 1 the most serious). */
export function gradeText(grade: number | null, mode: 'star' | 'level' = 'level'): string {
  if (grade === null || !Number.isInteger(grade) || grade < 1 || grade > 4) return '—';
  return mode === 'level' ? 'ABCD'.charAt(grade - 1) : '★'.repeat(grade);
}

export type FillTarget =
  | { recordId: number }
  | { appointmentId: number; kind?: CaseRecordKind }
  | { caseId: number; kind: 'closing' };

const KINDS: readonly string[] = ['first_interview', 'session', 'closing'];
const idOf = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The record page's query: an existing record, a new one of an appointment, or a case's closing summary. */
export function fillTargetOf(params: URLSearchParams): FillTarget | null {
  const recordId = idOf(params.get('recordId'));
  if (recordId !== null) return { recordId };
  const kind = params.get('kind');
  const appointmentId = idOf(params.get('appointmentId'));
  if (appointmentId !== null)
    return kind && KINDS.includes(kind) && kind !== 'closing'
      ? { appointmentId, kind: kind as CaseRecordKind }
      : { appointmentId };
  const caseId = idOf(params.get('caseId'));
  if (caseId !== null) return { caseId, kind: 'closing' };
  return null;
}

export const fillPath = (target: FillTarget): string => {
  const q = new URLSearchParams(Object.entries(target).map(([k, v]) => [k, String(v)] as [string, string]));
  return `/consult/record/fill?${q.toString()}`;
};
export const casePath = (id: number) => `/consult/case/detail?id=${id}`;
export const historyPath = (recordId: number) => `/consult/record/history?recordId=${recordId}`;
export const filePath = (visitorId: number) => `/aLiftTimeFilelistInfo?visitorId=${visitorId}`;
export const reportPath = (visitorId: number) => `/aLiftTimeReport?visitorId=${visitorId}`;

/**
 * The form without its signature fields: the renderer edits the content, and each signature is given on
 * its own (drawn or quoted) through record/sign, which stamps who and when.
 */
export function contentDefinition<D extends Pick<FormDefinition, 'columns'>>(def: D): D {
  return { ...def, columns: def.columns.filter((c) => c.type !== 'signature') };
}
export const signatureColumns = (def: Pick<FormDefinition, 'columns'> | null): FormColumn[] =>
  def ? def.columns.filter((c) => c.type === 'signature') : [];

/** A text of a localized label in the viewer's language (zh-CN when the other is missing). */
export function localText(label: unknown, lang: string): string {
  if (typeof label === 'string') return label;
  if (label && typeof label === 'object') {
    const l = label as Record<string, string | undefined>;
    return l[lang] ?? l['zh-CN'] ?? l['en-US'] ?? '';
  }
  return '';
}

const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.map(shown).join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

export interface SideBySideRow {
  key: string;
  label: string;
  before: string;
  after: string;
}

/**
 * An amendment side by side: each changed field with its label and its value before and after (the
 * engine's option labels when it recorded them, the raw value otherwise). Signature images are named,
 * not shown as text.
 */
export function sideBySide(
  changes: readonly Record<string, unknown>[],
  columns: readonly Pick<FormColumn, 'prop' | 'label'>[],
  lang: string,
): SideBySideRow[] {
  return changes.map((c) => {
    const key = String(c.key ?? '');
    const col = columns.find((x) => x.prop === key);
    const side = (value: unknown, label: unknown) => {
      const text = localText(label, lang);
      if (text) return text;
      return typeof value === 'string' && value.startsWith('data:image/') ? '[image]' : shown(value);
    };
    return {
      key,
      label: col ? localText(col.label, lang) : key,
      before: side(c.from, c.fromLabel),
      after: side(c.to, c.toLabel),
    };
  });
}

/** Days and hours until a deadline (negative when past), for the records to fill. */
export function dueIn(dueAt: string, now: number): { days: number; hours: number; past: boolean } {
  const ms = Date.parse(dueAt) - now;
  const abs = Math.abs(ms);
  return {
    days: Math.floor(abs / 86_400_000),
    hours: Math.floor((abs % 86_400_000) / 3_600_000),
    past: ms < 0,
  };
}

/** Which agreement call an appointment type takes (S1.7.23), by its type group. */
export function agreementKindOf(
  type: number,
): 'profiles' | 'primaryunit' | 'assessments' | 'interview' | 'first' | 'manned' {
  if (type === 10) return 'primaryunit';
  if (type === 15) return 'first';
  if (type === 14 || type === 9) return 'interview';
  if (type === 11 || type === 12) return 'manned';
  if (type === 1 || type === 17 || type === 8 || type === 13) return 'assessments';
  return 'profiles';
}

/**
 * What the counsellor detail asks `getSign` for: one's own signature (no `userId`), another counsellor's
 * for a holder of `consult_case_all` (the server logs that read), or nothing for anyone else.
 */
export function teamSignQuery(
  counsellorId: number | null,
  selfId: number | null,
  canSeeTeam: boolean,
): { userId?: number } | null {
  if (counsellorId === null) return null;
  if (counsellorId === selfId) return {};
  return canSeeTeam ? { userId: counsellorId } : null;
}

/** An agreement's text as paragraphs: blank lines separate them, single line breaks stay inside one. */
export const paragraphsOf = (content: string): string[] =>
  content
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');

/** A text version (SHA-256 hex) short enough to read out and compare; the whole one is its title. */
export const shortVersion = (version: string) => version.slice(0, 12);
