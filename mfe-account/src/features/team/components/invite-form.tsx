import type { AssignableRole } from '@formwerk/contracts';
import { useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { assignableRoles } from '../api/team-api';
import { useTeamStore } from '../stores/team-store';

/** Invites by email; someone without an account gets the mail in the language of this page. */
export function InviteForm() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const inviteMember = useTeamStore((state) => state.inviteMember);
  const [isSending, setIsSending] = useState(false);
  const [invitedEmail, setInvitedEmail] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const email = String(form.get('email') ?? '');
    setIsSending(true);
    setInvitedEmail(null);
    setErrorKey(null);
    try {
      await inviteMember({ email, role: form.get('role') as AssignableRole, locale });
      element.reset();
      setInvitedEmail(email);
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form className="account-card" onSubmit={onSubmit}>
      <h2>{t('team.invite')}</h2>
      <label>
        {t('team.email')}
        <input name="email" type="email" required maxLength={254} autoComplete="off" />
      </label>
      <label>
        {t('team.role')}
        <select name="role" defaultValue="member">
          {assignableRoles.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="account-card__actions">
        <Button type="submit" disabled={isSending}>
          {t(isSending ? 'team.inviting' : 'team.sendInvitation')}
        </Button>
        <span role="status">{invitedEmail ? t('team.invited', { email: invitedEmail }) : ''}</span>
        {errorKey ? <span role="alert">{t(errorKey)}</span> : null}
      </div>
    </form>
  );
}
