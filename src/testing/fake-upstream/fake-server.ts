import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { safeParseJson } from '../../core/json.js';
import { sendAnswer } from './send-answer.js';
import type { FakeBehaviour, FakeReply, FakeUpstream, FakeUpstreamOptions, RecordedRequest } from './types.js';

/** One parsed request as a dialect's router sees it. */
export interface FakeRequest {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
  readonly reply: FakeReply;
  readonly behaviour: FakeBehaviour;
}

/** What a route wants to send; `sendAnswer` applies the misbehaviour while sending it. */
export type FakeAnswer =
  | { readonly kind: 'json'; readonly status?: number; readonly body: unknown }
  /** SSE frames, each already framed (ends with a blank line); `terminal` counts the closing frames. */
  | { readonly kind: 'sse'; readonly frames: readonly string[]; readonly terminal: number };

/** The wire dialect a fake speaks: its routes, its auth rule and its error shapes. */
export interface FakeDialect {
  /** Appended to the origin to form `url` (`/v1` for OpenAI, empty for Anthropic). */
  readonly urlSuffix: string;
  /** Whether the request carries the expected key. */
  authorize(headers: IncomingHttpHeaders, apiKey: string): boolean;
  /** The dialect's error envelope for a status. */
  errorBody(status: number, message: string): unknown;
  /** One framed in-stream error event. */
  streamErrorFrame(errorType: string | undefined, message: string | undefined): string;
  /** Answer a request, or null for an unknown route (404). */
  route(request: FakeRequest): FakeAnswer | null;
}

/** Start a fake upstream speaking `dialect` on 127.0.0.1 with a random port. */
export async function startFakeServer(dialect: FakeDialect, options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  let behaviour: FakeBehaviour = { kind: 'ok' };
  let remaining = Number.POSITIVE_INFINITY;
  let reply: FakeReply = {};

  /** The behaviour for this request; counts down a `times` limit. */
  const takeBehaviour = (): FakeBehaviour => {
    const current = behaviour;
    remaining -= 1;
    if (remaining <= 0) {
      behaviour = { kind: 'ok' };
      remaining = Number.POSITIVE_INFINITY;
    }
    return current;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readText(req);
    const parsed = text === '' ? undefined : safeParseJson(text);
    const body = parsed === undefined ? undefined : parsed.ok ? parsed.value : text;
    const url = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path: url, headers: req.headers, body });
    const current = takeBehaviour();
    if (current.kind === 'reset-before-headers') {
      req.socket.destroy();
      return;
    }
    if (current.kind === 'status') {
      const headers = current.retryAfter === undefined ? {} : { 'retry-after': current.retryAfter };
      const errorBody = current.body ?? dialect.errorBody(current.status, `Fake upstream error ${current.status}`);
      await sendAnswer(res, { kind: 'json', status: current.status, body: errorBody }, { kind: 'ok' }, dialect, headers);
      return;
    }
    const answer = route(req, url, body, current);
    await sendAnswer(res, answer, current, dialect, {});
  }

  function route(req: IncomingMessage, url: string, body: unknown, current: FakeBehaviour): FakeAnswer {
    if (options.apiKey !== undefined && !dialect.authorize(req.headers, options.apiKey)) {
      return { kind: 'json', status: 401, body: dialect.errorBody(401, 'Invalid API key') };
    }
    if (req.method === 'POST' && (typeof body !== 'object' || body === null)) {
      return { kind: 'json', status: 400, body: dialect.errorBody(400, 'The body must be a JSON object') };
    }
    const path = url.split('?')[0] ?? url;
    const method = req.method ?? 'GET';
    const answer = dialect.route({ method, path, headers: req.headers, body, reply, behaviour: current });
    return answer ?? { kind: 'json', status: 404, body: dialect.errorBody(404, `No route ${method} ${path}`) };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${dialect.urlSuffix}`,
    requests,
    setBehaviour(next, opts) {
      behaviour = next;
      remaining = opts?.times ?? Number.POSITIVE_INFINITY;
    },
    setReply(next) {
      reply = next;
    },
    reset() {
      behaviour = { kind: 'ok' };
      remaining = Number.POSITIVE_INFINITY;
      reply = {};
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
