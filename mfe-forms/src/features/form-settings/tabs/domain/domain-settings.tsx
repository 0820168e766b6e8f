/** The "domain" tab of a form's settings. */
export function DomainSettings() {
  return null;
}
