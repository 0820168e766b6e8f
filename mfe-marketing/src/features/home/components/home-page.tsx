import { AppLink } from '@formwerk/platform';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './home-page.css';

const highlights = ['forms', 'approvals', 'documents', 'languages'] as const;

/** The public home page: what the product does, and the way in. */
export function HomePage() {
  const { t } = useTranslation('marketing');
  const title = t('pages.home.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="marketing-home">
      <section className="marketing-home__hero">
        <p className="marketing-home__eyebrow">{t('home.eyebrow')}</p>
        <h1 className="marketing-home__title">{title}</h1>
        <p className="marketing-home__lead">{t('pages.home.description')}</p>
        <div className="marketing-home__actions">
          <AppLink to="v1" className="ui-button ui-button--primary">
            {t('home.start')}
          </AppLink>
          <AppLink to="demo" className="ui-button ui-button--secondary">
            {t('home.tryDemo.link')}
          </AppLink>
          <AppLink to="features" className="ui-button ui-button--ghost">
            {t('home.explore')}
          </AppLink>
        </div>
        <p className="marketing-home__try">{t('home.tryDemo.hint')}</p>
      </section>
      <ul className="marketing-home__highlights">
        {highlights.map((highlight) => (
          <li key={highlight} className="marketing-home__highlight">
            <h2>{t(`home.highlights.${highlight}.title`)}</h2>
            <p>{t(`home.highlights.${highlight}.text`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
