import { renderAreaPage } from '@formwerk/platform/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import areaModule from '../../../exposes/routes';

afterEach(cleanup);

describe('the page of a feature in the app', () => {
  it('shows the feature its sku names', async () => {
    await renderAreaPage('marketing', areaModule, '/en/features/workflows');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Approval workflows');
  });

  it('says that a sku names no feature, and leads to all of them', async () => {
    await renderAreaPage('marketing', areaModule, '/funktionen/gibt-es-nicht');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Diese Funktion gibt es nicht');
    expect(screen.getByRole('link', { name: 'Alle Funktionen ansehen' }).getAttribute('href')).toBe('/funktionen');
  });
});
