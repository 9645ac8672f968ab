import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./client";
import { organizationKey } from "./organization";

/** React Query defaults (docs/api.md#calls): no retries, no refetch on focus, data never stale. */
export function createQueryClient(): QueryClient {
  // A 401 anywhere means the session is gone (expired, key revoked): ask for the organization
  // again, which answers null and brings the landing page back.
  const onError = (error: unknown, key?: readonly unknown[]) => {
    if (error instanceof ApiError && error.status === 401 && key?.[0] !== organizationKey[0]) {
      void client.invalidateQueries({ queryKey: organizationKey });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => onError(error, mutation.options.mutationKey) }),
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
  return client;
}
