import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadPage } from './lazy-page';

const Hello = () => <h1>Hallo</h1>;

describe('lazyPage', () => {
  it('loads its code once, whether preloaded (a hovered link) or shown', async () => {
    const load = vi.fn(async () => Hello);
    const Page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    await preloadPage(Page);
    await act(async () => {
      render(
        <Suspense fallback={<p>lädt</p>}>
          <Page />
        </Suspense>,
      );
    });
    expect(screen.getByRole('heading', { name: 'Hallo' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next preload', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValueOnce(Hello);
    const Page = lazyPage(load);
    await expect(preloadPage(Page)).rejects.toThrow('chunk gone');
    await expect(preloadPage(Page)).resolves.toEqual({ default: Hello });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('has nothing to preload for a page that is not lazy', async () => {
    await expect(preloadPage(Hello)).resolves.toBeUndefined();
    await expect(preloadPage(undefined)).resolves.toBeUndefined();
  });
});
