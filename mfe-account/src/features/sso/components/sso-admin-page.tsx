import type { SsoAdminResponse, SsoConnection, SsoDefaultRole, SsoDomain } from '@formwerk/contracts';
import { ApiError, AppLink, formatDate, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/account.css';
import { withAreaQueries } from '../../../query/area-queries';
import {
  useAddSsoDomain,
  useRemoveSsoConnection,
  useRemoveSsoDomain,
  useSaveSsoConnection,
  useSaveSsoSamlConnection,
  useSaveSsoSettings,
  useSsoAdmin,
  useVerifySsoDomain,
} from '../api/sso-queries';
import { toSsoErrorKey } from '../utils/error-key';
import './sso.css';

/**
 * /sso-admin: the team owner verifies the team's domains, connects its identity provider (OpenID Connect
 * or SAML, one at a time) and says who joins and whether the domains must sign in through it. Free on
 * every plan.
 */
function SsoAdminContent() {
  const { t } = useTranslation('account');
  const admin = useSsoAdmin();
  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.sso-admin.title')}
        description={t('pages.sso-admin.description')}
      />
      {admin.data ? (
        <div className="sso-admin">
          <DomainsSection domains={admin.data.domains} />
          <CurrentConnection connection={admin.data.connection} />
          <ConnectionSection view={admin.data} />
          <SamlSection view={admin.data} />
          <SettingsSection view={admin.data} />
        </div>
      ) : (
        <section className="account-card account-card--narrow">
          {admin.error ? (
            <div className="account-card__actions">
              <p role="alert">{t(toSsoErrorKey(admin.error))}</p>
              <Button variant="secondary" onClick={() => void admin.refetch()}>
                {t('sso.retry')}
              </Button>
            </div>
          ) : (
            <p role="status">{t('loading')}</p>
          )}
        </section>
      )}
    </>
  );
}

export const SsoAdminPage = withAreaQueries(SsoAdminContent);

/** The domains with the TXT record each needs, and their state. */
function DomainsSection({ domains }: { domains: SsoDomain[] }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const add = useAddSsoDomain();
  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const domain = String(new FormData(form).get('domain') ?? '');
    add.mutate({ domain }, { onSuccess: () => form.reset() });
  }
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sso.domains.title')}</h2>
      <p>{t('sso.domains.hint')}</p>
      {domains.length === 0 ? <p>{t('sso.domains.empty')}</p> : null}
      <ul className="sso-admin__domains">
        {domains.map((domain) => (
          <DomainItem key={domain.domain} domain={domain} />
        ))}
      </ul>
      <form className="sso-admin__add" onSubmit={onAdd}>
        <label>
          {t('sso.domains.domain')}
          <input name="domain" required maxLength={253} placeholder="example.com" autoComplete="off" />
        </label>
        <Button type="submit" disabled={add.isPending}>
          {t('sso.domains.add')}
        </Button>
        {add.error ? <span role="alert">{t(toSsoErrorKey(add.error))}</span> : null}
      </form>
    </section>
  );
}

