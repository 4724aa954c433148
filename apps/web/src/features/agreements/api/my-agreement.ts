import { myAgreementEndpoint, saveAgreementEndpoint, type BodyOf, type ResponseOf } from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type MyAgreement = ResponseOf<typeof myAgreementEndpoint>;
export type SaveAgreementBody = BodyOf<typeof saveAgreementEndpoint>;

export const agreementQueryKeys = {
  /** Per language too: the server answers the text in the caller's language. */
  mine: (userId: number, language?: string) =>
    language === undefined
      ? (['agreements', 'mine', userId] as const)
      : (['agreements', 'mine', userId, language] as const),
};

export function myAgreementQueryOptions(userId: number, language: string) {
  return {
    queryKey: agreementQueryKeys.mine(userId, language),
    queryFn: ({ signal }: { signal: AbortSignal }) => request(myAgreementEndpoint, { signal }),
    staleTime: Infinity,
  };
}

/** Whether the signed-in user must still agree to the start-up agreement, and its text (spec S0.4.1). */
export function useMyAgreement(isEnabled = true) {
  const session = useSession();
  const { i18n } = useTranslation();
  return useQuery({
    ...myAgreementQueryOptions(session?.user.id ?? 0, i18n.language),
    enabled: session !== null && isEnabled,
    // The dialog keeps its text while the other language loads.
    placeholderData: keepPreviousData,
  });
}

/**
 * Records the agreement (`POST /admin/agreement/save`, spec S0.3.12): the form name, and with the school's
 * agreement form its id and the saved answer's id. The dialog closes once it is saved.
 */
export function useSaveAgreement() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveAgreementBody) => request(saveAgreementEndpoint, { body }),
    onSuccess: (saved) => {
      queryClient.setQueriesData<MyAgreement>(
        { queryKey: agreementQueryKeys.mine(session?.user.id ?? 0) },
        (mine) => (mine ? { ...mine, mustAgree: false, agreed: true, agreedAt: saved.agreedAt } : mine),
      );
    },
  });
}
