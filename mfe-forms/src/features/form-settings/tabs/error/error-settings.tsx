/** The "error" tab of a form's settings. */
export function ErrorTextSettings() {
  return null;
}
