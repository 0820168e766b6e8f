import { ApiError, localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';
import { acceptInvitation } from '../api/invitation-api';

type JoinTeamButtonProps = { token: string; teamName: string; onLinkRejected: () => void };

/** Signed in as the invited address: one click joins, and the team becomes the current one. */
export function JoinTeamButton({ token, teamName, onLinkRejected }: JoinTeamButtonProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isJoining, setIsJoining] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onJoin = async () => {
    setIsJoining(true);
    setErrorKey(null);
    try {
      await acceptInvitation({ token });
      navigate(localePath('v1', locale), { replace: true });
    } catch (error) {
      setIsJoining(false);
      if (error instanceof ApiError && error.code === 'LINK_INVALID') onLinkRejected();
      else setErrorKey(toErrorKey(error));
    }
  };

  return (
    <div className="account-card__actions">
      <Button onClick={onJoin} disabled={isJoining}>
        {t(isJoining ? 'invitation.joining' : 'invitation.join', { teamName })}
      </Button>
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
    </div>
  );
}
