import condition from './condition.json';
import domain from './domain.json';
import email from './email.json';
import error from './error.json';
import form from './form.json';
import javascript from './javascript.json';
import mailchimp from './mailchimp.json';
import quiz from './quiz.json';
import reference from './reference.json';
import scheduling from './scheduling.json';
import settings from './settings.json';
import thankyou from './thankyou.json';

/**
 * The settings pages' texts in German, one file per tab (so each tab's texts sit beside nothing else),
 * under `formSettings` of the forms namespace: `formSettings.save`, `formSettings.quiz.…`.
 */
export default {
  formSettings: {
    ...settings,
    form,
    quiz,
    email,
    error,
    domain,
    thankyou,
    condition,
    mailchimp,
    reference,
    javascript,
    scheduling,
  },
};
