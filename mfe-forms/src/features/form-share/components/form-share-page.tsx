import type { FormResponse } from '@formwerk/contracts';
import { ApiError, type Locale } from '@formwerk/platform';
import { PageHeader } from '@formwerk/ui';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormTabs } from '../../../components/form-tabs';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import { findForm } from '../api/form-share-api';
import { findHiddenFields, toFileSlug, toPublicLink } from '../utils/share-links';
import { EmbedCodeSection } from './embed-code-section';
import './form-share.css';
import { LoadFailure } from '../../../components/load-failure';
import { PrefilledLinkSection } from './prefilled-link-section';
import { PublicLinkSection } from './public-link-section';
import { PublishNotice } from './publish-notice';
import { QrCodeSection } from './qr-code-section';

type LoadState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed'; errorKey: string }
  | { status: 'ready'; form: FormResponse };

// An id that is no form of the team's (or not even shaped like one) is simply not found.
const notFoundCodes = new Set<ApiError['code']>(['NOT_FOUND', 'VALIDATION_FAILED']);

/** /v1/forms/{id}/share: the public link, its QR code, the embed code and links that prefill hidden fields. */
export function FormSharePage() {
  const { t } = useTranslation('forms');
  const { id = '' } = useParams();
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  // Unset until chosen: the link starts in the form's own language.
  const [chosenLocale, setChosenLocale] = useState<Locale | null>(null);

  const loadForm = useCallback(() => {
    setLoad({ status: 'loading' });
    findForm(id).then(
      (form) => setLoad({ status: 'ready', form }),
      (error: unknown) =>
        setLoad(
          error instanceof ApiError && notFoundCodes.has(error.code)
            ? { status: 'not-found' }
            : { status: 'failed', errorKey: toErrorKey(error) },
        ),
    );
  }, [id]);

  useEffect(loadForm, [loadForm]);

  const form = load.status === 'ready' ? load.form : null;
  return (
    <>
      <PageHeader
        eyebrow={t('area')}
        title={form?.definition.title ?? t('pages.form-share.title')}
        description={t('pages.form-share.description')}
      />
      <FormTabs formId={id} current="share" />
      {form ? (
        <FormShareSections
          form={form}
          linkLocale={chosenLocale ?? form.definition.language}
          onLocaleChange={setChosenLocale}
          onPublished={(published) => setLoad({ status: 'ready', form: published })}
        />
      ) : load.status === 'not-found' ? (
        <section className="ui-card" aria-labelledby="form-share-not-found">
          <h2 id="form-share-not-found">{t('formShare.notFoundTitle')}</h2>
          <p>{t('errors.NOT_FOUND')}</p>
        </section>
      ) : load.status === 'failed' ? (
        <LoadFailure errorKey={load.errorKey} onRetry={loadForm} />
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </>
  );
}

type FormShareSectionsProps = {
  form: FormResponse;
  linkLocale: Locale;
  onLocaleChange: (locale: Locale) => void;
  onPublished: (form: FormResponse) => void;
};

function FormShareSections({ form, linkLocale, onLocaleChange, onPublished }: FormShareSectionsProps) {
  const { origin } = window.location;
  const link = toPublicLink(origin, form.id, linkLocale);
  return (
    <>
      <PublishNotice form={form} onPublished={onPublished} />
      <div className="forms-grid">
        <PublicLinkSection link={link} linkLocale={linkLocale} onLocaleChange={onLocaleChange} />
        <QrCodeSection link={link} fileSlug={toFileSlug(form.definition.title)} />
        <EmbedCodeSection origin={origin} link={link} title={form.definition.title} />
        <PrefilledLinkSection link={link} hiddenFields={findHiddenFields(form.definition)} />
      </div>
    </>
  );
}
