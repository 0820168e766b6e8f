import type { Absence, ApprovalsOverviewResponse, WorkflowListResponse } from '@formwerk/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const bert = { id: 'd00000000000000000000002', name: 'Bert Bauer', email: 'bert@example.com' };
const carla = { id: 'd00000000000000000000003', name: 'Carla Cerny', email: 'carla@example.com' };
const aWorkflow = (id: string, name: string): WorkflowListResponse['workflows'][number] => ({
  id,
  name,
  forms: [],
  publishedVersion: 1,
  hasUnpublishedChanges: false,
  runningCount: 0,
  updatedAt: '2026-06-01T08:00:00.000Z',
});
const purchase = aWorkflow('c00000000000000000000001', 'Einkauf');
const holiday = aWorkflow('c00000000000000000000002', 'Urlaub');
const overview: ApprovalsOverviewResponse = {
  counts: { mine: 0, pool: 0, delegated: 0, overdue: 0, waitingOnOthers: 0 },
  dueFirst: [],
  stuck: [],
};

// 3 to 14 August in the browser's time zone: from the midnight before the first day to the one after the last.
const august = { from: new Date(2026, 7, 3).toISOString(), until: new Date(2026, 7, 15).toISOString() };
const anAbsence = (overrides: Partial<Absence> = {}): Absence => ({
  ...august,
  delegate: bert,
  workflowIds: [holiday.id],
  includeOpen: true,
  isActive: false,
  ...overrides,
});

type Answer = [number, unknown?];

/** The api of the overview page; `absence` answers /approvals/absence by the request's method. */
function serveAbsence(absence: (method: string) => Answer) {
  return answerApi((url, init) => {
    if (url === '/api/v1/approvals/absence') return absence(init?.method ?? 'GET');
    if (url === '/api/v1/workflows/people') return [200, { users: [carla, bert], groups: [] }];
    if (url === '/api/v1/workflows') return [200, { workflows: [purchase, holiday] }];
    return [200, overview];
  });
}

const callsOf = (fetch: ReturnType<typeof answerApi>, method: string) =>
  fetch.mock.calls.filter(([url, init]) => url === '/api/v1/approvals/absence' && init?.method === method);

/** Opens the empty card's form and fills in an absence for August with Bert standing in. */
async function fillInAbsence(card: HTMLElement, labels: { set: string; until: string; delegate: string }) {
  fireEvent.click(await within(card).findByRole('button', { name: labels.set }));
  const form = within(card).getByRole('form', { name: labels.set });
  fireEvent.change(within(form).getByLabelText(labels.until), { target: { value: '2026-08-14' } });
  await within(form).findByRole('option', { name: 'Bert Bauer (bert@example.com)' });
  fireEvent.change(within(form).getByLabelText(labels.delegate), { target: { value: bert.id } });
  return form;
}

beforeEach(() => {
  // "Today" is 1 July 2026, before the absences of these tests.
  vi.setSystemTime(new Date(2026, 6, 1, 9));
});
afterEach(() => vi.useRealTimers());

