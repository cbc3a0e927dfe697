import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, startServeProcess } from '../src/testing/serve-process.js';
import { IN_CI } from '../src/testing/in-ci.js';

// The README says the gateway runs on Node 20 and later; the suite itself runs on one version.
// This runs the built CLI on the others, from test/runtimes (Node binaries from the npm registry,
// installed by scripts/install-test-packages.mjs): migrate, the admin commands, serve with a
// streamed request and a clean shutdown. Node 24.19 made better-sqlite3 12.x abort the process
// whenever V8 collected a statement outside a context (nodejs/node#65446): `migrate`, and `serve`
// before it listened, ended with SIGABRT every time. On Node 22 and later the gateway loads
// better-sqlite3 13 (Node-API), the root's optional `better-sqlite3-napi`; npm skips it on Node 20,
// so the runtimes package carries it and NODE_PATH finds it there, as it would be found in
// node_modules where npm installs it.

const DEMO_CATALOGUE = fileURLToPath(new URL('../catalogues/demo.yaml', import.meta.url));
const RUNTIMES = fileURLToPath(new URL('./runtimes/node_modules/', import.meta.url));
const ROOT_LOCK = fileURLToPath(new URL('../package-lock.json', import.meta.url));

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(node: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(node, args, { env: { ...process.env, NODE_PATH: RUNTIMES }, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Run an admin command and return its one JSON object; it must exit 0 without an abort. */
async function admin(node: string, database: string, args: readonly string[]): Promise<Record<string, unknown>> {
  const result = await run(node, [CLI, 'admin', ...args, '--database', database]);
  expect(result.stderr).not.toContain('Assertion failed');
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

it('should test on the same better-sqlite3 13 that the root lockfile installs on Node 22 and later', () => {
  const lock = JSON.parse(readFileSync(ROOT_LOCK, 'utf8')) as { packages: Record<string, { version?: string }> };
  const installed = JSON.parse(readFileSync(join(RUNTIMES, 'better-sqlite3-napi/package.json'), 'utf8')) as { version: string };
  expect(installed.version).toBe(lock.packages['node_modules/better-sqlite3-napi']?.version);
});

for (const major of [22, 24, 26]) {
  const node = join(RUNTIMES, `node${major}/bin/node`);
  const reason = `Node ${major} tests skipped: ${node} is missing (scripts/install-test-packages.mjs installs it from the npm registry, on linux-x64).`;
  if (!existsSync(node)) {
    if (IN_CI) throw new Error(`${reason} CI must run the gateway on every Node the README names.`);
    console.warn(reason);
    it.skip(reason, () => undefined);
    continue;
  }

  describe(`the gateway on Node ${major}`, () => {
    let dir: string;
    let database: string;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), `tf-node${major}-`));
      database = `sqlite:${join(dir, 'gw.db')}`;
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it(`should migrate, run the admin commands, serve a streamed request with its cost and stop with exit code 0 on Node ${major}`, { timeout: 120_000 }, async () => {
      const version = await run(node, ['--version']);
      expect(version.stdout.trim()).toMatch(new RegExp(`^v${major}\\.`));

      const migrated = await run(node, [CLI, 'migrate', '--database', database]);
      expect(migrated.stderr).not.toContain('Assertion failed');
      expect(migrated.code, migrated.stderr).toBe(0);
      expect(JSON.parse(migrated.stdout)).toEqual({ migrated: true });

      const org = await admin(node, database, ['org', 'create', '--name', `Node ${major}`]);
      const project = await admin(node, database, ['project', 'create', '--org', String(org.id), '--name', 'p']);
      await admin(node, database, ['credit', '--org', String(org.id), '--amount', '5']);
      const key = await admin(node, database, ['key', 'create', '--project', String(project.id)]);

      const gateway = await startServeProcess(['--config', DEMO_CATALOGUE, '--port', '0', '--database', database], { NODE_PATH: RUNTIMES }, 60_000, [], node);
      let exitCode: number | null;
      try {
        const client = new OpenAI({ baseURL: `${gateway.url}/v1`, apiKey: String(key.secret), maxRetries: 0 });
        const stream = await client.chat.completions.create({
          model: 'openai/gpt-4o-mini',
          messages: [{ role: 'user', content: 'Say hello' }],
          stream: true,
          stream_options: { include_usage: true },
        });
        let text = '';
        let cost = '';
        for await (const chunk of stream) {
          text += chunk.choices[0]?.delta.content ?? '';
          if (chunk.usage) cost = (chunk.usage as unknown as { cost: string }).cost;
        }
        expect(text.length).toBeGreaterThan(0);
        expect(cost).toMatch(/^0\.\d{9}$/);
        const self = await fetch(`${gateway.url}/v1/key`, { headers: { authorization: `Bearer ${String(key.secret)}` } });
        expect(self.status).toBe(200);
      } finally {
        exitCode = await gateway.stop();
      }
      expect(gateway.output()).not.toContain('Assertion failed');
      expect(exitCode).toBe(0);

      // The file the gateway wrote opens again, from a command that exits on its own.
      const orgs = await admin(node, database, ['org', 'list']);
      expect(JSON.stringify(orgs)).toContain(String(org.id));
    });
  });
}
