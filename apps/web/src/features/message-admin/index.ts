export { messageAdminFeature } from './manifest';
export { messageTemplateQueryKeys } from './api/message-templates';
