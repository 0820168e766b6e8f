import type { FormResponse, FormSettingsResponse } from '@formwerk/contracts';
import { FormView, themeStyle } from '@formwerk/form-renderer';
import '@formwerk/form-renderer/form-view.css';
import { AppLink, apiRequest, useLocale } from '@formwerk/platform';
import { Icon, PageHeader } from '@formwerk/ui';
import { Monitor, Smartphone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import '../../../components/forms.css';
import { toErrorKey } from '../../../utils/error-key';
import './form-preview.css';

type Loaded = { form: FormResponse; settings: FormSettingsResponse['settings'] };

const devices = [
  { view: 'desktop', icon: Monitor },
  { view: 'phone', icon: Smartphone },
] as const;
type Device = (typeof devices)[number]['view'];

/**
 * The width the form is shown at: the page's own, or a phone's (a frame 390 px wide, where the form
 * lays itself out as on a phone, since it follows its own width). Kept in the address (?view=phone),
 * so that a reload or a shared link shows the same.
 */
function DevicePicker({ device, onChange }: { device: Device; onChange: (device: Device) => void }) {
  const { t } = useTranslation('forms');
  return (
    <fieldset className="form-preview__devices">
      <legend className="ui-visually-hidden">{t('preview.device')}</legend>
      {devices.map(({ view, icon }) => (
        <label key={view} className="form-preview__device">
          <input
            type="radio"
            name="preview-device"
            value={view}
            checked={device === view}
            onChange={() => onChange(view)}
          />
          <Icon icon={icon} />
          <span>{t(`preview.devices.${view}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * /v1/preview/{id}: the form as respondents will see it, from the same renderer as the public page,
 * with the current (perhaps unpublished) edits and the form's settings (theme, layout, conditions,
 * error texts); answers are checked but never sent.
 */
export function FormPreviewPage() {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const { id = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [search, setSearch] = useSearchParams();
  // Chosen here at once, and written to the address for a reload or a shared link (a navigation that
  // may land a moment later: the radio buttons must not wait for it).
  const [device, setDevice] = useState<Device>(search.get('view') === 'phone' ? 'phone' : 'desktop');
  const showOn = (view: Device) => {
    setDevice(view);
    setSearch(view === 'phone' ? { view } : {}, { replace: true });
  };

  useEffect(() => {
    let isCurrent = true;
    Promise.all([
      apiRequest<FormResponse>(`/forms/${id}`),
      apiRequest<FormSettingsResponse>(`/forms/${id}/settings`),
    ]).then(
      ([form, { settings }]) => isCurrent && setLoaded({ form, settings }),
      (error: unknown) => isCurrent && setErrorKey(toErrorKey(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [id]);

  return (
    <>
      <PageHeader
        eyebrow={t('preview.eyebrow')}
        title={t('pages.form-preview.title')}
        description={t('preview.description')}
        actions={
          <AppLink to="v1-forms-id" params={{ id }} className="ui-button ui-button--secondary">
            {t('preview.backToBuilder')}
          </AppLink>
        }
      />
      {errorKey ? (
        <p className="ui-error" role="alert">
          {t(errorKey)}
        </p>
      ) : null}
      {!loaded && !errorKey ? (
        <p className="ui-hint" role="status">
          {t('loading')}
        </p>
      ) : null}
      {loaded ? (
        <div className="form-preview">
          <div className="form-preview__bar">
            <p className="form-preview__notice">{t('preview.notice')}</p>
            <DevicePicker device={device} onChange={showOn} />
          </div>
          <div
            className={`fw-page form-preview__page form-preview__page--${device}`}
            style={themeStyle(loaded.settings.form.theme)}
          >
            <div className="fw-page__card">
              {loaded.settings.form.theme.logoUrl ? (
                <img className="fw-page__logo" src={loaded.settings.form.theme.logoUrl} alt="" />
              ) : null}
              <FormView
                key={loaded.form.version}
                definition={loaded.form.definition}
                locale={locale}
                isPreview
                titleLevel={2}
                logic={loaded.settings.condition.rules}
                errorTexts={loaded.settings.error}
                layout={loaded.settings.form.layout}
              />
            </div>
          </div>
        </div>
      ) : null}
    </>
  );
}
