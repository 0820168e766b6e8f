import { createHash } from 'node:crypto';
import { pagePlaceholders } from '@formwerk/build-config/page-placeholders';
import type { Answers, PublicForm } from '@formwerk/contracts';
import { FillPage, type FillPageData, type RendererLocale } from '@formwerk/form-renderer';
import express from 'express';
import type { Logger } from 'pino';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

type FormPageOptions = {
  apiUrl: string;
  /** The forms remote's manifest URL from the registry: the page's files live beside it. */
  formsManifestUrl: string;
  logger: Logger;
  /**
   * Sets the page's Content-Security-Policy, which also allows the template's own <style> elements by
   * the sources given (their hashes): the forms area inlines its stylesheet for the first paint.
   */
  securityHeadersFor: (styleSources: string[]) => express.RequestHandler;
};

/**
 * Where a form page is answered: the site's `/form/{id}` (`/en/form/{id}` always English), or `/` of
 * the form's own domain (settings tab "domain").
 */
export type FormPageAddress = { formId: string } & ({ kind: 'site'; isEnglishPath: boolean } | { kind: 'domain' });

/** Answers a form page; one per server, so the template's cache is shared by every way in. */
export type FormPage = (
  request: express.Request,
  response: express.Response,
  address: FormPageAddress,
) => Promise<void>;

// The template changes only with a deploy of the forms area; a short cache spares a fetch per page.
const templateCacheMs = 30_000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** JSON that is safe inside <script>: no `</script>` or `<!--` can end or bend the element. */
function toScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function hiddenAnswers(form: PublicForm | null, query: express.Request['query']): Answers {
  const answers: Answers = {};
  for (const field of form?.definition.pages.flatMap((page) => page.fields) ?? []) {
    if (field.type !== 'hidden') continue;
    const value = typeof query[field.queryParam] === 'string' ? String(query[field.queryParam]) : field.defaultValue;
    if (value) answers[field.id] = value.slice(0, 500);
  }
  return answers;
}

/** The template's <style> elements as Content-Security-Policy sources: the SHA-256 of each one's text. */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );
}

const isRendererLocale = (value: unknown): value is RendererLocale => value === 'de' || value === 'en';

/**
 * The page's language: /en/form/{id} is English; otherwise `?lang=de|en` (the language link) wins,
 * then the form tab's choice: the form's own language, German, English, or the better of the two for
 * the respondent's browser (German when it names neither).
 */
export function pageLocaleOf(
  request: express.Request,
  form: PublicForm | null,
  address: FormPageAddress,
): RendererLocale {
  if (address.kind === 'site' && address.isEnglishPath) return 'en';
  if (isRendererLocale(request.query.lang)) return request.query.lang;
  const pageLanguage = form?.settings.appearance.pageLanguage ?? 'form';
  switch (pageLanguage) {
    case 'de':
    case 'en':
      return pageLanguage;
    case 'browser':
      return request.acceptsLanguages('de', 'en') === 'en' ? 'en' : 'de';
    default:
      return form?.definition.language ?? 'de';
  }
}

/**
 * The same page in the other language, keeping the query (hidden fields' values, `embed`). English
 * on the site is /en/form/{id}; German, and either on a form's domain, is named by `?lang`, since the
 * unprefixed address follows the form tab's choice.
 */
export function alternatePathOf(request: express.Request, address: FormPageAddress, locale: RendererLocale): string {
  const other: RendererLocale = locale === 'de' ? 'en' : 'de';
  const query = new URLSearchParams(request.originalUrl.slice(request.path.length));
  query.delete('lang');
  const isEnglishSitePath = address.kind === 'site' && other === 'en';
  if (!isEnglishSitePath) query.set('lang', other);
  const search = query.toString() ? `?${query}` : '';
  if (address.kind === 'domain') return `/${search}`;
  return `${isEnglishSitePath ? '/en' : ''}/form/${encodeURIComponent(address.formId)}${search}`;
}

