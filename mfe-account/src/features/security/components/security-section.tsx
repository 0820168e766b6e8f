import '../../../components/account.css';
import './security.css';
import { SignInHistory } from './sign-in-history';
import { TwoFactorCard } from './two-factor-card';

/**
 * The profile's security settings: two-step verification (an authenticator app's code after the password,
 * recovery codes) and the sign-ins of the last 90 days. Needs the area's query cache around it (the
 * profile page has it).
 */
export function SecuritySection() {
  return (
    <div className="account-grid">
      <TwoFactorCard />
      <SignInHistory />
    </div>
  );
}
