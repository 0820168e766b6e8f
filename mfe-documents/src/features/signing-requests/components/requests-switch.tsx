import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import './requests-switch.css';

type RequestsSwitchProps = {
  /** Which the page shows: the library, the list of requests, or one request (of that list). */
  current: 'library' | 'requests' | 'request';
};

/**
 * The library and the requests sent for signature, two views of one route (`?view=requests`), as links
 * above either: the current one marked, each its own address for back, forward and bookmarks.
 */
export function RequestsSwitch({ current }: RequestsSwitchProps) {
  const { t } = useTranslation('documents');
  const { pathname } = useLocation();
  const isRequests = current !== 'library';
  return (
    <nav className="ui-tabs signing-switch" aria-label={t('signingRequests.switch.label')}>
      <ul>
        <li>
          <Link to={pathname} aria-current={isRequests ? undefined : 'page'}>
            {t('signingRequests.switch.library')}
          </Link>
        </li>
        <li>
          {/* On one request the list is where it belongs, not the page itself. */}
          <Link
            to={`${pathname}?view=requests`}
            aria-current={current === 'requests' ? 'page' : current === 'request' ? 'true' : undefined}
          >
            {t('signingRequests.switch.requests')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
