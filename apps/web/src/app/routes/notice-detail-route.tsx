import { NoticeDetailPage } from '../../features/notices';

/**
 * `/noticeList/detail`. A route module of its own: the layout imports the notices feature statically (the
 * top bar's drawer), so a named import from here keeps the page in this route's chunk.
 */
export function NoticeDetailRoute() {
  return <NoticeDetailPage />;
}
