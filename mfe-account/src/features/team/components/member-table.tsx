import type { AssignableRole, TeamMember } from '@formwerk/contracts';
import { Button, ConfirmDialog, TableFrame } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { assignableRoles } from '../api/team-api';
import { useTeamStore } from '../stores/team-store';

/** Everyone in the team; the owner's row cannot be changed, any other member's role can, and they can go. */
export function MemberTable() {
  const { t } = useTranslation('account');
  const members = useTeamStore((state) => state.team?.members);
  const changeMemberRole = useTeamStore((state) => state.changeMemberRole);
  const removeMember = useTeamStore((state) => state.removeMember);
  const [memberToRemove, setMemberToRemove] = useState<TeamMember | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const runChange = (change: Promise<void>) => {
    setErrorKey(null);
    change.catch((error: unknown) => setErrorKey(toErrorKey(error)));
  };

  const onConfirmRemove = () => {
    if (memberToRemove) runChange(removeMember(memberToRemove.userId));
    setMemberToRemove(null);
  };

  return (
    <section className="account-card account-card--wide" aria-labelledby="team-members">
      <h2 id="team-members">{t('team.members')}</h2>
      <TableFrame labelledBy="team-members">
        <table className="account-table" aria-labelledby="team-members">
          <thead>
            <tr>
              <th scope="col">{t('team.name')}</th>
              <th scope="col">{t('team.email')}</th>
              <th scope="col">{t('team.role')}</th>
              <th scope="col">{t('team.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {members?.map((member) => (
              <tr key={member.userId}>
                <td>{member.name}</td>
                <td>{member.email}</td>
                <td>
                  {member.role === 'owner' ? (
                    t('roles.owner')
                  ) : (
                    <select
                      aria-label={t('team.roleOf', { name: member.name })}
                      value={member.role}
                      onChange={(event) =>
                        runChange(changeMemberRole(member.userId, { role: event.target.value as AssignableRole }))
                      }
                    >
                      {assignableRoles.map((role) => (
                        <option key={role} value={role}>
                          {t(`roles.${role}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td>
                  {member.role === 'owner' ? null : (
                    <Button
                      variant="secondary"
                      aria-label={t('team.removeMember', { name: member.name })}
                      onClick={() => setMemberToRemove(member)}
                    >
                      {t('team.remove')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
      <ConfirmDialog
        isOpen={memberToRemove !== null}
        title={t('team.removeTitle', { name: memberToRemove?.name })}
        confirmLabel={t('team.remove')}
        onConfirm={onConfirmRemove}
        cancelLabel={t('confirm.cancel')}
        onCancel={() => setMemberToRemove(null)}
      >
        <p>{t('team.removeText')}</p>
      </ConfirmDialog>
    </section>
  );
}
