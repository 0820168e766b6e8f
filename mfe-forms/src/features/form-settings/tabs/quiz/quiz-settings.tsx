/** The "quiz" tab of a form's settings. */
export function QuizSettings() {
  return null;
}
