import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageMeter, usageLevelOf } from './usage-meter';

afterEach(cleanup);

describe('UsageMeter', () => {
  it('is a meter named by its label whose value is the words beside it', () => {
    render(<UsageMeter label="Formulare" used={12} allowed={50} valueText="12 von 50" />);
    const meter = screen.getByRole('meter', { name: 'Formulare' });
    expect(meter.getAttribute('aria-valuenow')).toBe('24');
    expect(meter.getAttribute('aria-valuetext')).toBe('12 von 50');
    expect(meter.closest('[data-level]')?.getAttribute('data-level')).toBe('normal');
  });

  it('warns from 80 %, is full at the limit and stays at 100 % beyond it, with the note below', () => {
    expect(usageLevelOf(39, 50)).toBe('normal');
    expect(usageLevelOf(40, 50)).toBe('warning');
    expect(usageLevelOf(50, 50)).toBe('full');
    render(<UsageMeter label="Plätze" used={7} allowed={5} valueText="7 von 5" note="Grenze erreicht." />);
    expect(screen.getByRole('meter', { name: 'Plätze' }).getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Grenze erreicht.')).toBeTruthy();
  });

  it('without a limit shows no meter, only the words', () => {
    render(<UsageMeter label="Formulare" used={12} allowed={null} valueText="12 · unbegrenzt" />);
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.getByText('12 · unbegrenzt')).toBeTruthy();
    expect(usageLevelOf(12, null)).toBe('unlimited');
  });
});
