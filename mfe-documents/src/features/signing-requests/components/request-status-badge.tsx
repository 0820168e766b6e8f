import type { SigningRequestStatus } from '@formwerk/contracts';
import { useTranslation } from 'react-i18next';

// Tones that repeat the words: running (info), done (success), ended without signatures (danger, or
// plain for what nobody refused).
const tones: Record<SigningRequestStatus, string> = {
  sent: ' ui-badge--info',
  sealing: ' ui-badge--info',
  completed: ' ui-badge--success',
  declined: ' ui-badge--danger',
  expired: '',
  cancelled: '',
};

/** Where a request stands, in words: sent, being sealed, completed, declined, expired or cancelled. */
export function RequestStatusBadge({ status }: { status: SigningRequestStatus }) {
  const { t } = useTranslation('documents');
  return <span className={`ui-badge${tones[status]}`}>{t(`signingRequests.status.${status}`)}</span>;
}
