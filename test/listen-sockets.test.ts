import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRequestLogRows } from '../src/billing/request-log-repository.js';
import { createFundedKey } from '../src/testing/admin-json.js';
import { canShareListenPort, listenSocketCount } from '../src/server/listen-sockets.js';
import { openStore } from '../src/store/database.js';
import { HoldingUpstream } from '../src/testing/holding-upstream.js';
import { listeningDescriptors, listeningInodes } from '../src/testing/listening-sockets.js';
import { IN_CI } from '../src/testing/in-ci.js';
import { CLI, startServeProcess, type ServeProcess } from '../src/testing/serve-process.js';

// TF_LISTEN_SOCKETS opens several sockets on the gateway's port (SO_REUSEPORT), which Node offers
// from 22.12 on, and copies of the one socket's descriptor before that. The suite runs on Node 20, so
// this runs the built CLI on Node 24 from test/runtimes for the first, and on the suite's Node for
// whichever that one uses.

const RUNTIMES = fileURLToPath(new URL('./runtimes/node_modules/', import.meta.url));
const NODE24 = join(RUNTIMES, 'node24/bin/node');

it('should share the port only where Node and the platform can', () => {
  expect(canShareListenPort('20.20.2', 'linux')).toBe(false);
  expect(canShareListenPort('22.11.0', 'linux')).toBe(false);
  expect(canShareListenPort('22.12.0', 'linux')).toBe(true);
  expect(canShareListenPort('24.21.0', 'linux')).toBe(true);
  expect(canShareListenPort('23.0.0', 'linux')).toBe(false);
  expect(canShareListenPort('23.1.0', 'linux')).toBe(true);
  expect(canShareListenPort('24.21.0', 'darwin')).toBe(false);
  expect(canShareListenPort('24.21.0', 'freebsd')).toBe(false);
  // TF_LISTEN_SOCKETS unset: 4 on Linux (shared, or copies of one socket where Node cannot share
  // the port); a set number applies only there.
  expect(listenSocketCount(null, 'linux')).toBe(4);
  expect(listenSocketCount(8, 'linux')).toBe(8);
  expect(listenSocketCount(null, 'darwin')).toBe(1);
  expect(listenSocketCount(8, 'darwin')).toBe(1);
});

const RUNS = [
  { name: 'Node 24', node: NODE24, shared: true },
  { name: `the suite's Node ${process.versions.node}`, node: process.execPath, shared: canShareListenPort() },
];

