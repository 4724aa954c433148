export { MessageBell } from './components/message-bell';
export { MessageNotifications } from './components/message-notifications';
export {
  messageQueryKeys,
  refreshAfterRead,
  useMessageSync,
  useReadMessage,
  useUnreadMessageCount,
  UNREAD_POLL_MS,
  type MessageTab,
} from './api/messages';
export { badgeCount, type UnreadCounts } from './model/unread';
