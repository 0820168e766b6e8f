import type { FormResponse, SubmissionChartsResponse, SubmissionDto } from '@formwerk/contracts';
import { formatDateTime } from '@formwerk/platform';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const form: FormResponse = {
  id: 'f1',
  status: 'published',
  isArchived: false,
  version: 1,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  publishedAt: '2026-11-01T08:00:00.000Z',
  publishedVersion: 1,
  definition: {
    title: 'Order',
    description: '',
    language: 'en',
    pages: [
      {
        id: 'p1',
        title: 'About you',
        fields: [
          { id: 'name', type: 'shortText', label: 'Name', required: false },
          {
            id: 'extras',
            type: 'multipleChoice',
            label: 'Extras',
            required: false,
            choices: [
              { id: 'milk', label: 'Milk' },
              { id: 'sugar', label: 'Sugar' },
            ],
          },
        ],
      },
      {
        id: 'p2',
        fields: [
          { id: 'again', type: 'yesNo', label: 'Again?', required: false },
          { id: 'stars', type: 'rating', label: 'Stars', required: false, max: 5 },
          { id: 'photo', type: 'fileUpload', label: 'Photo', required: false, accept: [], maxSizeMb: 10, maxFiles: 1 },
        ],
      },
    ],
  },
};

const submission: SubmissionDto = {
  id: 's1',
  formId: 'f1',
  formVersion: 1,
  reference: null,
  score: null,
  createdAt: '2026-11-03T09:30:00.000Z',
  answers: { name: 'Anna', extras: ['sugar'], again: true, stars: 4 },
};

const charts: SubmissionChartsResponse = {
  total: 3,
  fields: [
    {
      fieldId: 'again',
      label: 'Again?',
      fieldType: 'yesNo',
      answered: 3,
      kind: 'choices',
      options: [
        { id: 'yes', label: null, count: 2 },
        { id: 'no', label: null, count: 1 },
      ],
    },
    {
      fieldId: 'stars',
      label: 'Stars',
      fieldType: 'rating',
      answered: 2,
      kind: 'scale',
      values: [1, 2, 3, 4, 5].map((value) => ({ value, count: value >= 4 ? 1 : 0 })),
    },
  ],
  score: null,
  timeline: { days: [{ day: '2026-11-03', count: 3 }], isTruncated: false },
  scan: { isIncomplete: false, scanned: 3, toScan: 3 },
};

// A quiz with reference numbers: the submission scored 2 of 3, the others 0 and 3.
const quizSubmission: SubmissionDto = { ...submission, reference: 'HR-2026-00007', score: { points: 2, maxPoints: 3 } };
const quizCharts: SubmissionChartsResponse = {
  ...charts,
  score: {
    scored: 3,
    maxPoints: 3,
    min: 0,
    max: 3,
    mean: 5 / 3,
    bins: [0, 1, 2, 3].map((points) => ({ from: points, to: points + 1, count: points === 1 ? 0 : 1 })),
  },
};

function answerSubmission(shown = submission, counted = charts, signing: object | null = null) {
  return answerApi((url, init) => {
    if (init?.method === 'POST') return [200, { deleted: 1 }];
    if (url === '/api/v1/submissions/s1') return [200, shown];
    if (url === '/api/v1/submissions/s1/signing' && signing) return [200, signing];
    if (url === '/api/v1/forms/f1/submissions/charts') return [200, counted];
    if (url === '/api/v1/forms/f1') return [200, form];
    return [404, { error: { code: 'NOT_FOUND', message: 'No such thing' } }];
  });
}

/** The answers of a page section as label → text. */
function answersIn(sectionName: string): Record<string, string> {
  const section = screen.getByRole('region', { name: sectionName });
  const terms = within(section).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']));
}

