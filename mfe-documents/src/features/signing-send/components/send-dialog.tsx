import {
  type CreateSigningRequestRequest,
  signingMessageMaxLength,
  signingRecipientNameMaxLength,
  signingReminderMaxDays,
  signingTitleMaxLength,
  type TemplateRole,
  validationDetailsSchema,
} from '@formwerk/contracts';
import { ApiError, type Locale, localePath, locales, useLocale } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSendSigningRequest } from '../hooks/use-send-signing-request';
import { toErrorKey } from '../utils/error-key';
import {
  checkSendForm,
  createSendForm,
  expiryBounds,
  type FieldKey,
  type FormErrors,
  type SendForm,
  type SendSubject,
  toFormErrors,
} from '../utils/send-form';
import { groupByStage } from '../utils/stages';
import './signing-send.css';

export type SendDialogProps = {
  isOpen: boolean;
  /** What is sent; null while it is read (or when `unavailable` says why it cannot be). */
  subject: SendSubject | null;
  /** Shown instead of the form: why this cannot be sent (it could not be read, it has no signer …). */
  unavailable?: ReactNode;
  onClose: () => void;
  /** Called once the request is sent, just before its page opens (a leave guard lets go then). */
  onSent?: () => void;
};

// What a reminder can be set to, in days; the api allows 1 to `signingReminderMaxDays`.
const reminderChoices = [1, 2, 3, 5, 7, 14, signingReminderMaxDays];

const noErrors: FormErrors = { fields: new Map(), general: [] };

/** The dialog's errors after the api refused: its issues by input, any other code as one message. */
function toRefusal(error: unknown, request: CreateSigningRequestRequest): FormErrors {
  const details = error instanceof ApiError ? validationDetailsSchema.safeParse(error.details) : null;
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED' && details?.success) {
    const refusal = toFormErrors(details.data.issues, request);
    // Something is wrong even when no input can show it.
    if (refusal.fields.size === 0 && refusal.general.length === 0) refusal.general.push(toErrorKey(error));
    return refusal;
  }
  return { fields: new Map(), general: [toErrorKey(error)] };
}

type RecipientProps = {
  role: TemplateRole;
  idOf: (field: FieldKey) => string;
  value: { name: string; email: string };
  errors: Map<FieldKey, string>;
  onChange: (change: Partial<{ name: string; email: string }>) => void;
};

