#!/usr/bin/env node
// Installs test/clients (the client matrix: several majors of openai, the Vercel AI SDK, LangChain,
// LlamaIndex) when it is missing or older than its lockfile. It is its own package because one
// package cannot hold two majors of openai's zod peer next to the root's zod 4; `npm test` and
// `.ci/run` call this, so the README's one test command stays the one command.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('../test/clients/', import.meta.url));
const lock = `${dir}package-lock.json`;
const installed = `${dir}node_modules/.package-lock.json`;
if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) process.exit(0);
process.stdout.write('Installing the client matrix (test/clients) ...\n');
// --engine-strict: every client of the matrix must run on the Node the gateway supports.
const result = spawnSync('npm', ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--engine-strict'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
