/** The "form" tab of a form's settings. */
export function AppearanceSettings() {
  return null;
}
