import type { GroupResponse } from '@formwerk/contracts';
import { ApiError, AppLink } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import '../../../components/account.css';
import { toErrorKey } from '../../../utils/error-key';
import { findGroup } from '../api/team-group-api';
import { DeleteGroupSection } from './delete-group-section';
import { GroupMemberList } from './group-member-list';
import { GroupNameForm } from './group-name-form';

type LoadState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; group: GroupResponse };

// An id that is no group's (or not even shaped like one) is simply not found.
const notFoundCodes = new Set<ApiError['code']>(['NOT_FOUND', 'VALIDATION_FAILED']);

/** /v1/team/groups/{id}: a group's name and members; it can be renamed or deleted. */
export function TeamGroupPage() {
  const { t } = useTranslation('account');
  const { id = '' } = useParams();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    setLoad({ status: 'loading' });
    findGroup(id).then(
      (group) => setLoad({ status: 'ready', group }),
      (error: unknown) =>
        setLoad(
          error instanceof ApiError && notFoundCodes.has(error.code)
            ? { status: 'not-found' }
            : { status: 'failed', errorKey: toErrorKey(error) },
        ),
    );
  }, [id]);

  const onChange = (group: GroupResponse) => setLoad({ status: 'ready', group });

  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={load.status === 'ready' ? load.group.name : t('pages.team-group.title')}
        description={t('pages.team-group.description')}
        actions={
          <AppLink to="v1-team-groups" className="ui-button ui-button--secondary">
            {t('teamGroup.backToGroups')}
          </AppLink>
        }
      />
      {load.status === 'ready' ? (
        <div className="account-grid">
          <GroupMemberList group={load.group} onChange={onChange} />
          <GroupNameForm group={load.group} onChange={onChange} />
          <DeleteGroupSection group={load.group} />
        </div>
      ) : load.status === 'not-found' ? (
        <section className="account-card account-card--narrow" aria-labelledby="team-group-not-found">
          <h2 id="team-group-not-found">{t('teamGroup.notFoundTitle')}</h2>
          <p>{t('teamGroup.notFoundText')}</p>
        </section>
      ) : (
        <section className="account-card account-card--narrow">
          {load.status === 'failed' ? <p role="alert">{t(load.errorKey)}</p> : <p role="status">{t('loading')}</p>}
        </section>
      )}
    </>
  );
}
