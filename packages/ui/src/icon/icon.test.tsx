import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Icon } from './icon';
import { type IconName, icons } from './icons';

describe('Icon', () => {
  it('draws the icon inline at the given size in the first render, with nothing to wait for', () => {
    const { container } = render(<Icon name="lucide:inbox" size={20} />);
    const svg = container.querySelector('svg');
    expect(svg?.classList.contains('ui-icon')).toBe(true);
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect([svg?.getAttribute('width'), svg?.getAttribute('height')]).toEqual(['20', '20']);
    expect(svg?.getAttribute('stroke')).toBe('currentColor');
    expect(svg?.childElementCount).toBeGreaterThan(0);
  });

  it('when it has no label, is hidden from screen readers', () => {
    const { container } = render(<Icon name="lucide:folder" />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('when it has a label, is an image named by it', () => {
    render(<Icon name="lucide:bell" label="Benachrichtigungen" />);
    const image = screen.getByRole('img', { name: 'Benachrichtigungen' });
    expect(image.tagName).toBe('svg');
    expect(image.getAttribute('aria-hidden')).toBeNull();
  });

  it('when the name changes, draws the new icon at once', () => {
    const { container, rerender } = render(<Icon name="lucide:inbox" />);
    const inbox = container.innerHTML;
    rerender(<Icon name="lucide:folder" />);
    expect(container.querySelector('svg')).not.toBeNull();
    expect(container.innerHTML).not.toBe(inbox);
  });

  it('draws every icon of the registry', () => {
    for (const name of Object.keys(icons) as IconName[]) {
      const { container, unmount } = render(<Icon name={name} />);
      expect(container.querySelector('svg')?.childElementCount, name).toBeGreaterThan(0);
      unmount();
    }
  });
});
