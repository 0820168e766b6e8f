/** The "thankyou" tab of a form's settings. */
export function ThankYouSettings() {
  return null;
}
