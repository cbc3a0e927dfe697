import { beforeAll, expect, it } from 'vitest';
import { createUsage } from '../protocol/ir/index.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { createProject } from '../tenancy/project-repository.js';
import { getOrgBalance, insertLedgerEntry, listLedgerEntries } from './ledger-repository.js';
import { refundReference, refundRequest, RefundRefusedError } from './refund-request.js';
import { writeRequestLog } from './request-log-writer.js';
import { settleUsage } from './settle-usage.js';

describeEachDialect('refundRequest', (ctx) => {
  let orgId: string;
  const now = Date.UTC(2026, 10, 21, 12);

  beforeAll(async () => {
    const db = ctx.store().db;
    orgId = (await createOrganization(db, { name: 'o' })).id;
    const projectId = (await createProject(db, { orgId, name: 'p' })).id;
    await insertLedgerEntry(db, { orgId, kind: 'credit', amountNano: 1_000_000n });
    const base: Omit<RequestLogEntry, 'id' | 'costNano' | 'createdAt'> = { orgId, projectId, keyId: 'key_1', endpoint: 'chat.completions', modelRequested: 'm', modelResolved: 'm', providerId: 'sim', stream: false, status: 200, errorCode: null, latencyMs: 1, ttftMs: 1, usage: createUsage(10, 5), ignoredParams: [] };
    await writeRequestLog(db, [
      { ...base, id: 'req_refund_full', costNano: 300n, createdAt: now },
      { ...base, id: 'req_refund_part', costNano: 200n, createdAt: now },
      { ...base, id: 'req_refund_free', costNano: 0n, createdAt: now },
    ]);
    await settleUsage(db, now + 10);
  });

  async function refused(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RefundRefusedError);
    return (error as RefundRefusedError).reason;
  }

  it('should give the whole cost back once, and refuse a second refund of the same request', async () => {
    const db = ctx.store().db;
    const entry = await refundRequest(db, { requestId: 'req_refund_full', now: now + 20 });
    expect(entry).toMatchObject({ kind: 'refund', amountNano: 300n, reference: refundReference('req_refund_full'), orgId });
    expect(await refused(refundRequest(db, { requestId: 'req_refund_full', now: now + 21 }))).toBe('already_refunded');
    const refunds = (await listLedgerEntries(db, orgId)).filter((e) => e.kind === 'refund');
    expect(refunds).toHaveLength(1);
  });

  it('should refund part of a cost, never more than the cost, and nothing for free or unknown requests', async () => {
    const db = ctx.store().db;
    expect(await refused(refundRequest(db, { requestId: 'req_refund_part', amountNano: 201n, now: now + 30 }))).toBe('too_large');
    await refundRequest(db, { requestId: 'req_refund_part', amountNano: 50n, note: 'partial', now: now + 31 });
    expect(await refused(refundRequest(db, { requestId: 'req_refund_free', now: now + 32 }))).toBe('nothing_to_refund');
    expect(await refused(refundRequest(db, { requestId: 'req_missing', now: now + 33 }))).toBe('not_found');
    // 1,000,000 credit − 500 usage + 300 + 50 refunded.
    expect(await getOrgBalance(db, orgId)).toBe(999_850n);
  });
});