describe('one submission', () => {
  it('shows the answers under the form’s pages with its labels, choices by label, and when it arrived', async () => {
    answerSubmission();
    await renderPage('/en/v1/submissions/s1');
    expect(await screen.findByRole('region', { name: 'About you' })).toBeTruthy();
    expect(answersIn('About you')).toEqual({ Name: 'Anna', Extras: 'Sugar' });
    expect(answersIn('Page 2')).toEqual({ 'Again?': 'Yes', Stars: '4 of 5', Photo: 'No file' });
    expect(screen.getByText(`Submitted on ${formatDateTime(new Date(submission.createdAt), 'en')}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the table' }).getAttribute('href')).toBe(
      '/en/v1/forms/f1/submissions',
    );
    const pdf = screen.getByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe('/api/v1/forms/f1/submissions/s1/pdf');
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Approval history' }).getAttribute('href')).toBe(
      '/en/v1/submissions/s1/workflow',
    );
    expect(screen.queryByRole('region', { name: 'About this submission' })).toBeNull();
    // It sent nothing to sign (404).
    expect(screen.queryByRole('region', { name: 'For signature' })).toBeNull();
  });

  it('shows what became of the document it sent to sign: its request’s state and page, or why it was not sent', async () => {
    const request = { id: 'r'.repeat(24), status: 'sent' };
    answerSubmission(submission, charts, { status: 'started', request, failure: null });
    await renderPage('/en/v1/submissions/s1');
    const card = await screen.findByRole('region', { name: 'For signature' });
    expect(within(card).getByText('The document was sent for signature and is still being signed.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(
      `/en/v1/documents?request=${request.id}`,
    );
    cleanup();

    answerSubmission(submission, charts, { status: 'failed', request: null, failure: 'NOT_FOUND' });
    await renderPage('/v1/submissions/s1');
    const failed = await screen.findByRole('region', { name: 'Zum Unterschreiben' });
    expect(failed.textContent).toContain('Die Signaturvorlage gibt es nicht mehr.');
    expect(within(failed).queryByRole('link')).toBeNull();
  });

  it('shows its reference number and quiz score when the form gave it them', async () => {
    answerSubmission(quizSubmission);
    await renderPage('/v1/submissions/s1');
    expect(await screen.findByRole('region', { name: 'Zur Einsendung' })).toBeTruthy();
    expect(answersIn('Zur Einsendung')).toEqual({
      Referenznummer: 'HR-2026-00007',
      'Punkte im Quiz': '2 von 3 Punkten',
    });
  });

  it('is the same page under /v1/submission/{id}', async () => {
    answerSubmission();
    await renderPage('/v1/submission/s1');
    expect(await screen.findByRole('region', { name: 'About you' })).toBeTruthy();
    expect(answersIn('Seite 2')).toMatchObject({ 'Again?': 'Ja' });
    expect(screen.getByRole('link', { name: 'PDF herunterladen' }).getAttribute('href')).toBe(
      '/api/v1/forms/f1/submissions/s1/pdf',
    );
  });

  it('deletes it after confirmation and returns to the form’s table', async () => {
    const fetch = answerSubmission();
    const router = await renderPage('/en/v1/submissions/s1');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete submission' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete this submission?' })).getByRole('button', {
        name: 'Delete for good',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1/forms/f1/submissions'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/forms/f1/submissions/delete',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ ids: ['s1'] }) }),
    );
  });

  it('when the submission is not the team’s, says it was not found', async () => {
    answerSubmission();
    await renderPage('/en/v1/submissions/s9');
    expect(await screen.findByRole('heading', { name: 'Submission not found' })).toBeTruthy();
  });
});

describe('one submission among the charts', () => {
  it('marks this submission’s answers in the counts', async () => {
    answerSubmission();
    await renderPage('/en/v1/submissions/s1/chart');
    const again = await screen.findByRole('region', { name: 'Again?' });
    const [yes, no] = within(again).getAllByRole('row').slice(1);
    expect(yes?.textContent).toBe('YesThis submission267%');
    expect(no?.textContent).toBe('No133%');
    const stars = screen.getByRole('region', { name: 'Stars' });
    expect(within(stars).getByRole('rowheader', { name: /This submission/ }).textContent).toBe('4This submission');
    expect(screen.getByRole('link', { name: 'Charts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('region', { name: 'Score distribution' })).toBeNull();
  });

  it('marks this submission’s points among the scores of the quiz, from 0 to full marks', async () => {
    answerSubmission(quizSubmission, quizCharts);
    await renderPage('/en/v1/submissions/s1/chart');
    const scores = await screen.findByRole('region', { name: 'Score distribution' });
    expect(within(scores).getByText('3 scored submissions · average 1.7 of 3 points')).toBeTruthy();
    expect(
      within(scores)
        .getAllByRole('listitem')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual([
      'Score 0: 1 submission',
      'Score 1: 0 submissions',
      'Score 2: 1 submission, including this one',
      'Score 3: 1 submission',
    ]);
  });
});
