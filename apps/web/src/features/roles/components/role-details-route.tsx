import { usePageInfo } from '../../../shared/layout/page-context';
import { parseRoleId } from '../lib/role-buttons';
import { RoleDetailsPage } from './role-details-page';

/**
 * `/roleDetails/index?roleId=..` (spec S0.2.14): the page's own query (with kept-alive tabs the address
 * bar may show another page) names the role.
 */
export function RoleDetailsRoute() {
  const { search } = usePageInfo();
  return <RoleDetailsPage roleId={parseRoleId(search.get('roleId'))} />;
}
