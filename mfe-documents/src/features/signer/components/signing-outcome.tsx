import type { SigningView } from '@formwerk/contracts';
import { formatDate, useLocale } from '@formwerk/platform';
import { Icon } from '@formwerk/ui';
import { Ban, CheckCircle2, Clock, Download, FileBadge, Hourglass, Loader } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { certificateUrl, signedCopyUrl } from '../api/signer-api';
import { hasLostFocus } from '../utils/focus';
import type { SigningPhase } from '../utils/signing-phase';

type OutcomeKind = Exclude<SigningPhase, 'verify' | 'sign' | 'view'> | 'delegated';

type SigningOutcomeProps = {
  kind: OutcomeKind;
  view: SigningView;
  token: string;
  /** Whom the part was handed to (`delegated`). */
  name?: string;
};

const icons = {
  expired: Clock,
  declined: Ban,
  cancelled: Ban,
  sealing: Loader,
  completed: CheckCircle2,
  done: CheckCircle2,
  waiting: Hourglass,
  delegated: CheckCircle2,
} as const;

/** Where the request stands when the link has nothing (more) to do: each said plainly, with what comes next. */
export function SigningOutcome({ kind, view, token, name }: SigningOutcomeProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const { recipient } = view;
  const heading = useRef<HTMLHeadingElement>(null);
  // After signing, declining or handing on, the step that had focus is gone: the outcome takes it.
  useEffect(() => {
    if (hasLostFocus()) heading.current?.focus();
  }, []);
  const isOwnRefusal = recipient.status === 'declined' || recipient.status === 'rejected';

  let title: string;
  let text: string;
  switch (kind) {
    case 'expired':
      title = t('signer.expired.title');
      text = t('signer.expired.text', {
        date: formatDate(new Date(view.expiresAt), locale),
        sender: view.sender.name,
      });
      break;
    case 'declined':
      title = t(isOwnRefusal ? `signer.declined.own.${recipient.status}.title` : 'signer.declined.title');
      text = t(isOwnRefusal ? 'signer.declined.own.text' : 'signer.declined.text', { sender: view.sender.name });
      break;
    case 'cancelled':
      title = t('signer.cancelled.title');
      text = t('signer.cancelled.text', { sender: view.sender.name });
      break;
    case 'waiting':
      title = t('signer.waiting.title');
      text = t('signer.waiting.text', { count: Math.max(1, recipient.stage - 1), stage: recipient.stage });
      break;
    case 'delegated':
      title = t('signer.delegated.title');
      text = t('signer.delegated.text', { name });
      break;
    case 'done':
      title = t('signer.thanks');
      text = t(
        `signer.done.${recipient.status === 'approved' || recipient.status === 'viewed' ? recipient.status : 'signed'}`,
      );
      break;
    case 'sealing':
      title = t('signer.thanks');
      text = t('signer.sealing');
      break;
    case 'completed':
      title = t('signer.thanks');
      text = t(view.hasSignedCopy ? 'signer.completed.text' : 'signer.completed.noCopy');
      break;
  }

  const isDone = kind === 'done' || kind === 'sealing' || kind === 'completed' || kind === 'delegated';
  return (
    <section
      className={`ui-card signer-state signer-state--${isDone ? 'done' : 'stopped'}`}
      aria-labelledby="signer-state-title"
      aria-busy={kind === 'sealing'}
    >
      <span className="signer-state__icon">
        <Icon icon={icons[kind]} size={32} />
      </span>
      <h2 id="signer-state-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <p role={kind === 'sealing' || kind === 'completed' ? 'status' : undefined}>{text}</p>
      {kind === 'completed' && view.hasSignedCopy ? (
        <div className="signer-downloads">
          <a className="ui-button ui-button--primary" href={signedCopyUrl(token)} download>
            <Icon icon={Download} />
            {t('signer.completed.download')}
          </a>
          <a className="ui-button ui-button--secondary" href={certificateUrl(token)} download>
            <Icon icon={FileBadge} />
            {t('signer.completed.certificate')}
          </a>
        </div>
      ) : null}
    </section>
  );
}
