import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// fetch is the network boundary: each test plays the icon server.
type Loader = typeof import('./icon-loader');
let loader: Loader;
const fetchMock = vi.fn<typeof fetch>();

function answer(icons: Record<string, string>) {
  return new Response(
    JSON.stringify({
      prefix: 'lucide',
      width: 24,
      height: 24,
      icons: Object.fromEntries(Object.entries(icons).map(([name, body]) => [name, { body }])),
    }),
  );
}

beforeEach(async () => {
  vi.resetModules();
  loader = await import('./icon-loader');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadIcons', () => {
  it('asks once per prefix with a comma-separated icons query and caches the answer', async () => {
    fetchMock.mockResolvedValue(answer({ check: '<path d="M1"/>', x: '<path d="M2"/>' }));
    await loader.loadIcons(['lucide:check', 'lucide:x', 'lucide:check']);
    await loader.loadIcons(['lucide:check']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/_icons/lucide.json?icons=check,x');
    expect(loader.getLoadedIcon('lucide:x')).toEqual({ body: '<path d="M2"/>', width: 24, height: 24 });
  });

  it('batches icons asked for one by one in the same turn into one request', async () => {
    fetchMock.mockResolvedValue(answer({ inbox: '<path/>', folder: '<path/>' }));
    await Promise.all([loader.loadIcon('lucide:inbox'), loader.loadIcon('lucide:folder')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/_icons/lucide.json?icons=inbox,folder');
  });

  it('ignores icons the server does not know, without asking for them again', async () => {
    fetchMock.mockResolvedValue(answer({ check: '<path/>' }));
    await expect(loader.loadIcons(['lucide:check', 'lucide:no-such-icon'])).resolves.toBeUndefined();
    expect(loader.getLoadedIcon('lucide:no-such-icon')).toBeUndefined();
    await loader.loadIcons(['lucide:no-such-icon']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('splits requests so that no URL is longer than 500 characters', async () => {
    fetchMock.mockImplementation(async () => answer({}));
    loader.configureIconHosts(['https://icons.example']);
    const names = Array.from({ length: 80 }, (_, index) => `lucide:some-long-icon-name-${index}`);
    await loader.loadIcons(names);
    const urls = fetchMock.mock.calls.map((call) => String(call[0]));
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url.length).toBeLessThanOrEqual(500);
    const requested = urls.flatMap((url) => new URL(url).searchParams.get('icons')?.split(',') ?? []);
    expect(requested).toHaveLength(80);
  });

  it('gives a request up after 5000 ms and resolves without the icons', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const done = loader.loadIcons(['lucide:slow']);
    await vi.advanceTimersByTimeAsync(4999);
    let isDone = false;
    void done.then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(loader.getLoadedIcon('lucide:slow')).toBeUndefined();
  });

  it('asks the next host when the first has not answered for 750 ms, and keeps the first answer', async () => {
    vi.useFakeTimers();
    loader.configureIconHosts(['https://slow.example', 'https://fast.example']);
    fetchMock.mockImplementation((url) =>
      String(url).startsWith('https://fast.example')
        ? Promise.resolve(answer({ star: '<path/>' }))
        : new Promise(() => {}),
    );
    const done = loader.loadIcons(['lucide:star']);
    await vi.advanceTimersByTimeAsync(749);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(loader.getLoadedIcon('lucide:star')?.body).toBe('<path/>');
  });
});
