import { PageHeader } from '@formwerk/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * /form/{id} reached inside the app (a link followed without a reload): the public form page is the
 * shell server's own document, made for respondents (docs/decisions/009-public-form-page.md), so this
 * opens it as a page of its own, with a link should the browser not follow.
 */
export function FormFillPage() {
  const { t } = useTranslation('forms');
  const { pathname, search } = useLocation();
  const target = `${pathname}${search}`;

  useEffect(() => {
    window.location.replace(target);
  }, [target]);

  return (
    <>
      <PageHeader title={t('pages.form-fill.title')} description={t('pages.form-fill.description')} />
      <p className="ui-hint" role="status">
        {t('formFill.opening')} <a href={target}>{t('formFill.open')}</a>
      </p>
    </>
  );
}
