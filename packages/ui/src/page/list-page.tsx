import type { ReactNode, Ref } from 'react';
import { Button } from '../button/button';
import { PageHeader } from './page-header';

/** How reading the list and the actions on its rows went: what a list page's hook hands to the frame. */
export type ListPageStatus = {
  /** Where focus goes when the row it was in disappears: the results' heading. */
  resultsHeadingRef?: Ref<HTMLHeadingElement>;
  isLoading: boolean;
  loadingText: string;
  /** What an action just did, announced (the live region stands even while it is empty). */
  message?: string;
  /** Why an action on a row failed. */
  actionError?: string;
  /** Why the list could not be read, with a button to read it again. */
  loadError?: string;
  retryText: string;
  onRetry: () => void;
};

type ListPageProps = ListPageStatus & {
  /** The area's name above the title. */
  eyebrow: string;
  title: string;
  description?: string;
  /** Beside the title: create, and the ways to other lists. */
  actions?: ReactNode;
  /** Above the results: search, sort, filters. */
  filters?: ReactNode;
  /** The id of the results' heading, which names the card and, by the caller, its table. */
  resultsId: string;
  /** The results' heading: how many there are, or the title while none are read yet. */
  resultsTitle: string;
  /** What the page shows instead of a table when there is nothing to list: what to do next. */
  empty?: ReactNode;
  /** The results: a table, cards. */
  children?: ReactNode;
  /** Below the results: the pager. */
  footer?: ReactNode;
};

/**
 * The frame of a page that lists things (forms, workflows): the page header, then one card named by the
 * results' heading, with the filters, the loading state, announcements, errors, the empty state and the
 * results. On a phone the header's actions wrap below the title and the card's padding shrinks.
 */
export function ListPage({
  eyebrow,
  title,
  description,
  actions,
  filters,
  resultsId,
  resultsTitle,
  resultsHeadingRef,
  isLoading,
  loadingText,
  message,
  actionError,
  loadError,
  retryText,
  onRetry,
  empty,
  children,
  footer,
}: ListPageProps) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={title} description={description} actions={actions} />
      <section className="ui-card" aria-labelledby={resultsId}>
        {filters}
        <div className="ui-list-page__heading">
          <h2 id={resultsId} ref={resultsHeadingRef} tabIndex={-1}>
            {resultsTitle}
          </h2>
          {isLoading ? <span className="ui-hint">{loadingText}</span> : null}
        </div>
        <p role="status" className="ui-hint">
          {message}
        </p>
        {actionError ? <p role="alert">{actionError}</p> : null}
        {loadError ? (
          <div>
            <p role="alert">{loadError}</p>
            <Button variant="secondary" onClick={onRetry}>
              {retryText}
            </Button>
          </div>
        ) : null}
        {empty ? <div className="ui-empty">{empty}</div> : null}
        {children}
        {footer}
      </section>
    </>
  );
}
