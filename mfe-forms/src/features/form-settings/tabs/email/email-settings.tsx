/** The "email" tab of a form's settings. */
export function EmailSettings() {
  return null;
}
