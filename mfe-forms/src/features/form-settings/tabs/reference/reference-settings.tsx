/** The "reference" tab of a form's settings. */
export function ReferenceSettings() {
  return null;
}
