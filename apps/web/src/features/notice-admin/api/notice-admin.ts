import {
  innerRoleListEndpoint,
  noticeManagePageEndpoint,
  noticePublishEndpoint,
  noticeWithdrawEndpoint,
  type BodyOf,
  type NoticeManageRow,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useSession, useTenantId } from '../../../shared/session/session-store';

export type { NoticeManageRow };
export type NoticePublishBody = BodyOf<typeof noticePublishEndpoint>;

const keys = tenantQueryKeys('notice-admin');
export const noticeAdminQueryKeys = { ...keys, roles: (tenantId: number) => keys.of(tenantId, 'roles') };

/** A page of the school's notices for their publishers (`GET /biz/message/notice/managePage`). */
export const useManagedNotices = (query: { current: number; size: number }) =>
  useTenantList(keys, query, (q, signal) => request(noticeManagePageEndpoint, { query: q, signal }));

/** The school's roles for the audience (`GET /admin/inner/role/list`), loaded when the form opens. */
export function useAudienceRoles(isEnabled: boolean) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: noticeAdminQueryKeys.roles(tenantId),
    queryFn: ({ signal }) => request(innerRoleListEndpoint, { signal }),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/** What a publish or withdraw changes: the list, and the publisher's own notices (they may be in the audience). */
function useChanges() {
  const userId = useSession()?.user.id ?? 0;
  return [keys.all, ['notices', userId]] as const;
}

/** Publishes a notice (`POST /biz/message/notice/publish`); silent, the form shows field errors. */
export function usePublishNotice() {
  return useTenantMutation(
    (body: NoticePublishBody) => request(noticePublishEndpoint, { body, hidePopup: true }),
    useChanges(),
  );
}

/** Withdraws a notice (`POST /biz/message/notice/withdraw`): readers no longer see it. */
export function useWithdrawNotice() {
  return useTenantMutation((id: number) => request(noticeWithdrawEndpoint, { body: { id } }), useChanges());
}
