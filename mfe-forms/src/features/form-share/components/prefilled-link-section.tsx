import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type HiddenField, toPrefilledLink } from '../utils/share-links';
import { CopyField } from './copy-field';

type PrefilledLinkSectionProps = { link: string; hiddenFields: HiddenField[] };

/**
 * A link that fills the form's hidden fields, e.g. `?source=newsletter` to tell where respondents came
 * from. The values are keyed by query parameter: fields reading the same parameter share one value.
 */
export function PrefilledLinkSection({ link, hiddenFields }: PrefilledLinkSectionProps) {
  const { t } = useTranslation('forms');
  const [values, setValues] = useState<Record<string, string>>({});

  return (
    <section className="ui-card forms-card--wide" aria-labelledby="form-share-prefill">
      <h2 id="form-share-prefill">{t('formShare.prefill.title')}</h2>
      {hiddenFields.length === 0 ? (
        <p className="ui-hint">{t('formShare.prefill.noHiddenFields')}</p>
      ) : (
        <>
          <p className="ui-hint">{t('formShare.prefill.text')}</p>
          <div className="forms-grid">
            {hiddenFields.map((field) => (
              <label key={field.id} className="ui-field">
                {t('formShare.prefill.fieldLabel', { label: field.label || field.queryParam, param: field.queryParam })}
                <input
                  value={values[field.queryParam] ?? ''}
                  placeholder={field.defaultValue}
                  maxLength={500}
                  onChange={(event) => setValues({ ...values, [field.queryParam]: event.target.value })}
                />
              </label>
            ))}
          </div>
          <CopyField
            label={t('formShare.prefill.label')}
            copyLabel={t('formShare.prefill.copy')}
            value={toPrefilledLink(link, values)}
          />
        </>
      )}
    </section>
  );
}
