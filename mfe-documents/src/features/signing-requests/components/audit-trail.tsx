import type { SigningRequest } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeEvent } from '../utils/describe-event';

// Enough of a SHA-256 to tell events apart at a glance; the whole one is in the title and copied on request.
const shownHashLength = 12;

/**
 * The request's audit trail as the api keeps it: each event numbered, in words, with its time and
 * hash, and whether the chain verifies (each event carries the hash of the one before); when it does
 * not, the event where it breaks is marked.
 */
export function AuditTrail({ request }: { request: SigningRequest }) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const headingId = useId();
  const [copied, setCopied] = useState('');
  const { chain, events } = request;
  // Without the Clipboard API (an insecure origin) the hash stays in the title.
  const canCopy = typeof navigator !== 'undefined' && navigator.clipboard !== undefined;
  const copy = async (seq: number, hash: string) => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopied(t('signingRequests.trail.copied', { seq }));
    } catch {
      setCopied(t('signingRequests.trail.copyFailed'));
    }
  };
  return (
    <section className="ui-card" aria-labelledby={headingId}>
      <div className="signing-trail__heading">
        <h2 id={headingId}>{t('signingRequests.trail.title')}</h2>
        <span className={`ui-badge ${chain.isValid ? 'ui-badge--success' : 'ui-badge--danger'}`}>
          {chain.isValid
            ? t('signingRequests.trail.valid')
            : t('signingRequests.trail.broken', { seq: chain.brokenAt ?? '?' })}
        </span>
      </div>
      <p className={chain.isValid ? 'ui-hint' : 'ui-notice ui-notice--error'}>
        {chain.isValid
          ? t('signingRequests.trail.validText', { count: events.length })
          : t('signingRequests.trail.brokenText', { seq: chain.brokenAt ?? '?' })}
      </p>
      <p role="status" className="ui-visually-hidden">
        {copied}
      </p>
      <ol className="signing-trail">
        {events.map((event) => {
          const { key, values } = describeEvent(event);
          const isBreak = chain.brokenAt === event.seq;
          return (
            <li key={event.seq} className={`signing-event${isBreak ? ' signing-event--broken' : ''}`}>
              <span className="signing-event__seq">{t('signingRequests.trail.seq', { seq: event.seq })}</span>
              <div className="signing-event__body">
                <p>{t(`signingRequests.trail.events.${key}`, values)}</p>
                {isBreak ? <p className="ui-error">{t('signingRequests.trail.breaksHere')}</p> : null}
                <p className="signing-event__meta">
                  <time dateTime={event.at}>{formatDateTime(new Date(event.at), locale)}</time>
                  <span>
                    <span className="ui-visually-hidden">{t('signingRequests.trail.hash')} </span>
                    <code title={event.hash}>{event.hash.slice(0, shownHashLength)}…</code>
                  </span>
                  {canCopy ? (
                    <Button
                      variant="ghost"
                      className="ui-button--small"
                      title={t('signingRequests.trail.copy', { seq: event.seq })}
                      onClick={() => void copy(event.seq, event.hash)}
                    >
                      <Icon icon={Copy} />
                      <span className="ui-visually-hidden">{t('signingRequests.trail.copy', { seq: event.seq })}</span>
                    </Button>
                  ) : null}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
