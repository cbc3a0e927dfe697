import { parse } from 'csv-parse/sync';
import OpenAI from 'openai';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { formatUsd } from '../src/core/money.js';
import { addTestMember, createTestPerson } from '../src/testing/console-fixture.js';
import { describeEachDialect } from '../src/testing/dialects.js';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

const ADMIN = 'usage-operator-token-0123456789';
const HOUR = 3_600_000;
// Three phases across an hour, a day and a month boundary: Jan 31 22:30, Feb 1 00:30 and 01:30 UTC.
const PHASES = [Date.UTC(2026, 0, 31, 22, 30), Date.UTC(2026, 1, 1, 0, 30), Date.UTC(2026, 1, 1, 1, 30)];
const TEAM = 'search, "core"';

interface Measures { requests: number; input_tokens: number; output_tokens: number; cached_tokens: number; reasoning_tokens: number; cost_usd: string }
interface Report { from: string; to: string; granularity: string; group_by: string | null; data: (Measures & { start: string; group: string | null })[]; totals: Measures }

/** Parse RFC 4180 text with a real CSV parser. */
const parseCsv = (text: string): string[][] => parse(text) as string[][];

describeEachDialect('usage analytics', (ctx) => {
  let gw: TestGateway;
  let clock = PHASES[0]!;
  let secondProject: string;
  const range = `from=${new Date(PHASES[0]! - 2 * HOUR).toISOString()}&to=${new Date(PHASES[2]! + 2 * HOUR).toISOString()}`;
  const api = (path: string, auth = `Bearer ${ADMIN}`) => fetch(`${gw.rootURL}/api${path}`, { headers: { authorization: auth } });
  const report = async (path: string, auth?: string): Promise<Report> => {
    const res = await api(path, auth);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Report;
  };

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: readDemoCatalogue(), databaseUrl: ctx.url(), creditUsd: '1000.00', now: () => clock, serverEnv: { TF_ADMIN_TOKEN: ADMIN, TF_SETTLE_INTERVAL_MS: '3600000' } });
    secondProject = String((await gw.admin(['project', 'create', '--org', gw.orgId, '--name', 'Second'])).id);
    const secondKey = String((await gw.admin(['key', 'create', '--project', secondProject, '--name', 'second'])).secret);
    const clients = [gw.key, secondKey].map((apiKey) => new OpenAI({ baseURL: gw.baseURL, apiKey, maxRetries: 0 }));
    const models = ['openai/gpt-4o-mini', 'openai/gpt-4o', 'meta/llama-3.1-8b-instruct'];
    for (const [phase, at] of PHASES.entries()) {
      clock = at;
      for (let batch = 0; batch < 5; batch++) {
        await Promise.all(Array.from({ length: 20 }, (_, i) => {
          const n = phase * 100 + batch * 20 + i;
          const client = clients[n % 2]!;
          if (n % 17 === 0) return client.chat.completions.create({ model: 'nobody/nothing', messages: [{ role: 'user', content: 'x' }] }).catch(() => null);
          const metadata = n % 3 === 0 ? { team: TEAM } : n % 3 === 1 ? { team: 'billing' } : undefined;
          return client.chat.completions.create(
            { model: models[n % 3]!, messages: [{ role: 'user', content: `request ${n}` }], stream: n % 5 === 0 ? false : undefined, ...(n % 4 === 0 ? {} : { user: `user-${n % 4}` }), ...(metadata ? { metadata } : {}) },
            { headers: { 'x-tf-tags': n % 2 === 0 ? 'env=prod' : 'env=dev%2Cbeta' } },
          );
        }));
      }
      await gw.gateway.flushRequestLog();
      await gw.gateway.metering.settler.runOnce();
    }
  }, 120_000);
  afterAll(async () => gw?.close());

  it('should store the end user and tags on the request log', async () => {
    const rows = await gw.gateway.store.db.selectFrom('request_log').select(['id', 'end_user', 'tags']).where('org_id', '=', gw.orgId).where('status', '=', 200).execute();
    expect(rows.length).toBeGreaterThan(250);
    const tagged = rows.find((r) => r.tags !== null && r.tags.includes('core'))!;
    const row = await getRequestLogRow(gw.gateway.store.db, tagged.id);
    expect(row!.tags.team).toBe(TEAM);
    expect(['env=prod', 'env=dev,beta']).toContain(`env=${row!.tags.env}`);
    expect(rows.filter((r) => r.end_user === 'user-1').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.end_user === null).length).toBeGreaterThan(0);
  });

  it('should answer every grouping from rollups equal to the raw request log aggregated', async () => {
    const db = gw.gateway.store.db;
    const dims = { model: 'model_resolved', key: 'key_id', user: 'end_user', project: 'project_id' } as const;
    for (const [groupBy, column] of Object.entries(dims)) {
      const raw = await db
        .selectFrom('request_log')
        .select([sql<string | null>`${sql.ref(column)}`.as('grp'), sql<string>`CAST(COUNT(*) AS TEXT)`.as('n'), sql<string>`CAST(SUM(input_tokens) AS TEXT)`.as('input'), sql<string>`CAST(SUM(output_tokens) AS TEXT)`.as('output'), sql<string>`CAST(SUM(cost_nano) AS TEXT)`.as('cost')])
        .where('org_id', '=', gw.orgId)
        .where('usage_source', '!=', 'none')
        .groupBy(sql.ref(column))
        .execute();
      const answer = await report(`/orgs/${gw.orgId}/usage?${range}&granularity=month&groupBy=${groupBy}`);
      const folded = new Map<string | null, { requests: number; input: number; output: number; cost: bigint }>();
      for (const row of answer.data) {
        const sum = folded.get(row.group) ?? { requests: 0, input: 0, output: 0, cost: 0n };
        folded.set(row.group, { requests: sum.requests + row.requests, input: sum.input + row.input_tokens, output: sum.output + row.output_tokens, cost: sum.cost + BigInt(row.cost_usd.replace('.', '')) });
      }
      const expected = new Map(raw.map((r) => [r.grp, { requests: Number(r.n), input: Number(r.input), output: Number(r.output), cost: BigInt(r.cost) }]));
      expect(folded, groupBy).toEqual(expected);
    }
  });

  it('should bucket by hour, day and month in UTC with the same totals', async () => {
    const buckets: Record<string, string[]> = { hour: PHASES.map((p) => p - (p % HOUR)), day: [Date.UTC(2026, 0, 31), Date.UTC(2026, 1, 1)], month: [Date.UTC(2026, 0, 1), Date.UTC(2026, 1, 1)] } as never;
    const totals: Measures[] = [];
    for (const granularity of ['hour', 'day', 'month'] as const) {
      const answer = await report(`/orgs/${gw.orgId}/usage?${range}&granularity=${granularity}`);
      expect(answer.data.map((r) => Date.parse(r.start))).toEqual(buckets[granularity]);
      totals.push(answer.totals);
    }
    expect(totals[1]).toEqual(totals[0]);
    expect(totals[2]).toEqual(totals[0]);
    const ledger = await gw.gateway.store.db.selectFrom('ledger_entries').select(sql<string>`CAST(SUM(amount_nano) AS TEXT)`.as('s')).where('org_id', '=', gw.orgId).where('kind', '=', 'usage').executeTakeFirstOrThrow();
    expect(totals[0]!.cost_usd).toBe(formatUsd(-BigInt(ledger.s)));
  });

  it('should group by tag (untagged as null) and by project, and scope the project route', async () => {
    const all = await report(`/orgs/${gw.orgId}/usage?${range}&granularity=month`);
    const byTeam = await report(`/orgs/${gw.orgId}/usage?${range}&granularity=month&group_by=tag:team`);
    expect(new Set(byTeam.data.map((r) => r.group))).toEqual(new Set([TEAM, 'billing', null]));
    expect(byTeam.totals).toEqual(all.totals);
    const byEnv = await report(`/orgs/${gw.orgId}/usage?${range}&granularity=month&group_by=tag:env`);
    expect(new Set(byEnv.data.map((r) => r.group))).toEqual(new Set(['prod', 'dev,beta']));
    const first = await report(`/projects/${gw.projectId}/usage?${range}&granularity=month`);
    const second = await report(`/projects/${secondProject}/usage?${range}&granularity=month&group_by=user`);
    expect(first.totals.requests + second.totals.requests).toBe(all.totals.requests);
    // The second project's key serves the odd-numbered requests, all of which name an end user.
    expect(new Set(second.data.map((r) => r.group))).toEqual(new Set(['user-1', 'user-3']));
    // Keys made with the operator CLI have no creating member: one null group holding everything.
    const byMember = await report(`/orgs/${gw.orgId}/usage?${range}&granularity=month&group_by=member`);
    expect(byMember.data.map((r) => r.group)).toEqual([null, null]);
    expect(byMember.totals).toEqual(all.totals);
    expect((await api(`/projects/${gw.projectId}/usage?group_by=project`)).status).toBe(400);
    expect((await api(`/orgs/${gw.orgId}/usage?granularity=week`)).status).toBe(400);
  });

  it('should stream CSV with a header, RFC 4180 quoting and the JSON totals', async () => {
    const json = await report(`/orgs/${gw.orgId}/usage?${range}&granularity=hour&group_by=tag:team`);
    const res = await api(`/orgs/${gw.orgId}/usage?${range}&granularity=hour&group_by=tag:team&format=csv`);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    expect(text).toContain(',"search, ""core""",');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...records] = parseCsv(text);
    expect(header).toEqual(['start', 'group', 'requests', 'input_tokens', 'output_tokens', 'cached_tokens', 'reasoning_tokens', 'cost_usd']);
    expect(records.length).toBe(json.data.length);
    expect(records.some((r) => r[1] === TEAM)).toBe(true);
    const sum = (i: number) => records.reduce((s, r) => s + BigInt(r[i]!.replace('.', '')), 0n);
    expect(Number(sum(2))).toBe(json.totals.requests);
    expect(Number(sum(3))).toBe(json.totals.input_tokens);
    expect(Number(sum(4))).toBe(json.totals.output_tokens);
    expect(formatUsd(sum(7))).toBe(json.totals.cost_usd);
  });

  it('should let the roles of the permission table read, and hide other organizations', async () => {
    const db = gw.gateway.store.db;
    const people: Record<string, string> = {};
    for (const role of ['auditor', 'billing_admin', 'developer', 'viewer']) {
      const person = await createTestPerson(db, role);
      await addTestMember(db, gw.orgId, person.user.id, role);
      people[role] = person.auth;
    }
    const stranger = await createTestPerson(db, 'stranger');
    const org = `/orgs/${gw.orgId}/usage?${range}`;
    const project = `/projects/${gw.projectId}/usage?${range}&format=csv`;
    const statuses = async (path: string) => Promise.all([...Object.values(people), stranger.auth].map(async (auth) => (await api(path, auth)).status));
    expect(await statuses(org)).toEqual([200, 200, 403, 403, 404]);
    expect(await statuses(project)).toEqual([200, 200, 200, 200, 404]);
  });
});
