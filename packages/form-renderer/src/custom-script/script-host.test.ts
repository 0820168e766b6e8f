import { type Answers, type AnswerValue, type FormDefinitionInput, formDefinitionSchema } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import type { HostMessage } from './protocol';
import { createScriptHost } from './script-host';

const definition = formDefinitionSchema.parse({
  title: 'Anmeldung',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name' },
        { id: 'greeting', type: 'shortText', label: 'Gruß' },
        { id: 'guests', type: 'number', label: 'Gäste', decimals: 0 },
      ],
    },
  ],
} satisfies FormDefinitionInput);

/** A host as the hook makes it, with the form's answers kept the way FormView keeps them. */
function openHost(code = 'formwerk.on("change", function () {});') {
  const sent: HostMessage[] = [];
  let answers: Answers = { name: 'Ada' };
  const host = createScriptHost({
    code,
    fields: definition.pages.flatMap((page) => page.fields),
    answers,
    pageIndex: 0,
    pageCount: 2,
    send: (message) => sent.push(message),
    setAnswer: (fieldId: string, value: AnswerValue | undefined) => {
      answers = { ...answers, [fieldId]: value };
    },
  });
  /** The form re-rendered: the hook's effect hands the host the answers it shows now. */
  const render = () => host.updateAnswers(answers);
  const type = (fieldId: string, value: AnswerValue | undefined) => {
    answers = { ...answers, [fieldId]: value };
    render();
  };
  return { host, sent, type, render, answersNow: () => answers };
}

describe('the script host', () => {
  it('starts the frame with the code, the fields and the answers given so far', () => {
    const { sent } = openHost('console.log(1)');
    expect(sent).toEqual([
      {
        type: 'init',
        version: 1,
        code: 'console.log(1)',
        fields: [
          { id: 'name', type: 'shortText', label: 'Name' },
          { id: 'greeting', type: 'shortText', label: 'Gruß' },
          { id: 'guests', type: 'number', label: 'Gäste' },
        ],
        values: { name: 'Ada' },
        pageIndex: 0,
        pageCount: 2,
      },
    ]);
  });

  it('applies a value the script sets and confirms it, without reporting it back as a change', () => {
    const { host, sent, render, answersNow } = openHost();
    sent.length = 0;
    host.receive({ type: 'setValue', requestId: 7, fieldId: 'greeting', value: 'Hallo Ada' });
    expect(answersNow().greeting).toBe('Hallo Ada');
    render();
    expect(sent).toEqual([{ type: 'result', requestId: 7, fieldId: 'greeting', isApplied: true, value: 'Hallo Ada' }]);
  });

  it('reports what the respondent changes, field by field', () => {
    const { sent, type } = openHost();
    sent.length = 0;
    type('guests', '3');
    type('name', undefined);
    expect(sent).toEqual([
      { type: 'change', fieldId: 'guests', value: 3 },
      { type: 'change', fieldId: 'name', value: null },
    ]);
  });

  it('when the respondent overwrites what the script set before the form showed it, reports the change', () => {
    const { host, sent, type } = openHost();
    host.receive({ type: 'setValue', requestId: 1, fieldId: 'greeting', value: 'Hallo' });
    type('greeting', 'Servus');
    expect(sent.at(-1)).toEqual({ type: 'change', fieldId: 'greeting', value: 'Servus' });
  });

  it('refuses values for unknown fields and of the wrong type, and changes nothing', () => {
    const { host, sent, answersNow } = openHost();
    sent.length = 0;
    host.receive({ type: 'setValue', requestId: 1, fieldId: 'salary', value: '1000' });
    host.receive({ type: 'setValue', requestId: 2, fieldId: 'guests', value: [1, 2] });
    host.receive({ type: 'setValue', requestId: 3, fieldId: '__proto__', value: 'x' });
    expect(answersNow()).toEqual({ name: 'Ada' });
    expect(sent).toEqual([
      { type: 'result', requestId: 1, fieldId: 'salary', isApplied: false, reason: 'unknownField' },
      { type: 'result', requestId: 2, fieldId: 'guests', isApplied: false, reason: 'invalidValue' },
      { type: 'result', requestId: 3, fieldId: '__proto__', isApplied: false, reason: 'unknownField' },
    ]);
  });

  it('drops messages that are no valid request without answering', () => {
    const { host, sent, answersNow } = openHost();
    sent.length = 0;
    for (const message of [
      null,
      'setValue',
      { type: 'submit' },
      { type: 'setValue', fieldId: 'name', value: 'x' },
      { type: 'setValue', requestId: '1', fieldId: 'name', value: 'x' },
      { type: 'setValue', requestId: 1, fieldId: 42, value: 'x' },
      { type: 'setValue', requestId: 1, fieldId: 'n'.repeat(101), value: 'x' },
    ]) {
      host.receive(message);
    }
    expect(sent).toEqual([]);
    expect(answersNow()).toEqual({ name: 'Ada' });
  });

  it('tells the script when the page changes, once per change', () => {
    const { host, sent } = openHost();
    sent.length = 0;
    host.updatePage(0, 2);
    host.updatePage(1, 2);
    host.updatePage(1, 2);
    expect(sent).toEqual([{ type: 'pageChange', pageIndex: 1, pageCount: 2 }]);
  });

  it('tells the script the answers being sent', () => {
    const { host, sent } = openHost();
    sent.length = 0;
    host.notifySubmit({ name: 'Ada', guests: 2 });
    expect(sent).toEqual([{ type: 'submit', values: { name: 'Ada', guests: 2 } }]);
  });
});
