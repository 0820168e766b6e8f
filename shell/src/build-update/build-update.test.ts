// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: vi.fn() }));
vi.stubGlobal('__BUILD_ID__', 'build-1');

const { isChunkLoadError, reloadAt } = await import('./build-update');

describe('reloading at a target path', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
  });

  it('loads the target, then refuses another reload for 10 seconds to prevent loops', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    expect(reloadAt('/v1/forms')).toBe(true);
    expect(assign).toHaveBeenCalledWith('/v1/forms');
    vi.setSystemTime(new Date('2026-11-22T10:00:09Z'));
    expect(reloadAt('/v1/forms')).toBe(false);
    vi.setSystemTime(new Date('2026-11-22T10:00:11Z'));
    expect(reloadAt('/v1/apps')).toBe(true);
    expect(assign).toHaveBeenLastCalledWith('/v1/apps');
  });

  it('recognizes chunk-load errors of the bundler and nothing else', () => {
    const chunkError = Object.assign(new Error('Loading chunk 435 failed.'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new Error('Loading CSS chunk 12 failed'))).toBe(true);
    expect(isChunkLoadError(new Error('Messages for en answered 503'))).toBe(false);
  });
});
