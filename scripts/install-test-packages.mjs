#!/usr/bin/env node
// Installs the test suite's own packages when one is missing or older than its lockfile; `npm test`
// and `.ci/run` call this, so the README's one test command stays the one command.
// - test/clients: the client matrix (several majors of openai, the Vercel AI SDK, LangChain,
//   LlamaIndex). Its own package because one package cannot hold two majors of openai's zod peer
//   next to the root's zod 4. --engine-strict: every client must run on the Node the gateway supports.
// - test/runtimes: Node 22, 24 and 26 from the npm registry, which test/node-versions.test.ts runs the
//   built gateway on. --no-bin-links: both carry a `node` bin, and neither belongs on a PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGES = [
  { dir: 'clients', flags: ['--engine-strict'] },
  { dir: 'runtimes', flags: ['--no-bin-links'] },
];

for (const { dir: name, flags } of PACKAGES) {
  const dir = fileURLToPath(new URL(`../test/${name}/`, import.meta.url));
  const lock = `${dir}package-lock.json`;
  const installed = `${dir}node_modules/.package-lock.json`;
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) continue;
  process.stdout.write(`Installing test/${name} ...\n`);
  const result = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', ...flags], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
