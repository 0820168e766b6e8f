import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answerMediaQueries } from '../testing/match-media';
import { ResponsiveHeader } from './responsive-header';

// The header is asked as if on a phone.
beforeAll(() => answerMediaQueries(true));
afterEach(cleanup);

function renderHeader(closeKey = '/v1') {
  return render(
    <>
      <ResponsiveHeader
        brand={<a href="/v1">Formwerk</a>}
        navigation={
          <>
            <a href="/v1/forms">Formulare</a>
            <a href="/v1/documents">Dokumente</a>
          </>
        }
        navigationLabel="Hauptnavigation"
        actions={<a href="/logout">Abmelden</a>}
        persistentActions={<a href="/?login=true">Anmelden</a>}
        menuLabel="Menü"
        closeKey={closeKey}
      />
      <p>Inhalt</p>
    </>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Menü' });

describe('ResponsiveHeader', () => {
  it('is a disclosure: the button controls the panel and says whether it is open', () => {
    renderHeader();
    const button = menuButton();
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel?.contains(screen.getByRole('navigation', { name: 'Hauptnavigation' }))).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.hasAttribute('data-open')).toBe(false);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.hasAttribute('data-open')).toBe(true);
    // The sign-in stays outside the menu, beside its button.
    expect(panel?.contains(screen.getByRole('link', { name: 'Anmelden' }))).toBe(false);
  });

  it('moves focus into the menu when it opens, and Escape closes it and gives focus back', () => {
    renderHeader();
    fireEvent.click(menuButton());
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Formulare' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton());
  });

  it('closes on a click outside it, not on one inside', () => {
    renderHeader();
    fireEvent.click(menuButton());
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Dokumente' }));
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByText('Inhalt'));
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when the page changes', () => {
    const { rerender } = renderHeader('/v1');
    fireEvent.click(menuButton());
    act(() => {
      rerender(
        <ResponsiveHeader
          brand={<a href="/v1">Formwerk</a>}
          navigationLabel="Hauptnavigation"
          menuLabel="Menü"
          closeKey="/v1/forms"
        />,
      );
    });
    expect(menuButton().getAttribute('aria-expanded')).toBe('false');
  });
});
