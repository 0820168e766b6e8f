import { type CustomDomain, hostnameSchema } from '@formwerk/contracts';
import { ApiError, formatDateTime, useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog } from '@formwerk/ui';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../../utils/error-key';
import { useFormSettingsContext } from '../../hooks/form-settings-context';
import { findCustomDomain, removeCustomDomain, setCustomDomain, verifyCustomDomain } from './domain-api';
import './domain-settings.css';
import { LoadFailure } from '../../../../components/load-failure';
import { RecordField } from './record-field';

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; domain: CustomDomain | null };
type Busy = 'saving' | 'verifying' | 'removing' | null;

/** The message key of a failed change: the tab's own words for a taken or malformed domain. */
function errorKeyOf(error: unknown): string {
  if (error instanceof ApiError && error.code === 'DOMAIN_TAKEN') return 'formSettings.domain.taken';
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') return 'formSettings.domain.invalidHostname';
  return toErrorKey(error);
}

/** What the last check found, in words; nothing before the first check. */
function CheckOutcome({ domain }: { domain: CustomDomain }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  if (!domain.lastCheckedAt) return null;
  const checkedAt = formatDateTime(new Date(domain.lastCheckedAt), locale);
  const values = { recordName: domain.recordName, url: `https://${domain.hostname}/` };
  return domain.lastProblem ? (
    <p role="alert" className="domain-outcome">
      {t(`formSettings.domain.outcome.${domain.lastProblem}`, values)}{' '}
      <span className="ui-hint">{t('formSettings.domain.checkedAt', { date: checkedAt })}</span>
    </p>
  ) : domain.status === 'verified' ? (
    <p role="status" className="domain-outcome domain-outcome--verified">
      {t('formSettings.domain.outcome.verified', values)}
    </p>
  ) : null;
}

/** The domain and how to prove it: the TXT record with copy buttons, and the check. */
function DomainProof({
  domain,
  busy,
  onVerify,
  onRemove,
}: {
  domain: CustomDomain;
  busy: Busy;
  onVerify: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('forms');
  const headingId = useId();
  return (
    <section className="ui-card" aria-labelledby={headingId}>
      <div className="domain-status">
        <h2 id={headingId}>{domain.hostname}</h2>
        <span className={domain.status === 'verified' ? 'ui-badge ui-badge--published' : 'ui-badge'}>
          {t(`formSettings.domain.status.${domain.status}`)}
        </span>
      </div>
      <p>{t('formSettings.domain.recordIntro')}</p>
      <div className="domain-record">
        <p className="domain-record__type">
          {t('formSettings.domain.recordType')}: <code>TXT</code>
        </p>
        <RecordField
          label={t('formSettings.domain.recordName')}
          copyLabel={t('formSettings.domain.copyName')}
          value={domain.recordName}
        />
        <RecordField
          label={t('formSettings.domain.recordValue')}
          copyLabel={t('formSettings.domain.copyValue')}
          value={domain.recordValue}
        />
      </div>
      <p className="ui-hint">
        {t('formSettings.domain.pointHint', { hostname: domain.hostname, siteHost: window.location.hostname })}
      </p>
      <div aria-live="polite">
        <CheckOutcome domain={domain} />
      </div>
      <div className="ui-toolbar">
        <Button onClick={onVerify} disabled={busy !== null}>
          {busy === 'verifying' ? t('formSettings.domain.verifying') : t('formSettings.domain.verify')}
        </Button>
        <Button variant="secondary" onClick={onRemove} disabled={busy !== null}>
          {t('formSettings.domain.remove')}
        </Button>
      </div>
    </section>
  );
}

/** The "domain" tab: serve the form at `/` of the owner's domain, once DNS proves it is theirs. */
export function DomainSettings() {
  const { t } = useTranslation('forms');
  const { form } = useFormSettingsContext();
  const inputId = useId();
  const hintId = useId();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [hostname, setHostname] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);

  const show = useCallback((domain: CustomDomain | null) => {
    setLoad({ status: 'ready', domain });
    setHostname(domain?.hostname ?? '');
  }, []);

  const reload = useCallback(() => {
    setLoad({ status: 'loading' });
    findCustomDomain(form.id).then(
      ({ domain }) => show(domain),
      (error: unknown) => setLoad({ status: 'failed', errorKey: toErrorKey(error) }),
    );
  }, [form.id, show]);
  useEffect(reload, [reload]);

  async function run(kind: Exclude<Busy, null>, action: () => Promise<CustomDomain | null>) {
    setBusy(kind);
    setErrorKey(null);
    try {
      show(await action());
    } catch (error) {
      setErrorKey(errorKeyOf(error));
    } finally {
      setBusy(null);
    }
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = hostnameSchema.safeParse(hostname);
    if (!parsed.success) {
      setErrorKey('formSettings.domain.invalidHostname');
      return;
    }
    void run('saving', async () => (await setCustomDomain(form.id, parsed.data)).domain);
  };
  const verify = () => void run('verifying', async () => (await verifyCustomDomain(form.id)).domain);
  const remove = () => {
    setIsConfirmingRemoval(false);
    void run('removing', async () => {
      await removeCustomDomain(form.id);
      return null;
    });
  };

  if (load.status === 'loading') return <p className="ui-hint">{t('formSettings.domain.loading')}</p>;
  if (load.status === 'failed') return <LoadFailure errorKey={load.errorKey} onRetry={reload} />;
  const { domain } = load;
  const isChange = domain !== null;
  return (
    <>
      <section className="ui-card">
        <p>{t('formSettings.domain.intro')}</p>
        {form.status !== 'published' ? <p className="ui-hint">{t('formSettings.domain.notPublished')}</p> : null}
        <form className="settings-form" onSubmit={save} noValidate>
          <div className="settings-fields">
            <div className="settings-field">
              <label htmlFor={inputId}>{t('formSettings.domain.hostname')}</label>
              <input
                id={inputId}
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder={t('formSettings.domain.hostnamePlaceholder')}
                aria-describedby={hintId}
                aria-invalid={errorKey === 'formSettings.domain.invalidHostname' || undefined}
                value={hostname}
                onChange={(event) => setHostname(event.target.value)}
              />
              <span id={hintId} className="ui-hint">
                {t(isChange ? 'formSettings.domain.changeHint' : 'formSettings.domain.hostnameHint')}
              </span>
            </div>
          </div>
          <div className="settings-form__footer">
            <Button type="submit" disabled={busy !== null || (isChange && hostname.trim() === domain.hostname)}>
              {busy === 'saving'
                ? t('formSettings.domain.saving')
                : t(isChange ? 'formSettings.domain.change' : 'formSettings.domain.add')}
            </Button>
          </div>
        </form>
        {errorKey ? (
          <p role="alert" className="ui-error">
            {t(errorKey)}
          </p>
        ) : null}
      </section>
      {domain ? (
        <DomainProof domain={domain} busy={busy} onVerify={verify} onRemove={() => setIsConfirmingRemoval(true)} />
      ) : null}
      <ConfirmDialog
        isOpen={isConfirmingRemoval}
        title={t('formSettings.domain.removeTitle')}
        confirmLabel={t('formSettings.domain.remove')}
        cancelLabel={t('formSettings.domain.cancel')}
        onConfirm={remove}
        onCancel={() => setIsConfirmingRemoval(false)}
      >
        <p>{t('formSettings.domain.removeText', { hostname: domain?.hostname ?? '' })}</p>
      </ConfirmDialog>
    </>
  );
}
