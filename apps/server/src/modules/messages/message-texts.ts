import {
  MESSAGE_EVENTS,
  messageParamsIn,
  renderTemplate,
  type Lang,
  type MessageEventKey,
} from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { findTemplatesByEvents, type MessageTemplateRow } from './message-templates.repository';

const eventDef = (event: string) =>
  (MESSAGE_EVENTS as Record<string, (typeof MESSAGE_EVENTS)[MessageEventKey] | undefined>)[event];

/**
 * The unrendered texts of an event in `lang`: the school's template as it edited it, or, for a school
 * without the row (created before the event was declared), the registry's default. Null for an event the
 * code no longer declares and the school has no row of.
 */
export function templateTexts(
  row: MessageTemplateRow | null | undefined,
  event: string,
  lang: Lang,
): { title: string; content: string } | null {
  if (row)
    return lang === 'en-US'
      ? { title: row.titleEn, content: row.contentEn }
      : { title: row.titleZh, content: row.contentZh };
  return eventDef(event)?.defaults[lang] ?? null;
}

export interface StoredMessageTexts {
  title: string;
  content: string;
  event: string | null;
  params: unknown;
}

/**
 * Title and content of stored messages for a reader of `lang`, in the rows' order. A message sent by
 * event is rendered from the school's template of that language with the values it was sent with (a
 * switched-off template still renders: switching stops new messages, it does not take back sent ones). A
 * message a person wrote, and one stored before events were kept, shows its stored text.
 */
export async function messageTextsFor(
  scope: TenantScope,
  rows: readonly StoredMessageTexts[],
  lang: Lang,
): Promise<{ title: string; content: string }[]> {
  const events = [...new Set(rows.flatMap((r) => (r.event && r.params ? [r.event] : [])))];
  const templates = new Map(
    (events.length ? await findTemplatesByEvents(scope, events) : []).map((t) => [t.event, t]),
  );
  return rows.map((r) => {
    const texts = r.event && r.params ? templateTexts(templates.get(r.event), r.event, lang) : null;
    if (!texts) return { title: r.title, content: r.content };
    // Values are plain text, put in as they are (no markup is built here; the web shows text as text).
    const values = messageParamsIn(r.params, lang);
    return { title: renderTemplate(texts.title, values), content: renderTemplate(texts.content, values) };
  });
}
