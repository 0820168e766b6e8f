import { ApiError } from '@formwerk/platform';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';

// The area's server state (TanStack Query): one cache for its pages, so a list read on one page is
// there on the next, and a change marks what it touched as stale instead of each page reloading by
// hand. A refusal of the api (4xx) is an answer, not a failure worth retrying; the network and a
// database away (5xx) are retried twice.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      retry: (failureCount, error) =>
        failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
    },
  },
});

export function AreaQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A page of the area with the area's query cache around it. */
export function withAreaQueries<Props extends object>(Page: ComponentType<Props>): ComponentType<Props> {
  const WithQueries = (props: Props) => (
    <AreaQueries>
      <Page {...props} />
    </AreaQueries>
  );
  WithQueries.displayName = `WithAreaQueries(${Page.displayName ?? Page.name})`;
  return WithQueries;
}
