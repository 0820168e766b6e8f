import type { AppDto, AppTemplate } from '@formwerk/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const events: AppTemplate = {
  id: 'events',
  name: 'Events',
  description: 'Registrations before, feedback after.',
  icon: 'calendar',
  color: 'orange',
  forms: [
    { templateId: 'event-registration', title: 'Event registration' },
    { templateId: 'customer-feedback', title: 'Customer feedback' },
  ],
};
const created: AppDto = {
  id: 'a'.repeat(24),
  name: 'Events',
  icon: 'calendar',
  color: 'orange',
  forms: [],
  submissionCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

describe('the app templates page', () => {
  it('creates the app from a template in the page language and says so on the apps page', async () => {
    const fetch = answerApi((url, init) => {
      if (url.startsWith('/api/v1/app-templates?')) return [200, { templates: [events] }];
      if (init?.method === 'POST') return [201, created];
      if (url.startsWith('/api/v1/forms')) return [200, { forms: [], total: 0, page: 1, pageSize: 100 }];
      return [200, { apps: [created] }];
    });
    await renderPage('/en/v1/apps/templates');
    expect(await screen.findByText('Customer feedback')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use template', description: 'Events' }));
    expect(await screen.findByText('The app “Events” was created.')).toBeTruthy();
    await waitFor(() => {
      const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(post?.[0]).toBe('/api/v1/app-templates/events/apps');
      expect(JSON.parse(String(post?.[1]?.body))).toEqual({ locale: 'en' });
    });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/app-templates?locale=en');
  });

  it('offers to try again when the templates did not load', async () => {
    let calls = 0;
    answerApi(() => {
      calls += 1;
      return calls === 1 ? [500, { error: { code: 'INTERNAL', message: 'x' } }] : [200, { templates: [events] }];
    });
    await renderPage('/v1/apps/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Customer feedback')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
