import type { GroupResponse, TeamMember } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { addGroupMember, listTeamMembers } from '../api/team-group-api';

type AddGroupMemberFormProps = { group: GroupResponse; onChange: (group: GroupResponse) => void };

/** Offers the team's members who are not in the group yet. */
export function AddGroupMemberForm({ group, onChange }: AddGroupMemberFormProps) {
  const { t } = useTranslation('account');
  const [teamMembers, setTeamMembers] = useState<TeamMember[] | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  useEffect(() => {
    listTeamMembers().then(setTeamMembers, (error: unknown) => setErrorKey(toErrorKey(error)));
  }, []);

  const candidates = teamMembers?.filter(
    (teamMember) => !group.members.some((member) => member.userId === teamMember.userId),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setIsAdding(true);
    setErrorKey(null);
    try {
      onChange(await addGroupMember(group.id, { userId: String(form.get('userId') ?? '') }));
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsAdding(false);
    }
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby="team-group-add">
      <h3 id="team-group-add">{t('teamGroup.addMember')}</h3>
      {!teamMembers && !errorKey ? <p role="status">{t('loading')}</p> : null}
      {candidates?.length === 0 ? <p className="account-card__hint">{t('teamGroup.noCandidates')}</p> : null}
      {candidates?.length ? (
        <>
          <label>
            {t('teamGroup.teamMember')}
            <select name="userId" required>
              {candidates.map((candidate) => (
                <option key={candidate.userId} value={candidate.userId}>
                  {t('teamGroup.candidate', { name: candidate.name, email: candidate.email })}
                </option>
              ))}
            </select>
          </label>
          <div className="account-card__actions">
            <Button type="submit" disabled={isAdding}>
              {t(isAdding ? 'teamGroup.adding' : 'teamGroup.add')}
            </Button>
          </div>
        </>
      ) : null}
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
    </form>
  );
}
