import type { InboxResponse } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { type InboxParams, inboxTabs, toInboxQuery } from '../hooks/use-inbox-params';

type InboxTabsProps = { params: InboxParams; counts: InboxResponse['counts'] | undefined };

/**
 * The inbox's lists as links, the current one marked with aria-current: each is an address of its own
 * (a mail or the overview links to one), keeping the search and the workflow filter.
 */
export function InboxTabs({ params, counts }: InboxTabsProps) {
  const { t } = useTranslation('approvals');
  return (
    <nav className="ui-tabs" aria-label={t('inbox.list.tabsLabel')}>
      <ul>
        {inboxTabs.map((tab) => {
          const count = tab === 'done' ? undefined : counts?.[tab];
          return (
            <li key={tab}>
              <AppLink
                to="v1-approve-approvals"
                query={toInboxQuery({ ...params, tab, page: 1 })}
                aria-current={tab === params.tab ? 'page' : undefined}
              >
                {t(`inbox.tabs.${tab}`)}
                {count === undefined ? null : (
                  <>
                    {' '}
                    <span className={count > 0 ? 'ui-tabs__count ui-tabs__count--some' : 'ui-tabs__count'}>
                      {count}
                    </span>
                  </>
                )}
              </AppLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
