import { expect, it } from 'vitest';
import { describeEachDialect } from '../../testing/dialects.js';
import { createMemoryResponseStore, type ResponseStore, type StoredResponse } from './response-store.js';
import { createSqlResponseStore } from './sql-response-store.js';

const row = (id: string, projectId: string): StoredResponse => ({
  id, orgId: 'org_a', projectId, keyId: null, model: 'm', conversation: [{ role: 'user', content: 'hi' }], response: { object: 'message.thread' }, createdAt: 1,
});

/** A stored message is continued once: one of two concurrent claims wins; a failed one frees it. */
async function checkClaims(store: ResponseStore): Promise<void> {
  await store.save(row('msg_1', 'proj_a'));
  expect(await store.claimContinue('proj_b', 'msg_1', 'req_x')).toBe('missing');
  expect(await store.claimContinue('proj_a', 'msg_2', 'req_x')).toBe('missing');
  const [a, b] = await Promise.all([store.claimContinue('proj_a', 'msg_1', 'req_a'), store.claimContinue('proj_a', 'msg_1', 'req_b')]);
  expect([a, b].sort()).toEqual(['claimed', 'in_flight']);
  const winner = a === 'claimed' ? 'req_a' : 'req_b';
  // Only the holder ends a claim.
  await store.endContinue('msg_1', 'req_other', { done: false, at: 2 });
  expect(await store.claimContinue('proj_a', 'msg_1', 'req_c')).toBe('in_flight');
  await store.endContinue('msg_1', winner, { done: false, at: 2 });
  expect(await store.claimContinue('proj_a', 'msg_1', 'req_c')).toBe('claimed');
  await store.endContinue('msg_1', 'req_c', { done: true, at: 3 });
  expect(await store.claimContinue('proj_a', 'msg_1', 'req_d')).toBe('continued');
}

describeEachDialect('stored responses: thread continuation claims', (ctx) => {
  it('should let one request continue a stored message, once', async () => {
    await checkClaims(createSqlResponseStore(ctx.store().db));
  });
});

it('should claim the same way in the memory store', async () => {
  await checkClaims(createMemoryResponseStore());
});
