import { fieldIssuesOf } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';

/**
 * Reading a scale definition to import (docs/assessment.md "Scales are data"): a JSON file or text is
 * parsed here, so a file that is not JSON is said at once; what the definition says is the server's to
 * check, and its 400 names the path (`definition.items[3].optionSet`). Pure.
 */
export type ParsedDefinition =
  { ok: true; definition: unknown } | { ok: false; reason: 'empty' | 'notJson' | 'notObject' };

export function parseDefinition(text: string): ParsedDefinition {
  if (!text.trim()) return { ok: false, reason: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'notJson' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, reason: 'notObject' };
  // An exported file is the definition itself; an import body `{definition}` is accepted too.
  const inner = (value as { definition?: unknown }).definition;
  return { ok: true, definition: inner && typeof inner === 'object' ? inner : value };
}

/** The problems of a refused import, each with the path it names, for the dialog to list. */
export function importProblems(error: unknown): string[] {
  const issues = fieldIssuesOf(error);
  if (issues.length) return issues.map((i) => `${i.field.replace(/^definition\./, '')}: ${i.message}`);
  return isApiError(error) ? [error.message] : [];
}
