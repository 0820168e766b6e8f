import { type DocumentShareEntry, shareLinkDays } from '@formwerk/contracts';
import { formatDate, useLocale } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Copy, Link2, Mail, Trash2, Users } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentShares } from '../hooks/use-document-shares';
import { splitAddresses, toErrorKey } from '../utils/error-key';
import './sharing.css';

type ShareDialogProps = { document: { id: string; name: string } | null; onClose: () => void };

/**
 * Shares a document: with people by address (told by mail, with a message if wished), with a group of
 * the team, or as a link valid for a chosen time, shown once to copy. Lists who has it, each to take
 * back. A native modal <dialog>: focus stays inside, Escape closes, focus returns to the row's button.
 */
export function ShareDialog({ document, onClose }: ShareDialogProps) {
  const { t } = useTranslation('documents');
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const isOpen = document !== null;
  const { shares, groups, share, revoke } = useDocumentShares(document?.id ?? null);
  const [announcement, setAnnouncement] = useState('');
  const [linkUrl, setLinkUrl] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
    if (!isOpen) {
      setAnnouncement('');
      setLinkUrl(null);
      share.reset();
      revoke.reset();
    }
  }, [isOpen, share.reset, revoke.reset]);

  const failure = share.error ?? revoke.error;
  return (
    <dialog
      ref={dialog}
      className="ui-dialog sharing-dialog"
      aria-labelledby={titleId}
      onClose={() => isOpen && onClose()}
    >
      {document ? (
        <div className="ui-dialog__body">
          <h2 id={titleId}>{t('sharing.dialog.title', { name: document.name })}</h2>
          <p className="ui-visually-hidden" role="status">
            {announcement}
          </p>
          {failure ? (
            <p className="ui-notice ui-notice--error" role="alert">
              {t(toErrorKey(failure))}
            </p>
          ) : null}
          <PeopleForm
            isBusy={share.isPending}
            onShare={async (emails, message) => {
              const result = await share.mutateAsync({ kind: 'people', emails, ...(message ? { message } : {}) });
              setAnnouncement(t('sharing.people.done', { count: result.shares.length }));
            }}
          />
          <GroupForm
            groups={groups.data?.groups ?? []}
            isLoading={groups.isPending}
            isBusy={share.isPending}
            onShare={async (groupId, name) => {
              await share.mutateAsync({ kind: 'group', groupId });
              setAnnouncement(t('sharing.group.done', { name }));
            }}
          />
          <LinkForm
            isBusy={share.isPending}
            linkUrl={linkUrl}
            onCreate={async (days) => {
              const result = await share.mutateAsync({ kind: 'link', days });
              if (result.linkPath) setLinkUrl(new URL(result.linkPath, window.location.origin).toString());
              setAnnouncement(t('sharing.link.done'));
            }}
            onCopied={() => setAnnouncement(t('sharing.link.copied'))}
          />
          <section className="sharing-current" aria-labelledby={`${titleId}-current`}>
            <h3 id={`${titleId}-current`}>{t('sharing.current.title')}</h3>
            {shares.isPending ? <p className="ui-hint">{t('sharing.loading')}</p> : null}
            {shares.isError ? (
              <p className="ui-error" role="alert">
                {t(toErrorKey(shares.error))}
              </p>
            ) : null}
            {shares.data && shares.data.shares.length === 0 ? (
              <p className="ui-hint">{t('sharing.current.none')}</p>
            ) : null}
            {shares.data && shares.data.shares.length > 0 ? (
              <ul className="sharing-list">
                {shares.data.shares.map((entry) => (
                  <ShareItem
                    key={entry.id}
                    entry={entry}
                    isBusy={revoke.isPending && revoke.variables === entry.id}
                    onRevoke={async (label) => {
                      await revoke.mutateAsync(entry.id);
                      setAnnouncement(t('sharing.current.revoked', { label }));
                    }}
                  />
                ))}
              </ul>
            ) : null}
          </section>
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={onClose}>
              {t('sharing.dialog.close')}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** A mutation's error is shown by the dialog; the form only keeps what the person typed. */
const ignore = () => undefined;

function PeopleForm({
  isBusy,
  onShare,
}: {
  isBusy: boolean;
  onShare: (emails: string[], message: string) => Promise<void>;
}) {
  const { t } = useTranslation('documents');
  const addressesId = useId();
  const messageId = useId();
  const problemId = useId();
  const [addresses, setAddresses] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { valid, invalid } = splitAddresses(addresses);
    if (invalid.length > 0) return setProblem(t('sharing.people.invalid', { addresses: invalid.join(', ') }));
    if (valid.length === 0) return setProblem(t('sharing.people.missing'));
    if (valid.length > 20) return setProblem(t('sharing.people.tooMany', { max: 20 }));
    setProblem('');
    onShare(valid, message.trim()).then(() => {
      setAddresses('');
      setMessage('');
    }, ignore);
  };

  return (
    <form className="sharing-section" onSubmit={submit} noValidate>
      <h3>
        <Icon icon={Mail} /> {t('sharing.people.title')}
      </h3>
      <div className="ui-field">
        <label htmlFor={addressesId}>{t('sharing.people.addresses')}</label>
        <input
          id={addressesId}
          type="text"
          inputMode="email"
          autoComplete="off"
          value={addresses}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          placeholder={t('sharing.people.placeholder')}
          onChange={(event) => setAddresses(event.target.value)}
        />
        {problem ? (
          <span id={problemId} className="ui-field__error">
            {problem}
          </span>
        ) : (
          <span className="ui-field__hint ui-hint">{t('sharing.people.hint')}</span>
        )}
      </div>
      <div className="ui-field">
        <label htmlFor={messageId}>{t('sharing.people.message')}</label>
        <textarea
          id={messageId}
          rows={2}
          maxLength={1000}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <div>
        <Button type="submit" disabled={isBusy}>
          {t('sharing.people.submit')}
        </Button>
      </div>
    </form>
  );
}

function GroupForm({
  groups,
  isLoading,
  isBusy,
  onShare,
}: {
  groups: { id: string; name: string; memberCount: number }[];
  isLoading: boolean;
  isBusy: boolean;
  onShare: (groupId: string, name: string) => Promise<void>;
}) {
  const { t } = useTranslation('documents');
  const selectId = useId();
  const [groupId, setGroupId] = useState('');
  const chosen = groups.find((group) => group.id === groupId) ?? groups[0];

  return (
    <form
      className="sharing-section"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen) onShare(chosen.id, chosen.name).catch(ignore);
      }}
    >
      <h3>
        <Icon icon={Users} /> {t('sharing.group.title')}
      </h3>
      {isLoading ? <p className="ui-hint">{t('sharing.loading')}</p> : null}
      {!isLoading && groups.length === 0 ? <p className="ui-hint">{t('sharing.group.none')}</p> : null}
      {groups.length > 0 ? (
        <div className="sharing-row">
          <div className="ui-field">
            <label htmlFor={selectId}>{t('sharing.group.label')}</label>
            <select id={selectId} value={chosen?.id ?? ''} onChange={(event) => setGroupId(event.target.value)}>
              {groups.map((group) => (
                <option key={group.id} value={group.id}>
                  {t('sharing.group.option', { name: group.name, count: group.memberCount })}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={isBusy}>
            {t('sharing.group.submit')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function LinkForm({
  isBusy,
  linkUrl,
  onCreate,
  onCopied,
}: {
  isBusy: boolean;
  linkUrl: string | null;
  onCreate: (days: (typeof shareLinkDays)[number]) => Promise<void>;
  onCopied: () => void;
}) {
  const { t } = useTranslation('documents');
  const daysId = useId();
  const linkId = useId();
  const [days, setDays] = useState<(typeof shareLinkDays)[number]>(7);
  const linkInput = useRef<HTMLInputElement>(null);

  const copy = async () => {
    if (!linkUrl) return;
    try {
      await navigator.clipboard.writeText(linkUrl);
    } catch {
      // Without clipboard access (an insecure origin, a refusal), the link is selected for Ctrl+C.
      linkInput.current?.select();
      return;
    }
    onCopied();
  };

  return (
    <form
      className="sharing-section"
      onSubmit={(event) => {
        event.preventDefault();
        onCreate(days).catch(ignore);
      }}
    >
      <h3>
        <Icon icon={Link2} /> {t('sharing.link.title')}
      </h3>
      <p className="ui-hint">{t('sharing.link.what')}</p>
      <div className="sharing-row">
        <div className="ui-field">
          <label htmlFor={daysId}>{t('sharing.link.validFor')}</label>
          <select
            id={daysId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as (typeof shareLinkDays)[number])}
          >
            {shareLinkDays.map((option) => (
              <option key={option} value={option}>
                {t('sharing.link.days', { count: option })}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" disabled={isBusy}>
          {t('sharing.link.create')}
        </Button>
      </div>
      {linkUrl ? (
        <div className="sharing-new-link">
          <div className="ui-field">
            <label htmlFor={linkId}>{t('sharing.link.new')}</label>
            <div className="sharing-row">
              <input
                ref={linkInput}
                id={linkId}
                className="ui-input"
                readOnly
                value={linkUrl}
                onFocus={(event) => event.target.select()}
              />
              <Button variant="secondary" onClick={() => void copy()}>
                <Icon icon={Copy} />
                {t('sharing.link.copy')}
              </Button>
            </div>
          </div>
          <p className="ui-hint">{t('sharing.link.onlyNow')}</p>
        </div>
      ) : null}
    </form>
  );
}

function ShareItem({
  entry,
  isBusy,
  onRevoke,
}: {
  entry: DocumentShareEntry;
  isBusy: boolean;
  onRevoke: (label: string) => Promise<void>;
}) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const isExpired = entry.kind === 'link' && Date.parse(entry.expiresAt) <= Date.now();
  const label =
    entry.kind === 'person'
      ? entry.name
        ? t('sharing.current.person', { name: entry.name, email: entry.email })
        : entry.email
      : entry.kind === 'group'
        ? t('sharing.current.group', { name: entry.name })
        : isExpired
          ? t('sharing.current.linkExpired', { date: formatDate(new Date(entry.expiresAt), locale) })
          : t('sharing.current.link', { date: formatDate(new Date(entry.expiresAt), locale) });
  const icon = entry.kind === 'person' ? Mail : entry.kind === 'group' ? Users : Link2;
  return (
    <li className={`sharing-item${isExpired ? ' sharing-item--expired' : ''}`}>
      <Icon icon={icon} />
      <span className="sharing-item__text">
        <span>{label}</span>
        <span className="ui-hint sharing-item__meta">
          {t('sharing.current.by', { name: entry.sharedBy.name, date: formatDate(new Date(entry.sharedAt), locale) })}
        </span>
      </span>
      <Button
        variant="ghost"
        className="ui-button--small ui-button--danger"
        disabled={isBusy}
        aria-label={t('sharing.current.revokeLabel', { label })}
        title={t('sharing.current.revoke')}
        onClick={() => onRevoke(label).catch(ignore)}
      >
        <Icon icon={Trash2} />
        <span className="ui-phone-hidden">{t('sharing.current.revoke')}</span>
      </Button>
    </li>
  );
}
