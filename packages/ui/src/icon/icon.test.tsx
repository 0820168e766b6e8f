import { render, screen } from '@testing-library/react';
import { Bell, Folder, Inbox } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { Icon } from './icon';

describe('Icon', () => {
  it('draws the icon inline at the given size in the first render, with nothing to wait for', () => {
    const { container } = render(<Icon icon={Inbox} size={20} />);
    const svg = container.querySelector('svg');
    expect(svg?.classList.contains('ui-icon')).toBe(true);
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect([svg?.getAttribute('width'), svg?.getAttribute('height')]).toEqual(['20', '20']);
    expect(svg?.getAttribute('stroke')).toBe('currentColor');
    expect(svg?.childElementCount).toBeGreaterThan(0);
  });

  it('when it has no label, is hidden from screen readers', () => {
    const { container } = render(<Icon icon={Folder} />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('when it has a label, is an image named by it', () => {
    render(<Icon icon={Bell} label="Benachrichtigungen" />);
    const image = screen.getByRole('img', { name: 'Benachrichtigungen' });
    expect(image.tagName).toBe('svg');
    expect(image.getAttribute('aria-hidden')).toBeNull();
  });

  it('when the icon changes, draws the new one at once', () => {
    const { container, rerender } = render(<Icon icon={Inbox} />);
    const inbox = container.innerHTML;
    rerender(<Icon icon={Folder} />);
    expect(container.querySelector('svg')).not.toBeNull();
    expect(container.innerHTML).not.toBe(inbox);
  });
});
