export { MessageTemplatesPage } from './components/message-templates-page';
export { messageTemplateQueryKeys } from './api/message-templates';
