/** The tabs of /v1/forms/{id}/setting in the order the settings menu shows them. */
export const settingTabs = [
  'form',
  'quiz',
  'email',
  'error',
  'domain',
  'thankyou',
  'condition',
  'mailchimp',
  'reference',
  'javascript',
  'scheduling',
] as const;
export type SettingTabKey = (typeof settingTabs)[number];
