import { describe, expect, it } from 'vitest';
import { areParamsValid, localeOfPath, localePath, localizedRoutes, matchLocalizedRoute } from './localized-routes';
import { routeTable } from './route-table';

describe('the localized route table', () => {
  it('has every route once per locale, named with the ___de / ___en suffix', () => {
    expect(localizedRoutes).toHaveLength(routeTable.length * 2);
    const names = localizedRoutes.map((route) => route.localizedName);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('v1-forms-id-setting-quiz___de');
    expect(names).toContain('v1-forms-id-setting-quiz___en');
  });

  it('keeps German unprefixed and puts English under /en with localized marketing slugs', () => {
    expect(localePath('contact', 'de')).toBe('/kontakt');
    expect(localePath('contact', 'en')).toBe('/en/contact');
    expect(localePath('terms', 'en')).toBe('/en/general-terms-conditions');
    expect(localePath('index', 'en')).toBe('/en');
    expect(localePath('demo', 'de')).toBe('/demo');
    expect(localePath('demo', 'en')).toBe('/en/demo');
    expect(localePath('v1-workflow-id-screen-screen_id', 'en', { id: 'w1', screen_id: 's2' })).toBe(
      '/en/v1/workflow/w1/screen/s2',
    );
  });

  it('matches a static segment before a parameter', () => {
    expect(matchLocalizedRoute('/form/signed')?.route.localizedName).toBe('form-signed___de');
    expect(matchLocalizedRoute('/en/form/abc')?.route.localizedName).toBe('form-id___en');
    expect(matchLocalizedRoute('/v1/forms/archived')?.route.localizedName).toBe('v1-forms-archived___de');
    expect(matchLocalizedRoute('/v1/forms/abc')?.params).toEqual({ id: 'abc' });
    expect(matchLocalizedRoute('/en/kontakt')).toBeUndefined();
  });

  it('rejects route parameters outside their pattern', () => {
    expect(areParamsValid({ id: 'abc-123_X' })).toBe(true);
    expect(areParamsValid({ id: 'not valid!' })).toBe(false);
    expect(areParamsValid({ sku: 'Workflows' })).toBe(false);
    expect(areParamsValid({ id: 'x'.repeat(65) })).toBe(false);
  });

  it('tells the locale of a path by its prefix', () => {
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/en/v1')).toBe('en');
    expect(localeOfPath('/entwurf')).toBe('de');
  });
});
