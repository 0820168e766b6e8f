import { type FormDefinitionInput, formDefinitionSchema } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../../test/render-page';
import { defaultSettings, form, formId } from '../../test/settings-fixture';

const bodyOf = (init?: RequestInit) => JSON.parse(String(init?.body));

const quizForm = {
  ...form,
  definition: formDefinitionSchema.parse({
    title: 'Erdkunde',
    pages: [
      {
        id: 'p1',
        fields: [
          { id: 'name', type: 'shortText', label: 'Name' },
          {
            id: 'capital',
            type: 'singleChoice',
            label: 'Hauptstadt',
            choices: [
              { id: 'berlin', label: 'Berlin' },
              { id: 'bonn', label: 'Bonn' },
            ],
          },
          {
            id: 'rivers',
            type: 'multipleChoice',
            label: 'Flüsse',
            choices: [
              { id: 'rhine', label: 'Rhein' },
              { id: 'elbe', label: 'Elbe' },
              { id: 'alps', label: 'Alpen' },
            ],
          },
        ],
      },
    ],
  } satisfies FormDefinitionInput),
};

/** Answers the form and its settings; a save answers with the saved value at the next version. */
function answerQuizForm(settings = defaultSettings(), theForm: object = quizForm) {
  return answerApi((url, init) => {
    if (init?.method === 'PUT') {
      const saved = defaultSettings(5);
      saved.settings.quiz = { ...saved.settings.quiz, ...bodyOf(init).value };
      return [200, saved];
    }
    return url.endsWith('/settings') ? [200, settings] : [200, theForm];
  });
}

const putOf = (fetch: ReturnType<typeof answerApi>) => fetch.mock.calls.find(([, init]) => init?.method === 'PUT');

describe('the quiz tab', () => {
  it('saves the right answers and points of each choice question, adding up what can be reached', async () => {
    const fetch = answerQuizForm();
    await renderPage(`/v1/forms/${formId}/setting/quiz`);
    fireEvent.click(await screen.findByLabelText('Dieses Formular ist ein Quiz'));
    // Only choice questions can be scored.
    expect(screen.queryByRole('group', { name: 'Name' })).toBeNull();

    const capital = screen.getByRole('group', { name: 'Hauptstadt' });
    expect(within(capital).getByLabelText<HTMLInputElement>('Nicht bewertet').checked).toBe(true);
    fireEvent.click(within(capital).getByLabelText('Berlin'));
    const rivers = screen.getByRole('group', { name: 'Flüsse' });
    fireEvent.click(within(rivers).getByLabelText('Rhein'));
    fireEvent.click(within(rivers).getByLabelText('Elbe'));
    fireEvent.change(within(rivers).getByLabelText('Punkte'), { target: { value: '2' } });
    expect(screen.getByText('Erreichbar: 3 Punkte')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Richtige Antworten nach dem Absenden zeigen'));

    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/^Gespeichert/)).toBeTruthy();
    expect(bodyOf(putOf(fetch)?.[1])).toEqual({
      version: 4,
      value: {
        isQuiz: true,
        showScore: true,
        showCorrectAnswers: true,
        answerKey: {
          capital: { correctChoiceIds: ['berlin'], points: 1 },
          rivers: { correctChoiceIds: ['rhine', 'elbe'], points: 2 },
        },
      },
    });
  });

  it('leaves a question unscored again, and drops answers to questions removed from the form since', async () => {
    const settings = defaultSettings();
    settings.settings.quiz = {
      isQuiz: true,
      showScore: true,
      showCorrectAnswers: false,
      answerKey: {
        capital: { correctChoiceIds: ['bonn'], points: 4 },
        rivers: { correctChoiceIds: ['rhine', 'danube'], points: 2 },
        removed: { correctChoiceIds: ['x'], points: 9 },
      },
    };
    const fetch = answerQuizForm(settings);
    await renderPage(`/en/v1/forms/${formId}/setting/quiz`);
    const capital = await screen.findByRole('group', { name: 'Hauptstadt' });
    expect(within(capital).getByLabelText<HTMLInputElement>('Bonn').checked).toBe(true);
    fireEvent.click(within(capital).getByLabelText('Not scored'));
    expect(within(capital).queryByLabelText('Points')).toBeNull();
    expect(screen.getByText('Reachable: 2 points')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(putOf(fetch)).toBeDefined());
    expect(bodyOf(putOf(fetch)?.[1]).value.answerKey).toEqual({ rivers: { correctChoiceIds: ['rhine'], points: 2 } });
  });

  it('says at once when points are no whole number from 0 to 1000, and shows the api’s refusal', async () => {
    const settings = defaultSettings();
    settings.settings.quiz.isQuiz = true;
    settings.settings.quiz.answerKey = { capital: { correctChoiceIds: ['berlin'], points: 1 } };
    answerApi((url, init) => {
      if (init?.method === 'PUT') {
        const issue = { path: ['answerKey', 'capital', 'points'], code: 'invalid_type', message: 'x' };
        return [400, { error: { code: 'VALIDATION_FAILED', message: 'x', details: { issues: [issue] } } }];
      }
      return url.endsWith('/settings') ? [200, settings] : [200, quizForm];
    });
    await renderPage(`/en/v1/forms/${formId}/setting/quiz`);
    const capital = await screen.findByRole('group', { name: 'Hauptstadt' });
    fireEvent.change(within(capital).getByLabelText('Points'), { target: { value: '2.5' } });
    expect(within(capital).getByText('Please enter a whole number from 0 to 1000.')).toBeTruthy();
    fireEvent.change(within(capital).getByLabelText('Points'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(capital).findByRole('alert')).toBeTruthy();
  });

  it('without a choice question, points to the form builder', async () => {
    answerQuizForm(defaultSettings(), form);
    await renderPage(`/en/v1/forms/${formId}/setting/quiz`);
    fireEvent.click(await screen.findByLabelText('This form is a quiz'));
    expect(screen.getByRole('heading', { name: 'No choice question yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the form builder' }).getAttribute('href')).toBe(
      `/en/v1/forms/${formId}`,
    );
  });
});