function DomainItem({ domain }: { domain: SsoDomain }) {
  const { t } = useTranslation('account');
  const verify = useVerifySsoDomain();
  const remove = useRemoveSsoDomain();
  const isVerified = domain.status === 'verified';
  const error = verify.error ?? remove.error;
  return (
    <li className="sso-admin__domain">
      <p>
        <strong>{domain.domain}</strong>{' '}
        <span className={isVerified ? 'sso-admin__status--verified' : 'sso-admin__status'}>
          {t(`sso.domains.status.${domain.status}`)}
        </span>
      </p>
      {isVerified ? null : (
        <>
          <p>{t('sso.domains.record')}</p>
          <dl className="sso-admin__record">
            <dt>{t('sso.domains.recordName')}</dt>
            <dd>
              <input readOnly value={domain.recordName} aria-label={t('sso.domains.recordName')} />
            </dd>
            <dt>{t('sso.domains.recordValue')}</dt>
            <dd>
              <input readOnly value={domain.recordValue} aria-label={t('sso.domains.recordValue')} />
            </dd>
          </dl>
          {domain.lastProblem ? <p role="status">{t(`sso.domains.problem.${domain.lastProblem}`)}</p> : null}
        </>
      )}
      <div className="account-card__actions">
        {isVerified ? null : (
          <Button onClick={() => verify.mutate(domain.domain)} disabled={verify.isPending}>
            {t(verify.isPending ? 'sso.domains.verifying' : 'sso.domains.verify')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() => remove.mutate(domain.domain)}
          disabled={remove.isPending}
          aria-label={t('sso.domains.removeNamed', { domain: domain.domain })}
        >
          {t('sso.domains.remove')}
        </Button>
        {error ? <span role="alert">{t(toSsoErrorKey(error))}</span> : null}
      </div>
    </li>
  );
}

/** The OpenID Connect connection; the client secret is never shown again, empty keeps it. */
function ConnectionSection({ view }: { view: SsoAdminResponse }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const save = useSaveSsoConnection();
  const connection = view.connection?.protocol === 'oidc' ? view.connection : null;
  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const clientSecret = String(data.get('clientSecret') ?? '');
    save.mutate({
      discoveryUrl: String(data.get('discoveryUrl') ?? '').trim(),
      clientId: String(data.get('clientId') ?? ''),
      ...(clientSecret ? { clientSecret } : {}),
    });
  }
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sso.connection.title')}</h2>
      <p>{t('sso.connection.hint')}</p>
      <p>{t('sso.oneProvider')}</p>
      <label>
        {t('sso.connection.redirectUri')}
        <input readOnly value={view.redirectUri} />
      </label>
      <form onSubmit={onSave}>
        <label>
          {t('sso.connection.discoveryUrl')}
          <input
            name="discoveryUrl"
            type="url"
            required
            defaultValue={connection ? `${connection.issuer}/.well-known/openid-configuration` : ''}
            placeholder="https://login.example.com/.well-known/openid-configuration"
          />
        </label>
        <label>
          {t('sso.connection.clientId')}
          <input
            name="clientId"
            required
            maxLength={500}
            defaultValue={connection?.clientId ?? ''}
            autoComplete="off"
          />
        </label>
        <label>
          {t('sso.connection.clientSecret')}
          <input
            name="clientSecret"
            type="password"
            required={!connection?.hasClientSecret}
            maxLength={2000}
            autoComplete="off"
            placeholder={connection?.hasClientSecret ? t('sso.connection.secretKept') : ''}
          />
        </label>
        <div className="account-card__actions">
          <Button type="submit" disabled={save.isPending}>
            {t(save.isPending ? 'sso.connection.checking' : 'sso.connection.save')}
          </Button>
          <span role="status">{save.isSuccess ? t('sso.connection.saved') : ''}</span>
          {save.error ? <span role="alert">{t(toSsoErrorKey(save.error))}</span> : null}
        </div>
      </form>
    </section>
  );
}

/** Which provider the team signs in with now, a way to try it, and to end it. */
function CurrentConnection({ connection }: { connection: SsoConnection | null }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const headingId = useId();
  const remove = useRemoveSsoConnection();
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sso.current.title')}</h2>
      {connection === null ? (
        <p>{t('sso.current.none')}</p>
      ) : (
        <>
          <p>
            {connection.protocol === 'saml'
              ? t('sso.current.saml', { entityId: connection.entityId })
              : t('sso.current.oidc', { issuer: connection.issuer })}
          </p>
          {connection.protocol === 'saml' ? (
            <p className={isExpiringSoon(connection.certificateExpiresAt) ? 'sso-admin__warning' : undefined}>
              {t('sso.current.certificate', { date: formatDate(new Date(connection.certificateExpiresAt), locale) })}
            </p>
          ) : null}
          <p>{t('sso.current.testHint')}</p>
          <div className="account-card__actions">
            <AppLink to="sso" target="_blank" rel="noreferrer">
              {t('sso.current.test')}
            </AppLink>
            <Button variant="secondary" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {t('sso.current.remove')}
            </Button>
            {remove.error ? <span role="alert">{t(toSsoErrorKey(remove.error))}</span> : null}
          </div>
        </>
      )}
    </section>
  );
}

// A month's notice: long enough to get the IdP's new certificate before sign-ins start failing.
const certificateWarningMs = 30 * 24 * 3_600_000;
const isExpiringSoon = (expiresAt: string) => new Date(expiresAt).getTime() - Date.now() < certificateWarningMs;