/**
 * The page respondents see, built for speed. The forms area owns its template and script
 * (dist/fill/); this server fills in the published form, rendered as HTML so the page is readable
 * before its script runs, and inlines the data so the script needs no request.
 * See docs/decisions/009-public-form-page.md.
 */
export function createFormPage({ apiUrl, formsManifestUrl, logger, securityHeadersFor }: FormPageOptions): FormPage {
  const assetBase = new URL('.', formsManifestUrl).href.replace(/\/$/, '');
  type Template = { html: string; securityHeaders: express.RequestHandler; fetchedAt: number };
  let cached: Template | undefined;

  async function loadTemplate(): Promise<Template> {
    if (cached && Date.now() - cached.fetchedAt < templateCacheMs) return cached;
    const response = await fetch(`${assetBase}/fill/fill.html`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`The form page template answered ${response.status}`);
    const html = await response.text();
    cached = { html, securityHeaders: securityHeadersFor(inlineStyleSources(html)), fetchedAt: Date.now() };
    return cached;
  }

  async function loadForm(formId: string, clientAddress: string): Promise<PublicForm | null> {
    const response = await fetch(`${apiUrl}/api/v1/public/forms/${encodeURIComponent(formId)}`, {
      headers: { 'X-Forwarded-For': clientAddress },
      signal: AbortSignal.timeout(5000),
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`The api answered ${response.status} for form ${formId}`);
    return (await response.json()) as PublicForm;
  }

  return async (request, response, address) => {
    let template: Template;
    let form: PublicForm | null;
    try {
      [template, form] = await Promise.all([loadTemplate(), loadForm(address.formId, request.ip ?? '')]);
    } catch (error) {
      logger.error({ err: error, formId: address.formId }, 'the public form page could not be built');
      const locale = pageLocaleOf(request, null, address);
      response
        .status(503)
        .set('Retry-After', '30')
        .type('text')
        .send(
          locale === 'en'
            ? 'This form is unavailable right now. Please try again in a moment.'
            : 'Dieses Formular ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
        );
      return;
    }
    await new Promise<void>((resolve, reject) =>
      template.securityHeaders(request, response, (error?: unknown) => (error ? reject(error) : resolve())),
    );
    const locale = pageLocaleOf(request, form, address);
    const data: FillPageData = {
      form,
      locale,
      alternatePath: alternatePathOf(request, address, locale),
      initialAnswers: hiddenAnswers(form, request.query),
    };
    const title = form?.definition.title ?? (locale === 'en' ? 'Form not available' : 'Formular nicht verfügbar');
    const html = template.html
      .replaceAll(pagePlaceholders.assetBase, assetBase)
      .replace(pagePlaceholders.language, locale)
      .replace(pagePlaceholders.title, () => escapeHtml(title))
      .replace(pagePlaceholders.body, () => renderToString(createElement(FillPage, data)))
      .replace(pagePlaceholders.data, () => toScriptJson(data));
    response
      .status(form ? 200 : 404)
      .set('Cache-Control', 'no-store')
      // The language follows the browser's Accept-Language for some forms.
      .set('Vary', 'Accept-Language')
      .type('html')
      .send(html);
  };
}

const formPagePattern = /^\/(?:en\/)?form\/([^/]+)\/?$/i;

/**
 * Whether `path` is a public form page, which other sites may show in an iframe (the embed code of
 * the forms area's share page). Matches what the router below answers: /form/signed is not one.
 */
export function isFormPagePath(path: string): boolean {
  const formId = formPagePattern.exec(path)?.[1];
  if (formId === undefined) return false;
  try {
    return decodeURIComponent(formId) !== 'signed';
  } catch {
    return false;
  }
}

/** /form/{id} and /en/form/{id} on the site. */
export function createFormPageRouter(formPage: FormPage): express.Router {
  const router = express.Router();
  router.get(['/form/:formId', '/en/form/:formId'], async (request, response, next) => {
    const formId = String(request.params.formId);
    // /form/signed belongs to the documents area and is an ordinary page of the app.
    if (formId === 'signed') return next();
    await formPage(request, response, { kind: 'site', formId, isEnglishPath: /^\/en\//i.test(request.path) });
  });
  return router;
}