describe.each(RUNS)('several listening sockets on $name', ({ node, shared }) => {
  if (!existsSync(node)) {
    const reason = `Listen-socket tests skipped: ${node} is missing (scripts/install-test-packages.mjs installs it).`;
    if (IN_CI) throw new Error(`${reason} CI must run them.`);
    console.warn(reason);
    it.skip(reason, () => undefined);
    return;
  }

  const upstream = new HoldingUpstream();
  let dir: string;
  let databaseUrl: string;
  let catalogue: string;
  let key: string;

  const serve = (port: number): Promise<ServeProcess> =>
    startServeProcess(['--config', catalogue, '--port', String(port), '--database', databaseUrl], { NODE_PATH: RUNTIMES, TF_LISTEN_SOCKETS: '8' }, 60_000, [], node);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-listen-'));
    databaseUrl = `sqlite:${join(dir, 'gw.db')}`;
    catalogue = join(dir, 'catalogue.yaml');
    writeFileSync(catalogue, `
providers:
  - {id: up, type: openai, baseUrl: "${await upstream.listen()}", timeouts: {connectMs: 2000, headersMs: 5000, idleMs: 30000}}
models:
  - {id: acme/chat, kind: chat, contextLength: 32000, maxOutputTokens: 100, pricing: {input: "1.00", output: "2.00"}, provider: up, upstreamModel: up-model}
`);
    await promisify(execFile)(process.execPath, [CLI, 'migrate', '--database', databaseUrl]);
    key = (await createFundedKey(databaseUrl, { org: 'listen sockets', amount: '5' })).key;
  }, 60_000);
  afterAll(async () => {
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Shared: 8 sockets on the port. Not shared: 1 socket, of which the gateway holds 8 descriptors
  // (the copies arrive from a helper process shortly after it listens).
  const expectListening = async (pid: number, port: number) => {
    if (shared) return expect(listeningInodes(port).length).toBe(8);
    expect(listeningInodes(port).length).toBe(1);
    await expect.poll(() => listeningDescriptors(port, pid), { timeout: 10_000 }).toBe(8);
  };

  it('should listen on 8 sockets or descriptors, refuse a second gateway on its port, and drain every stream on SIGTERM before it exits', { timeout: 120_000 }, async () => {
    const gateway = await serve(0);
    const port = Number(new URL(gateway.url).port);
    try {
      await expectListening(gateway.proc.pid!, port);

      // A second gateway on the same port fails as it would against one socket, instead of quietly
      // taking a share of the first one's new connections.
      const second = await serve(port).then(
        async (started) => ({ started: true, output: (await started.stop(), started.output()) }),
        (error: unknown) => ({ started: false, output: String(error) }),
      );
      expect(second.started).toBe(false);
      expect(second.output).toContain('EADDRINUSE');
      await expectListening(gateway.proc.pid!, port);

      // 32 streams, each on its own connection, accepted by any of the 8 sockets or descriptors.
      const streams = await Promise.all(Array.from({ length: 32 }, async () => {
        const client = new OpenAI({ baseURL: `${gateway.url}/v1`, apiKey: key, maxRetries: 0 });
        const { data, response } = await client.chat.completions
          .create({ model: 'acme/chat', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } })
          .withResponse();
        const chunks = data[Symbol.asyncIterator]();
        const first = await chunks.next();
        const read = (async () => {
          let text = first.done ? '' : (first.value.choices[0]?.delta.content ?? '');
          let cost = '';
          for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
            text += next.value.choices[0]?.delta.content ?? '';
            if (next.value.usage) cost = (next.value.usage as unknown as { cost: string }).cost;
          }
          return { text, cost };
        })();
        return { id: response.headers.get('x-request-id') ?? '', read };
      }));
      expect(upstream.holding).toBe(32);

      // SIGTERM with every stream held: the gateway stops accepting and waits for all 32, whichever
      // socket accepted them. They end one at a time; the last ones may sit on any of the 8.
      gateway.proc.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      expect(gateway.proc.exitCode).toBeNull();
      await expect(fetch(`${gateway.url}/health/live`)).rejects.toThrow();
      while (upstream.holding > 0) {
        upstream.releaseOne();
        await new Promise((r) => setTimeout(r, 20));
      }
      const results = await Promise.all(streams.map((s) => s.read));
      expect(results.every((r) => r.text === 'hello')).toBe(true);
      expect(results.every((r) => /^0\.\d{9}$/.test(r.cost))).toBe(true);
      // The gateway exits once the last stream ended, without waiting for the client's keep-alive
      // connections to time out (undici's: 4 s; the gateway's own: 72 s).
      const ended = Date.now();
      expect(await gateway.stop()).toBe(0);
      expect(Date.now() - ended).toBeLessThan(2000);

      // Every stream is in the request log, with its cost.
      const store = await openStore(databaseUrl);
      const rows = await listRequestLogRows(store.db, { limit: 100 });
      await store.close();
      const logged = new Map(rows.filter((r) => r.status === 200).map((r) => [r.id, r.costNano]));
      // The cost the client read (nine decimals of a dollar) is the one logged, in nano-USD.
      expect(streams.map((s, i) => logged.get(s.id) === BigInt(results[i]!.cost.replace('.', '')))).toEqual(streams.map(() => true));
    } finally {
      await gateway.stop();
    }
  });
});
