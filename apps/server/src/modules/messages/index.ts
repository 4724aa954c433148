export * from './messages.table';
export { sendMessage, type SendMessageInput } from './messages.service';
export { messageRoutes } from './messages.routes';
export * from './message-templates.table';
export {
  renderMessageByEvent,
  sendMessageByEvent,
  seedMessageTemplates,
  type SendByEventInput,
} from './message-templates.service';
export { messageTemplateRoutes } from './message-templates.routes';
export { messageStreamRoutes } from './message-stream.routes';
export { registerMessageStream } from './message-stream.service';
