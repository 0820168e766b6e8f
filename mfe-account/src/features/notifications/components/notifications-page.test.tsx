import {
  type Notification,
  type NotificationListResponse,
  type NotificationPreferences,
  notificationTypes,
} from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';

const notification = (id: string, stepLabel: string, isRead = false): Notification => ({
  id,
  type: 'taskAssigned',
  params: { workflowName: 'Urlaubsantrag', stepLabel },
  link: { route: 'v1-approve-id', params: { id: 'task1' } },
  isRead,
  isArchived: false,
  createdAt: '2026-11-20T09:30:00.000Z',
});

const listOf = (notifications: Notification[]): NotificationListResponse => ({
  notifications,
  total: notifications.length,
  page: 1,
  pageSize: 20,
});

/** Answers each api call by its path; returns the calls as "METHOD path body". */
function answerBy(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    const path = url.replace('/api/v1', '');
    const key = Object.keys(answers).find((candidate) => path.startsWith(candidate));
    const body = key === undefined ? undefined : answers[key];
    return new Response(body === undefined ? null : JSON.stringify(body), { status: body === undefined ? 204 : 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return () =>
    fetch.mock.calls.map(([url, init]) =>
      `${init?.method ?? 'GET'} ${url.replace('/api/v1', '')} ${init?.body ?? ''}`.trim(),
    );
}

describe('the notification centre', () => {
  it('lists notifications as sentences in the page language, linked to their task, unread ones marked', async () => {
    answerBy({ '/notifications?': listOf([notification('n1', 'Teamleitung'), notification('n2', 'Personal', true)]) });
    await renderPage('/en/v1/notifications');
    const link = await screen.findByRole('link', { name: 'New task: “Teamleitung” in Urlaubsantrag' });
    expect(link.getAttribute('href')).toBe('/en/v1/approve/task1');
    const items = screen.getAllByRole('listitem');
    expect(items[0]?.hasAttribute('data-unread')).toBe(true);
    expect(items[1]?.hasAttribute('data-unread')).toBe(false);
    expect(within(items[1] as HTMLElement).getByRole('button', { name: /^Mark as unread/ })).toBeTruthy();
  });

  it('marks one read and archives another, then reads the box again', async () => {
    const calls = answerBy({
      '/notifications?': listOf([notification('n1', 'Teamleitung')]),
      '/notifications/n1': notification('n1', 'Teamleitung', true),
    });
    await renderPage('/v1/notifications');
    fireEvent.click(await screen.findByRole('button', { name: /^Als gelesen markieren/ }));
    await waitFor(() => expect(calls()).toContain('POST /notifications/n1/read {"isRead":true}'));
    fireEvent.click(screen.getByRole('button', { name: /^Archivieren/ }));
    await waitFor(() => expect(calls()).toContain('POST /notifications/n1/archive {"isArchived":true}'));
    expect(calls().filter((call) => call.startsWith('GET /notifications?box=inbox')).length).toBeGreaterThanOrEqual(3);
  });

  it('says so when a box is empty', async () => {
    answerBy({ '/notifications?': listOf([]) });
    await renderPage('/en/v1/notifications?view=archive');
    expect(await screen.findByText(/The archive is empty/)).toBeTruthy();
  });

  const preferencesOf = (digested: string[] = []) =>
    Object.fromEntries(
      notificationTypes.map((type) => [
        type,
        { inApp: true, mail: !digested.includes(type), digest: digested.includes(type) },
      ]),
    ) as NotificationPreferences['types'];

  it('saves which kinds come by mail at once, in the daily digest or not at all', async () => {
    const calls = answerBy({ '/notifications/preferences': { types: preferencesOf() } });
    await renderPage('/en/v1/notifications?view=settings');
    const comment = await screen.findByRole('combobox', { name: 'A comment on a task: Email' });
    expect((comment as HTMLSelectElement).value).toBe('instant');
    expect(
      within(comment)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['None', 'At once', 'Daily']);
    fireEvent.change(comment, { target: { value: 'digest' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'A deadline reminder: Email' }), {
      target: { value: 'none' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'A task escalated: In the app' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved.')).toBeTruthy());
    const saved = calls().find((call) => call.startsWith('PUT /notifications/preferences')) ?? '';
    const { types } = JSON.parse(saved.slice('PUT /notifications/preferences '.length));
    expect(types.taskCommented).toEqual({ inApp: true, mail: false, digest: true });
    expect(types.taskReminder).toEqual({ inApp: true, mail: false, digest: false });
    expect(types.taskEscalated).toEqual({ inApp: false, mail: true, digest: false });
  });

  it('shows a chosen digest in German, and leaves the mail of new responses to the form', async () => {
    answerBy({ '/notifications/preferences': { types: preferencesOf(['taskAssigned']) } });
    await renderPage('/v1/notifications?view=settings');
    const assigned = await screen.findByRole('combobox', { name: 'Neue Aufgabe für mich: E-Mail' });
    expect((assigned as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Täglich');
    expect(screen.getByText(/Zusammenfassung um 7 Uhr/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Neue Antwort auf ein Formular: E-Mail' })).toBeNull();
    expect(screen.getByText('In den E-Mail-Einstellungen des Formulars')).toBeTruthy();
  });
});
