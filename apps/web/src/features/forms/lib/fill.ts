import type { FieldIssue } from '@psy/contracts';
import { formDefinitionSchema, type FormDefinition } from '@psy/forms';

/** The route where a signed-in user fills a form: `/forms/fill?formId=&eventSign=&userId=&answerId=`. */
export const FORM_FILL_PATH = '/forms/fill';
/** The business key of a form filled on its own (not inside a business record). */
export const DEFAULT_EVENT_SIGN = 'self';

export interface FillQuery {
  formId?: number;
  answerId?: number;
  eventSign: string;
  userId?: number;
}

const positiveInt = (text: string | null): number | undefined => {
  if (text === null || !/^\d{1,15}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 0 ? n : undefined;
};

/** The fill page's query; null when it names neither a form nor an answer. */
export function readFillQuery(search: URLSearchParams): FillQuery | null {
  const formId = positiveInt(search.get('formId') ?? search.get('id'));
  const answerId = positiveInt(search.get('answerId'));
  if (formId === undefined && answerId === undefined) return null;
  const eventSign = search.get('eventSign')?.trim() || DEFAULT_EVENT_SIGN;
  const userId = positiveInt(search.get('userId'));
  return {
    ...(formId !== undefined ? { formId } : {}),
    ...(answerId !== undefined ? { answerId } : {}),
    eventSign: eventSign.slice(0, 200),
    ...(userId !== undefined ? { userId } : {}),
  };
}

/** A link to the fill page. */
export function fillPath(query: FillQuery): string {
  const search = new URLSearchParams();
  if (query.formId !== undefined) search.set('formId', String(query.formId));
  if (query.answerId !== undefined) search.set('answerId', String(query.answerId));
  if (query.eventSign !== DEFAULT_EVENT_SIGN) search.set('eventSign', query.eventSign);
  if (query.userId !== undefined) search.set('userId', String(query.userId));
  return `${FORM_FILL_PATH}?${search.toString()}`;
}

/** The definition the server sent, read with the engine's schema; null when it is not one. */
export function readDefinition(json: unknown): FormDefinition | null {
  const parsed = formDefinitionSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * The server's field messages of a refused answer by answer key: the save call names `answers.<key>`
 * (or the key alone); issues about other fields (the reason) keep their name.
 */
export function answerFieldErrors(issues: readonly FieldIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.field.replace(/^answers\.?/, '') || issue.field;
    out[key] ??= issue.message;
  }
  return out;
}
