import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries: the spec's retry list is empty (S0.8.3) and the request layer has already shown
 * the failure once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
