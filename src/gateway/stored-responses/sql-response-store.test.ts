import { expect, it } from 'vitest';
import { describeEachDialect } from '../../testing/dialects.js';
import { createMemoryResponseStore, type ResponseStore, type StoredResponse } from './response-store.js';
import { createSqlResponseStore } from './sql-response-store.js';

const row = (id: string, projectId: string): StoredResponse => ({
  id, orgId: 'org_a', projectId, keyId: null, model: 'm', conversation: [{ role: 'user', content: 'hi' }], response: { object: 'message.thread' }, createdAt: 1,
});

/** Claim times at `at`, with claims made before `staleBefore` taken to be abandoned. */
const t = (at: number, staleBefore = 0) => ({ at, staleBefore });

/** A stored message is continued once: one of two concurrent claims wins; a failed one frees it. */
async function checkClaims(store: ResponseStore): Promise<void> {
  await store.save(row('msg_1', 'proj_a'));
  expect(await store.claimContinue('proj_b', 'msg_1', 'req_x', t(1))).toBe('missing');
  expect(await store.claimContinue('proj_a', 'msg_2', 'req_x', t(1))).toBe('missing');
  const [a, b] = await Promise.all([store.claimContinue('proj_a', 'msg_1', 'req_a', t(1)), store.claimContinue('proj_a', 'msg_1', 'req_b', t(1))]);
  expect([a, b].sort()).toEqual(['claimed', 'in_flight']);
  const winner = a === 'claimed' ? 'req_a' : 'req_b';
  // Only the holder ends a claim.
  await store.endContinue('msg_1', 'req_other', { done: false, at: 2 });
  expect(await store.claimContinue('proj_a', 'msg_1', 'req_c', t(2))).toBe('in_flight');
  await store.endContinue('msg_1', winner, { done: false, at: 2 });
  expect(await store.claimContinue('proj_a', 'msg_1', 'req_c', t(2))).toBe('claimed');
  await store.endContinue('msg_1', 'req_c', { done: true, at: 3 });
  expect(await store.claimContinue('proj_a', 'msg_1', 'req_d', t(3))).toBe('continued');
  // Even long after, a finished continuation stays finished.
  expect(await store.claimContinue('proj_a', 'msg_1', 'req_d', t(10_000, 9_000))).toBe('continued');
}

/** A claim its process never ended (it died) blocks the thread only until it is stale. */
async function checkAbandonedClaims(store: ResponseStore): Promise<void> {
  await store.save(row('msg_9', 'proj_a'));
  expect(await store.claimContinue('proj_a', 'msg_9', 'req_dead', t(1_000))).toBe('claimed');
  expect(await store.claimContinue('proj_a', 'msg_9', 'req_b', t(1_500, 1_000))).toBe('in_flight');
  expect(await store.claimContinue('proj_a', 'msg_9', 'req_b', t(2_000, 1_001))).toBe('claimed');
  // The dead holder can neither finish nor free the claim it lost.
  await store.endContinue('msg_9', 'req_dead', { done: true, at: 2_001 });
  expect(await store.claimContinue('proj_a', 'msg_9', 'req_c', t(2_002, 1_001))).toBe('in_flight');
  await store.endContinue('msg_9', 'req_b', { done: true, at: 2_003 });
  expect(await store.claimContinue('proj_a', 'msg_9', 'req_c', t(99_999, 99_000))).toBe('continued');
}

describeEachDialect('stored responses: thread continuation claims', (ctx) => {
  it('should let one request continue a stored message, once', async () => {
    await checkClaims(createSqlResponseStore(ctx.store().db));
  });

  it('should let another request take over a claim left behind by a dead process once it is stale', async () => {
    await checkAbandonedClaims(createSqlResponseStore(ctx.store().db));
  });
});

it('should claim the same way in the memory store', async () => {
  await checkClaims(createMemoryResponseStore());
  await checkAbandonedClaims(createMemoryResponseStore());
});
