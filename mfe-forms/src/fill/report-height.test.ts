import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportHeightToEmbeddingSite } from './report-height';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.classList.remove('fw-embedded');
});

describe('the height report of an embedded form page', () => {
  it('posts the page’s height to the embedding site on load and whenever the page resizes', () => {
    let onResize = () => {};
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          onResize = callback;
        }
        observe() {}
      },
    );
    const postMessage = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    const height = vi.spyOn(document.body, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 600, 812.3));

    reportHeightToEmbeddingSite('6650f0c2a1b2c3d4e5f60718');
    window.dispatchEvent(new Event('load'));
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: 'formwerk:height', formId: '6650f0c2a1b2c3d4e5f60718', height: 813 },
      '*',
    );

    height.mockReturnValue(new DOMRect(0, 0, 600, 400));
    onResize();
    expect(postMessage).toHaveBeenLastCalledWith(
      { type: 'formwerk:height', formId: '6650f0c2a1b2c3d4e5f60718', height: 400 },
      '*',
    );
    expect(document.documentElement.classList.contains('fw-embedded')).toBe(true);
  });
});
