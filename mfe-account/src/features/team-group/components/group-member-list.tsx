import type { GroupResponse } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { removeGroupMember } from '../api/team-group-api';
import { AddGroupMemberForm } from './add-group-member-form';

type GroupMemberListProps = { group: GroupResponse; onChange: (group: GroupResponse) => void };

/** The group's members, each removable, and a way to add any other member of the team. */
export function GroupMemberList({ group, onChange }: GroupMemberListProps) {
  const { t } = useTranslation('account');
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onRemove = (userId: string) => {
    setErrorKey(null);
    removeGroupMember(group.id, userId).then(onChange, (error: unknown) => setErrorKey(toErrorKey(error)));
  };

  return (
    <section className="account-card" aria-labelledby="team-group-members">
      <h2 id="team-group-members">{t('teamGroup.members')}</h2>
      {group.members.length ? (
        <ul className="account-list">
          {group.members.map((member) => (
            <li key={member.userId} className="account-list__item">
              <div>
                <strong>{member.name}</strong>
                <span>{member.email}</span>
              </div>
              <Button
                variant="secondary"
                aria-label={t('teamGroup.removeMember', { name: member.name })}
                onClick={() => onRemove(member.userId)}
              >
                {t('teamGroup.remove')}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="account-card__hint">{t('teamGroup.noMembers')}</p>
      )}
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
      <AddGroupMemberForm group={group} onChange={onChange} />
    </section>
  );
}
