import deCondition from './locales/de/condition.json';
import deDomain from './locales/de/domain.json';
import deEmail from './locales/de/email.json';
import deError from './locales/de/error.json';
import deForm from './locales/de/form.json';
import deJavascript from './locales/de/javascript.json';
import deMailchimp from './locales/de/mailchimp.json';
import deQuiz from './locales/de/quiz.json';
import deReference from './locales/de/reference.json';
import deScheduling from './locales/de/scheduling.json';
import deSettings from './locales/de/settings.json';
import deThankyou from './locales/de/thankyou.json';
import enCondition from './locales/en/condition.json';
import enDomain from './locales/en/domain.json';
import enEmail from './locales/en/email.json';
import enError from './locales/en/error.json';
import enForm from './locales/en/form.json';
import enJavascript from './locales/en/javascript.json';
import enMailchimp from './locales/en/mailchimp.json';
import enQuiz from './locales/en/quiz.json';
import enReference from './locales/en/reference.json';
import enScheduling from './locales/en/scheduling.json';
import enSettings from './locales/en/settings.json';
import enThankyou from './locales/en/thankyou.json';

/**
 * The settings pages' texts, one file per tab (so each tab's texts sit beside nothing else), under
 * `formSettings` of the forms namespace: `formSettings.save`, `formSettings.quiz.…`.
 */
export const settingsMessages = {
  de: {
    formSettings: {
      ...deSettings,
      form: deForm,
      quiz: deQuiz,
      email: deEmail,
      error: deError,
      domain: deDomain,
      thankyou: deThankyou,
      condition: deCondition,
      mailchimp: deMailchimp,
      reference: deReference,
      javascript: deJavascript,
      scheduling: deScheduling,
    },
  },
  en: {
    formSettings: {
      ...enSettings,
      form: enForm,
      quiz: enQuiz,
      email: enEmail,
      error: enError,
      domain: enDomain,
      thankyou: enThankyou,
      condition: enCondition,
      mailchimp: enMailchimp,
      reference: enReference,
      javascript: enJavascript,
      scheduling: enScheduling,
    },
  },
};
