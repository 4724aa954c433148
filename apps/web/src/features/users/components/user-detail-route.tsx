import { usePageInfo } from '../../../shared/layout/page-context';
import { parseUserId } from '../lib/user-detail';
import { UserDetailPage } from './user-detail-page';

/**
 * `/user_manage/userinfo?userId=..` (spec S0.2.14): the page's own query (with kept-alive tabs the address
 * bar may show another page) names the user.
 */
export function UserDetailRoute() {
  const { search } = usePageInfo();
  return <UserDetailPage userId={parseUserId(search.get('userId'))} />;
}
