import type { GroupSummary } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/account.css';
import { toErrorKey } from '../../../utils/error-key';
import { listGroups } from '../api/team-groups-api';
import { CreateGroupForm } from './create-group-form';

/** /v1/team/groups: the team's groups, each opening its own page, and a form for a new one. */
export function TeamGroupsPage() {
  const { t } = useTranslation('account');
  const [groups, setGroups] = useState<GroupSummary[] | null>(null);
  const [loadErrorKey, setLoadErrorKey] = useState<string | null>(null);

  useEffect(() => {
    listGroups().then(
      (list) => setGroups(list.groups),
      (error: unknown) => setLoadErrorKey(toErrorKey(error)),
    );
  }, []);

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.team-groups.title')}
        description={t('pages.team-groups.description')}
        actions={
          <AppLink to="v1-team" className="ui-button ui-button--secondary">
            {t('teamGroups.backToTeam')}
          </AppLink>
        }
      />
      <div className="account-grid">
        <CreateGroupForm />
        <section className="account-card" aria-labelledby="team-groups-list">
          <h2 id="team-groups-list">{t('teamGroups.list')}</h2>
          {loadErrorKey ? <p role="alert">{t(loadErrorKey)}</p> : null}
          {!groups && !loadErrorKey ? <p role="status">{t('loading')}</p> : null}
          {groups?.length === 0 ? <p className="account-card__hint">{t('teamGroups.empty')}</p> : null}
          {groups?.length ? (
            <ul className="account-list">
              {groups.map((group) => (
                <li key={group.id} className="account-list__item">
                  <AppLink to="v1-team-groups-id" params={{ id: group.id }}>
                    {group.name}
                  </AppLink>
                  <span>{t('teamGroups.memberCount', { count: group.memberCount })}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
    </>
  );
}
