import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A Checkout Session as the fake keeps it (the fields of Stripe's object that matter here). */
export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

/** One API call the fake received. */
export interface FakeStripeRequest {
  readonly method: string;
  readonly path: string;
  /** The form body, decoded into nested objects and arrays as Stripe reads it. */
  readonly form: Record<string, unknown>;
  readonly headers: IncomingMessage['headers'];
}

/** A running fake of Stripe's REST API: `POST /v1/checkout/sessions`, `GET .../:id`, `POST .../:id/expire`. */
export interface FakeStripe {
  /** `http://127.0.0.1:PORT`, for `TF_STRIPE_API_BASE`. */
  readonly url: string;
  /** Sessions by id. */
  readonly sessions: Map<string, FakeCheckoutSession>;
  /** Every call, in order. */
  readonly requests: FakeStripeRequest[];
  /** Answer the next `count` calls with this HTTP status and a Stripe `api_error`. */
  failNext(status: number, count?: number): void;
  /** Mark a session paid and return the `checkout.session.completed` event body Stripe would send. */
  paidEvent(sessionId: string): string;
  /** An event body of any type about a session (`checkout.session.expired` ...). */
  sessionEvent(sessionId: string, type: string): string;
  close(): Promise<void>;
}

/**
 * Start a fake Stripe API on 127.0.0.1: a real HTTP server speaking Stripe's wire format (form-encoded
 * requests with bracketed keys, JSON objects, `{error: {type, message}}` errors, idempotency keys),
 * enough for the official SDK's Checkout Session calls.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeCheckoutSession>();
  const requests: FakeStripeRequest[] = [];
  const byIdempotencyKey = new Map<string, string>();
  let failures: { status: number; count: number } | null = null;
  let url = '';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = parseStripeForm(Buffer.concat(chunks).toString('utf8'));
      const path = (req.url ?? '/').split('?')[0]!;
      requests.push({ method: req.method ?? 'GET', path, form, headers: req.headers });
      if (failures !== null && failures.count > 0) {
        failures.count -= 1;
        return send(res, failures.status, { error: { type: 'api_error', message: 'Fake Stripe failure.' } });
      }
      if (!/^Bearer sk_(test|live)_\w+$/.test(req.headers.authorization ?? '')) {
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      }
      route(req.method ?? 'GET', path, form, req.headers['idempotency-key'], res);
    });
  });

  function route(method: string, path: string, form: Record<string, unknown>, idempotencyKey: string | string[] | undefined, res: ServerResponse): void {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const key = typeof idempotencyKey === 'string' ? idempotencyKey : null;
      const replay = key === null ? undefined : byIdempotencyKey.get(key);
      if (replay !== undefined) return send(res, 200, sessions.get(replay));
      const session = createSession(form);
      if (typeof session === 'string') return send(res, 400, { error: { type: 'invalid_request_error', message: session } });
      sessions.set(session.id, session);
      if (key !== null) byIdempotencyKey.set(key, session.id);
      return send(res, 200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/(cs_test_\w+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(match[1]!) : undefined;
    if (session === undefined) return send(res, 404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${path}'` } });
    if (method === 'GET' && !match![2]) return send(res, 200, session);
    if (method === 'POST' && match![2]) {
      if (session.status !== 'open') return send(res, 400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired; this one is "${session.status}".` } });
      session.status = 'expired';
      session.url = null;
      return send(res, 200, session);
    }
    return send(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } });
  }

  function createSession(form: Record<string, unknown>): FakeCheckoutSession | string {
    const items = form.line_items;
    const item = Array.isArray(items) ? (items[0] as Record<string, Record<string, unknown>> | undefined) : undefined;
    const unitAmount = Number(item?.price_data?.unit_amount);
    const quantity = Number(item?.quantity ?? 1);
    if (form.mode !== 'payment' || !Number.isInteger(unitAmount) || unitAmount <= 0) return 'Missing required param: line_items[0][price_data][unit_amount] or mode.';
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const created = Math.floor(Date.now() / 1000);
    return {
      id, object: 'checkout.session', mode: 'payment', status: 'open', payment_status: 'unpaid', amount_total: unitAmount * quantity, amount_subtotal: unitAmount * quantity,
      currency: String(item?.price_data?.currency ?? 'usd'), client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {}, success_url: (form.success_url as string | undefined) ?? null, cancel_url: (form.cancel_url as string | undefined) ?? null,
      url: `${url}/c/pay/${id}`, created, expires_at: created + 86_400, livemode: false,
    };
  }

  function sessionEvent(sessionId: string, type: string): string {
    const session = sessions.get(sessionId);
    if (session === undefined) throw new Error(`No fake session ${sessionId}`);
    return JSON.stringify({
      id: `evt_test_${randomBytes(12).toString('hex')}`, object: 'event', api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), type,
      data: { object: session }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sessions,
    requests,
    failNext(status, count = 1) {
      failures = { status, count };
    },
    paidEvent(sessionId) {
      const session = sessions.get(sessionId);
      if (session === undefined) throw new Error(`No fake session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', url: null });
      return sessionEvent(sessionId, 'checkout.session.completed');
    },
    sessionEvent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${randomBytes(6).toString('hex')}` });
  res.end(JSON.stringify(body));
}

/** Decode Stripe's form encoding (`line_items[0][price_data][currency]=usd`) into nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.match(/[^[\]]+/g) ?? [];
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}
