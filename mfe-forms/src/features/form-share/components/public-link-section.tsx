import type { Locale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';
import { CopyField } from './copy-field';

type PublicLinkSectionProps = {
  link: string;
  linkLocale: Locale;
  onLocaleChange: (locale: Locale) => void;
};

const linkLocales: Locale[] = ['de', 'en'];

/** The form's public address in the language respondents should see; QR code and embed code follow it. */
export function PublicLinkSection({ link, linkLocale, onLocaleChange }: PublicLinkSectionProps) {
  const { t } = useTranslation('forms');
  return (
    <section className="ui-card" aria-labelledby="form-share-link">
      <h2 id="form-share-link">{t('formShare.link.title')}</h2>
      <p className="ui-hint">{t('formShare.link.text')}</p>
      <fieldset className="form-share-languages">
        <legend>{t('formShare.link.language')}</legend>
        {linkLocales.map((locale) => (
          <label key={locale} className="ui-field ui-field--inline">
            <input
              type="radio"
              name="form-share-language"
              value={locale}
              checked={linkLocale === locale}
              onChange={() => onLocaleChange(locale)}
            />
            {t(`formShare.link.languages.${locale}`)}
          </label>
        ))}
      </fieldset>
      <CopyField label={t('formShare.link.label')} copyLabel={t('formShare.link.copy')} value={link} />
      <a href={link} target="_blank" rel="noopener noreferrer">
        {t('formShare.link.open')}
      </a>
    </section>
  );
}
