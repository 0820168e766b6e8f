import { isIP } from 'node:net';
import { hostnameSchema } from '@formwerk/contracts';
import type { RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from 'pino';
import { customScriptFramePath } from './custom-script-frame';
import type { FormPage } from './form-page';

// A form's own domain (settings tab "domain"): any host that is not the site's own. Such a host answers
// its verified form's page at `/` and the public api calls of that page, and nothing else of the site:
// no app pages, no other form, no other api, and no cookies either way, since the host is the
// customer's and scripts there are none of ours to trust.

const alwaysSiteHosts = new Set(['localhost']);

/**
 * Whether a request's host name (Express's `request.hostname`) is the site itself: one of `siteHosts`
 * (PUBLIC_URL's), localhost, or an IP address (health checks, the machine itself), which no domain is.
 */
export function createSiteHostCheck(siteHosts: string[]): (hostname: string | undefined) => boolean {
  const own = new Set([...alwaysSiteHosts, ...siteHosts.map((host) => host.toLowerCase())]);
  return (hostname) => {
    if (!hostname) return true;
    const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
    return own.has(host) || isIP(host) !== 0 || host.endsWith('.localhost');
  };
}

/** The host names of the site's address, e.g. PUBLIC_URL. */
export function siteHostsOf(urls: (string | undefined)[]): string[] {
  return urls.flatMap((url) => (url && URL.canParse(url) ? [new URL(url).hostname] : []));
}

function sendNoForm(response: Response): void {
  response
    .status(404)
    .set('Cache-Control', 'no-store')
    .type('text')
    .send('Unter dieser Adresse ist kein Formular zu finden.\nNo form is available at this address.\n');
}

/** The paths of the public api a form's page calls, for that form only, in plain segments (no `..`). */
function isPublicApiPathOf(path: string, formId: string): boolean {
  const prefix = `/api/v1/public/forms/${formId}`;
  if (path !== prefix && !path.startsWith(`${prefix}/`)) return false;
  return /^(\/[A-Za-z0-9_-]+)*\/?$/.test(path.slice(prefix.length));
}

type CustomDomainOptions = {
  apiUrl: string;
  isSiteHost: (hostname: string | undefined) => boolean;
  formPage: FormPage;
  logger: Logger;
};

/**
 * Answers every request for a host that is not the site's: its form, or 404. Requests for the site
 * pass on untouched.
 */
export function createCustomDomainHandler({
  apiUrl,
  isSiteHost,
  formPage,
  logger,
}: CustomDomainOptions): RequestHandler {
  const publicApi = createProxyMiddleware<import('express').Request>({
    target: apiUrl,
    xfwd: true,
    on: {
      proxyReq: (proxyRequest, request) => {
        // The site's session cookies never exist on this host; whatever a browser sends is not ours.
        proxyRequest.removeHeader('cookie');
        proxyRequest.setHeader('x-forwarded-for', request.ip ?? '');
      },
      proxyRes: (proxyResponse) => {
        delete proxyResponse.headers['set-cookie'];
      },
    },
  });

  async function findFormOf(hostname: string, clientAddress: string): Promise<string | null> {
    const parsed = hostnameSchema.safeParse(hostname);
    if (!parsed.success) return null;
    const response = await fetch(`${apiUrl}/api/v1/public/domains/${encodeURIComponent(parsed.data)}`, {
      headers: { 'X-Forwarded-For': clientAddress },
      signal: AbortSignal.timeout(5000),
    });
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`The api answered ${response.status} for the domain ${hostname}`);
    return ((await response.json()) as { formId: string }).formId;
  }

  return async (request, response, next) => {
    if (isSiteHost(request.hostname)) return next();
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const isPage = isRead && request.path === '/';
    const isFrame = isRead && request.path === customScriptFramePath;
    if (!isPage && !isFrame && !request.path.startsWith('/api/v1/public/forms/')) return sendNoForm(response);
    let formId: string | null;
    try {
      formId = await findFormOf(request.hostname, request.ip ?? '');
    } catch (error) {
      logger.error({ err: error, hostname: request.hostname }, 'the form of a custom domain could not be found');
      response
        .status(503)
        .set('Retry-After', '30')
        .type('text')
        .send('Das Formular ist gerade nicht erreichbar.\nThis form is unavailable right now.\n');
      return;
    }
    if (formId === null) return sendNoForm(response);
    if (isPage) return formPage(request, response, { kind: 'domain', formId });
    if (isFrame) return next();
    if (isPublicApiPathOf(request.path, formId)) return publicApi(request, response, next);
    sendNoForm(response);
  };
}

/**
 * After the routers a custom domain may reach (the custom-script frame's, which its form page loads
 * from its own host): whatever else of the site a
 * custom domain's request would get, it gets 404.
 */
export function createCustomDomainFence(isSiteHost: (hostname: string | undefined) => boolean): RequestHandler {
  return (request, response, next) => (isSiteHost(request.hostname) ? next() : sendNoForm(response));
}
