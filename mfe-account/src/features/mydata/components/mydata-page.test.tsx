import type { PersonalDataResponse } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, answerEachCall, renderPage } from '../../../test/render-page';

const token = 'T'.repeat(43);
const data: PersonalDataResponse = {
  formTitle: 'Mitgliedsantrag',
  language: 'de',
  submittedAt: '2026-03-02T09:30:00.000Z',
  reference: 'M-0042',
  answers: [
    { fieldId: 'name', label: 'Name', text: 'Lina Link' },
    { fieldId: 'email', label: 'E-Mail', text: 'lina@example.com' },
  ],
  files: [{ fileId: 'f1', fieldId: 'cv', name: 'zeugnis.pdf', type: 'application/pdf', size: 2048 }],
  workflow: { name: 'Aufnahme', status: 'running' },
};

describe('the personal data page', () => {
  it('shows the answers with their labels, the files and the JSON download', async () => {
    answerApi(200, data);
    await renderPage(`/en/mydata/${token}`);
    const answers = await screen.findByRole('heading', { name: 'Your answers' });
    expect(answers).toBeTruthy();
    expect(screen.getByText('Lina Link')).toBeTruthy();
    expect(screen.getByText('E-Mail')).toBeTruthy();
    expect(screen.getByText('Approval “Aufnahme”')).toBeTruthy();
    expect(screen.getByText('in progress')).toBeTruthy();
    const file = screen.getByRole('link', { name: 'Download “zeugnis.pdf”' });
    expect(file.getAttribute('href')).toBe(`/api/v1/public/mydata/${token}/files/f1`);
    const download = screen.getByRole('link', { name: 'Download as JSON' });
    expect(download.getAttribute('href')).toBe(`/api/v1/public/mydata/${token}/export`);
  });

  it('erases only after the confirmation, then says so with the date and forgets the answers', async () => {
    const calls = answerEachCall((call) =>
      call.startsWith('POST') ? [200, { erasedAt: '2026-03-03T10:00:00.000Z' }] : [200, data],
    );
    await renderPage(`/mydata/${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Meine Daten löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'Ihre Daten endgültig löschen?', hidden: true });
    expect(within(dialog).getByText(/Ihre Antworten auf „Mitgliedsantrag“/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Daten behalten', hidden: true }));
    expect(calls().some((call) => call.startsWith('POST'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Meine Daten löschen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Endgültig löschen', hidden: true }));
    const erased = await screen.findByRole('heading', { name: 'Ihre Daten wurden gelöscht' });
    await waitFor(() => expect(document.activeElement).toBe(erased));
    expect(screen.getByText(/am 03\.03\.2026/)).toBeTruthy();
    expect(screen.queryByText('Lina Link')).toBeNull();
    expect(calls()).toContain(`POST /public/mydata/${token}/erasure {"confirmation":"erase"}`);
  });

  it('for a link whose data was erased, says when', async () => {
    answerApi(410, {
      error: { code: 'LINK_INVALID', message: 'erased', details: { erasedAt: '2026-03-03T10:00:00.000Z' } },
    });
    await renderPage(`/en/mydata/${token}`);
    expect(await screen.findByRole('heading', { name: 'Your data was erased' })).toBeTruthy();
    expect(screen.getByText(/were erased on/)).toBeTruthy();
  });

  it('for an unknown link, says it leads to no data', async () => {
    answerApi(404, { error: { code: 'LINK_INVALID', message: 'unknown' } });
    await renderPage(`/mydata/${token}`);
    expect(await screen.findByRole('heading', { name: 'Dieser Link führt zu keinen Daten' })).toBeTruthy();
  });

  it('when the server cannot be reached, offers to try again', async () => {
    answerApi(503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'down' } });
    await renderPage(`/en/mydata/${token}`);
    expect((await screen.findByRole('alert')).textContent).toMatch(/unavailable right now/);
    answerApi(200, data);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Lina Link')).toBeTruthy();
  });
});
