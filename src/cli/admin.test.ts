import { describe, expect, it } from 'vitest';
import { findApiKeyByHash } from '../auth/api-key-repository.js';
import { hashApiKeySecret } from '../auth/api-key-secret.js';
import { getOrgBalance } from '../billing/ledger-repository.js';
import { describeEachDialect } from '../testing/dialects.js';
import { runAdminCommand } from './admin.js';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function run(databaseUrl: string, argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCommand(argv, { databaseUrl, stdout: (s) => (stdout += s), stderr: (s) => (stderr += s) });
  return { code, stdout, stderr };
}

/** Run a command that must succeed and print exactly one JSON object. */
async function runJson(databaseUrl: string, argv: string[]): Promise<Record<string, unknown>> {
  const result = await run(databaseUrl, argv);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  expect(result.stdout.trim().split('\n')).toHaveLength(1);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describeEachDialect('runAdminCommand', (ctx) => {
  it('should create an organization, a project, a key and credit, printing one JSON object each', async () => {
    const url = ctx.url();
    const org = await runJson(url, ['org', 'create', '--name', 'Acme Inc']);
    expect(org).toEqual({ id: expect.stringMatching(/^org_/) as unknown, name: 'Acme Inc', createdAt: expect.stringMatching(ISO) as unknown });

    const project = await runJson(url, ['project', 'create', '--org', String(org.id), '--name', 'Web']);
    expect(project).toEqual({ id: expect.stringMatching(/^proj_/) as unknown, orgId: org.id, name: 'Web', createdAt: expect.stringMatching(ISO) as unknown });

    const key = await runJson(url, ['key', 'create', '--project', String(project.id), '--name', 'ci', '--expires', '2999-01-01T00:00:00Z']);
    expect(key).toMatchObject({ name: 'ci', projectId: project.id, orgId: org.id, expiresAt: '2999-01-01T00:00:00.000Z' });
    expect(key.secret).toMatch(/^sk-tf-[0-9A-Za-z]{40}$/);
    expect(key.prefix).toBe(String(key.secret).slice(0, 12));
    const stored = await findApiKeyByHash(ctx.store().db, hashApiKeySecret(String(key.secret)));
    expect(stored).toMatchObject({ id: key.id, disabled: false, expiresAt: Date.parse('2999-01-01T00:00:00Z') });

    const first = await runJson(url, ['credit', '--org', String(org.id), '--amount', '10.00', '--note', 'invoice 7']);
    expect(first).toEqual({ orgId: org.id, amountUsd: '10.00', balanceUsd: '10.00', entryId: expect.stringMatching(/^led_/) as unknown });
    const second = await runJson(url, ['credit', '--org', String(org.id), '--amount', '0.5']);
    expect(second).toMatchObject({ amountUsd: '0.50', balanceUsd: '10.50' });
    expect(await getOrgBalance(ctx.store().db, String(org.id))).toBe(10_500_000_000n);
  });

  it('should disable a key', async () => {
    const url = ctx.url();
    const org = await runJson(url, ['org', 'create', '--name', 'D']);
    const project = await runJson(url, ['project', 'create', '--org', String(org.id), '--name', 'P']);
    const key = await runJson(url, ['key', 'create', '--project', String(project.id)]);
    expect(key.name).toBe('default');
    expect(key.expiresAt).toBeNull();
    const disabled = await runJson(url, ['key', 'disable', '--id', String(key.id)]);
    expect(disabled).toMatchObject({ id: key.id, prefix: key.prefix, disabled: true });
    expect(await findApiKeyByHash(ctx.store().db, hashApiKeySecret(String(key.secret)))).toMatchObject({ disabled: true });
  });

  it('should list organizations, projects and keys without ever printing a secret', async () => {
    const url = ctx.url();
    const org = await runJson(url, ['org', 'create', '--name', 'Lost key Inc']);
    const project = await runJson(url, ['project', 'create', '--org', String(org.id), '--name', 'Demo']);
    const first = await runJson(url, ['key', 'create', '--project', String(project.id), '--name', 'one']);
    const second = await runJson(url, ['key', 'create', '--project', String(project.id), '--name', 'two']);

    const orgs = await runJson(url, ['org', 'list']);
    expect(orgs.organizations).toContainEqual({ id: org.id, name: 'Lost key Inc', createdAt: org.createdAt });
    const projects = await runJson(url, ['project', 'list', '--org', String(org.id)]);
    expect(projects).toEqual({ orgId: org.id, projects: [{ id: project.id, name: 'Demo', createdAt: project.createdAt }] });

    const listed = await run(url, ['key', 'list', '--project', String(project.id)]);
    expect(listed.code).toBe(0);
    for (const key of [first, second]) {
      expect(listed.stdout).not.toContain(String(key.secret));
      expect(listed.stdout).not.toContain(String(key.secret).slice(12));
    }
    const keys = (JSON.parse(listed.stdout) as { keys: Record<string, unknown>[] }).keys;
    expect(keys.map((k) => [k.id, k.name, k.prefix, k.disabled])).toEqual([
      [first.id, 'one', first.prefix, false],
      [second.id, 'two', second.prefix, false],
    ]);
    expect(Object.keys(keys[0]!).sort()).toEqual(['allowedModels', 'createdAt', 'disabled', 'expiresAt', 'id', 'name', 'orgId', 'prefix', 'projectId']);
    const one = await runJson(url, ['key', 'list', '--id', String(second.id)]);
    expect(one).toMatchObject({ projectId: project.id, keys: [{ id: second.id, prefix: second.prefix }] });
    expect((await run(url, ['project', 'list', '--org', 'org_missing'])).code).toBe(1);
    expect((await run(url, ['key', 'list'])).code).toBe(2);
  });

  it('should fail with exit code 1 and nothing on stdout when the target does not exist', async () => {
    const url = ctx.url();
    for (const argv of [
      ['project', 'create', '--org', 'org_missing', '--name', 'x'],
      ['key', 'create', '--project', 'proj_missing'],
      ['key', 'disable', '--id', 'key_missing'],
      ['credit', '--org', 'org_missing', '--amount', '1'],
    ]) {
      const result = await run(url, argv);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/does not exist/);
    }
  });

  it('should refuse bad amounts and missing flags as usage errors', async () => {
    const url = ctx.url();
    const org = await runJson(url, ['org', 'create', '--name', 'Amounts']);
    for (const amount of ['-5', '0', 'ten', '1e3', '0.0000000001']) {
      const result = await run(url, ['credit', '--org', String(org.id), `--amount=${amount}`]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/--amount must be a positive USD decimal/);
    }
    expect((await run(url, ['credit', '--org', String(org.id), '--amount', '-5'])).code).toBe(2);
    expect(await getOrgBalance(ctx.store().db, String(org.id))).toBe(0n);
    const missing = await run(url, ['org', 'create']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toMatch(/--name is required/);
    const past = await run(url, ['key', 'create', '--project', 'p', '--expires', '2000-01-01T00:00:00Z']);
    expect(past.code).toBe(1); // the project is checked first
  });
});

describe('runAdminCommand help', () => {
  const url = 'sqlite::memory:';

  it('should print the overview for --help', async () => {
    const result = await run(url, ['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: tf-gateway admin <command>/);
    for (const command of ['org create', 'org list', 'project create', 'project list', 'key create', 'key list', 'key disable', 'credit']) expect(result.stdout).toContain(command);
  });

  it('should print each command help', async () => {
    for (const argv of [['org', 'create'], ['org', 'list'], ['project', 'create'], ['project', 'list'], ['key', 'create'], ['key', 'list'], ['key', 'disable'], ['credit']]) {
      const result = await run(url, [...argv, '--help']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: tf-gateway admin ${argv.join(' ')}`);
    }
  });

  it('should refuse an unknown command or flag with exit code 2', async () => {
    expect((await run(url, ['org', 'delete'])).code).toBe(2);
    expect((await run(url, [])).code).toBe(2);
    const unknownFlag = await run(url, ['org', 'create', '--name', 'x', '--colour', 'red']);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toMatch(/colour/);
  });

  it('should ignore --database, which the caller resolves', async () => {
    const result = await run(url, ['--database', url, 'org', 'create', '--name', 'X', '--database=sqlite::memory:']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ name: 'X' });
  });
});
