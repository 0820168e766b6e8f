import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// fetch is the network boundary: each test plays the icon-data endpoint (answers shaped like the
// shell's, which are @iconify/utils' getIcons output).
type Loader = typeof import('./icon-loader');
let loader: Loader;
const fetchMock = vi.fn<typeof fetch>();

type Answer = { icons?: Record<string, string>; aliases?: Record<string, { parent: string; rotate?: number }> };

function answer({ icons = {}, aliases }: Answer) {
  const iconEntries = Object.entries(icons).map(([name, body]) => [name, { body }]);
  return Response.json({ prefix: 'lucide', width: 24, height: 24, icons: Object.fromEntries(iconEntries), aliases });
}

/** A fetch that never answers on its own, only fails when it is aborted. */
function hangUntilAborted(_url: unknown, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
}

const requestedUrls = () => fetchMock.mock.calls.map((call) => String(call[0]));
const requestedNames = () =>
  requestedUrls().flatMap((url) => new URL(url, 'http://shell').searchParams.get('icons')?.split(',') ?? []);

beforeEach(async () => {
  // A fresh module per test: the loader keeps its cache and hosts in module state.
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
  it('when icons of one prefix are asked for, sends one request with a comma-separated icons query', async () => {
    fetchMock.mockResolvedValue(answer({ icons: { check: '<path d="M1"/>', x: '<path d="M2"/>' } }));
    await loader.loadIcons(['lucide:check', 'lucide:x', 'lucide:check']);
    expect(requestedUrls()).toEqual(['/_icons/lucide.json?icons=check,x']);
    expect(loader.getLoadedIcon('lucide:x')).toEqual({ body: '<path d="M2"/>', width: 24, height: 24 });
  });

  it('when icons of two prefixes are asked for, sends one request per prefix', async () => {
    fetchMock.mockImplementation(async () => answer({}));
    await loader.loadIcons(['lucide:check', 'mdi:home', 'lucide:x']);
    expect(requestedUrls().sort()).toEqual(['/_icons/lucide.json?icons=check,x', '/_icons/mdi.json?icons=home']);
  });

  it('when an icon is loaded already, answers from memory without asking again', async () => {
    fetchMock.mockImplementation(async () => answer({ icons: { check: '<path/>', x: '<path/>' } }));
    await loader.loadIcons(['lucide:check']);
    await loader.loadIcons(['lucide:check', 'lucide:x']);
    expect(requestedUrls()).toEqual(['/_icons/lucide.json?icons=check', '/_icons/lucide.json?icons=x']);
  });

  it('when the same icon is asked for while its request is under way, waits for that request', async () => {
    fetchMock.mockImplementation(async () => answer({ icons: { check: '<path/>' } }));
    await Promise.all([loader.loadIcons(['lucide:check']), loader.loadIcons(['lucide:check'])]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(loader.getLoadedIcon('lucide:check')?.body).toBe('<path/>');
  });

  it('when the server does not have an icon, resolves without it and does not ask for it again', async () => {
    fetchMock.mockResolvedValue(answer({ icons: { check: '<path/>' } }));
    await expect(loader.loadIcons(['lucide:check', 'lucide:no-such-icon'])).resolves.toBeUndefined();
    expect(loader.getLoadedIcon('lucide:no-such-icon')).toBeUndefined();
    await loader.loadIcons(['lucide:no-such-icon']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when the server answers with an alias, keeps the icon it stands for under the asked name', async () => {
    fetchMock.mockResolvedValue(
      answer({
        icons: { 'circle-alert': '<circle/>' },
        aliases: { 'alert-circle': { parent: 'circle-alert' }, turned: { parent: 'circle-alert', rotate: 1 } },
      }),
    );
    await loader.loadIcons(['lucide:alert-circle', 'lucide:turned']);
    expect(loader.getLoadedIcon('lucide:alert-circle')).toEqual({ body: '<circle/>', width: 24, height: 24 });
    expect(loader.getLoadedIcon('lucide:turned')).toBeUndefined();
  });

  it('when a name is not prefix:name in lowercase letters, digits and dashes, leaves it out of the request', async () => {
    fetchMock.mockResolvedValue(answer({ icons: { check: '<path/>' } }));
    await loader.loadIcons(['check', 'lucide:Check', 'lucide:a&b', 'lucide:check']);
    expect(requestedUrls()).toEqual(['/_icons/lucide.json?icons=check']);
  });
});

describe('loadIcons request length', () => {
  // '/_icons/lucide.json?icons=' is 26 characters; 26 + 236 + ',' + 237 = 500.
  it('when the URL would be exactly 500 characters, sends one request', async () => {
    fetchMock.mockImplementation(async () => answer({}));
    await loader.loadIcons([`lucide:${'a'.repeat(236)}`, `lucide:${'b'.repeat(237)}`]);
    expect(requestedUrls().map((url) => url.length)).toEqual([500]);
  });

  it('when the URL would be 501 characters, splits it in two', async () => {
    fetchMock.mockImplementation(async () => answer({}));
    await loader.loadIcons([`lucide:${'a'.repeat(236)}`, `lucide:${'b'.repeat(238)}`]);
    expect(requestedUrls().map((url) => url.length)).toEqual([262, 264]);
  });

  it('when there are many icons and several hosts, keeps every URL on the longest host within 500 characters', async () => {
    fetchMock.mockImplementation(async () => answer({}));
    loader.configureIconHosts(['https://icons.example', 'https://a.example']);
    const names = Array.from({ length: 80 }, (_, index) => `some-long-icon-name-${index}`);
    await loader.loadIcons(names.map((name) => `lucide:${name}`));
    expect(fetchMock.mock.calls.length).toBeGreaterThan(1);
    for (const url of requestedUrls()) expect(url.length).toBeLessThanOrEqual(500);
    expect(requestedNames().sort()).toEqual([...names].sort());
  });
});

describe('loadIcons timeout and hosts', () => {
  it('when a host has not answered for 5000 ms, gives up and resolves without the icons', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangUntilAborted);
    let isDone = false;
    void loader.loadIcons(['lucide:slow']).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone).toBe(true);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(loader.getLoadedIcon('lucide:slow')).toBeUndefined();
  });

  it('when every host failed, asks again the next time the icon is needed', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await loader.loadIcons(['lucide:check']);
    fetchMock.mockResolvedValueOnce(answer({ icons: { check: '<path/>' } }));
    await loader.loadIcons(['lucide:check']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(loader.getLoadedIcon('lucide:check')?.body).toBe('<path/>');
  });

  it('when the first host has not answered for 750 ms, asks the next one and keeps the first answer', async () => {
    vi.useFakeTimers();
    loader.configureIconHosts(['https://slow.example', 'https://fast.example']);
    fetchMock.mockImplementation((url, init) =>
      String(url).startsWith('https://fast.example')
        ? Promise.resolve(answer({ icons: { star: '<path/>' } }))
        : hangUntilAborted(url, init),
    );
    const done = loader.loadIcons(['lucide:star']);
    await vi.advanceTimersByTimeAsync(749);
    expect(requestedUrls()).toEqual(['https://slow.example/_icons/lucide.json?icons=star']);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(requestedUrls()).toEqual([
      'https://slow.example/_icons/lucide.json?icons=star',
      'https://fast.example/_icons/lucide.json?icons=star',
    ]);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(loader.getLoadedIcon('lucide:star')?.body).toBe('<path/>');
  });

  it('when the first host fails at once, asks the next one without waiting 750 ms', async () => {
    vi.useFakeTimers();
    loader.configureIconHosts(['https://down.example', 'https://up.example']);
    fetchMock
      .mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }))
      .mockResolvedValueOnce(answer({ icons: { star: '<path/>' } }));
    let isDone = false;
    void loader.loadIcons(['lucide:star']).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(749);
    expect(isDone).toBe(true);
    expect(requestedUrls()).toEqual([
      'https://down.example/_icons/lucide.json?icons=star',
      'https://up.example/_icons/lucide.json?icons=star',
    ]);
    expect(loader.getLoadedIcon('lucide:star')?.body).toBe('<path/>');
  });
});

describe('loadIcon', () => {
  it('when icons are asked for one by one in the same turn, sends one request for them', async () => {
    fetchMock.mockResolvedValue(answer({ icons: { inbox: '<path/>', folder: '<path/>' } }));
    await Promise.all([loader.loadIcon('lucide:inbox'), loader.loadIcon('lucide:folder')]);
    expect(requestedUrls()).toEqual(['/_icons/lucide.json?icons=inbox,folder']);
  });
});
