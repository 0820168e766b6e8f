import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { pino } from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createShellServer } from './create-shell-server';
import { customScriptFrameHtml } from './custom-script-frame';

type FrameWindow = Window & typeof globalThis;
type JsdomOptions = { url: string; runScripts: 'dangerously'; beforeParse: (window: FrameWindow) => void };
// jsdom ships no types and the shell has no @types/jsdom: the little used here is typed by hand.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: JsdomOptions) => { window: FrameWindow };
};

const distDirectory = mkdtempSync(join(tmpdir(), 'shell-dist-'));
writeFileSync(join(distDirectory, 'index.html'), '<html><body><div id="root"></div></body></html>');
const app = createShellServer({
  distDirectory,
  apiUrl: 'http://127.0.0.1:9',
  registry: { mfe_forms: 'http://localhost:3003/mf-manifest.json' },
  buildCheckIntervalMs: 60_000,
  logger: pino({ level: 'silent' }),
});

describe('the custom script frame document', () => {
  it('is served with its own policy: sandboxed without same origin, inline scripts, frameable anywhere', async () => {
    const response = await request(app).get('/form-script-frame.html');
    expect(response.status).toBe(200);
    expect(response.type).toBe('text/html');
    const policy = String(response.headers['content-security-policy']).split(/;\s*/);
    expect(policy).toContain('sandbox allow-scripts');
    expect(policy).toContain("script-src 'unsafe-inline' *");
    expect(policy).toContain('frame-ancestors *');
    expect(policy.join(';')).not.toMatch(/allow-same-origin|allow-top-navigation|allow-popups|allow-forms/);
    // The site's own policy (helmet, for every other page) must not stack on top of it.
    expect(policy.join(';')).not.toContain("script-src 'self'");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.text).toBe(customScriptFrameHtml);
  });

  it('leaves the other pages their protection against being framed', async () => {
    const response = await request(app).get('/v1');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).not.toContain('sandbox');
  });
});

type Captured = { data: unknown; targetOrigin: string; port: MessagePort };
const channelName = '0123456789abcdef0123456789abcdef';
const openPorts: MessagePort[] = [];

afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
});

/**
 * The frame document in jsdom, as the form page's iframe loads it. jsdom has no MessageChannel and
 * drops what postMessage transfers: the window gets Node's channel, and what the runtime posts to its
 * parent is captured, port included, as the page would receive it.
 */
function openFrame(hash = `#channel=${channelName}`) {
  const posted: Captured[] = [];
  const dom = new JSDOM(customScriptFrameHtml, {
    url: `http://localhost:3000/form-script-frame.html${hash}`,
    runScripts: 'dangerously',
    beforeParse(window) {
      Object.assign(window, { MessageChannel });
      window.postMessage = ((data: unknown, targetOrigin: string, transfer: MessagePort[]) => {
        const port = transfer[0] as MessagePort;
        openPorts.push(port);
        posted.push({ data, targetOrigin, port });
      }) as unknown as typeof window.postMessage;
    },
  });
  const consoleErrors: string[] = [];
  dom.window.console.error = (...items: unknown[]) => consoleErrors.push(items.map(String).join(' '));
  dom.window.console.warn = (...items: unknown[]) => consoleErrors.push(items.map(String).join(' '));
  return { window: dom.window, posted, consoleErrors };
}

