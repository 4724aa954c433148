import {
  messageTemplateChangeEndpoint,
  messageTemplateListEndpoint,
  messageTemplateSwitchEndpoint,
  type BodyOf,
  type MessageTemplate,
} from '@psy/contracts';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';

export type { MessageTemplate };
export type TemplateChange = BodyOf<typeof messageTemplateChangeEndpoint>;

export const messageTemplateQueryKeys = tenantQueryKeys('message-templates');

/** A page of the school's message templates (`GET /biz/message/messageManager/list`). */
export const useMessageTemplates = (query: { current: number; size: number; event?: string }) =>
  useTenantList(messageTemplateQueryKeys, query, (q, signal) =>
    request(messageTemplateListEndpoint, { query: q, signal }),
  );

/** Turns an event's messages on or off (`POST /biz/message/messageManager/switch`). */
export const useSwitchMessageTemplate = () =>
  useTenantMutation(
    (body: { id: number; enabled: boolean }) => request(messageTemplateSwitchEndpoint, { body }),
    [messageTemplateQueryKeys.all],
  );

/**
 * Saves a template's texts (`POST /biz/message/messageManager/change`). Silent: a 400 names the field
 * and the dialog shows it there.
 */
export const useChangeMessageTemplate = () =>
  useTenantMutation(
    (body: TemplateChange) => request(messageTemplateChangeEndpoint, { body, hidePopup: true }),
    [messageTemplateQueryKeys.all],
  );
