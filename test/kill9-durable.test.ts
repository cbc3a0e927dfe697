import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedKey } from '../src/testing/admin-json.js';
import { openStore } from '../src/store/database.js';
import { startServeProcess, type ServeProcess } from '../src/testing/serve-process.js';

// kill -9 loses no answered request: whatever a client received in full (a JSON answer, or a stream
// that reached its usage chunk / message_stop / response.completed) is in the request log with its
// usage event, because the entry is committed before those last bytes are sent. The gateway is
// SIGKILLed the moment an answer arrives, under load on every API, on SQLite and on PostgreSQL.

const PG_URL = process.env.TF_TEST_DATABASE_URL ?? '';

const CATALOGUE = `
providers:
  - {id: sim, type: sim}
models:
  - id: t/chat
    kind: chat
    contextLength: 8000
    maxOutputTokens: 64
    defaultMaxOutputTokens: 16
    capabilities: {tools: false, jsonObject: false, jsonSchema: false, vision: false, streaming: true}
    pricing: {input: "1.00", output: "2.00"}
    provider: sim
    upstreamModel: sim-chat
  - id: t/complete
    kind: completion
    contextLength: 8000
    maxOutputTokens: 64
    defaultMaxOutputTokens: 16
    pricing: {input: "1.00", output: "2.00"}
    provider: sim
    upstreamModel: sim-complete
  - id: t/embed
    kind: embedding
    contextLength: 8000
    embedding: {dimensions: 8, adjustableDimensions: false}
    pricing: {input: "0.02"}
    provider: sim
    upstreamModel: sim-embed
  - id: t/rerank
    kind: rerank
    contextLength: 8000
    pricing: {searchUnit: "2000.00"}
    provider: sim
    upstreamModel: sim-rerank
`;

/** One kind of request: resolves with its request id once the client has the answer's end, else null. */
type Ask = (gw: ServeProcess, key: string) => Promise<string | null>;

const messages = [{ role: 'user' as const, content: 'hello there' }];

const ASKS: Record<string, Ask> = {
  'chat json': async (gw, key) => {
    const { response } = await openai(gw, key).chat.completions.create({ model: 't/chat', messages }).withResponse();
    return response.headers.get('x-request-id');
  },
  'chat stream (usage chunk)': async (gw, key) => {
    const { data, response } = await openai(gw, key).chat.completions.create({ model: 't/chat', messages, stream: true, stream_options: { include_usage: true } }).withResponse();
    for await (const chunk of data) if (chunk.usage) return response.headers.get('x-request-id');
    return null;
  },
  'completions stream (usage chunk)': async (gw, key) => {
    const { data, response } = await openai(gw, key).completions.create({ model: 't/complete', prompt: 'hello', stream: true, stream_options: { include_usage: true } }).withResponse();
    for await (const chunk of data) if (chunk.usage) return response.headers.get('x-request-id');
    return null;
  },
  'messages stream (message_stop)': async (gw, key) => {
    const anthropic = new Anthropic({ baseURL: gw.url, apiKey: key, maxRetries: 0 });
    const { data, response } = await anthropic.messages.create({ model: 't/chat', max_tokens: 16, messages, stream: true }).withResponse();
    for await (const event of data) if (event.type === 'message_stop') return response.headers.get('x-request-id');
    return null;
  },
  'responses stream (response.completed)': async (gw, key) => {
    const { data, response } = await openai(gw, key).responses.create({ model: 't/chat', input: 'hello', stream: true, store: false }).withResponse();
    for await (const event of data) if (event.type === 'response.completed') return response.headers.get('x-request-id');
    return null;
  },
  embeddings: async (gw, key) => {
    const { response } = await openai(gw, key).embeddings.create({ model: 't/embed', input: 'hello' }).withResponse();
    return response.headers.get('x-request-id');
  },
  rerank: async (gw, key) => {
    const res = await fetch(`${gw.url}/v1/rerank`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 't/rerank', query: 'hello', documents: ['hello', 'world'] }),
    });
    await res.json();
    return res.status === 200 ? res.headers.get('x-request-id') : null;
  },
};

function openai(gw: ServeProcess, key: string): OpenAI {
  return new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: key, maxRetries: 0 });
}

/**
 * Drive every kind of request with `concurrency` clients; SIGKILL the gateway the moment the
 * `killAt`-th answer has arrived. Returns the request ids of every answer a client received.
 */
async function answeredUntilKilled(gw: ServeProcess, key: string, concurrency: number, killAt: number): Promise<Map<string, string>> {
  const answered = new Map<string, string>();
  const kinds = Object.keys(ASKS);
  const exited = once(gw.proc, 'exit');
  let killed = false;
  const client = async (n: number): Promise<void> => {
    for (let i = n; !killed; i++) {
      const kind = kinds[i % kinds.length]!;
      let id: string | null;
      try {
        id = await ASKS[kind]!(gw, key);
      } catch {
        if (killed) return;
        throw new Error(`${kind} failed before the kill`);
      }
      if (id === null) continue;
      // Whatever reached this client before the process died counts, even after the kill.
      answered.set(id, kind);
      if (!killed && answered.size >= killAt) {
        killed = true;
        gw.proc.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, n) => client(n)));
  await exited;
  return answered;
}

async function missingAfterKill(databaseUrl: string, dir: string): Promise<{ answered: number; missingLog: string[]; missingUsage: string[] }> {
  const { key } = await createFundedKey(databaseUrl, { org: 'kill9', amount: '1000.00' });
  writeFileSync(join(dir, 'catalogue.yaml'), CATALOGUE);
  const gw = await startServeProcess(['--config', join(dir, 'catalogue.yaml'), '--database', databaseUrl, '--port', '0'], { TF_ADMISSION_TIMEOUT_MS: '15000' }, 60_000);
  let answered: Map<string, string>;
  try {
    // Warm every route first (tokenizer, thread start-up), then kill under load.
    for (const ask of Object.values(ASKS)) await ask(gw, key);
    answered = await answeredUntilKilled(gw, key, 12, 150);
  } finally {
    if (gw.proc.exitCode === null && gw.proc.signalCode === null) gw.proc.kill('SIGKILL');
  }
  const store = await openStore(databaseUrl);
  try {
    const ids = [...answered.keys()];
    const logged = new Set((await store.db.selectFrom('request_log').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    const events = new Set((await store.db.selectFrom('usage_events').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    return {
      answered: ids.length,
      missingLog: ids.filter((id) => !logged.has(id)).map((id) => `${id} (${answered.get(id)})`),
      missingUsage: ids.filter((id) => !events.has(id)).map((id) => `${id} (${answered.get(id)})`),
    };
  } finally {
    await store.close();
  }
}

describe('kill -9 right after answers arrive', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tf-kill9-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should have every answered request in the request log with its usage event (SQLite)', { timeout: 120_000 }, async () => {
    const result = await missingAfterKill(`sqlite:${join(dir, 'gw.db')}`, dir);
    expect(result.answered).toBeGreaterThanOrEqual(150);
    expect(result.missingLog).toEqual([]);
    expect(result.missingUsage).toEqual([]);
  });

  it.skipIf(PG_URL === '')('should have every answered request in the request log with its usage event (PostgreSQL)', { timeout: 120_000 }, async () => {
    const dbName = `tf_t_${randomBytes(6).toString('hex')}`;
    const target = new URL(PG_URL);
    target.pathname = `/${dbName}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    try {
      const result = await missingAfterKill(target.toString(), dir);
      expect(result.answered).toBeGreaterThanOrEqual(150);
      expect(result.missingLog).toEqual([]);
      expect(result.missingUsage).toEqual([]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });
});
