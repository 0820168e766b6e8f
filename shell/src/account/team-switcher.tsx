import type { SessionResponse, TeamSummary } from '@formwerk/contracts';
import { apiRequest, localePath, useLocale, useSessionStore } from '@formwerk/platform';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchTeams } from './team-list';

/**
 * Switches the current team (the `team` cookie) among the teams the user belongs to; shown only to
 * users of more than one team. A switch starts again from the home page, which belongs to the new team.
 */
export function TeamSwitcher() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const userId = useSessionStore((state) => state.user?.id);
  const teamId = useSessionStore((state) => state.teamId);
  const [teams, setTeams] = useState<TeamSummary[]>([]);
  const [isSwitching, setIsSwitching] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  // A new current team (after accepting an invitation) can mean a new list.
  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    fetchTeams(userId, teamId).then(
      (answer) => isCurrent && setTeams(answer.teams),
      () => isCurrent && setTeams([]),
    );
    return () => {
      isCurrent = false;
    };
  }, [userId, teamId]);

  if (teams.length < 2) return null;

  const switchTeam = async (nextTeamId: number) => {
    setIsSwitching(true);
    setHasFailed(false);
    try {
      await apiRequest<SessionResponse>('/teams/current', { method: 'POST', body: { teamId: nextTeamId } });
      navigate(localePath('v1', locale));
    } catch {
      setHasFailed(true);
    } finally {
      setIsSwitching(false);
    }
  };

  return (
    <label className="team-switcher">
      <span className="ui-visually-hidden">{t('team.current')}</span>
      <select
        value={teamId ?? ''}
        disabled={isSwitching}
        aria-invalid={hasFailed || undefined}
        title={hasFailed ? t('team.switchFailed') : undefined}
        onChange={(event) => switchTeam(Number(event.target.value))}
      >
        {teams.map((team) => (
          <option key={team.teamId} value={team.teamId}>
            {team.name} · {t(`team.roles.${team.role}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
