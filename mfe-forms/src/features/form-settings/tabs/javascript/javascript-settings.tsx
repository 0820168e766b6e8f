/** The "javascript" tab of a form's settings. */
export function CustomScriptSettings() {
  return null;
}