/** What the page does on the handshake: sends the code and the form's state over the port. */
function connect(frame: ReturnType<typeof openFrame>, code: string) {
  const port = frame.posted[0]?.port as MessagePort;
  const received: Record<string, unknown>[] = [];
  port.on('message', (message) => received.push(message));
  port.postMessage({
    type: 'init',
    version: 1,
    code,
    fields: [
      { id: 'name', type: 'shortText', label: 'Name' },
      { id: 'greeting', type: 'shortText', label: 'Gruß' },
    ],
    values: { name: 'Ada' },
    pageIndex: 0,
    pageCount: 2,
  });
  return { port, received };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the custom script runtime', () => {
  it('offers the page a port under the channel name from its address, and nothing else', () => {
    const frame = openFrame();
    expect(frame.posted).toHaveLength(1);
    expect(frame.posted[0]?.data).toEqual({ type: 'formwerk:script-ready', version: 1, channel: channelName });
    expect(frame.posted[0]?.targetOrigin).toBe('*');
  });

  it('without a channel name in its address, stays silent and runs nothing', () => {
    expect(openFrame('').posted).toHaveLength(0);
    expect(openFrame('#channel=short').posted).toHaveLength(0);
  });

  it('runs the code it gets over the port, with the form’s values and page', async () => {
    const frame = openFrame();
    connect(
      frame,
      `window.seen = { name: formwerk.getValue('name'), empty: formwerk.getValue('greeting'),
        all: formwerk.getValues(), page: formwerk.getPage(), fields: formwerk.getFields().length };`,
    );
    await settle();
    expect(JSON.parse(JSON.stringify((frame.window as unknown as { seen: unknown }).seen))).toEqual({
      name: 'Ada',
      empty: null,
      all: { name: 'Ada' },
      page: { pageIndex: 0, pageCount: 2 },
      fields: 2,
    });
  });

  it('asks the page to set a value and resolves with whether it was applied', async () => {
    const frame = openFrame();
    const { port, received } = connect(
      frame,
      `formwerk.setValue('greeting', 'Hallo').then(function (isApplied) {
         window.outcome = { isApplied: isApplied, value: formwerk.getValue('greeting') };
       });
       formwerk.setValue('nope', 1).then(function (isApplied) { window.refused = isApplied; });`,
    );
    await settle();
    expect(received).toEqual([
      { type: 'setValue', requestId: 1, fieldId: 'greeting', value: 'Hallo' },
      { type: 'setValue', requestId: 2, fieldId: 'nope', value: 1 },
    ]);
    port.postMessage({ type: 'result', requestId: 1, fieldId: 'greeting', isApplied: true, value: 'Hallo' });
    port.postMessage({ type: 'result', requestId: 2, fieldId: 'nope', isApplied: false, reason: 'unknownField' });
    await settle();
    const window = frame.window as unknown as { outcome: unknown; refused: unknown };
    expect({ ...(window.outcome as object) }).toEqual({ isApplied: true, value: 'Hallo' });
    expect(window.refused).toBe(false);
    expect(frame.consoleErrors).toEqual(['formwerk.setValue("nope") ignored: the form has no field with this id']);
  });

  it('calls the handlers of change, page change and submit, and keeps going when one throws', async () => {
    const frame = openFrame();
    const { port } = connect(
      frame,
      `window.events = [];
       formwerk.on('change', function () { throw new Error('broken handler'); });
       formwerk.on('change', function (event) { events.push('change ' + event.fieldId + '=' + event.value); });
       formwerk.on('pageChange', function (event) { events.push('page ' + event.pageIndex + '/' + event.pageCount); });
       var off = formwerk.on('submit', function (event) { events.push('submit ' + event.values.name); off(); });`,
    );
    await settle();
    port.postMessage({ type: 'change', fieldId: 'name', value: 'Grace' });
    port.postMessage({ type: 'pageChange', pageIndex: 1, pageCount: 2 });
    port.postMessage({ type: 'submit', values: { name: 'Grace' } });
    port.postMessage({ type: 'submit', values: { name: 'again' } });
    await settle();
    const window = frame.window as unknown as { events: string[]; formwerk: { getValue(id: string): unknown } };
    expect([...window.events]).toEqual(['change name=Grace', 'page 1/2', 'submit Grace']);
    // The handler took itself off after the first submit; the values still follow the form.
    expect(window.formwerk.getValue('name')).toBe('again');
    expect(frame.consoleErrors.some((line) => line.includes('broken handler'))).toBe(true);
  });

  it('runs the code once, and refuses a page that speaks another protocol version', async () => {
    const frame = openFrame();
    const { port } = connect(frame, 'window.runs = (window.runs || 0) + 1;');
    port.postMessage({ type: 'init', version: 1, code: 'window.runs = 100;', fields: [], values: {} });
    await settle();
    expect((frame.window as unknown as { runs: number }).runs).toBe(1);

    const other = openFrame();
    other.posted[0]?.port.postMessage({ type: 'init', version: 2, code: 'window.runs = 1;', fields: [], values: {} });
    await settle();
    expect((other.window as unknown as { runs?: number }).runs).toBeUndefined();
  });

  it('refuses unknown events and gives handlers copies the form never sees changed', async () => {
    const frame = openFrame();
    connect(
      frame,
      `try { formwerk.on('load', function () {}); } catch (error) { window.problem = error.message; }
       var values = formwerk.getValues(); values.name = 'changed';
       window.after = formwerk.getValue('name');`,
    );
    await settle();
    const window = frame.window as unknown as { problem: string; after: string };
    expect(window.problem).toBe('formwerk.on: there is no event "load"');
    expect(window.after).toBe('Ada');
  });
});
