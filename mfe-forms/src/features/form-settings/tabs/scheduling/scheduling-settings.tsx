/** The "scheduling" tab of a form's settings. */
export function SchedulingSettings() {
  return null;
}
