import { describe, expect, it } from 'vitest';
import { detectBrowserLocale, parseRouteName } from './locale';

describe('locale', () => {
  it('takes the page language from the route-name suffix', () => {
    expect(parseRouteName('v1-forms___en')).toEqual({ baseName: 'v1-forms', locale: 'en' });
    expect(parseRouteName('v1-forms___de')).toEqual({ baseName: 'v1-forms', locale: 'de' });
    expect(parseRouteName('v1-forms')).toEqual({ baseName: 'v1-forms', locale: 'de' });
  });

  it('detects the first supported browser language', () => {
    expect(detectBrowserLocale(['fr-FR', 'en-GB', 'de'])).toBe('en');
    expect(detectBrowserLocale(['de-AT'])).toBe('de');
    expect(detectBrowserLocale(['fr'])).toBeUndefined();
  });
});
