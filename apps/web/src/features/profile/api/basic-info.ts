import {
  deptTreeEndpoint,
  editMyEndpoint,
  seededName,
  type BodyOf,
  type DeptNode,
  type Lang,
} from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../../i18n/i18n';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { authQueryKeys, roleQueryKeys } from '../../auth';

export type EditMyBody = BodyOf<typeof editMyEndpoint>;

/**
 * Saves the signed-in user's basic information (`POST /admin/user/editMy`, spec S0.2.24). The answer is
 * the updated detail, which replaces the cached one; user info is fetched again (name, phone).
 */
export function useEditMyBasicInfo() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditMyBody) => request(editMyEndpoint, { body }),
    onSuccess: async (detail) => {
      const userId = session?.user.id ?? 0;
      queryClient.setQueryData(roleQueryKeys.detail(userId), detail);
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.userInfo(userId) });
    },
  });
}

/** The school's department tree (`GET /admin/dept/tree`, spec S0.3.11). */
export function useDeptTree(isEnabled = true) {
  const session = useSession();
  return useQuery({
    queryKey: ['profile', 'dept-tree', session?.tenantId ?? 0] as const,
    queryFn: ({ signal }) => request(deptTreeEndpoint, { signal }),
    enabled: session !== null && isEnabled,
    staleTime: 10 * 60_000,
  });
}

export interface DeptOption {
  value: number;
  title: string;
  children: DeptOption[];
}

/** Tree-select options of the department tree, seeded names in the reader's language. */
export function deptOptions(nodes: readonly DeptNode[], lang: Lang = currentLanguage()): DeptOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: seededName(node.label, lang),
    children: deptOptions(node.children, lang),
  }));
}
