import { loadIcon } from '@formwerk/platform';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Icon } from './icon';

// fetch is the network boundary: the test plays the shell's icon-data endpoint. The loader keeps
// what it loaded for the whole file, so every test uses icon names of its own.
const icons: Record<string, string> = {
  bell: '<path d="M1 1"/>',
  inbox: '<path d="M2 2"/>',
  folder: '<path d="M3 3"/>',
};
const fetchMock = vi.fn(async (url: string | URL | Request) => {
  const names = new URL(String(url), 'http://shell').searchParams.get('icons')?.split(',') ?? [];
  const found = names.filter((name) => name in icons);
  return Response.json({
    prefix: 'lucide',
    width: 24,
    height: 24,
    icons: Object.fromEntries(found.map((name) => [name, { body: icons[name] }])),
    not_found: names.filter((name) => !found.includes(name)),
  });
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

describe('Icon', () => {
  it('when its data arrives, draws the icon inline at the given size', async () => {
    const { container } = render(<Icon name="lucide:inbox" size={20} />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect([svg?.getAttribute('width'), svg?.getAttribute('height')]).toEqual(['20', '20']);
    expect(svg?.innerHTML).toBe('<path d="M2 2"></path>');
  });

  it('when it has no label, is hidden from screen readers', async () => {
    const { container } = render(<Icon name="lucide:folder" />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true'));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('when it has a label, is an image named by it, while loading and once drawn', async () => {
    render(<Icon name="lucide:bell" label="Benachrichtigungen" />);
    expect(screen.getByRole('img', { name: 'Benachrichtigungen' }).tagName).toBe('SPAN');
    await waitFor(() => expect(screen.getByRole('img', { name: 'Benachrichtigungen' }).tagName).toBe('svg'));
  });

  it('when the icon does not exist, keeps an empty placeholder of the same size', async () => {
    const { container } = render(<Icon name="lucide:no-such-icon" size={20} />);
    await act(() => loadIcon('lucide:no-such-icon'));
    const placeholder = container.firstElementChild as HTMLElement;
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder.childElementCount).toBe(0);
    expect([placeholder.style.width, placeholder.style.height]).toEqual(['20px', '20px']);
  });

  it('when the name changes to an icon not loaded yet, shows a placeholder, not the previous icon', async () => {
    const { container, rerender } = render(<Icon name="lucide:inbox" />);
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    rerender(<Icon name="lucide:not-loaded-yet" />);
    expect(container.querySelector('svg')).toBeNull();
    await act(() => loadIcon('lucide:not-loaded-yet'));
  });
});
