import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createShellServer } from './create-shell-server';
import { createSiteHostCheck, siteHostsOf } from './custom-domain';
import { customScriptFramePath } from './custom-script-frame';
import { publicFormOf, startTestApiServer } from './test-api-server';

const distDirectory = mkdtempSync(join(tmpdir(), 'shell-dist-'));
writeFileSync(join(distDirectory, 'index.html'), '<html><body><div id="root">the app</div></body></html>');

const served = publicFormOf('a'.repeat(24), { title: 'Sommerfest' });
const other = publicFormOf('b'.repeat(24), { title: 'Geheime Umfrage' });
const customHost = 'formulare.kunde.example';

let api: Awaited<ReturnType<typeof startTestApiServer>>;
let shell: ReturnType<typeof createShellServer>;

beforeAll(async () => {
  api = await startTestApiServer({ forms: [served, other], domains: { [customHost]: served.id } });
  shell = createShellServer({
    distDirectory,
    apiUrl: api.url,
    registry: { mfe_forms: `${api.url}/mf-manifest.json` },
    buildCheckIntervalMs: 60_000,
    logger: pino({ level: 'silent' }),
    siteHosts: siteHostsOf(['https://formwerk.example']),
  });
});

beforeEach(() => {
  api.received.length = 0;
});

afterAll(() => api.close());

const onCustomHost = (path: string) => request(shell).get(path).set('Host', customHost);

describe('a form’s verified domain', () => {
  it('shows that form at /, without cookies, and may be framed like any form page', async () => {
    const response = await onCustomHost('/').set('Cookie', 'token=abc; me=1').expect(200);
    expect(response.text).toContain('<title>Sommerfest</title>');
    expect(response.text).not.toContain('Geheime Umfrage');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(api.received.every((received) => received.headers.cookie === undefined)).toBe(true);
  });

  it('links to the other language on the same host', async () => {
    const response = await onCustomHost('/?source=news').expect(200);
    expect(response.text).toContain('"alternatePath":"/?source=news&lang=en"');
    const english = await onCustomHost('/?source=news&lang=en').expect(200);
    expect(english.text).toContain('<html lang="en"');
  });

  it('passes the page’s own public api calls on, cookies dropped both ways, the host kept', async () => {
    const response = await request(shell)
      .post(`/api/v1/public/forms/${served.id}/submissions`)
      .set('Host', customHost)
      .set('Cookie', 'token=abc')
      .send({ answers: {} })
      .expect(201);
    expect(response.body.submissionId).toBe('s1');
    expect(response.headers['set-cookie']).toBeUndefined();
    const submission = api.received.find((received) => received.method === 'POST');
    expect(submission?.url).toBe(`/api/v1/public/forms/${served.id}/submissions`);
    expect(submission?.headers.cookie).toBeUndefined();
    expect(submission?.headers.host).toBe(customHost);
  });

  it('answers nothing else of the site: no app page, no other form, no other api', async () => {
    for (const path of [
      '/v1',
      '/en',
      '/registry.json',
      `/form/${served.id}`,
      `/form/${other.id}`,
      '/api/v1/forms',
      '/api/v1/auth/me',
      `/api/v1/public/forms/${other.id}`,
      `/api/v1/public/forms/${served.id}/%2e%2e/%2e%2e/%2e%2e/forms`,
      '/embed.js',
      '/index.html',
    ]) {
      const response = await onCustomHost(path).set('Cookie', 'token=abc');
      expect(response.status, path).toBe(404);
      expect(response.text, path).toContain('No form is available at this address.');
      expect(response.headers['set-cookie'], path).toBeUndefined();
    }
    const post = await request(shell).post('/api/v1/forms').set('Host', customHost).send({ title: 'x' });
    expect(post.status).toBe(404);
    expect(api.received.map((received) => received.url).filter((url) => !url.startsWith('/api/v1/public/'))).toEqual(
      [],
    );
  });

  it('serves the frame its form page runs the owner’s script in', async () => {
    await onCustomHost(customScriptFramePath).expect(200);
    await request(shell).get(customScriptFramePath).set('Host', 'unbekannt.example').expect(404);
  });
});

describe('any other host', () => {
  it('gets 404 and never a form, also not by its address', async () => {
    for (const path of ['/', `/form/${served.id}`, `/api/v1/public/forms/${served.id}`]) {
      const response = await request(shell).get(path).set('Host', 'unbekannt.example');
      expect(response.status, path).toBe(404);
      expect(response.text).not.toContain('Sommerfest');
    }
    expect(api.received.some((received) => received.url.startsWith('/api/v1/public/forms/'))).toBe(false);
  });

  it('when the api cannot say which form a host shows, answers 503', async () => {
    const cutOff = createShellServer({
      distDirectory,
      apiUrl: 'http://127.0.0.1:9',
      registry: { mfe_forms: `${api.url}/mf-manifest.json` },
      buildCheckIntervalMs: 60_000,
      logger: pino({ level: 'silent' }),
    });
    await request(cutOff).get('/').set('Host', customHost).expect(503);
  });
});

describe('the site’s own hosts', () => {
  it('stay the site: the app, its api with the session cookie, and its form pages', async () => {
    for (const host of ['formwerk.example', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const page = await request(shell).get('/v1').set('Host', host).expect(200);
      expect(page.text, host).toContain('the app');
    }
    await request(shell).get(`/form/${other.id}`).set('Host', 'formwerk.example').expect(200);
    const proxied = await request(shell)
      .get('/api/v1/forms')
      .set('Host', 'formwerk.example')
      .set('Cookie', 'token=abc');
    expect(proxied.body).toEqual({ session: 'private', url: '/api/v1/forms' });
    expect(proxied.headers['set-cookie']).toEqual(['token=secret; Path=/; HttpOnly']);
    expect(api.received.find((received) => received.url === '/api/v1/forms')?.headers.cookie).toBe('token=abc');
  });

  it('are PUBLIC_URL’s host, localhost and any IP address', () => {
    const isSiteHost = createSiteHostCheck(siteHostsOf(['https://Forms.Example.com/', undefined, 'not a url']));
    for (const host of ['forms.example.com', 'FORMS.example.com', 'localhost', 'app.localhost', '10.0.0.5', '[::1]']) {
      expect(isSiteHost(host), host).toBe(true);
    }
    for (const host of ['example.com', 'www.forms.example.com', 'forms.example.com.evil.example']) {
      expect(isSiteHost(host), host).toBe(false);
    }
  });
});
