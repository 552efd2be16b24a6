import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake Stripe API on loopback, just the endpoints billing calls (customers, checkout sessions
 * create/retrieve/list/expire, subscriptions retrieve/update/list, billing portal sessions), so
 * the real `stripe`
 * SDK can be pointed at it with STRIPE_API_BASE. Test helpers play the part of Stripe's own
 * side: completing a checkout, renewing, failing a payment, ending a subscription.
 */
type Obj = Record<string, unknown>;

export interface FakeSubscription extends Obj {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  ended_at: number | null;
  created: number;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      current_period_start: number;
      current_period_end: number;
    }[];
  };
}

export interface FakeStripe {
  url: string;
  customers: Map<string, Obj>;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, FakeSubscription>;
  /** Every request as "METHOD /path". */
  calls: string[];
  /** Makes the next N requests answer 500. */
  failNext(count: number): void;
  /** Makes every request whose "METHOD /path" ends with `suffix` answer 500 until cleared (null). */
  failMatching(suffix: string | null): void;
  /**
   * Stripe's side of paying: the session completes and an active subscription exists. Like
   * Stripe, it refuses (throws) a session that is no longer open.
   */
  completeCheckout(
    sessionId: string,
    options: { periodStart: number; periodEnd: number },
  ): FakeSubscription;
  /** Changes a subscription as Stripe would (renewal, failed payment, cancellation). */
  updateSubscription(
    id: string,
    patch: Partial<Pick<FakeSubscription, 'status' | 'cancel_at_period_end' | 'ended_at'>> & {
      periodStart?: number;
      periodEnd?: number;
    },
  ): FakeSubscription;
  /** A webhook event wrapping `object`, as Stripe would send it. */
  event(type: string, object: Obj, created?: number): Obj;
  close(): Promise<void>;
}

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(body: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = node[part] as Obj;
    });
  }
  return root;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, FakeSubscription>();
  const calls: string[] = [];
  let seq = 0;
  let failures = 0;
  let failSuffix: string | null = null;
  const nextId = (prefix: string) => `${prefix}_fake${++seq}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const query = new URL(req.url ?? '/', 'http://fake').searchParams;
      const list = (data: Obj[]) => send(200, { object: 'list', data, has_more: false, url: path });
      calls.push(`${req.method} ${path}`);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
        res.end(JSON.stringify(body));
      };
      const notFound = () =>
        send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such object: ${path}`,
          },
        });
      if (!String(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
        return send(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      if (failSuffix && `${req.method} ${path}`.endsWith(failSuffix)) {
        return send(500, { error: { type: 'api_error', message: 'Fake outage' } });
      }
      if (failures > 0) {
        failures -= 1;
        return send(500, { error: { type: 'api_error', message: 'Fake outage' } });
      }
      const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      let m: RegExpExecArray | null;
      if (req.method === 'POST' && path === '/v1/customers') {
        const customer = {
          id: nextId('cus'),
          object: 'customer',
          email: form.email ?? null,
          metadata: form.metadata ?? {},
        };
        customers.set(customer.id, customer);
        return send(200, customer);
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = nextId('cs');
        const lineItems = (form.line_items as Obj[] | undefined) ?? [];
        const session = {
          id,
          object: 'checkout.session',
          mode: form.mode,
          customer: form.customer ?? null,
          client_reference_id: form.client_reference_id ?? null,
          metadata: form.metadata ?? {},
          subscription_data: form.subscription_data ?? {},
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          allowed_payment_method_types: form.allowed_payment_method_types ?? null,
          price: lineItems[0]?.price ?? null,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      if (req.method === 'GET' && path === '/v1/checkout/sessions') {
        return list(
          [...sessions.values()].filter(
            (x) =>
              (!query.has('customer') || x.customer === query.get('customer')) &&
              (!query.has('status') || x.status === query.get('status')),
          ),
        );
      }
      if (req.method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) {
        const session = sessions.get(decodeURIComponent(m[1]!));
        if (!session) return notFound();
        if (session.status !== 'open') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status in [open] can be expired.`,
            },
          });
        }
        session.status = 'expired';
        return send(200, session);
      }
      if (req.method === 'GET' && path === '/v1/subscriptions') {
        return list(
          [...subscriptions.values()].filter(
            (x) =>
              x.status !== 'canceled' &&
              (!query.has('customer') || x.customer === query.get('customer')),
          ),
        );
      }
      if (req.method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) {
        const session = sessions.get(decodeURIComponent(m[1]!));
        return session ? send(200, session) : notFound();
      }
      if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
        const sub = subscriptions.get(decodeURIComponent(m[1]!));
        if (!sub) return notFound();
        if (req.method === 'POST' && form.cancel_at_period_end !== undefined) {
          sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
        }
        return send(200, sub);
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        if (!customers.has(String(form.customer))) return notFound();
        const id = nextId('bps');
        return send(200, {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      }
      return notFound();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    customers,
    sessions,
    subscriptions,
    calls,
    failMatching(suffix) {
      failSuffix = suffix;
    },
    failNext(count) {
      failures = count;
    },
    completeCheckout(sessionId, { periodStart, periodEnd }) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
      const subscriptionData = (session.subscription_data as Obj | undefined) ?? {};
      const sub: FakeSubscription = {
        id: nextId('sub'),
        object: 'subscription',
        customer: String(session.customer),
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        ended_at: null,
        created: periodStart + seq,
        metadata: (subscriptionData.metadata as Record<string, string> | undefined) ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: nextId('si'),
              object: 'subscription_item',
              price: { id: String(session.price), object: 'price' },
              current_period_start: periodStart,
              current_period_end: periodEnd,
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      return sub;
    },
    updateSubscription(id, patch) {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      const { periodStart, periodEnd, ...rest } = patch;
      Object.assign(sub, rest);
      const item = sub.items.data[0]!;
      if (periodStart !== undefined) item.current_period_start = periodStart;
      if (periodEnd !== undefined) item.current_period_end = periodEnd;
      return sub;
    },
    event(type, object, created = Math.floor(Date.now() / 1000)) {
      return {
        id: nextId('evt'),
        object: 'event',
        type,
        created,
        api_version: '2026-10-28.endive',
        livemode: false,
        data: { object: structuredClone(object) },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}
