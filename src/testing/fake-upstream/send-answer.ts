import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FakeAnswer, FakeDialect } from './fake-server.js';
import type { FakeBehaviour } from './types.js';

/** Send a route's answer, applying the transport misbehaviours (delays, resets, truncation). */
export async function sendAnswer(
  res: ServerResponse,
  answer: FakeAnswer,
  behaviour: FakeBehaviour,
  dialect: FakeDialect,
  extraHeaders: OutgoingHttpHeaders,
): Promise<void> {
  if (behaviour.kind === 'slow-headers') await sleep(behaviour.delayMs);
  if (res.destroyed) return;
  const body = answer.kind === 'json' && behaviour.kind === 'error-first' ? dialect.errorBody(500, behaviour.message ?? 'The server had an error') : answer.kind === 'json' ? answer.body : null;
  const chunks = answer.kind === 'json' ? jsonChunks(body, behaviour) : sseChunks(answer, behaviour, dialect);
  const contentType = answer.kind === 'json' ? 'application/json' : 'text/event-stream; charset=utf-8';
  res.writeHead(answer.kind === 'json' ? (answer.status ?? 200) : 200, {
    'content-type': contentType,
    'x-request-id': 'req_fake',
    'request-id': 'req_fake',
    ...(answer.kind === 'sse' ? { 'cache-control': 'no-cache' } : {}),
    ...extraHeaders,
  });
  res.flushHeaders();
  for (const [i, chunk] of chunks.entries()) {
    if (behaviour.kind === 'slow-chunks') await sleep(behaviour.delayMs);
    if (res.destroyed) return;
    res.write(chunk);
    if (i === 0 && behaviour.kind === 'reset-after-first-chunk') {
      // Let the chunk reach the wire before the reset, so the client sees "first chunk, then reset".
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if (i === 0 && behaviour.kind === 'stall-after-first-chunk') return;
  }
  res.end();
}

/** A JSON body is one chunk, or two halves when a misbehaviour needs a "first chunk". */
function jsonChunks(body: unknown, behaviour: FakeBehaviour): string[] {
  const text = JSON.stringify(body);
  if (behaviour.kind === 'reset-after-first-chunk' || behaviour.kind === 'stall-after-first-chunk') {
    const half = Math.max(1, Math.floor(text.length / 2));
    return [text.slice(0, half), text.slice(half)];
  }
  return [text];
}

function sseChunks(answer: Extract<FakeAnswer, { kind: 'sse' }>, behaviour: FakeBehaviour, dialect: FakeDialect): readonly string[] {
  if (behaviour.kind === 'truncate-stream') return answer.frames.slice(0, answer.frames.length - answer.terminal);
  if (behaviour.kind === 'error-first') return [dialect.streamErrorFrame(behaviour.errorType, behaviour.message)];
  if (behaviour.kind === 'stream-error') {
    return [...answer.frames.slice(0, 1), dialect.streamErrorFrame(behaviour.errorType, behaviour.message)];
  }
  return answer.frames;
}
