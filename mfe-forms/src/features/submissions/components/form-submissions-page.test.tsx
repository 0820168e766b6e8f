import type {
  FormResponse,
  SubmissionChartsResponse,
  SubmissionDto,
  SubmissionErasure,
  SubmissionListResponse,
} from '@formwerk/contracts';
import { formatDate, formatDateTime } from '@formwerk/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const formId = 'f1';
const form: FormResponse = {
  id: formId,
  status: 'published',
  isArchived: false,
  version: 2,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
  publishedAt: '2026-11-01T08:00:00.000Z',
  publishedVersion: 2,
  definition: {
    title: 'Order',
    description: '',
    language: 'en',
    pages: [
      {
        id: 'p1',
        fields: [
          { id: 'intro', type: 'heading', label: 'Welcome', required: false },
          { id: 'name', type: 'shortText', label: 'Name', required: false },
          {
            id: 'size',
            type: 'singleChoice',
            label: 'Size',
            required: false,
            choices: [
              { id: 's', label: 'Small' },
              { id: 'l', label: 'Large' },
            ],
          },
        ],
      },
    ],
  },
};

const submission = (id: string, name: string, size: string, day: number): SubmissionDto => ({
  id,
  formId,
  formVersion: 2,
  reference: null,
  score: null,
  createdAt: new Date(Date.UTC(2026, 10, day, 9, 30)).toISOString(),
  answers: { name, size },
});
const rows = [submission('s2', 'Bert', 'l', 2), submission('s1', 'Anna', 's', 1)];
// In the time zone the tests run in, as the page shows it.
const [bertAt, annaAt] = rows.map((row) => formatDateTime(new Date(row.createdAt), 'en'));
const listOf = (submissions: SubmissionDto[]): SubmissionListResponse => ({
  submissions,
  total: submissions.length,
  page: 1,
  pageSize: 50,
});

const charts: SubmissionChartsResponse = {
  total: 4,
  fields: [
    { fieldId: 'name', label: 'Name', fieldType: 'shortText', answered: 3, kind: 'answered' },
    {
      fieldId: 'size',
      label: 'Size',
      fieldType: 'singleChoice',
      answered: 4,
      kind: 'choices',
      options: [
        { id: 's', label: 'Small', count: 3 },
        { id: 'l', label: 'Large', count: 1 },
      ],
    },
  ],
  score: null,
  timeline: {
    days: [
      { day: '2026-11-01', count: 3 },
      { day: '2026-11-02', count: 0 },
      { day: '2026-11-03', count: 1 },
    ],
    isTruncated: false,
  },
  scan: { isIncomplete: false, scanned: 4, toScan: 4 },
};

beforeAll(() => {
  // jsdom lays nothing out, so the table's scroll box would be 0 px high and show no rows at all.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('submissions-scroll') ? 600 : 0;
    },
  });
});

beforeEach(() => localStorage.clear());

/** Answers the form and its submissions; `list` may depend on the requested url. */
function answerForm(
  list: (url: string) => SubmissionListResponse = () => listOf(rows),
  counted = charts,
  erasures: SubmissionErasure[] = [],
) {
  return answerApi((url, init) => {
    if (init?.method === 'POST') return [200, { deleted: 2 }];
    if (url === `/api/v1/forms/${formId}/erasures`) return [200, { erasures }];
    if (url.startsWith(`/api/v1/forms/${formId}/submissions/charts`)) return [200, counted];
    if (url.startsWith(`/api/v1/forms/${formId}/submissions`)) return [200, list(url)];
    // The detail page a row opens.
    if (url.startsWith('/api/v1/submissions/')) return [200, rows.find((row) => url.endsWith(row.id))];
    return [200, form];
  });
}

const listUrls = (fetch: ReturnType<typeof answerApi>) =>
  fetch.mock.calls.map(([url]) => url).filter((url) => url.startsWith(`/api/v1/forms/${formId}/submissions?`));

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(2);
const cellTexts = () =>
  bodyRows().map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

// The same two submissions of a quiz with reference numbers.
const quizRows = [
  { ...submission('s2', 'Bert', 'l', 2), reference: 'HR-2026-00002', score: { points: 7, maxPoints: 10 } },
  { ...submission('s1', 'Anna', 's', 1), reference: 'HR-2026-00001', score: { points: 10, maxPoints: 10 } },
];
/** The quiz's rows whose reference contains the `reference` query value, as the api finds them. */
const quizListFor = (url: string) => {
  const reference = new URL(url, 'http://localhost').searchParams.get('reference')?.toUpperCase();
  return listOf(quizRows.filter((row) => !reference || row.reference.includes(reference)));
};

