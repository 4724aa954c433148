export * from './messages.table';
export { sendMessage, type SendMessageInput } from './messages.service';
export { messageRoutes } from './messages.routes';
