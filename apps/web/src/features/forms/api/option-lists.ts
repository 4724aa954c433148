import { defineEndpoint } from '@psy/contracts';
import {
  optionsOfList,
  type AnswerMap,
  type FormColumn,
  type OptionListSpec,
  type ResolvedOptionList,
} from '@psy/forms';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { listOptions, listRequests, type ListState } from '../lib/option-lists';

/** The call of a list path as the request layer takes it (method and where the parameters travel). */
const listEndpoint = (path: string, spec: OptionListSpec) =>
  defineEndpoint({
    method: spec.method,
    path,
    summary: 'An option list of a form column (docs/forms.md "Option lists by path")',
    query: z.record(z.string(), z.string()).optional(),
    body: z.record(z.string(), z.string()).optional(),
    response: z.unknown(),
  });

async function fetchList(list: ResolvedOptionList, signal: AbortSignal) {
  const spec = list.spec!;
  const endpoint = listEndpoint(list.path, spec);
  const data = await request(endpoint, {
    ...(spec.params === 'body' ? { body: list.params } : { query: list.params }),
    signal,
    hidePopup: true,
  });
  return optionsOfList(data, spec.shape);
}

/**
 * The option lists of a form's list-path columns for the current answer (TanStack Query, keyed by the
 * path with its placeholders filled, so changing the category asks for that category's counsellors and
 * going back reuses the cached list). A list whose placeholder is empty is not asked for.
 */
export function useOptionLists(columns: readonly FormColumn[], answer: AnswerMap, lang: string) {
  const tenantId = useTenantId();
  const lists = listRequests(columns, answer);
  const asked = lists.filter((l) => l.missing.length === 0);
  const signature = lists.map((l) => `${l.dicUrl}=>${l.missing.length > 0 ? '?' : l.key}`).join('|');
  const results = useQueries({
    queries: asked.map((list) => ({
      queryKey: ['formOptionList', tenantId, lang, list.key] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchList(list, signal),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const stamp = results.map((r) => `${r.status}:${r.dataUpdatedAt}`).join(',');
  return useMemo(() => {
    const states: Record<string, ListState> = {};
    let i = 0;
    for (const list of lists) {
      if (list.missing.length > 0) {
        states[list.dicUrl] = { status: 'waiting', props: list.missing };
        continue;
      }
      const r = results[i++];
      states[list.dicUrl] =
        r?.status === 'success'
          ? { status: 'ready', options: r.data }
          : r?.status === 'error'
            ? { status: 'failed' }
            : { status: 'pending' };
    }
    return { states, options: listOptions(states) };
    // The lists and results are new arrays each render; what they hold is in these two keys.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, stamp]);
}
