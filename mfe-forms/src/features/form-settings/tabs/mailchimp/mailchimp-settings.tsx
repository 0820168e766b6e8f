import type { MailchimpAudience, MailchimpProblem } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../../utils/error-key';
import { SettingForm } from '../../components/setting-form';
import { CheckboxInput, SelectInput, TextInput } from '../../components/setting-inputs';
import { useSettingTab } from '../../hooks/use-setting-tab';
import { DeliveryFailures } from '../email/delivery-failures';
import '../email/email-settings.css';
import { findMailchimpAudiences } from './mailchimp-api';

// As the api checks it: 32 hex digits, a dash and the data center (e.g. -us21).
const apiKeyPattern = /^[0-9a-f]{32}-[a-z]{2,4}[0-9]{1,3}$/;
const nameFieldTypes = new Set(['shortText', 'longText', 'hidden', 'dropdown', 'singleChoice']);

type Connection =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'connected'; audiences: MailchimpAudience[] }
  | { status: 'failed'; problem: MailchimpProblem | 'keyFormat' }
  | { status: 'error'; errorKey: string };

/** The "mailchimp" tab: each submission subscribes its email answer to an audience of the account. */
export function MailchimpSettings() {
  const { t } = useTranslation('forms');
  const keyId = useId();
  const [apiKey, setApiKey] = useState('');
  const [connection, setConnection] = useState<Connection>({ status: 'idle' });
  // The key goes to the api only when a new one was typed; the stored one is never sent back.
  const { form, draft, update, save, saveState, issueAt, reload } = useSettingTab(
    'mailchimp',
    ({ apiKeyHint: _hint, ...value }) => (apiKey.trim() ? { ...value, apiKey: apiKey.trim() } : value),
  );
  const fields = form.definition.pages.flatMap((page) => page.fields);
  const emailFields = fields.filter((field) => field.type === 'email');
  const nameFields = fields.filter((field) => nameFieldTypes.has(field.type));

  const connect = useCallback(
    (key?: string) => {
      if (key !== undefined && !apiKeyPattern.test(key))
        return setConnection({ status: 'failed', problem: 'keyFormat' });
      setConnection({ status: 'checking' });
      findMailchimpAudiences(form.id, key).then(
        (result) =>
          setConnection(
            result.isConnected
              ? { status: 'connected', audiences: result.audiences }
              : { status: 'failed', problem: result.problem },
          ),
        (error: unknown) => setConnection({ status: 'error', errorKey: toErrorKey(error) }),
      );
    },
    [form.id],
  );

  // A stored key: its audiences are listed at once.
  const hasStoredKey = draft.apiKeyHint !== null;
  useEffect(() => {
    if (hasStoredKey) connect();
  }, [hasStoredKey, connect]);
  // Saved: the key is stored and only its hint shows from now on.
  useEffect(() => {
    if (saveState.status === 'saved') setApiKey('');
  }, [saveState.status]);

  const audiences = connection.status === 'connected' ? connection.audiences : null;
  const fieldOptions = (candidates: typeof fields, noneLabel: string) => [
    { value: '', label: noneLabel },
    ...candidates.map((field) => ({ value: field.id, label: field.label || field.id })),
  ];

  return (
    <>
      <SettingForm saveState={saveState} onSave={save} onReload={reload}>
        <section className="ui-card" aria-labelledby="mailchimp-account">
          <h2 id="mailchimp-account">{t('formSettings.mailchimp.accountTitle')}</h2>
          <p className="ui-hint">
            {hasStoredKey
              ? t('formSettings.mailchimp.keyStored', { hint: draft.apiKeyHint })
              : t('formSettings.mailchimp.noKey')}
          </p>
          <div className="settings-actions">
            <div className="settings-field">
              <label htmlFor={keyId}>
                {hasStoredKey ? t('formSettings.mailchimp.replaceKey') : t('formSettings.mailchimp.apiKey')}
              </label>
              <input
                id={keyId}
                type="password"
                autoComplete="off"
                spellCheck={false}
                className="mailchimp-key"
                value={apiKey}
                placeholder="0123456789abcdef0123456789abcdef-us21"
                aria-describedby={`${keyId}-hint`}
                aria-invalid={issueAt('apiKey') ? true : undefined}
                onChange={(event) => setApiKey(event.target.value)}
              />
            </div>
            <Button
              variant="secondary"
              disabled={connection.status === 'checking' || !apiKey.trim()}
              onClick={() => connect(apiKey.trim())}
            >
              {connection.status === 'checking'
                ? t('formSettings.mailchimp.connecting')
                : t('formSettings.mailchimp.connect')}
            </Button>
          </div>
          <span id={`${keyId}-hint`} className="ui-hint">
            {t('formSettings.mailchimp.apiKeyHint')}
          </span>
          {issueAt('apiKey') ? <p className="ui-error">{t('formSettings.mailchimp.problems.keyFormat')}</p> : null}
          <div aria-live="polite">
            {connection.status === 'failed' ? (
              <p role="alert" className="ui-error">
                {t(`formSettings.mailchimp.problems.${connection.problem}`)}
              </p>
            ) : null}
            {connection.status === 'error' ? (
              <p role="alert" className="ui-error">
                {t(connection.errorKey)}
              </p>
            ) : null}
            {audiences ? (
              <p role="status">{t('formSettings.mailchimp.connected', { count: audiences.length })}</p>
            ) : null}
          </div>
        </section>

        <section className="ui-card" aria-labelledby="mailchimp-subscribe">
          <h2 id="mailchimp-subscribe">{t('formSettings.mailchimp.subscribeTitle')}</h2>
          <CheckboxInput
            label={t('formSettings.mailchimp.enabled')}
            hint={t('formSettings.mailchimp.enabledHint')}
            checked={draft.isEnabled}
            onChange={(isEnabled) => update({ ...draft, isEnabled })}
          />
          <div className="settings-fields">
            {audiences ? (
              <SelectInput
                label={t('formSettings.mailchimp.audience')}
                value={draft.audienceId ?? ''}
                options={[
                  { value: '', label: t('formSettings.mailchimp.chooseAudience') },
                  ...(draft.audienceId && !audiences.some((audience) => audience.id === draft.audienceId)
                    ? [{ value: draft.audienceId, label: draft.audienceId }]
                    : []),
                  ...audiences.map((audience) => ({
                    value: audience.id,
                    label: t('formSettings.mailchimp.audienceChoice', {
                      name: audience.name,
                      count: audience.memberCount,
                    }),
                  })),
                ]}
                error={issueAt('audienceId') ? t('formSettings.mailchimp.audienceRequired') : undefined}
                onChange={(audienceId) => update({ ...draft, audienceId: audienceId || null })}
              />
            ) : (
              <TextInput
                label={t('formSettings.mailchimp.audienceId')}
                hint={t('formSettings.mailchimp.audienceIdHint')}
                value={draft.audienceId ?? ''}
                maxLength={100}
                error={issueAt('audienceId') ? t('formSettings.mailchimp.audienceRequired') : undefined}
                onChange={(audienceId) => update({ ...draft, audienceId: audienceId.trim() || null })}
              />
            )}
            {emailFields.length === 0 ? (
              <p className="ui-error">{t('formSettings.mailchimp.noEmailField')}</p>
            ) : (
              <SelectInput
                label={t('formSettings.mailchimp.emailField')}
                value={draft.emailFieldId ?? ''}
                options={fieldOptions(emailFields, t('formSettings.mailchimp.chooseField'))}
                error={issueAt('emailFieldId') ? t('formSettings.mailchimp.emailFieldInvalid') : undefined}
                onChange={(emailFieldId) => update({ ...draft, emailFieldId: emailFieldId || null })}
              />
            )}
            <SelectInput
              label={t('formSettings.mailchimp.firstNameField')}
              value={draft.firstNameFieldId ?? ''}
              options={fieldOptions(nameFields, t('formSettings.mailchimp.noField'))}
              onChange={(firstNameFieldId) => update({ ...draft, firstNameFieldId: firstNameFieldId || null })}
            />
            <SelectInput
              label={t('formSettings.mailchimp.lastNameField')}
              value={draft.lastNameFieldId ?? ''}
              options={fieldOptions(nameFields, t('formSettings.mailchimp.noField'))}
              onChange={(lastNameFieldId) => update({ ...draft, lastNameFieldId: lastNameFieldId || null })}
            />
            <CheckboxInput
              label={t('formSettings.mailchimp.doubleOptIn')}
              hint={t('formSettings.mailchimp.doubleOptInHint')}
              checked={draft.doubleOptIn}
              onChange={(doubleOptIn) => update({ ...draft, doubleOptIn })}
            />
          </div>
        </section>
      </SettingForm>
      <DeliveryFailures formId={form.id} kind="mailchimp" />
    </>
  );
}
