import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError } from '../http/api-client';

/**
 * An area's server state (TanStack Query): one cache for its pages, so a list read on one page is there
 * on the next and on back-navigation, a page's data asked for ahead (AreaModule.prefetch) is what the
 * page then reads, and a change marks what it touched as stale instead of each page reloading by hand.
 * A refusal of the api (4xx) is an answer, not a failure worth retrying; the network and a database
 * away (5xx) are retried twice.
 *
 * Its own entry (`@formwerk/platform/queries`), not the shared platform module: an area that uses it
 * brings TanStack Query, the shell and the other areas do not.
 */
export function createAreaQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
    },
  });
}

/** A page of an area with the area's query cache around it. */
export function withQueryClient<Props extends object>(client: QueryClient, Page: ComponentType<Props>) {
  const WithQueries = (props: Props) => (
    <QueryClientProvider client={client}>
      <Page {...props} />
    </QueryClientProvider>
  );
  WithQueries.displayName = `WithQueries(${Page.displayName ?? Page.name})`;
  return WithQueries;
}