/** The person who takes one role: name and address, under the role's name and task. */
function Recipient({ role, idOf, value, errors, onChange }: RecipientProps) {
  const { t } = useTranslation('documents');
  const roleId = useId();
  const forRole = (
    <span className="ui-visually-hidden"> {t('signingSend.recipients.forRole', { role: role.name })}</span>
  );
  const input = (field: 'name' | 'email') => {
    const key = `recipients.${role.id}.${field}`;
    const error = errors.get(key);
    return (
      <div className="ui-field">
        <label htmlFor={idOf(key)}>
          {t(`signingSend.recipients.${field}`)}
          {forRole}
        </label>
        <input
          id={idOf(key)}
          type={field === 'email' ? 'email' : 'text'}
          inputMode={field === 'email' ? 'email' : undefined}
          autoComplete="off"
          maxLength={field === 'name' ? signingRecipientNameMaxLength : 254}
          value={value[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idOf(key)}-error` : undefined}
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
        {error ? (
          <span id={`${idOf(key)}-error`} className="ui-field__error">
            {t(error)}
          </span>
        ) : null}
      </div>
    );
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a person's two inputs under their role, inside the stage's fieldset
    <div className="signing-send-recipient" role="group" aria-labelledby={roleId}>
      <p id={roleId} className="signing-send-recipient__role">
        <strong>{role.name}</strong>{' '}
        <span className={`ui-badge signing-send-kind signing-send-kind--${role.kind}`}>
          {t(`signingSend.kinds.${role.kind}`)}
        </span>
      </p>
      <div className="signing-send-recipient__inputs">
        {input('name')}
        {input('email')}
      </div>
    </div>
  );
}

type SendFormViewProps = {
  subject: SendSubject;
  titleId: string;
  isSending: boolean;
  errors: FormErrors;
  onSubmit: (form: SendForm) => void;
  onClose: () => void;
};

/** The form itself: the people stage by stage, then the title, message and how the request runs. */
function SendFormView({ subject, titleId, isSending, errors, onSubmit, onClose }: SendFormViewProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const id = useId();
  const [now] = useState(() => new Date());
  const [form, setForm] = useState(() => createSendForm(subject, locale, now));
  const formElement = useRef<HTMLFormElement>(null);
  const stages = groupByStage(subject.roles);
  const bounds = expiryBounds(now);
  const idOf = (field: FieldKey) => `${id}-${field.replaceAll('.', '-')}`;
  const change = (patch: Partial<SendForm>) => setForm((current) => ({ ...current, ...patch }));

  // The form may come after the dialog opened (a template read first): the first person's name takes the focus.
  useEffect(() => {
    const element = formElement.current;
    if (element && !element.contains(document.activeElement)) element.querySelector('input')?.focus();
  }, []);

  // A refusal takes the focus to what to fix: the first input marked, else the message above the form.
  useEffect(() => {
    if (errors === noErrors) return;
    const element = formElement.current;
    const first =
      element?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      element?.querySelector<HTMLElement>('[data-errors]');
    first?.focus();
  }, [errors]);

  const fieldError = (field: FieldKey) => {
    const error = errors.fields.get(field);
    return {
      props: {
        id: idOf(field),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${idOf(field)}-error` : undefined,
      },
      message: error ? (
        <span id={`${idOf(field)}-error`} className="ui-field__error">
          {t(error)}
        </span>
      ) : null,
    };
  };
  const title = fieldError('title');
  const message = fieldError('message');
  const expiry = fieldError('expiresOn');
  const reminders = fieldError('reminderEveryDays');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSending) onSubmit(form);
  };

  return (
    <form ref={formElement} className="ui-dialog__body" noValidate aria-busy={isSending} onSubmit={submit}>
      <h2 id={titleId}>{t('signingSend.dialog.title')}</h2>
      {subject.name ? <p className="signing-send-subject">{subject.name}</p> : null}
      {errors.general.length > 0 ? (
        <div className="ui-notice ui-notice--error" role="alert" tabIndex={-1} data-errors>
          {errors.general.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </div>
      ) : null}
      <section className="signing-send-section" aria-labelledby={`${id}-recipients`}>
        <h3 id={`${id}-recipients`}>{t('signingSend.recipients.title')}</h3>
        <p className="ui-hint">
          {stages.length > 1 ? t('signingSend.recipients.stages') : t('signingSend.recipients.oneStage')}
        </p>
        {stages.map((roles, index) => (
          <fieldset key={roles[0]?.order ?? index} className="ui-fieldset signing-send-stage">
            <legend>{t('signingSend.recipients.stage', { stage: index + 1, total: stages.length })}</legend>
            {roles.map((role) => (
              <Recipient
                key={role.id}
                role={role}
                idOf={idOf}
                value={form.recipients[role.id] ?? { name: '', email: '' }}
                errors={errors.fields}
                onChange={(patch) =>
                  setForm((current) => ({
                    ...current,
                    recipients: {
                      ...current.recipients,
                      [role.id]: { ...(current.recipients[role.id] ?? { name: '', email: '' }), ...patch },
                    },
                  }))
                }
              />
            ))}
          </fieldset>
        ))}
      </section>
      <section className="signing-send-section" aria-labelledby={`${id}-settings`}>
        <h3 id={`${id}-settings`}>{t('signingSend.settings.title')}</h3>
        <div className="ui-field">
          <label htmlFor={title.props.id}>{t('signingSend.settings.requestTitle')}</label>
          <input
            {...title.props}
            maxLength={signingTitleMaxLength}
            autoComplete="off"
            value={form.title}
            onChange={(event) => change({ title: event.target.value })}
          />
          {title.message}
        </div>
        <div className="ui-field">
          <label htmlFor={message.props.id}>{t('signingSend.settings.message')}</label>
          <textarea
            {...message.props}
            rows={3}
            maxLength={signingMessageMaxLength}
            value={form.message}
            onChange={(event) => change({ message: event.target.value })}
          />
          {message.message}
        </div>
        <div className="signing-send-row">
          <div className="ui-field">
            <label htmlFor={`${id}-language`}>{t('signingSend.settings.language')}</label>
            <select
              id={`${id}-language`}
              value={form.language}
              onChange={(event) => change({ language: event.target.value as Locale })}
            >
              {locales.map((language) => (
                <option key={language} value={language}>
                  {t(`signingSend.languages.${language}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="ui-field">
            <label htmlFor={expiry.props.id}>{t('signingSend.settings.expiresOn')}</label>
            <input
              {...expiry.props}
              type="date"
              min={bounds.min}
              max={bounds.max}
              value={form.expiresOn}
              onChange={(event) => change({ expiresOn: event.target.value })}
            />
            {expiry.message}
          </div>
          <div className="ui-field">
            <label htmlFor={reminders.props.id}>{t('signingSend.settings.reminders')}</label>
            <select
              {...reminders.props}
              value={form.reminderEveryDays ?? ''}
              onChange={(event) =>
                change({ reminderEveryDays: event.target.value ? Number(event.target.value) : null })
              }
            >
              <option value="">{t('signingSend.settings.noReminders')}</option>
              {reminderChoices.map((days) => (
                <option key={days} value={days}>
                  {t('signingSend.settings.remindEvery', { count: days })}
                </option>
              ))}
            </select>
            {reminders.message}
          </div>
        </div>
        <p className="ui-hint">{t('signingSend.settings.expiryHint')}</p>
        <label className="ui-field ui-field--inline">
          <input
            type="checkbox"
            checked={form.allowDelegation}
            aria-describedby={`${id}-delegation-hint`}
            onChange={(event) => change({ allowDelegation: event.target.checked })}
          />
          {t('signingSend.settings.allowDelegation')}
        </label>
        <p id={`${id}-delegation-hint`} className="ui-hint signing-send-hint">
          {t('signingSend.settings.allowDelegationHint')}
        </p>
      </section>
      <div className="ui-dialog__actions">
        <Button variant="secondary" disabled={isSending} onClick={onClose}>
          {t('signingSend.dialog.cancel')}
        </Button>
        <Button type="submit" aria-disabled={isSending || undefined}>
          <Icon icon={Send} />
          {isSending ? t('signingSend.dialog.sending') : t('signingSend.dialog.send')}
        </Button>
      </div>
    </form>
  );
}

/**
 * Sends a template or a document for signature: a person for each role, stage by stage, a title,
 * message, language, expiry, reminders and whether people may hand their part on. Checked by the
 * contract before it goes; what the api refuses is said at the input it concerns. Once sent, the
 * request's page opens. A native modal <dialog>: focus stays inside, Escape closes (not while sending).
 */
export function SendDialog({ isOpen, subject, unavailable, onClose, onSent }: SendDialogProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const send = useSendSigningRequest();
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [sentId, setSentId] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
    if (!isOpen) {
      setErrors(noErrors);
      send.reset();
    }
  }, [isOpen, send.reset]);

  // After the render in which `onSent` let go of any leave guard.
  useEffect(() => {
    if (sentId) navigate(`${localePath('v1-documents', locale)}?${new URLSearchParams({ request: sentId })}`);
  }, [sentId, locale, navigate]);

  const onSubmit = (form: SendForm) => {
    if (!subject) return;
    const checked = checkSendForm(subject, form, new Date());
    if (!checked.request) return setErrors(checked.errors);
    const { request } = checked;
    setErrors(noErrors);
    send.mutate(request, {
      onSuccess: (sent) => {
        onSent?.();
        setSentId(sent.id);
      },
      onError: (error) => setErrors(toRefusal(error, request)),
    });
  };

  return (
    <dialog
      ref={dialog}
      className="ui-dialog signing-send-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (send.isPending) event.preventDefault();
      }}
      onClose={() => isOpen && onClose()}
    >
      {isOpen && subject ? (
        <SendFormView
          subject={subject}
          titleId={titleId}
          isSending={send.isPending || sentId !== null}
          errors={errors}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
      {isOpen && !subject ? (
        <div className="ui-dialog__body">
          <h2 id={titleId}>{t('signingSend.dialog.title')}</h2>
          {unavailable ?? <p role="status">{t('signingSend.loading')}</p>}
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={onClose}>
              {t('signingSend.dialog.close')}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