describe('the absence card of the approvals overview', () => {
  it('shows the absence set: period, delegate, workflows by name, open tasks; "Change" opens it filled in', async () => {
    serveAbsence(() => [200, { absence: anAbsence() }]);
    await renderPage('/en/v1/approve');
    const card = await screen.findByRole('region', { name: 'Absence and delegate' });
    expect(await within(card).findByText('08/03/2026 to 08/14/2026')).toBeTruthy();
    expect(within(card).getByText('Planned')).toBeTruthy();
    expect(within(card).getByText('Bert Bauer (bert@example.com)')).toBeTruthy();
    expect(await within(card).findByText('Urlaub')).toBeTruthy();
    expect(within(card).getByText('Go to Bert Bauer as well')).toBeTruthy();

    const change = within(card).getByRole('button', { name: 'Change' });
    fireEvent.click(change);
    const form = within(card).getByRole('form', { name: 'Change your absence' });
    expect(document.activeElement).toBe(within(form).getByLabelText('First day'));
    expect((within(form).getByLabelText('First day') as HTMLInputElement).value).toBe('2026-08-03');
    expect((within(form).getByLabelText('Last day') as HTMLInputElement).value).toBe('2026-08-14');
    expect((within(form).getByLabelText('Delegate') as HTMLSelectElement).value).toBe(bert.id);
    expect((within(form).getByRole('radio', { name: 'Only these workflows' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Urlaub' }) as HTMLInputElement).checked).toBe(true);
    expect((within(form).getByRole('checkbox', { name: 'Einkauf' }) as HTMLInputElement).checked).toBe(false);
    expect(
      (within(form).getByRole('checkbox', { name: 'Also hand over my open tasks' }) as HTMLInputElement).checked,
    ).toBe(true);

    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Change' }));
  });

  it('sets an absence: the days from midnight to midnight, the delegate, the workflows ticked, the open tasks', async () => {
    const fetch = serveAbsence((method) =>
      method === 'PUT' ? [200, { absence: anAbsence() }] : [200, { absence: null }],
    );
    await renderPage('/v1/approve');
    const card = await screen.findByRole('region', { name: 'Abwesenheit und Vertretung' });
    expect(await within(card).findByText(/keine Abwesenheit eingetragen/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Abwesenheit eintragen' }));
    const form = within(card).getByRole('form', { name: 'Abwesenheit eintragen' });
    const from = within(form).getByLabelText('Erster Tag') as HTMLInputElement;
    expect(document.activeElement).toBe(from);
    expect(from.value).toBe('2026-07-01');

    fireEvent.change(from, { target: { value: '2026-08-03' } });
    fireEvent.change(within(form).getByLabelText('Letzter Tag'), { target: { value: '2026-08-14' } });
    expect(within(form).getByText('Abwesend von 03.08.2026 bis einschließlich 14.08.2026.')).toBeTruthy();
    await within(form).findByRole('option', { name: 'Bert Bauer (bert@example.com)' });
    fireEvent.change(within(form).getByLabelText('Vertretung'), { target: { value: bert.id } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Nur diese Workflows' }));
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'Urlaub' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Auch meine offenen Aufgaben übergeben' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Speichern' }));

    expect(await within(card).findByText('Ihre Abwesenheit ist gespeichert.')).toBeTruthy();
    const [put] = callsOf(fetch, 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      ...august,
      delegateUserId: bert.id,
      workflowIds: [holiday.id],
      includeOpen: true,
    });
    expect(within(card).getByText('03.08.2026 bis 14.08.2026')).toBeTruthy();
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Ändern' }));
  });

  it('names what is missing or wrong at each field and sends nothing', async () => {
    const fetch = serveAbsence(() => [200, { absence: null }]);
    await renderPage('/en/v1/approve');
    const card = await screen.findByRole('region', { name: 'Absence and delegate' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Set an absence' }));
    const form = within(card).getByRole('form', { name: 'Set an absence' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Only these workflows' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const until = within(form).getByLabelText('Last day');
    expect(document.activeElement).toBe(until);
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(until.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(until.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter the last day.',
    );
    expect(within(form).getByText('Please choose your delegate.')).toBeTruthy();
    expect(within(form).getByText('Please choose at least one workflow.')).toBeTruthy();

    fireEvent.change(until, { target: { value: '2026-06-30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('The last day cannot be before the first.')).toBeTruthy();
    expect(callsOf(fetch, 'PUT')).toEqual([]);
  });

  it('ends the absence only once confirmed', async () => {
    const fetch = serveAbsence((method) =>
      method === 'DELETE' ? [204] : [200, { absence: anAbsence({ isActive: true }) }],
    );
    await renderPage('/en/v1/approve');
    const card = await screen.findByRole('region', { name: 'Absence and delegate' });
    expect(await within(card).findByText('In effect')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'End absence' }));
    const dialog = screen.getByRole('dialog', { name: 'End your absence?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(fetch, 'DELETE')).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'End absence' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'End absence' }));
    expect(await within(card).findByText('Your absence has ended: new tasks come to you again.')).toBeTruthy();
    expect(callsOf(fetch, 'DELETE')).toHaveLength(1);
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Set an absence' }));
  });

  it('when saving fails, says why in words, the delegate outside the team in its own', async () => {
    let answer: Answer = [400, { error: { code: 'NOT_TEAM_MEMBER', message: 'The delegate must be a member' } }];
    serveAbsence((method) => (method === 'PUT' ? answer : [200, { absence: null }]));
    await renderPage('/en/v1/approve');
    const card = await screen.findByRole('region', { name: 'Absence and delegate' });
    const form = await fillInAbsence(card, { set: 'Set an absence', until: 'Last day', delegate: 'Delegate' });

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'This person is not (or no longer) in your team. Please choose another delegate.',
    );
    answer = [400, { error: { code: 'VALIDATION_FAILED', message: 'until: The absence must end after it begins' } }];
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Please check your input.')).toBeTruthy();
  });

  it('when the absence cannot be read, says why and tries again on request', async () => {
    let isDown = true;
    serveAbsence(() =>
      isDown ? [503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }] : [200, { absence: null }],
    );
    await renderPage('/en/v1/approve');
    const card = await screen.findByRole('region', { name: 'Absence and delegate' });
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'The service is unavailable right now. Please try again in a few seconds.',
    );
    isDown = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByRole('button', { name: 'Set an absence' })).toBeTruthy();
  });
});
