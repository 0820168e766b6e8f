import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';
import { demoDraftKey } from '../utils/demo-draft-key';

// jsdom has no ResizeObserver or IntersectionObserver (https://github.com/jsdom/jsdom/issues/3368),
// which the builder's card window asks for, and does not scroll.
beforeAll(() => {
  const observer = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
  globalThis.ResizeObserver ??= observer;
  globalThis.IntersectionObserver ??= observer as unknown as typeof IntersectionObserver;
  Element.prototype.scrollIntoView = () => undefined;
});

/** Every call the page makes: the demo makes none. */
let calls: string[] = [];
beforeEach(() => {
  localStorage.clear();
  calls = [];
  answerApi((url) => {
    calls.push(url);
    return [500];
  });
});

const storedDraft = () => JSON.parse(localStorage.getItem(demoDraftKey) ?? 'null');

describe('the demo', () => {
  it('starts with a small form, keeps nothing until it changes, then keeps it in the browser across visits', async () => {
    await renderPage('/en/demo');
    const title = (await screen.findByLabelText('Form title')) as HTMLInputElement;
    expect(title.value).toBe('My first form');
    expect(screen.getByRole('button', { name: /^Edit: .*Your name/ })).toBeTruthy();
    expect(storedDraft()).toBeNull();

    fireEvent.change(title, { target: { value: 'Summer party' } });
    await waitFor(
      () => expect(screen.getByText('Saved in this browser', { selector: '.ui-save-status' })).toBeTruthy(),
      {
        timeout: 3000,
      },
    );
    expect(storedDraft()).toMatchObject({ version: 2, definition: { title: 'Summer party', language: 'en' } });
    expect(storedDraft().formId).toMatch(/^[0-9a-f]{24}$/);
    expect(calls).toEqual([]);

    cleanup();
    await renderPage('/en/demo');
    expect(((await screen.findByLabelText('Form title')) as HTMLInputElement).value).toBe('Summer party');
    // Undo works on the builder as in the app.
    fireEvent.click(screen.getByRole('button', { name: /^Edit: .*Your name/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: /^Edit: .*Your name/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('button', { name: /^Edit: .*Your name/ })).toBeTruthy();
  });

  it('drops a draft the form schema refuses, says so once, and starts anew', async () => {
    localStorage.setItem(
      demoDraftKey,
      JSON.stringify({ formId: '65f0c0ffee0000000000abcd', version: 3, savedAt: 'x', definition: { title: '' } }),
    );
    await renderPage('/en/demo');
    expect(await screen.findByText(/Your saved draft could no longer be read/)).toBeTruthy();
    expect(((await screen.findByLabelText('Form title')) as HTMLInputElement).value).toBe('My first form');
    expect(localStorage.getItem(demoDraftKey)).toBeNull();
    cleanup();

    localStorage.setItem(demoDraftKey, '{not json');
    await renderPage('/demo');
    expect(await screen.findByText(/Ihr gespeicherter Entwurf ließ sich nicht mehr lesen/)).toBeTruthy();
    expect(((await screen.findByLabelText('Titel des Formulars')) as HTMLInputElement).value).toBe(
      'Mein erstes Formular',
    );
    cleanup();
    await renderPage('/demo');
    await screen.findByLabelText('Titel des Formulars');
    expect(screen.queryByText(/Ihr gespeicherter Entwurf/)).toBeNull();
  });

  it('shows what needs the server as off, says it comes with an account, and leads to the sign-up', async () => {
    await renderPage('/en/demo');
    await screen.findByLabelText('Form title');
    for (const name of ['AI assistant', 'Share', 'Publish'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Publish' }).getAttribute('aria-describedby')).toBe('demo-with-account');
    expect(screen.getByText('Available with an account')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Preview/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign up and keep this form' }).getAttribute('href')).toBe(
      `/en?${new URLSearchParams({ login: 'true', loginMode: 'sign-up', redirect: '/en/v1' })}`,
    );
  });

  it('fills the form with the product’s checks, and on sending shows what would be stored without sending it', async () => {
    await renderPage('/en/demo');
    await screen.findByLabelText('Form title');
    fireEvent.click(screen.getByRole('button', { name: 'Fill in' }));
    expect(screen.getByRole('button', { name: 'Fill in' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'My first form' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This would be stored' })).toBeNull();

    fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/Your email address/), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const stored = await screen.findByRole('heading', { name: 'This would be stored' });
    expect(document.activeElement).toBe(stored);
    const answers = [...document.querySelectorAll('.form-demo__answers div')].map((row) => row.textContent);
    expect(answers).toEqual(['Your nameAda', 'Your email addressada@example.com']);
    expect(screen.getAllByRole('link', { name: 'Sign up and keep this form' })).toHaveLength(2);
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Fill in again' }));
    expect((screen.getByLabelText(/Your name/) as HTMLInputElement).value).toBe('');
  });
});
