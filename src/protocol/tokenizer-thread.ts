import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { o200kRanksFile } from './tokenizer.js';

/** Longest text handed to the tokenizer at once, characters (see `segmentText`). */
export const SEGMENT_CHARS = 256;

/**
 * The thread's code, evaluated as CommonJS: no entry file to compile, so it runs the same from
 * TypeScript source (vitest) and from dist/. Its cutting rule is `segmentText`'s, and a test
 * checks both count alike.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const tokenizer = workerData.ranksFile === null
  ? require(workerData.tokenizerPath)
  : require(workerData.encodingPath).GptEncoding.getEncodingApi('o200k_base', () => JSON.parse(require('node:fs').readFileSync(workerData.ranksFile, 'utf8')));
const SEGMENT = workerData.segmentChars;
// Special-token text such as <|endoftext|> in a prompt is ordinary text; the default would throw.
const OPTIONS = { disallowedSpecial: new Set() };
function count(text) {
  let total = 0;
  let start = 0;
  while (text.length - start > SEGMENT) {
    const window = text.slice(start, start + SEGMENT + 1);
    let cut = window.lastIndexOf(' ');
    while (cut > 0 && /\\s/.test(window[cut - 1])) cut = window.lastIndexOf(' ', cut - 1);
    cut = cut > 0 ? start + cut : start + SEGMENT;
    total += tokenizer.countTokens(text.slice(start, cut), OPTIONS);
    start = cut;
  }
  if (start < text.length) total += tokenizer.countTokens(text.slice(start), OPTIONS);
  return total;
}
parentPort.on('message', ({ id, texts }) => {
  try {
    let total = 0;
    for (const text of texts) total += count(text);
    parentPort.postMessage({ id, total });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface ThreadReply {
  readonly id: number;
  readonly total?: number;
  readonly error?: string;
}

/**
 * One worker thread that counts o200k tokens, started on first use: its 65 MiB of tables load
 * there (seconds on a busy machine) and every count runs there, so no estimate holds the event
 * loop that serves requests. Bounded: one thread, counts queue in its message port in order.
 * When the thread cannot run (it died, or `resourceLimits` stopped it), `count` answers null and
 * the caller counts on the main thread, in slices.
 */
export class TokenizerThread {
  private worker: Worker | null = null;
  private dead = false;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (total: number | null) => void }>();

  /** Count the tokens of these texts on the thread; null when the thread is unavailable. */
  count(texts: readonly string[]): Promise<number | null> {
    const worker = this.start();
    if (worker === null) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, { resolve });
      // While counts are waiting the thread keeps the process alive; idle, it does not.
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, texts });
    });
  }

  /** Stop the thread (tests, shutdown); later counts start a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker !== null) await worker.terminate();
  }

  private start(): Worker | null {
    if (this.dead) return null;
    if (this.worker !== null) return this.worker;
    const require = createRequire(import.meta.url);
    // The same tables as the main thread's copy (tokenizer.ts): the ranks' JSON when built, else the package's module.
    const workerData = { tokenizerPath: require.resolve('gpt-tokenizer'), encodingPath: require.resolve('gpt-tokenizer/cjs/GptEncoding'), ranksFile: o200kRanksFile(), segmentChars: SEGMENT_CHARS };
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData });
    worker.unref();
    worker.on('message', (reply: ThreadReply) => this.receive(reply));
    worker.on('error', () => this.fail(worker));
    worker.on('exit', () => this.fail(worker));
    this.worker = worker;
    return worker;
  }

  private receive(reply: ThreadReply): void {
    const waiter = this.waiting.get(reply.id);
    if (waiter === undefined) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    waiter.resolve(reply.total ?? null);
  }

  /** The thread is gone: what waits is counted on the main thread, and so is everything later. */
  private fail(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.dead = true;
    for (const waiter of this.waiting.values()) waiter.resolve(null);
    this.waiting.clear();
  }
}