/** Whether the api found the metadata unusable (its one field refused), as opposed to any other failure. */
const isMetadataRefused = (error: unknown) => error instanceof ApiError && error.code === 'VALIDATION_FAILED';

/** The SAML connection: this team's service provider to enter at the IdP, and the IdP's metadata. */
function SamlSection({ view }: { view: SsoAdminResponse }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const hintId = useId();
  const save = useSaveSsoSamlConnection();
  const [metadataXml, setMetadataXml] = useState('');
  const { samlServiceProvider } = view;
  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) void file.text().then(setMetadataXml);
  }
  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ metadataXml }, { onSuccess: () => setMetadataXml('') });
  }
  const fields = [
    ['entityId', samlServiceProvider.entityId],
    ['acsUrl', samlServiceProvider.acsUrl],
    ['metadataUrl', samlServiceProvider.metadataUrl],
  ] as const;
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sso.saml.title')}</h2>
      <p>{t('sso.saml.hint')}</p>
      <dl className="sso-admin__record">
        {fields.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`sso.saml.${key}`)}</dt>
            <dd>
              <input readOnly value={value} aria-label={t(`sso.saml.${key}`)} />
            </dd>
          </div>
        ))}
      </dl>
      <form onSubmit={onSave}>
        <label>
          {t('sso.saml.metadata')}
          <textarea
            name="metadataXml"
            required
            rows={6}
            maxLength={200_000}
            value={metadataXml}
            onChange={(event) => setMetadataXml(event.currentTarget.value)}
            aria-describedby={hintId}
            className="sso-admin__metadata"
          />
        </label>
        <p id={hintId}>{t('sso.oneProvider')}</p>
        <label>
          {t('sso.saml.upload')}
          <input type="file" accept=".xml,application/xml,text/xml,application/samlmetadata+xml" onChange={onFile} />
        </label>
        <div className="account-card__actions">
          <Button type="submit" disabled={save.isPending}>
            {t(save.isPending ? 'sso.connection.checking' : 'sso.saml.save')}
          </Button>
          <span role="status">{save.isSuccess ? t('sso.connection.saved') : ''}</span>
          {save.error ? (
            <span role="alert">
              {t(isMetadataRefused(save.error) ? 'sso.saml.invalid' : toSsoErrorKey(save.error))}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** Who joins, and whether the domains must sign in through the provider (the owner's way out explained). */
function SettingsSection({ view }: { view: SsoAdminResponse }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const save = useSaveSsoSettings();
  const { settings } = view;
  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    save.mutate({
      defaultRole: data.get('defaultRole') === 'admin' ? 'admin' : 'member',
      isJitEnabled: data.get('isJitEnabled') === 'on',
      isEnforced: data.get('isEnforced') === 'on',
    });
  }
  const roles: SsoDefaultRole[] = ['member', 'admin'];
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sso.settings.title')}</h2>
      <form onSubmit={onSave}>
        <label>
          {t('sso.settings.defaultRole')}
          <select name="defaultRole" defaultValue={settings.defaultRole}>
            {roles.map((role) => (
              <option key={role} value={role}>
                {t(`sso.settings.role.${role}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="sso-admin__check">
          <input name="isJitEnabled" type="checkbox" defaultChecked={settings.isJitEnabled} />
          {t('sso.settings.jit')}
        </label>
        <label className="sso-admin__check">
          <input
            name="isEnforced"
            type="checkbox"
            defaultChecked={settings.isEnforced}
            aria-describedby={`${headingId}-enforce`}
          />
          {t('sso.settings.enforce')}
        </label>
        <p id={`${headingId}-enforce`} className="sso-admin__warning">
          {t('sso.settings.enforceWarning')}
        </p>
        <div className="account-card__actions">
          <Button type="submit" disabled={save.isPending}>
            {t('sso.settings.save')}
          </Button>
          <span role="status">{save.isSuccess ? t('sso.settings.saved') : ''}</span>
          {save.error ? <span role="alert">{t(toSsoErrorKey(save.error))}</span> : null}
        </div>
      </form>
    </section>
  );
}
