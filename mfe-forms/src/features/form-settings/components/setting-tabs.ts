import { formSettingPages } from '@formwerk/platform';

/** The tabs of /v1/forms/{id}/setting, as the route table names them, in the menu's order. */
export const settingTabs = formSettingPages;
export type SettingTabKey = (typeof formSettingPages)[number];