describe('the submissions table of a form', () => {
  it('has a column per answerable field of the form and a row per submission, choices by label', async () => {
    answerForm();
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    expect(await screen.findByRole('heading', { name: '2 submissions' })).toBeTruthy();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.slice(1).map((header) => header.textContent)).toEqual(['Submitted ▼', 'Name', 'Size']);
    expect(
      bodyRows().map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['', bertAt, 'Bert', 'Large'],
      ['', annaAt, 'Anna', 'Small'],
    ]);
    expect(screen.getByRole('link', { name: 'Export as CSV' }).getAttribute('href')).toBe(
      `/api/v1/forms/${formId}/submissions/export?format=csv&locale=en`,
    );
  });

  it('says which submissions their respondents erased, by number and date only', async () => {
    const erasedAt = '2026-11-20T10:00:00.000Z';
    answerForm(undefined, charts, [
      { submissionNumber: 4, erasedAt },
      { submissionNumber: 2, erasedAt },
    ]);
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    const date = formatDate(new Date(erasedAt), 'en');
    expect(
      await screen.findByText(
        `2 submissions were erased by the people who sent them: no. 4 on ${date}, no. 2 on ${date}.`,
      ),
    ).toBeTruthy();
  });

  it('when a header is clicked, asks the api for that order and says so with aria-sort', async () => {
    const fetch = answerForm();
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    const nameHeader = await screen.findByRole('columnheader', { name: 'Name' });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(listUrls(fetch).at(-1)).toContain('sort=name&order=asc'));
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(nameHeader).getByRole('button'));
    await waitFor(() => expect(listUrls(fetch).at(-1)).toContain('sort=name&order=desc'));
    expect(screen.getByRole('columnheader', { name: /Submitted/ }).getAttribute('aria-sort')).toBe('none');
  });

  it('sends a column filter once typing pauses, and the export follows it', async () => {
    const fetch = answerForm();
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Filter column “Name”' }), {
      target: { value: 'Ann' },
    });
    await waitFor(() => expect(listUrls(fetch).at(-1)).toContain('filter.name=Ann'));
    expect(screen.getByRole('link', { name: 'Export as Excel' }).getAttribute('href')).toBe(
      `/api/v1/forms/${formId}/submissions/export?format=xlsx&locale=en&filter.name=Ann`,
    );
  });

  it('when the api stopped reading for a filter, says how far it got and asks for a narrower filter', async () => {
    answerForm((url) =>
      url.includes('filter.name=')
        ? { ...listOf(rows.slice(1)), scan: { isIncomplete: true, scanned: 41_250, toScan: 100_000 } }
        : listOf(rows),
    );
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Filter column “Name”' }), {
      target: { value: 'Ann' },
    });
    expect(
      await screen.findByText('The search stopped after 41,250 of 100,000 submissions. Please narrow the filter.'),
    ).toBeTruthy();
    expect(cellTexts()).toEqual([['', annaAt, 'Anna', 'Small']]);
  });

  it('deletes the ticked rows only after confirmation, then loads the page again', async () => {
    const fetch = answerForm();
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.click(await screen.findByRole('checkbox', { name: `Select the submission of ${bertAt}` }));
    fireEvent.click(screen.getByRole('checkbox', { name: `Select the submission of ${annaAt}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selection (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 submissions?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    const loadsBefore = listUrls(fetch).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        `/api/v1/forms/${formId}/submissions/delete`,
        expect.objectContaining({ method: 'POST', body: JSON.stringify({ ids: ['s2', 's1'] }) }),
      ),
    );
    await waitFor(() => expect(listUrls(fetch).length).toBe(loadsBefore + 1));
  });

  it('opens a submission when its row is clicked or Enter is pressed on it', async () => {
    answerForm();
    const router = await renderPage(`/en/v1/forms/${formId}/submissions`);
    await screen.findByText('Anna');
    fireEvent.keyDown(bodyRows()[1] as HTMLElement, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/en/v1/submissions/s1');
    await router.navigate(-1);
    fireEvent.click(await screen.findByText('Bert'));
    expect(router.state.location.pathname).toBe('/en/v1/submissions/s2');
  });

  it('hides a column chosen away and remembers it for the form', async () => {
    answerForm();
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Size' }));
    expect(screen.queryByRole('columnheader', { name: 'Size' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(`formwerk:submission-columns:${formId}`) ?? '{}')).toEqual({ size: false });
  });

  it('when there are no submissions yet, suggests sharing the form', async () => {
    answerForm(() => listOf([]));
    await renderPage(`/v1/forms/${formId}/submissions`);
    expect(await screen.findByRole('heading', { name: 'Noch keine Einsendungen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Formular teilen' }).getAttribute('href')).toBe(
      `/v1/forms/${formId}/share`,
    );
  });

  it('when the form is not the team’s, says it was not found', async () => {
    answerApi(() => [404, { error: { code: 'NOT_FOUND', message: 'No such form' } }]);
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    expect((await screen.findByRole('alert')).textContent).toContain('Not found');
  });
});

describe('the submissions table of a quiz with reference numbers', () => {
  it('shows the reference and the score of each row, and sorts by score best first', async () => {
    const fetch = answerForm(quizListFor);
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    await screen.findByText('HR-2026-00002');
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.slice(1).map((header) => header.textContent)).toEqual([
      'Submitted ▼',
      'Reference number',
      'Score',
      'Name',
      'Size',
    ]);
    expect(cellTexts()).toEqual([
      ['', bertAt, 'HR-2026-00002', '7 / 10', 'Bert', 'Large'],
      ['', annaAt, 'HR-2026-00001', '10 / 10', 'Anna', 'Small'],
    ]);
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Score' })).getByRole('button'));
    await waitFor(() => expect(listUrls(fetch).at(-1)).toContain('sort=score&order=desc'));
  });

  it('finds submissions by part of their reference once typing pauses, keeping the box when none match', async () => {
    const fetch = answerForm(quizListFor);
    await renderPage(`/v1/forms/${formId}/submissions`);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Referenznummer suchen' }), {
      target: { value: ' hr-2026-00001 ' },
    });
    await waitFor(() => expect(listUrls(fetch).at(-1)).toContain('reference=hr-2026-00001'));
    await waitFor(() => expect(cellTexts().map((cells) => cells[2])).toEqual(['HR-2026-00001']));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Referenznummer suchen' }), { target: { value: 'XY' } });
    expect(await screen.findByText('Keine Einsendung passt zu den Filtern.')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Referenznummer suchen' })).toBeTruthy();
  });

  it('shows neither column nor search box for a form without them', async () => {
    answerForm();
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    await screen.findByText('Anna');
    expect(screen.queryByRole('columnheader', { name: 'Score' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Reference number' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Find reference number' })).toBeNull();
  });
});

/**
 * Answers the form and its rows as answerForm does, and the zip of PDFs by `zip`; the browser's saving
 * of a fetched file is caught: answers the fetch stub and the names of the files saved.
 */
function answerFormWithZip(
  zip: (url: string) => Response | Promise<Response>,
  list?: (url: string) => SubmissionListResponse,
) {
  const json = answerForm(list);
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    url.includes('/submissions/export.zip') ? zip(url) : json(url, init),
  );
  vi.stubGlobal('fetch', fetch);
  const saved: string[] = [];
  // jsdom has no object URLs.
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => undefined }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return { fetch, saved };
}

const zipOf = () =>
  new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition':
        'attachment; filename="Gro?e Bestellung.zip"; filename*=UTF-8\'\'Gro%C3%9Fe%20Bestellung.zip',
    },
  });
const zipUrls = (fetch: ReturnType<typeof answerFormWithZip>['fetch']) =>
  fetch.mock.calls.map(([url]) => url).filter((url) => url.includes('/export.zip'));

describe('the submissions as PDFs in a zip', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the PDFs of the rows the filters keep, under the name the api gives', async () => {
    const { fetch, saved } = answerFormWithZip(zipOf);
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Filter column “Name”' }), {
      target: { value: 'Ann' },
    });
    await waitFor(() => expect(listUrls(fetch).at(-1)).toContain('filter.name=Ann'));
    fireEvent.click(screen.getByRole('button', { name: 'Export as PDF (ZIP)' }));
    await waitFor(() => expect(saved).toEqual(['Große Bestellung.zip']));
    expect(zipUrls(fetch)).toEqual([`/api/v1/forms/${formId}/submissions/export.zip?filter.name=Ann`]);
    expect(screen.getByRole('button', { name: 'Export as PDF (ZIP)' }).getAttribute('aria-busy')).toBe('false');
  });

  it('with rows ticked, downloads only theirs', async () => {
    const { fetch, saved } = answerFormWithZip(zipOf);
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.click(await screen.findByRole('checkbox', { name: `Select the submission of ${bertAt}` }));
    fireEvent.click(screen.getByRole('button', { name: '1 submission as PDF (ZIP)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(zipUrls(fetch)).toEqual([`/api/v1/forms/${formId}/submissions/export.zip?ids=s2`]);
  });

  it('says it is working while the api makes the PDFs', async () => {
    let finish: (response: Response) => void = () => undefined;
    answerFormWithZip(
      () =>
        new Promise<Response>((resolve) => {
          finish = resolve;
        }),
    );
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.click(await screen.findByRole('button', { name: 'Export as PDF (ZIP)' }));
    const working = await screen.findByRole('button', { name: 'Creating the PDFs …' });
    expect(working.getAttribute('aria-busy')).toBe('true');
    finish(zipOf());
    expect(await screen.findByRole('button', { name: 'Export as PDF (ZIP)' })).toBeTruthy();
  });

  it('when the api refuses more than it zips at once, explains the limit', async () => {
    answerFormWithZip(
      () =>
        new Response(
          JSON.stringify({ error: { code: 'EXPORT_TOO_LARGE', message: 'Too many', details: { limit: 300 } } }),
          { status: 409 },
        ),
    );
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.click(await screen.findByRole('button', { name: 'Export as PDF (ZIP)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'At most 300 submissions fit in one ZIP. Narrow the table with a filter, or select rows.',
    );
  });

  it('when the filters keep no row, has nothing to zip', async () => {
    answerFormWithZip(zipOf, (url) => (url.includes('filter.name=') ? listOf([]) : listOf(rows)));
    await renderPage(`/en/v1/forms/${formId}/submissions`);
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Filter column “Name”' }), {
      target: { value: 'Zoe' },
    });
    expect(await screen.findByRole('heading', { name: '0 submissions' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export as PDF (ZIP)' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('when the table holds more rows than a zip takes, turns the button off and says why', async () => {
    answerFormWithZip(zipOf, () => ({ ...listOf(rows), total: 501 }));
    await renderPage(`/v1/forms/${formId}/submissions`);
    const button = await screen.findByRole('button', { name: 'Als PDF exportieren (ZIP)' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Höchstens 500 Einsendungen passen in ein ZIP. Grenzen Sie die Tabelle mit einem Filter ein, oder wählen Sie Zeilen aus.',
    );
  });
});

describe('the charts of a form', () => {
  it('shows bars with counts and shares per option, and the submissions per day', async () => {
    answerForm();
    await renderPage(`/en/v1/forms/${formId}/submissions?view=charts`);
    const size = await screen.findByRole('region', { name: 'Size' });
    expect(within(size).getByText('4 of 4 answered')).toBeTruthy();
    const bars = within(size).getAllByRole('row').slice(1);
    expect(bars.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Small', '3', '75%'],
      ['Large', '1', '25%'],
    ]);
    const timeline = screen.getByRole('region', { name: 'Submissions per day' });
    expect(within(timeline).getByText('4 submissions in total')).toBeTruthy();
    expect(within(timeline).getByText(/From 11\/01\/2026 to 11\/03\/2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Charts' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('region', { name: 'Score distribution' })).toBeNull();
    expect(screen.queryByText(/took too long/)).toBeNull();
  });

  it('of a big form, says how many of its submissions were counted before the time ran out', async () => {
    answerForm(undefined, { ...charts, scan: { isIncomplete: true, scanned: 31_250, toScan: 100_000 } });
    await renderPage(`/v1/forms/${formId}/submissions?view=charts`);
    const timeline = await screen.findByRole('region', { name: 'Einsendungen pro Tag' });
    // Grouped as the locale groups thousands.
    expect(within(timeline).getByRole('status').textContent).toMatch(
      /^Gezählt wurden die ersten 31.250 von 100.000 Einsendungen: Alle zu zählen dauerte zu lange\. Mit einem Filter/,
    );
  });

  it('of a quiz, shows how many submissions reached each range of points', async () => {
    const score = {
      scored: 4,
      maxPoints: 40,
      min: 8,
      max: 40,
      mean: 25,
      bins: Array.from({ length: 10 }, (_, index) => ({
        from: index * 4,
        to: index * 4 + 4,
        count: index === 2 ? 1 : index === 9 ? 3 : 0,
      })),
    };
    answerForm(undefined, { ...charts, score });
    await renderPage(`/v1/forms/${formId}/submissions?view=charts`);
    const scores = await screen.findByRole('region', { name: 'Punkteverteilung' });
    expect(within(scores).getByText('4 bewertete Einsendungen · Durchschnitt 25 von 40 Punkten')).toBeTruthy();
    const bars = within(scores).getAllByRole('listitem');
    expect(bars).toHaveLength(10);
    expect(bars[2]?.getAttribute('aria-label')).toBe('Ergebnis 8 bis 12: 1 Einsendung');
    expect(bars[9]?.getAttribute('aria-label')).toBe('Ergebnis 36 bis 40: 3 Einsendungen');
  });
});
