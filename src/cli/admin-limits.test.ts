import { expect, it } from 'vitest';
import { getKeyBudget, getProjectLimits } from '../limits/limit-settings-repository.js';
import { describeEachDialect } from '../testing/dialects.js';
import { runAdminCommand } from './admin.js';

async function run(databaseUrl: string, argv: string[]): Promise<{ code: number; out: Record<string, unknown> | null; err: string }> {
  let stdout = '';
  let err = '';
  const code = await runAdminCommand(argv, { databaseUrl, stdout: (s) => (stdout += s), stderr: (s) => (err += s) });
  return { code, out: code === 0 ? (JSON.parse(stdout) as Record<string, unknown>) : null, err };
}

describeEachDialect('admin project limits / key budget', (ctx) => {
  it('should set, keep and clear project limits and key budgets, storing exact nano-USD', async () => {
    const url = ctx.url();
    const org = (await run(url, ['org', 'create', '--name', 'L'])).out!;
    const project = (await run(url, ['project', 'create', '--org', String(org.id), '--name', 'p'])).out!;
    const key = (await run(url, ['key', 'create', '--project', String(project.id)])).out!;

    const set = await run(url, ['project', 'limits', '--project', String(project.id), '--rpm', '60', '--tpm', '1000', '--budget', '12.345678901']);
    expect(set.out).toEqual({ projectId: project.id, rpm: 60, tpm: 1000, budgetUsd: '12.345678901' });
    const kept = await run(url, ['project', 'limits', '--project', String(project.id), '--tpm', 'none']);
    expect(kept.out).toEqual({ projectId: project.id, rpm: 60, tpm: null, budgetUsd: '12.345678901' });
    expect(await getProjectLimits(ctx.store().db, String(project.id))).toEqual({ rpm: 60, tpm: null, budgetNano: 12_345_678_901n });

    expect((await run(url, ['key', 'budget', '--id', String(key.id), '--budget', '0'])).out).toEqual({ id: key.id, budgetUsd: '0.000000000' });
    expect(await getKeyBudget(ctx.store().db, String(key.id))).toBe(0n);
    expect((await run(url, ['key', 'budget', '--id', String(key.id), '--budget', 'none'])).out).toEqual({ id: key.id, budgetUsd: null });
  });

  it('should refuse malformed values with exit code 2 and unknown ids with 1', async () => {
    const url = ctx.url();
    expect((await run(url, ['project', 'limits', '--project', 'proj_x', '--rpm', '5'])).code).toBe(1);
    const org = (await run(url, ['org', 'create', '--name', 'M'])).out!;
    const project = (await run(url, ['project', 'create', '--org', String(org.id), '--name', 'p'])).out!;
    const bad = await run(url, ['project', 'limits', '--project', String(project.id), '--rpm', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--rpm');
    expect((await run(url, ['project', 'limits', '--project', String(project.id), '--budget', '1.0000000001'])).code).toBe(2);
    expect((await run(url, ['key', 'budget', '--id', 'key_missing', '--budget', '1'])).code).toBe(1);
  });
});
