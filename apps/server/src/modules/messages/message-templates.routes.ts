import {
  messageTemplateChangeEndpoint,
  messageTemplateDetailEndpoint,
  messageTemplateListEndpoint,
  messageTemplateSwitchEndpoint,
} from '@psy/contracts';
import { permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { changeTemplate, getTemplate, listTemplates, switchTemplate } from './message-templates.service';

/**
 * The message manager (spec S0.7.23). `sys_message` is the inbox menu every user has, so managing the
 * school's templates needs its button key `admin_message_manage` (administrators).
 */
const MANAGE = permission('admin_message_manage');

export const messageTemplateRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: messageTemplateListEndpoint,
      access: MANAGE,
      handler: async ({ scope, query }) => listTemplates(scope, query),
    }),
    defineRoute({
      endpoint: messageTemplateDetailEndpoint,
      access: MANAGE,
      handler: async ({ scope, body }) => getTemplate(scope, body.id),
    }),
    defineRoute({
      endpoint: messageTemplateSwitchEndpoint,
      access: MANAGE,
      handler: async ({ scope, body }) => switchTemplate(scope, body.id, body.enabled),
    }),
    defineRoute({
      endpoint: messageTemplateChangeEndpoint,
      access: MANAGE,
      handler: async ({ scope, body }) => changeTemplate(scope, body),
    }),
  ] as RouteDef[];
