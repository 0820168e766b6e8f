import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Icon } from './icon';

// fetch is the network boundary: the test plays the shell's icon-data endpoint.
afterEach(() => vi.unstubAllGlobals());

describe('Icon', () => {
  it('draws the icon once its data arrives, named when it has a label', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ prefix: 'lucide', width: 24, height: 24, icons: { bell: { body: '<path d="M1 1"/>' } } }),
      ),
    );
    render(<Icon name="lucide:bell" label="Benachrichtigungen" />);
    const icon = screen.getByRole('img', { name: 'Benachrichtigungen' });
    await waitFor(() => expect(icon.tagName.toLowerCase()).toBe('span'));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Benachrichtigungen' }).innerHTML).toBe('<path d="M1 1"></path>'),
    );
    expect(screen.getByRole('img').getAttribute('viewBox')).toBe('0 0 24 24');
  });

  it('keeps an empty placeholder of the same size when the icon does not exist', async () => {
    const fetchMock = vi.fn(async () => Response.json({ prefix: 'lucide', icons: {}, not_found: ['nope'] }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<Icon name="lucide:nope" size={20} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const placeholder = container.querySelector('span.ui-icon') as HTMLElement;
    expect(placeholder.style.width).toBe('20px');
    expect(placeholder.getAttribute('aria-hidden')).toBe('true');
  });
});
