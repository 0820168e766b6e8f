import type { InvitationPreview } from '@formwerk/contracts';
import { ApiError, localePath, useLocale, useSessionStore } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import '../../../components/account.css';
import { toErrorKey } from '../../../utils/error-key';
import { findInvitation } from '../api/invitation-api';
import { InvitationCard } from './invitation-card';

// Unknown, used, expired and malformed tokens all read as one invalid invitation to the invitee.
const rejectingCodes = new Set<ApiError['code']>(['LINK_INVALID', 'NOT_FOUND', 'VALIDATION_FAILED']);

/**
 * /invite?token=…: who invites whom to which team, then the one way on that fits the visitor: join
 * when signed in as the invited address, sign in first when it has an account, else sign up. Someone
 * signed in with another address has nothing to do here (as on guest-only pages) and goes to /v1.
 */
export function InvitationPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const user = useSessionStore((state) => state.user);
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [isRejected, setIsRejected] = useState(false);
  const [loadErrorKey, setLoadErrorKey] = useState<string | null>(null);

  useEffect(() => {
    if (!token) return;
    findInvitation(token).then(setPreview, (error: unknown) => {
      if (error instanceof ApiError && rejectingCodes.has(error.code)) setIsRejected(true);
      else setLoadErrorKey(toErrorKey(error));
    });
  }, [token]);

  if (user && preview && user.email !== preview.email) return <Navigate to={localePath('v1', locale)} replace />;

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.invite.title')} description={t('pages.invite.description')} />
      {!token || isRejected ? (
        <section className="account-card account-card--narrow" aria-labelledby="invitation-invalid">
          <h2 id="invitation-invalid">{t('invitation.invalidTitle')}</h2>
          <p>{t('invitation.invalidText')}</p>
        </section>
      ) : preview ? (
        <InvitationCard token={token} preview={preview} onLinkRejected={() => setIsRejected(true)} />
      ) : (
        <section className="account-card account-card--narrow">
          {loadErrorKey ? <p role="alert">{t(loadErrorKey)}</p> : <p role="status">{t('loading')}</p>}
        </section>
      )}
    </>
  );
}
