/** The "mailchimp" tab of a form's settings. */
export function MailchimpSettings() {
  return null;
}
