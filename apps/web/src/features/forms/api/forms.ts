import {
  dictByTypeEndpoint,
  exportFormAnswersEndpoint,
  formAnswerEditionEndpoint,
  formAnswerHistoryEndpoint,
  formPageEndpoint,
  formTypeAllEndpoint,
  formViewEndpoint,
  saveFormAnswerEndpoint,
  saveFormEndpoint,
  type BodyOf,
  type FormEdition,
  type FormEditionSummary,
  type FormSummary,
  type FormView,
  type QueryOf,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { dictionaryOptions, type DictItem } from '../lib/dictionaries';

export type { FormEdition, FormEditionSummary, FormSummary, FormView };
export type FormViewQuery = QueryOf<typeof formViewEndpoint>;
export type SaveFormBody = BodyOf<typeof saveFormEndpoint>;
export type SaveAnswerBody = BodyOf<typeof saveFormAnswerEndpoint>;
export type FormPageQuery = QueryOf<typeof formPageEndpoint>;
export type ExportAnswersBody = BodyOf<typeof exportFormAnswersEndpoint>;

/** Asks for an answer export (`POST /biz/public/forms/answer/export`); the server answers a download task. */
export function exportFormAnswers(body: ExportAnswersBody) {
  return request(exportFormAnswersEndpoint, { body });
}

export const formQueryKeys = {
  all: (tenantId: number) => ['forms', tenantId] as const,
  page: (tenantId: number, query: FormPageQuery) => ['forms', tenantId, 'page', query] as const,
  types: (tenantId: number) => ['forms', tenantId, 'types'] as const,
  view: (tenantId: number, query: FormViewQuery) => ['forms', tenantId, 'view', query] as const,
  history: (tenantId: number, answerId: number) => ['forms', tenantId, 'history', answerId] as const,
  edition: (tenantId: number, answerId: number, edition: number) =>
    ['forms', tenantId, 'edition', answerId, edition] as const,
};

/** A form to fill or read (`GET /biz/public/forms/ite/view`): its definition version, answer and access. */
export function useFormView(query: FormViewQuery | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: formQueryKeys.view(tenantId, query ?? {}),
    queryFn: ({ signal }) => request(formViewEndpoint, { query: query!, signal, hidePopup: true }),
    enabled: query !== null,
    retry: false,
  });
}

/** Saves an answer (`POST /biz/public/forms/answer/save`); the server validates it with the same engine. */
export function useSaveFormAnswer() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    // The 400 lands on the fields it names (the renderer shows it), not in a toast.
    mutationFn: (body: SaveAnswerBody) => request(saveFormAnswerEndpoint, { body, hidePopup: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formQueryKeys.all(tenantId) }),
  });
}

/** The saved editions of an answer, newest first (`POST .../inner/forms/{id}/history`). */
export function useAnswerHistory(answerId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: formQueryKeys.history(tenantId, answerId ?? 0),
    queryFn: ({ signal }) =>
      request(formAnswerHistoryEndpoint, { params: { id: answerId! }, body: {}, signal }),
    enabled: answerId !== null,
  });
}

/** One saved edition with its answer (`GET .../inner/forms/answer/edition`). */
export function useAnswerEdition(answerId: number | null, edition: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: formQueryKeys.edition(tenantId, answerId ?? 0, edition ?? 0),
    queryFn: ({ signal }) =>
      request(formAnswerEditionEndpoint, { query: { answerId: answerId!, edition: edition! }, signal }),
    enabled: answerId !== null && edition !== null,
  });
}

/** Forms for the builder's list (`GET /biz/public/forms/ite`). */
export function useFormPage(query: FormPageQuery) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: formQueryKeys.page(tenantId, query),
    queryFn: ({ signal }) => request(formPageEndpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** All form types (`GET /biz/public/forms/type/all`). */
export function useFormTypes() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: formQueryKeys.types(tenantId),
    queryFn: ({ signal }) => request(formTypeAllEndpoint, { signal }),
  });
}

/** Builder save: a new version of the form (`POST /biz/public/forms/ite`). */
export function useSaveForm() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveFormBody) => request(saveFormEndpoint, { body, hidePopup: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: formQueryKeys.all(tenantId) }),
  });
}

/**
 * The tenant dictionaries of a form's columns (`GET /admin/dict/type/{name}` each, keyed under
 * ['dict', tenantId, name] so a dictionary edit refreshes them), as the renderer's options.
 */
export function useFormDictionaries(names: readonly string[]) {
  const tenantId = useTenantId();
  return useQueries({
    queries: names.map((name) => ({
      queryKey: ['dict', tenantId, name] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        request(dictByTypeEndpoint, { params: { type: name }, signal, hidePopup: true }),
      staleTime: 10 * 60_000,
    })),
    combine: (results) => {
      const loaded: Record<string, DictItem[] | undefined> = {};
      names.forEach((name, i) => {
        loaded[name] = results[i]?.data;
      });
      return { options: dictionaryOptions(loaded), pending: results.some((r) => r.isPending) };
    },
  });
}
