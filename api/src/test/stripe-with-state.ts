import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What Stripe says a subscription is now, over stripe-mock's fixed answer. */
export type SubscriptionNow = {
  status?: string;
  cancelAtPeriodEnd?: boolean;
  /** Seconds since 1970, as Stripe counts. */
  currentPeriodEnd?: number;
  /** The price's lookup key: the pricing id on the prices the api makes. */
  lookupKey?: string | null;
  metadata?: Record<string, string>;
};

/** What Stripe says a Checkout Session is now. */
export type SessionNow = { status: 'open' | 'complete' | 'expired'; subscription: string | null };

export type StripeRequest = { method: string; path: string; form: URLSearchParams };

// Headers of the connection, not of the call: fetch sets its own.
const hopHeaders = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * stripe-mock with a memory: a proxy in front of it that answers the subscriptions and Checkout
 * Sessions a test sets as Stripe would have them now (stripe-mock answers every id with the same fixture
 * and keeps nothing), records the calls the api makes, and can play Stripe being away or slow. Every
 * other answer is stripe-mock's own.
 */
export async function startStripeWithState(upstream: string) {
  const subscriptions = new Map<string, SubscriptionNow>();
  const sessions = new Map<string, SessionNow>();
  const requests: StripeRequest[] = [];
  const held: { matches: (path: string) => boolean; release: Promise<void> }[] = [];
  let isDown = false;
  let hasNoPrices = false;

  function patchSubscription(body: Record<string, unknown>, now: SubscriptionNow) {
    const items = (body.items as { data: Record<string, unknown>[] }).data;
    for (const item of items) {
      if (now.currentPeriodEnd !== undefined) item.current_period_end = now.currentPeriodEnd;
      if (now.lookupKey !== undefined && typeof item.price === 'object' && item.price) {
        (item.price as Record<string, unknown>).lookup_key = now.lookupKey;
      }
    }
    if (now.status !== undefined) body.status = now.status;
    if (now.cancelAtPeriodEnd !== undefined) body.cancel_at_period_end = now.cancelAtPeriodEnd;
    if (now.metadata !== undefined) body.metadata = now.metadata;
  }

  /** Stripe's answer as it would be now: stripe-mock's, with what the test set laid over it. */
  function patched(method: string, path: string, form: URLSearchParams, body: Record<string, unknown>) {
    const subscriptionId = path.match(/^\/v1\/subscriptions\/([^/?]+)/)?.[1];
    if (subscriptionId) {
      const now = subscriptions.get(subscriptionId);
      // An update changes what Stripe has, as Stripe's would.
      if (now && method === 'POST' && form.has('cancel_at_period_end')) {
        now.cancelAtPeriodEnd = form.get('cancel_at_period_end') === 'true';
      }
      if (now) patchSubscription(body, now);
    }
    const sessionId = path.match(/^\/v1\/checkout\/sessions\/([^/?]+)/)?.[1];
    const session = sessionId && sessions.get(sessionId);
    if (session) Object.assign(body, session);
    if (hasNoPrices && method === 'GET' && path.startsWith('/v1/prices')) body.data = [];
    return body;
  }

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = request.url ?? '/';
    const method = request.method ?? 'GET';
    const form = new URLSearchParams(method === 'GET' ? (path.split('?')[1] ?? '') : raw);
    requests.push({ method, path, form });
    if (isDown) {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is away (test)' } }));
      return;
    }
    const forwarded = await fetch(`${upstream}${path}`, {
      method,
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && !hopHeaders.has(entry[0]),
        ),
      ),
      ...(method === 'GET' ? {} : { body: raw }),
    });
    const text = await forwarded.text();
    const body = forwarded.ok ? JSON.stringify(patched(method, path, form, JSON.parse(text))) : text;
    // Read now, sent when released: the answer of a slow call is Stripe's state when it was asked.
    const hold = held.find((candidate) => candidate.matches(path));
    if (hold) {
      held.splice(held.indexOf(hold), 1);
      await hold.release;
    }
    response.writeHead(forwarded.status, { 'content-type': 'application/json', 'request-id': 'req_test' });
    response.end(body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      response.writeHead(502);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    subscriptions,
    sessions,
    requests,
    /** The calls to `path` (a prefix), oldest first. */
    callsTo: (method: string, path: string) =>
      requests.filter((call) => call.method === method && call.path.split('?')[0]?.startsWith(path)),
    setDown(down: boolean) {
      isDown = down;
    },
    /** Prices.list answers none, as a Stripe account where the api has not made its prices yet. */
    setNoPrices(none: boolean) {
      hasNoPrices = none;
    },
    /** Holds the answer of the next call to a path starting with `prefix` until `release()`. */
    holdNext(prefix: string) {
      let release = () => {};
      held.push({ matches: (path) => path.startsWith(prefix), release: new Promise<void>((done) => (release = done)) });
      return { release: () => release() };
    },
    reset() {
      subscriptions.clear();
      sessions.clear();
      requests.length = 0;
      held.length = 0;
      isDown = false;
      hasNoPrices = false;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeWithState = Awaited<ReturnType<typeof startStripeWithState>>;
