import { siteContactFormIds } from '@formwerk/contracts/site-contact-form';
import { localePath, useLocale } from '@formwerk/platform';
import { TitledPage } from '@formwerk/ui';
import { Trans, useTranslation } from 'react-i18next';
import { legalTextElements, useOperatorValues } from '../../legal/components/legal-page';
import './contact-page.css';

/**
 * /kontakt, /en/contact: how to reach the operator (from the one operator config) and the site's
 * contact form, embedded as customers embed theirs: the public form page in a frame, sized by
 * /embed.js on the static page (`scripts` in site-pages.tsx); in the app the frame keeps its own
 * height and scrolls.
 */
export function ContactPage() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const values = useOperatorValues();
  const text = (key: string) => <Trans t={t} i18nKey={key} values={values} components={legalTextElements} />;
  return (
    <>
      <TitledPage namespace="marketing" pageKey="contact" />
      <div className="marketing-contact">
        <section className="ui-card" aria-labelledby="contact-details-title">
          <h2 id="contact-details-title">{t('contactPage.detailsTitle')}</h2>
          <address className="marketing-contact__address">{text('contactPage.address')}</address>
          <p>{text('contactPage.email')}</p>
          <p>{text('contactPage.phone')}</p>
          <p className="ui-hint">{text('contactPage.privacy')}</p>
        </section>
        <section className="ui-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('contactPage.formTitle')}</h2>
          <p>{text('contactPage.formIntro')}</p>
          <iframe
            className="marketing-contact__frame"
            src={localePath('form-id', locale, { id: siteContactFormIds[locale] })}
            title={t('contactPage.formFrame')}
          />
        </section>
      </div>
    </>
  );
}
