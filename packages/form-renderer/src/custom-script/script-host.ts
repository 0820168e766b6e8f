import type { Answers, AnswerValue, FormField } from '@formwerk/contracts';
import { type HostMessage, parseFrameMessage, scriptProtocolVersion } from './protocol';
import { acceptScriptValue, toScriptFields, toScriptValue, toScriptValues } from './script-values';

export type ScriptHostOptions = {
  code: string;
  fields: readonly FormField[];
  answers: Answers;
  pageIndex: number;
  pageCount: number;
  /** Delivers a message to the frame (its port). */
  send: (message: HostMessage) => void;
  setAnswer: (fieldId: string, value: AnswerValue | undefined) => void;
};

export type ScriptHost = {
  /** A message from the frame: anything but a valid request is dropped. */
  receive: (data: unknown) => void;
  /** The answers as the form shows them now; tells the script what the respondent changed. */
  updateAnswers: (answers: Answers) => void;
  updatePage: (pageIndex: number, pageCount: number) => void;
  notifySubmit: (answers: Answers) => void;
};

/**
 * The page's side of one connected frame: hands the script its code and the form's state, applies the
 * values it sets (checked field by field) and reports what happens on the page.
 */
export function createScriptHost({
  code,
  fields,
  answers,
  pageIndex,
  pageCount,
  send,
  setAnswer,
}: ScriptHostOptions): ScriptHost {
  const fieldsById = new Map(fields.map((field) => [field.id, field]));
  let shownAnswers = answers;
  let shownPage = { pageIndex, pageCount };
  // What the script set and the form does not show yet: the script knows those changes already, and a
  // `change` for them would make a handler that sets a value call itself.
  const setByScript = new Map<string, AnswerValue | undefined>();

  send({
    type: 'init',
    version: scriptProtocolVersion,
    code,
    fields: toScriptFields(fields),
    values: toScriptValues(fields, answers),
    pageIndex,
    pageCount,
  });

  return {
    receive(data) {
      const request = parseFrameMessage(data);
      if (request === null) return;
      const { requestId, fieldId } = request;
      const field = fieldsById.get(fieldId);
      const outcome = acceptScriptValue(field, request.value);
      if (field === undefined || 'refusal' in outcome) {
        const reason = 'refusal' in outcome ? outcome.refusal : 'unknownField';
        send({ type: 'result', requestId, fieldId, isApplied: false, reason });
        return;
      }
      setByScript.set(fieldId, outcome.value);
      setAnswer(fieldId, outcome.value);
      send({ type: 'result', requestId, fieldId, isApplied: true, value: toScriptValue(field, outcome.value) });
    },

    updateAnswers(next) {
      for (const field of fields) {
        const value = next[field.id];
        if (Object.is(value, shownAnswers[field.id])) continue;
        const isScriptsOwn = setByScript.has(field.id) && Object.is(setByScript.get(field.id), value);
        setByScript.delete(field.id);
        if (!isScriptsOwn) send({ type: 'change', fieldId: field.id, value: toScriptValue(field, value) });
      }
      shownAnswers = next;
    },

    updatePage(nextIndex, nextCount) {
      if (nextIndex === shownPage.pageIndex && nextCount === shownPage.pageCount) return;
      shownPage = { pageIndex: nextIndex, pageCount: nextCount };
      send({ type: 'pageChange', pageIndex: nextIndex, pageCount: nextCount });
    },

    notifySubmit(submitted) {
      send({ type: 'submit', values: toScriptValues(fields, submitted) });
    },
  };
}
