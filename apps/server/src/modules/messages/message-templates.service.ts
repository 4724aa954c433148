import {
  MESSAGE_EVENTS,
  MESSAGE_EVENT_KEYS,
  messageParamsIn,
  renderTemplate,
  templatePlaceholders,
  type Lang,
  type MessageEventKey,
  type MessageEventParams,
  type MessageTemplate,
} from '@psy/contracts';
import { pageWindow, pageAnswer } from '../../core/db/paging';
import { moduleRegistry } from '../../core/module';
import type { TenantScope, Tx } from '../../core/db/database';
import { badRequest, notFound } from '../../core/http/app-error';
import { findProductIdByCode } from '../products';
import {
  findTemplate,
  findTemplateByEvent,
  findTemplatePage,
  insertMissingTemplates,
  updateTemplate,
  type MessageTemplateRow,
} from './message-templates.repository';
import { templateTexts } from './message-texts';
import { sendMessage } from './messages.service';

const eventDef = (event: string) =>
  (MESSAGE_EVENTS as Record<string, (typeof MESSAGE_EVENTS)[MessageEventKey] | undefined>)[event];

/**
 * Seeds a school's templates of `events` (by default every module's declared message events) from the
 * registry's defaults; templates it already has stay as edited.
 */
export function seedMessageTemplates(
  tx: Tx,
  tenantId: number,
  events: readonly MessageEventKey[] = moduleRegistry().messageEvents,
): Promise<void> {
  return insertMissingTemplates(
    tx,
    tenantId,
    events.map((event) => {
      const d = MESSAGE_EVENTS[event];
      return {
        event,
        typeCode: d.typeCode,
        productCode: d.productCode,
        titleZh: d.defaults['zh-CN'].title,
        contentZh: d.defaults['zh-CN'].content,
        titleEn: d.defaults['en-US'].title,
        contentEn: d.defaults['en-US'].content,
        enabled: true,
      };
    }),
  );
}

function toTemplate(r: MessageTemplateRow): MessageTemplate {
  return {
    id: r.id,
    event: r.event,
    typeCode: r.typeCode,
    productCode: r.productCode,
    params: [...(eventDef(r.event)?.params ?? [])],
    titleZh: r.titleZh,
    contentZh: r.contentZh,
    titleEn: r.titleEn,
    contentEn: r.contentEn,
    enabled: r.enabled,
    updateTime: r.updatedAt.toISOString(),
  };
}

/** Templates of the events the code declares (rows of events since removed from the code are hidden). */
export async function listTemplates(
  scope: TenantScope,
  q: { current: number; size: number; event?: string | undefined },
) {
  const { rows, total } = await findTemplatePage(
    scope,
    { event: q.event, events: MESSAGE_EVENT_KEYS },
    pageWindow(q),
  );
  return pageAnswer(q, rows.map(toTemplate), total);
}

async function requireTemplate(scope: TenantScope, id: number) {
  const row = await findTemplate(scope, id);
  if (!row || !eventDef(row.event)) throw notFound('message template');
  return row;
}

export async function getTemplate(scope: TenantScope, id: number) {
  return toTemplate(await requireTemplate(scope, id));
}

export async function switchTemplate(scope: TenantScope, id: number, enabled: boolean) {
  await requireTemplate(scope, id);
  return toTemplate((await updateTemplate(scope, id, { enabled }))!);
}

type TextField = 'titleZh' | 'contentZh' | 'titleEn' | 'contentEn';
const TEXT_FIELDS: TextField[] = ['titleZh', 'contentZh', 'titleEn', 'contentEn'];

/** Edits texts; every placeholder must be a parameter of the event (400 naming the field otherwise). */
export async function changeTemplate(
  scope: TenantScope,
  body: { id: number } & Partial<Record<TextField, string>>,
) {
  const row = await requireTemplate(scope, body.id);
  const allowed = new Set<string>(eventDef(row.event)!.params);
  const set: Partial<Record<TextField, string>> = {};
  for (const field of TEXT_FIELDS) {
    const text = body[field];
    if (text === undefined) continue;
    const unknown = templatePlaceholders(text).filter((p) => !allowed.has(p));
    if (unknown.length > 0) {
      throw badRequest(
        field,
        `unknown placeholder ${unknown.map((p) => `{${p}}`).join(', ')}; allowed: ${
          [...allowed].map((p) => `{${p}}`).join(', ') || 'none'
        }`,
      );
    }
    set[field] = text;
  }
  if (Object.keys(set).length === 0) return toTemplate(row);
  return toTemplate((await updateTemplate(scope, body.id, set))!);
}

export interface SendByEventInput<K extends MessageEventKey> {
  event: K;
  userIds: number[];
  params: MessageEventParams<K>;
  /** Product id the message belongs to; defaults to the event's product (or none). */
  type?: number | null;
  /**
   * Language of the stored texts (readers get the message in their own language either way): what an SMS
   * repeats and what a reader of no known language sees. Default zh-CN, the schools' primary language.
   */
  lang?: Lang;
}

/**
 * The event's texts rendered from the school's template (the registry's defaults for a school without the
 * row), without sending anything: for a channel other than the inbox, such as an SMS. Null when the
 * school switched the template off.
 */
export async function renderMessageByEvent<K extends MessageEventKey>(
  scope: TenantScope,
  input: { event: K; params: MessageEventParams<K>; lang?: Lang },
): Promise<{ title: string; content: string } | null> {
  const row = await findTemplateByEvent(scope, input.event);
  if (row && !row.enabled) return null;
  const lang = input.lang ?? 'zh-CN';
  const texts = templateTexts(row, input.event, lang)!;
  const params = messageParamsIn(input.params, lang);
  return { title: renderTemplate(texts.title, params), content: renderTemplate(texts.content, params) };
}

/**
 * Sends the event's message to each recipient, in the caller's transaction. A disabled template sends
 * nothing (answers no ids). The message keeps its event and values, so each reader gets it rendered from
 * the school's template in the reader's language (`messageTextsFor`); the stored title and content are the
 * texts in `lang`, for channels that repeat them (an SMS) and readers of no known language.
 */
export async function sendMessageByEvent<K extends MessageEventKey>(
  scope: TenantScope,
  input: SendByEventInput<K>,
): Promise<{ ids: number[] }> {
  const def = MESSAGE_EVENTS[input.event];
  const row = await findTemplateByEvent(scope, input.event);
  if (row && !row.enabled) return { ids: [] };
  if (input.userIds.length === 0) return { ids: [] };
  const lang = input.lang ?? 'zh-CN';
  const texts = templateTexts(row, input.event, lang)!;
  const params = messageParamsIn(input.params, lang);
  const type =
    input.type !== undefined
      ? input.type
      : def.productCode
        ? await findProductIdByCode(scope, def.productCode)
        : null;
  return sendMessage(scope, {
    userIds: input.userIds,
    type,
    typeCode: row?.typeCode ?? def.typeCode,
    title: renderTemplate(texts.title, params),
    content: renderTemplate(texts.content, params),
    event: input.event,
    params: input.params,
  });
}
