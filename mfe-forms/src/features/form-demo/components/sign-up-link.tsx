import { AppLink, localePath, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

/**
 * The login dialog of the home page, opened on its sign-up, on its way into the signed-in area, where
 * the demo's draft becomes the first form (DemoClaim).
 */
export function SignUpLink({ label }: { label?: string }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  return (
    <AppLink
      to="index"
      query={{ login: 'true', loginMode: 'sign-up', redirect: localePath('v1', locale) }}
      className="ui-button ui-button--primary"
    >
      {label ?? t('demo.signUp')}
    </AppLink>
  );
}
