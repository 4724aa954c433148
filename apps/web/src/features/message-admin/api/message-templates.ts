import {
  messageTemplateChangeEndpoint,
  messageTemplateListEndpoint,
  messageTemplateSwitchEndpoint,
  type BodyOf,
  type MessageTemplate,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type { MessageTemplate };
export type TemplateChange = BodyOf<typeof messageTemplateChangeEndpoint>;

export const messageTemplateQueryKeys = {
  all: (tenantId: number) => ['message-templates', tenantId] as const,
  page: (tenantId: number, current: number, size: number, event: string) =>
    ['message-templates', tenantId, 'page', current, size, event] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** A page of the school's message templates (`GET /biz/message/messageManager/list`). */
export function useMessageTemplates(current: number, size: number, event: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: messageTemplateQueryKeys.page(tenantId, current, size, event),
    queryFn: ({ signal }) =>
      request(messageTemplateListEndpoint, {
        query: { current, size, ...(event ? { event } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: messageTemplateQueryKeys.all(tenantId) });
}

/** Turns an event's messages on or off (`POST /biz/message/messageManager/switch`). */
export function useSwitchMessageTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; enabled: boolean }) => request(messageTemplateSwitchEndpoint, { body }),
    onSuccess: invalidate,
  });
}

/**
 * Saves a template's texts (`POST /biz/message/messageManager/change`). Silent: a 400 names the field
 * and the dialog shows it there.
 */
export function useChangeMessageTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TemplateChange) => request(messageTemplateChangeEndpoint, { body, hidePopup: true }),
    onSuccess: invalidate,
  });
}
