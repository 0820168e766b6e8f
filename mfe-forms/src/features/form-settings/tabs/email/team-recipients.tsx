import type { EmailSettings, GroupSummary, TeamResponse } from '@formwerk/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../../utils/error-key';
import { findTeam, listGroups } from './email-api';

type Notify = EmailSettings['notify'];
type Loaded =
  | { status: 'loading' }
  | { status: 'loaded'; members: TeamResponse['members']; groups: GroupSummary[] }
  | { status: 'failed'; errorKey: string };

const toggle = (ids: string[], id: string, isChosen: boolean) =>
  isChosen ? [...ids.filter((other) => other !== id), id] : ids.filter((other) => other !== id);

/** Whom of the team each submission is mailed to: members by name, and groups (each member once). */
export function TeamRecipients({ notify, onChange }: { notify: Notify; onChange: (notify: Notify) => void }) {
  const { t } = useTranslation('forms');
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    Promise.all([findTeam(), listGroups()]).then(
      ([team, { groups }]) => isCurrent && setLoaded({ status: 'loaded', members: team.members, groups }),
      (error: unknown) => isCurrent && setLoaded({ status: 'failed', errorKey: toErrorKey(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  if (loaded.status === 'loading') return <p className="ui-hint">{t('formSettings.email.loadingTeam')}</p>;
  if (loaded.status === 'failed') return <p className="ui-error">{t(loaded.errorKey)}</p>;
  return (
    <div className="settings-fields">
      <fieldset className="settings-field">
        <legend>{t('formSettings.email.members')}</legend>
        <div className="recipient-choices">
          {loaded.members.map((member) => (
            <label key={member.userId} className="settings-field--inline">
              <input
                type="checkbox"
                checked={notify.userIds.includes(member.userId)}
                onChange={(event) =>
                  onChange({ ...notify, userIds: toggle(notify.userIds, member.userId, event.target.checked) })
                }
              />
              <span>
                {member.name} ({member.email})
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="settings-field">
        <legend>{t('formSettings.email.groups')}</legend>
        {loaded.groups.length === 0 ? <p className="ui-hint">{t('formSettings.email.noGroups')}</p> : null}
        <div className="recipient-choices">
          {loaded.groups.map((group) => (
            <label key={group.id} className="settings-field--inline">
              <input
                type="checkbox"
                checked={notify.groupIds.includes(group.id)}
                onChange={(event) =>
                  onChange({ ...notify, groupIds: toggle(notify.groupIds, group.id, event.target.checked) })
                }
              />
              <span>{t('formSettings.email.groupChoice', { name: group.name, count: group.memberCount })}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
