import { i18n, initI18n, loadMessages } from '@formwerk/platform';
import { platformContractVersion } from '@formwerk/platform/contract';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLoadedArea, loadArea } from './area-loader';

// The federation runtime is the network boundary here: each test decides when a remote answers.
vi.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));

const loadRemoteMock = vi.mocked(loadRemote);
const noTexts = { de: async () => ({}), en: async () => ({}) };
const contractVersion = platformContractVersion;
const areaModule = (namespace: string, version = contractVersion) => ({
  default: { contractVersion: version, namespace, messages: noTexts, pages: {} },
});

describe('area loading', () => {
  beforeAll(() => initI18n('de'));
  beforeEach(() => {
    loadRemoteMock.mockReset();
  });

  it('loads a remote once and forgets a failed load so that a retry can succeed', async () => {
    loadRemoteMock.mockRejectedValueOnce(new Error('RUNTIME-003')).mockResolvedValueOnce(areaModule('documents'));
    await expect(loadArea('documents')).rejects.toThrow('RUNTIME-003');
    expect(getLoadedArea('documents')).toBeUndefined();
    await expect(loadArea('documents')).resolves.toMatchObject({ namespace: 'documents' });
    await loadArea('documents');
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
  });

  it('refuses a remote built against another major of the platform contract, and mounts one of another minor', async () => {
    const [major = '1', minor = '0'] = platformContractVersion.split('.');
    loadRemoteMock.mockResolvedValueOnce(areaModule('account', `${Number(major) + 1}.0.0`));
    await expect(loadArea('account')).rejects.toMatchObject({ name: 'IncompatibleAreaError' });
    expect(getLoadedArea('account')).toBeUndefined();
    expect(i18n.hasResourceBundle('de', 'account')).toBe(false);

    loadRemoteMock.mockResolvedValueOnce(areaModule('account', `${major}.${Number(minor) + 1}.0`));
    await expect(loadArea('account')).resolves.toMatchObject({ namespace: 'account' });
  });

  it("loads an area's texts in the page's language only, and those of another when the site changes to it", async () => {
    const texts = { de: vi.fn(async () => ({ title: 'Freigaben' })), en: vi.fn(async () => ({ title: 'Approvals' })) };
    loadRemoteMock.mockResolvedValueOnce({
      default: { contractVersion, namespace: 'approvals', messages: texts, pages: {} },
    });
    await loadArea('approvals', 'en');
    expect(texts.en).toHaveBeenCalledTimes(1);
    expect(texts.de).not.toHaveBeenCalled();
    expect(i18n.getResource('en', 'approvals', 'title')).toBe('Approvals');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    await loadMessages('de');
    expect(texts.de).toHaveBeenCalledTimes(1);
    expect(i18n.getResource('de', 'approvals', 'title')).toBe('Freigaben');
    await loadArea('approvals', 'de');
    expect(texts.de).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('preloads at most four areas at once and starts the next when one finishes', async () => {
    vi.resetModules();
    await (await import('@formwerk/platform')).initI18n('de');
    const fresh = await import('./area-loader');
    const pending: ((value: unknown) => void)[] = [];
    loadRemoteMock.mockImplementation(
      () =>
        new Promise((resolve) => {
          pending.push(resolve);
        }) as ReturnType<typeof loadRemote>,
    );
    for (const area of ['marketing', 'account', 'forms', 'approvals', 'documents', 'forms'] as const) {
      fresh.preloadArea(area);
    }
    expect(loadRemoteMock).toHaveBeenCalledTimes(4);
    pending[0]?.(areaModule('marketing'));
    await vi.waitFor(() => expect(loadRemoteMock).toHaveBeenCalledTimes(5));
    expect(loadRemoteMock).toHaveBeenLastCalledWith('mfe_documents/routes');
    expect(fresh.getLoadedArea('marketing')).toMatchObject({ namespace: 'marketing' });
  });

  it("fetches a hovered page's own code once its area has come, and at once when the area is there", async () => {
    vi.resetModules();
    const platform = await import('@formwerk/platform');
    await platform.initI18n('de');
    const fresh = await import('./area-loader');
    const loadList = vi.fn(async () => () => null);
    const loadBuilder = vi.fn(async () => () => null);
    const pages = { forms: platform.lazyPage(loadList), 'form-builder': platform.lazyPage(loadBuilder) };
    loadRemoteMock.mockResolvedValue({ default: { contractVersion, namespace: 'forms', messages: noTexts, pages } });

    fresh.preloadArea('forms', 'forms');
    await vi.waitFor(() => expect(loadList).toHaveBeenCalledTimes(1));
    fresh.preloadArea('forms', 'form-builder');
    await vi.waitFor(() => expect(loadBuilder).toHaveBeenCalledTimes(1));
    fresh.preloadArea('forms', 'forms');
    expect(loadList).toHaveBeenCalledTimes(1);
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it("asks for a hovered page's data with the link's target, once its area has come", async () => {
    vi.resetModules();
    const platform = await import('@formwerk/platform');
    await platform.initI18n('de');
    const fresh = await import('./area-loader');
    const prefetchList = vi.fn();
    const pages = { forms: platform.lazyPage(async () => () => null) };
    loadRemoteMock.mockResolvedValue({
      default: { contractVersion, namespace: 'forms', messages: noTexts, pages, prefetch: { forms: prefetchList } },
    });

    const target = { params: {}, search: new URLSearchParams('search=fest') };
    fresh.preloadArea('forms', 'forms', target);
    await vi.waitFor(() => expect(prefetchList).toHaveBeenCalledWith(target));
    // A page without a prefetch only gets its code.
    fresh.preloadArea('forms', 'form-builder', target);
    expect(prefetchList).toHaveBeenCalledTimes(1);
  });
});
