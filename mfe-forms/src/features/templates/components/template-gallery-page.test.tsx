import type { TeamTemplateListResponse, TemplateListResponse } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const gallery: TemplateListResponse = {
  templates: [
    { id: 'contact', category: 'contact', title: 'Contact form', description: 'Write to us.', fieldCount: 7 },
    {
      id: 'event-registration',
      category: 'events',
      title: 'Event registration',
      description: 'Sign up for our event.',
      fieldCount: 13,
    },
    {
      id: 'volunteer-signup',
      category: 'events',
      title: 'Volunteer signup',
      description: 'Help at our festival.',
      fieldCount: 1,
    },
  ],
};

const teamTemplates: TeamTemplateListResponse = {
  templates: [
    {
      id: 'a'.repeat(24),
      name: 'Our enquiry',
      description: 'The one sales uses.',
      language: 'en',
      fieldCount: 4,
      createdAt: '2026-05-01T10:00:00.000Z',
    },
  ],
};

const shownTitles = () =>
  within(screen.getByRole('list', { name: 'Matching templates' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

describe('the template gallery', () => {
  it("lists the built-in templates in the page's language with their field counts, and the team's templates", async () => {
    const fetch = answerApi((url) =>
      url.startsWith('/api/v1/team-templates') ? [200, teamTemplates] : [200, gallery],
    );
    await renderPage('/en/v1/forms/templates');
    const card = (await screen.findByRole('article', { name: 'Contact form' })) as HTMLElement;
    expect(within(card).getByText('7 fields')).toBeTruthy();
    expect(within(card).getByText('Contact')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Preview' }).getAttribute('href')).toBe('/en/v1/template/contact');
    expect(screen.getByText('1 field')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/v1/templates?locale=en', expect.anything());

    const teamLink = await screen.findByRole('link', { name: 'Our enquiry' });
    expect(teamLink.getAttribute('href')).toBe(`/en/v1/templates/${'a'.repeat(24)}`);
  });

  it('filters by category and by search, and offers to show all when nothing matches', async () => {
    answerApi((url) => (url.startsWith('/api/v1/team-templates') ? [200, { templates: [] }] : [200, gallery]));
    await renderPage('/en/v1/forms/templates');
    await screen.findByRole('article', { name: 'Contact form' });
    const chips = screen.getByRole('group', { name: 'Category:' });
    expect(within(chips).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(chips).getByRole('button', { name: 'Events' }));
    expect(within(chips).getByRole('button', { name: 'Events' }).getAttribute('aria-pressed')).toBe('true');
    expect(shownTitles()).toEqual(['Event registration', 'Volunteer signup']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), { target: { value: 'FESTIVAL' } });
    expect(shownTitles()).toEqual(['Volunteer signup']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), { target: { value: 'invoice' } });
    expect(screen.getByText('No template matches your selection.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all templates' }));
    expect(shownTitles()).toHaveLength(3);

    expect(screen.getByText('Your team has no templates of its own yet.')).toBeTruthy();
  });

  it("creates a form from a template in the page's language and opens it in the builder", async () => {
    const fetch = answerApi((url, init) => {
      if (init?.method === 'POST') return [201, { id: 'new-form' }];
      return url.startsWith('/api/v1/team-templates') ? [200, { templates: [] }] : [200, gallery];
    });
    const router = await renderPage('/en/v1/forms/templates');
    const card = (await screen.findByRole('article', { name: 'Event registration' })) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Use template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1/forms/new-form'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/templates/event-registration/forms',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ locale: 'en' }) }),
    );
  });

  it('when creating fails, stays on the gallery and explains it in German', async () => {
    answerApi((url, init) => {
      if (init?.method === 'POST') return [404, { error: { code: 'NOT_FOUND', message: 'No such template' } }];
      return url.startsWith('/api/v1/team-templates') ? [200, { templates: [] }] : [200, gallery];
    });
    const router = await renderPage('/v1/forms/templates');
    const card = (await screen.findByRole('article', { name: 'Contact form' })) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Vorlage verwenden' }));
    expect((await within(card).findByRole('alert')).textContent).toContain('Nicht gefunden');
    expect(router.state.location.pathname).toBe('/v1/forms/templates');
  });
});
