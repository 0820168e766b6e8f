import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FillPageData } from '@formwerk/form-renderer';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellServer } from './create-shell-server';
import { inlineStyleSources } from './form-page';
import { fillPageStyle, publicFormOf, startTestApiServer } from './test-api-server';

const distDirectory = mkdtempSync(join(tmpdir(), 'shell-dist-'));
writeFileSync(join(distDirectory, 'index.html'), '<html><body><div id="root"></div></body></html>');

// One form per way the form tab sets the page's language.
const forms = {
  formGerman: publicFormOf('a'.repeat(24), { language: 'de', pageLanguage: 'form' }),
  formEnglish: publicFormOf('b'.repeat(24), { language: 'en', pageLanguage: 'form' }),
  german: publicFormOf('c'.repeat(24), { language: 'en', pageLanguage: 'de' }),
  english: publicFormOf('d'.repeat(24), { language: 'de', pageLanguage: 'en' }),
  browser: publicFormOf('e'.repeat(24), { language: 'de', pageLanguage: 'browser' }),
};

let api: Awaited<ReturnType<typeof startTestApiServer>>;
let shell: ReturnType<typeof createShellServer>;

beforeAll(async () => {
  api = await startTestApiServer({ forms: Object.values(forms) });
  shell = createShellServer({
    distDirectory,
    apiUrl: api.url,
    registry: { mfe_forms: `${api.url}/mf-manifest.json` },
    buildCheckIntervalMs: 60_000,
    logger: pino({ level: 'silent' }),
  });
});

afterAll(() => api.close());

/** What a respondent gets: the page's language, its data and whether the renderer speaks English. */
async function open(path: string, acceptLanguage?: string) {
  const pending = request(shell).get(path);
  if (acceptLanguage) pending.set('Accept-Language', acceptLanguage);
  const response = await pending.expect(200);
  const data = JSON.parse(
    /<script type="application\/json" id="form-data">(.*)<\/script>/s.exec(response.text)?.[1] ?? 'null',
  ) as FillPageData;
  const htmlLang = /<html lang="(\w+)"/.exec(response.text)?.[1];
  const isEnglish = response.text.includes('>Submit<');
  expect(isEnglish).toBe(!response.text.includes('>Absenden<'));
  expect(htmlLang).toBe(data.locale);
  return { locale: data.locale, isEnglish, alternatePath: data.alternatePath };
}

describe('the language of the public page', () => {
  it('by default, is the form’s own language', async () => {
    expect(await open(`/form/${forms.formGerman.id}`, 'en')).toMatchObject({ locale: 'de', isEnglish: false });
    expect(await open(`/form/${forms.formEnglish.id}`, 'de')).toMatchObject({ locale: 'en', isEnglish: true });
  });

  it('set to German or English, is that language whatever the browser prefers', async () => {
    expect(await open(`/form/${forms.german.id}`, 'en-US,en;q=0.9')).toMatchObject({ locale: 'de' });
    expect(await open(`/form/${forms.english.id}`, 'de-DE,de;q=0.9')).toMatchObject({
      locale: 'en',
      isEnglish: true,
    });
  });

  it('set to the browser, is the better of German and English for it, else German', async () => {
    const path = `/form/${forms.browser.id}`;
    expect((await open(path, 'en-GB,en;q=0.9,de;q=0.5')).locale).toBe('en');
    expect((await open(path, 'fr-FR,fr;q=0.9,en;q=0.6,de;q=0.8')).locale).toBe('de');
    expect((await open(path, 'fr-FR,fr;q=0.9,en;q=0.6')).locale).toBe('en');
    expect((await open(path, 'fr-FR')).locale).toBe('de');
    expect((await open(path)).locale).toBe('de');
  });

  it('tells caches that the page depends on Accept-Language', async () => {
    const response = await request(shell).get(`/form/${forms.browser.id}`).expect(200);
    expect(response.headers.vary).toMatch(/Accept-Language/i);
  });

  it('under /en is always English, and ?lang chooses on the unprefixed address', async () => {
    expect((await open(`/en/form/${forms.german.id}?lang=de`, 'de')).locale).toBe('en');
    expect((await open(`/form/${forms.german.id}?lang=en`)).locale).toBe('en');
    expect((await open(`/form/${forms.english.id}?lang=de`)).locale).toBe('de');
    expect((await open(`/form/${forms.english.id}?lang=fr`)).locale).toBe('en');
  });

  it('links to the other language by an address that shows it, keeping the rest of the query', async () => {
    for (const form of Object.values(forms)) {
      for (const acceptLanguage of ['de', 'en']) {
        const first = await open(`/form/${form.id}?source=news`, acceptLanguage);
        const other = await open(first.alternatePath, acceptLanguage);
        expect(other.locale).not.toBe(first.locale);
        expect(other.alternatePath).toContain('source=news');
        expect((await open(other.alternatePath, acceptLanguage)).locale).toBe(first.locale);
      }
    }
    expect((await open(`/form/${forms.german.id}?source=news`)).alternatePath).toBe(
      `/en/form/${forms.german.id}?source=news`,
    );
    expect((await open(`/form/${forms.english.id}?source=news`)).alternatePath).toBe(
      `/form/${forms.english.id}?source=news&lang=de`,
    );
  });
});

describe("the page's own stylesheet", () => {
  it('is inlined by the template and allowed by its hash alone, so no other <style> can apply', async () => {
    const response = await request(shell).get(`/form/${forms.formGerman.id}`).expect(200);
    expect(response.text).toContain(`<style>${fillPageStyle}</style>`);
    const hash = createHash('sha256').update(fillPageStyle).digest('base64');
    const styleSource = /(?:^|;)\s*style-src ([^;]*)/.exec(response.headers['content-security-policy'] ?? '')?.[1];
    expect(styleSource?.split(' ')).toContain(`'sha256-${hash}'`);
    expect(styleSource).not.toContain('unsafe-inline');
  });

  it('finds the hash of every <style> element of a template', () => {
    expect(inlineStyleSources('<style>a{}</style><p></p><style>\nb{}\n</style>')).toEqual([
      `'sha256-${createHash('sha256').update('a{}').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('\nb{}\n').digest('base64')}'`,
    ]);
  });
});
