/** The "condition" tab of a form's settings. */
export function ConditionSettings() {
  return null;
}
