import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from '../progress/progress-bar';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the title as the page heading with its area and description', () => {
    render(<PageHeader eyebrow="Formulare" title="Einstellungen" description="Alle Einstellungen." />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Einstellungen');
    expect(screen.getByText('Formulare')).toBeTruthy();
    expect(screen.getByText('Alle Einstellungen.')).toBeTruthy();
    expect(document.title).toBe('Einstellungen · Formulare');
  });
});

describe('ProgressBar', () => {
  it('is announced as busy only while a navigation loads', () => {
    const { rerender } = render(<ProgressBar isActive label="Seite wird geladen" />);
    const bar = screen.getByRole('progressbar', { name: 'Seite wird geladen' });
    expect(bar.getAttribute('aria-busy')).toBe('true');
    rerender(<ProgressBar isActive={false} label="Seite wird geladen" />);
    expect(bar.getAttribute('aria-busy')).toBe('false');
    expect(bar.className).not.toContain('active');
  });
});
