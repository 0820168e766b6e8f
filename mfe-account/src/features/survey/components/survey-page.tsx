import type { SurveyRequest } from '@formwerk/contracts';
import { surveyRoles, surveyTeamSizes } from '@formwerk/contracts/survey-options';
import { apiRequest, localePath, useLocale } from '@formwerk/platform';
import { Button, PageHeader } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './survey-page.css';

/** The short onboarding survey of a new account; answering it opens /v1 (product-spec §4). */
export function SurveyPage() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const answers = {
      role: form.get('role'),
      teamSize: form.get('teamSize'),
      goal: String(form.get('goal') ?? ''),
    } as SurveyRequest;
    setIsSubmitting(true);
    setHasFailed(false);
    try {
      await apiRequest('/survey', { method: 'POST', body: answers });
      navigate(localePath('v1', locale));
    } catch {
      setHasFailed(true);
      setIsSubmitting(false);
    }
  };

  return (
    <>
      <PageHeader eyebrow={t('area')} title={t('pages.survey.title')} description={t('pages.survey.description')} />
      <form className="survey-form" onSubmit={onSubmit}>
        <fieldset>
          <legend>{t('survey.role')}</legend>
          {surveyRoles.map((role, index) => (
            <label key={role} className="survey-form__choice">
              <input type="radio" name="role" value={role} required defaultChecked={index === 0} />
              {t(`survey.roles.${role}`)}
            </label>
          ))}
        </fieldset>
        <label className="survey-form__field">
          {t('survey.teamSize')}
          <select name="teamSize" defaultValue="2-10">
            {surveyTeamSizes.map((size) => (
              <option key={size} value={size}>
                {t(`survey.teamSizes.${size}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="survey-form__field">
          {t('survey.goal')}
          <textarea name="goal" rows={3} maxLength={500} placeholder={t('survey.goalPlaceholder')} />
        </label>
        {hasFailed ? <p role="alert">{t('survey.failed')}</p> : null}
        <Button type="submit" disabled={isSubmitting}>
          {t(isSubmitting ? 'survey.submitting' : 'survey.submit')}
        </Button>
      </form>
    </>
  );
}
