import type { InboxTab } from '@formwerk/contracts';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** `workflowId` is '' for every workflow. */
export type InboxParams = { tab: InboxTab; search: string; workflowId: string; page: number };
export type ChangeInboxParams = (change: Partial<InboxParams>, options?: { replace?: boolean }) => void;

// The contract's tabs in the order the page shows them (written out to keep zod out of the page's chunk).
export const inboxTabs = ['mine', 'pool', 'delegated', 'overdue', 'done'] as const satisfies readonly InboxTab[];
const defaults: InboxParams = { tab: 'mine', search: '', workflowId: '', page: 1 };

function readParams(searchParams: URLSearchParams): InboxParams {
  const page = Number(searchParams.get('page'));
  return {
    tab: inboxTabs.find((tab) => tab === searchParams.get('tab')) ?? defaults.tab,
    search: searchParams.get('search') ?? defaults.search,
    workflowId: searchParams.get('workflowId') ?? defaults.workflowId,
    page: Number.isInteger(page) && page >= 1 ? page : defaults.page,
  };
}

/** The address's query for `params`: the values left at their default stay out of it. */
export function toInboxQuery(params: InboxParams): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([key, value]) => value !== defaults[key as keyof InboxParams])
      .map(([key, value]) => [key, String(value)]),
  );
}

/**
 * The inbox's tab, search, workflow filter and page live in the address (?tab=pool&search=…&page=2),
 * so reload, back and forward, and a link from a mail or the overview show the same list.
 */
export function useInboxParams(): [InboxParams, ChangeInboxParams] {
  const [searchParams, setSearchParams] = useSearchParams();

  const changeParams = useCallback<ChangeInboxParams>(
    (change, { replace = false } = {}) =>
      setSearchParams((current) => new URLSearchParams(toInboxQuery({ ...readParams(current), ...change })), {
        replace,
      }),
    [setSearchParams],
  );

  return [readParams(searchParams), changeParams];
}
