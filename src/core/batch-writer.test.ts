import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer.js';

/** A writer whose flushes are recorded and finished (or failed) by the test. */
function harness(gatherMs?: () => number) {
  const batches: number[][] = [];
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const writer = new BatchWriter<number>({
    flush: (rows) => {
      batches.push(rows);
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
    },
    maxBatch: 3,
    retryMs: 1,
    onError: () => undefined,
    ...(gatherMs === undefined ? {} : { gatherMs }),
  });
  return { writer, batches, pending };
}

describe('BatchWriter', () => {
  it('should start a batch at the end of the turn when idle and resolve each row at its commit', async () => {
    const { writer, batches, pending } = harness();
    let firstDone = false;
    const first = writer.add(1).then(() => (firstDone = true));
    const second = writer.add(2);
    expect(batches).toEqual([]);
    await nextTurn();
    // Both rows of the turn are one batch, written without waiting for a timer.
    expect(batches).toEqual([[1, 2]]);
    expect(firstDone).toBe(false);
    pending[0]!.resolve();
    await Promise.all([first, second]);
    expect(firstDone).toBe(true);
    expect(writer.pending).toBe(0);
  });

  it('should let rows of later turns gather for gatherMs before an idle writer starts a batch', async () => {
    let gather = 30;
    const { writer, batches, pending } = harness(() => gather);
    const first = writer.add(1);
    await nextTurn();
    writer.add(2);
    await nextTurn();
    expect(batches).toEqual([]);
    await new Promise((r) => setTimeout(r, 60));
    expect(batches).toEqual([[1, 2]]);
    pending[0]!.resolve();
    await first;
    // Asked each time: with nobody else about to finish, the next row goes at the end of its turn.
    gather = 0;
    await nextTurn();
    writer.add(3);
    await nextTurn();
    expect(batches).toEqual([[1, 2], [3]]);
    pending[1]!.resolve();
  });

  it('should gather rows added during a flush into the next batch and resolve them only with it', async () => {
    const { writer, batches, pending } = harness();
    const a = writer.add(1);
    await nextTurn();
    let bDone = false;
    const b = writer.add(2).then(() => (bDone = true));
    writer.add(3);
    await nextTurn();
    expect(batches).toEqual([[1]]);
    pending[0]!.resolve();
    await a;
    await nextTurn();
    expect(batches).toEqual([[1], [2, 3]]);
    expect(bDone).toBe(false);
    pending[1]!.resolve();
    await b;
  });

  it('should keep a failed batch, report failing, and resolve its rows once a retry commits', async () => {
    const { writer, batches, pending } = harness();
    const row = writer.add(7);
    await nextTurn();
    pending[0]!.reject(new Error('down'));
    await new Promise((r) => setTimeout(r, 0));
    expect(writer.failing).toBe(true);
    expect(writer.pending).toBe(1);
    while (batches.length < 2) await new Promise((r) => setTimeout(r, 1));
    expect(batches[1]).toEqual([7]);
    pending[1]!.resolve();
    await row;
    expect(writer.failing).toBe(false);
  });

  it('should split more rows than a batch holds, the next batch going right after the first', async () => {
    const { writer, batches, pending } = harness();
    let done = 0;
    const rows = [1, 2, 3, 4].map((n) => writer.add(n).then(() => done++));
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3]]);
    pending[0]!.resolve();
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3], [4]]);
    // Rows queued in one turn share one commit: the last of their batches.
    expect(done).toBe(0);
    pending[1]!.resolve();
    await Promise.all(rows);
    expect(done).toBe(4);
  });
});
