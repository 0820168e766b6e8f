import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListPage } from './list-page';

afterEach(cleanup);

const texts = { eyebrow: 'Formulare', title: 'Alle Formulare', loadingText: 'Wird geladen…', retryText: 'Erneut' };

describe('ListPage', () => {
  it('names the page with its heading and the results card with the results heading', () => {
    render(
      <ListPage {...texts} resultsId="results" resultsTitle="2 Formulare" isLoading={false} onRetry={() => {}}>
        <table aria-labelledby="results" />
      </ListPage>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Alle Formulare');
    expect(screen.getByRole('region', { name: '2 Formulare' })).toBeTruthy();
    expect(screen.getByRole('table', { name: '2 Formulare' })).toBeTruthy();
    expect(screen.queryByText('Wird geladen…')).toBeNull();
  });

  it('while loading, says so beside the results heading', () => {
    render(<ListPage {...texts} resultsId="results" resultsTitle="Alle Formulare" isLoading onRetry={() => {}} />);
    expect(screen.getByText('Wird geladen…')).toBeTruthy();
  });

  it('when the list cannot be read, says why and reads it again on request', () => {
    const onRetry = vi.fn();
    render(
      <ListPage
        {...texts}
        resultsId="results"
        resultsTitle="Alle Formulare"
        isLoading={false}
        loadError="Der Dienst ist nicht erreichbar."
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Der Dienst ist nicht erreichbar.');
    fireEvent.click(screen.getByRole('button', { name: 'Erneut' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('with nothing to list, shows what to do instead, and announces what an action did', () => {
    render(
      <ListPage
        {...texts}
        resultsId="results"
        resultsTitle="0 Formulare"
        isLoading={false}
        message="„Umfrage“ wurde gelöscht."
        onRetry={() => {}}
        empty={<p>Noch keine Formulare.</p>}
      />,
    );
    expect(screen.getByText('Noch keine Formulare.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('„Umfrage“ wurde gelöscht.');
  });
});
