#!/usr/bin/env node
// Bundles the compiled gateway (tsc's dist/) into what `tf-gateway` runs: dist/cli/main.js (the
// process) and dist/billing/billing-thread.js (its billing thread) are replaced by rolldown entries
// whose code, and the packages it imports, live in minified chunks under dist/chunks/. Each
// dynamic import() stays a chunk of its own, loaded on first use as before.
//
// Why: V8 keeps every loaded module's source text and a record per module. Unbundled, a started
// gateway held 1,141 modules and 4.4 MB of source (zod, kysely, fastify, yaml, ajv and ours, with
// comments); the bundle keeps what is used, minified. Idle RSS of `serve --demo` 82-85 -> 73 MiB
// (bench/findings/idle-footprint.md). The rest of dist/ (tsc's modules) stays for the
// tests that import it.
//
// Left to node_modules at run time (external): native or optional packages, and those that find
// files or worker scripts beside their own modules (better-sqlite3's binding, pino's transports,
// pdfkit's fonts, the OpenTelemetry exporters), so that they keep working exactly as installed.
// Source maps (dist/**/*.js.map) map the chunks back to tsc's modules: `NODE_OPTIONS=--enable-source-maps`
// for stack traces with those files and lines.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

const EXTERNAL = [
  'better-sqlite3',
  'better-sqlite3-napi',
  'pg',
  'ioredis',
  'undici',
  'gpt-tokenizer',
  'pino',
  'pdfkit',
  'nodemailer',
  'stripe',
];

const ENTRIES = { 'cli/main': resolve(dist, 'cli/main.js'), 'billing/billing-thread': resolve(dist, 'billing/billing-thread.js') };

// The entries are replaced in place, so a second run without tsc would bundle the bundle (whose
// chunks it is about to delete): refuse before touching anything.
for (const file of Object.values(ENTRIES)) {
  if (readFileSync(file, 'utf8').includes('../chunks/')) {
    process.stderr.write(`${file} is already bundled: run \`tsc -p tsconfig.build.json\` first (npm run build does).\n`);
    process.exit(1);
  }
}

rmSync(resolve(dist, 'chunks'), { recursive: true, force: true });
await build({
  cwd: dist,
  input: ENTRIES,
  platform: 'node',
  external: (id) => id.startsWith('node:') || EXTERNAL.some((name) => id === name || id.startsWith(`${name}/`)) || id.startsWith('@opentelemetry/'),
  logLevel: 'warn',
  output: {
    dir: dist,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    // Function and class names kept: they are what logs, errors and stack traces show.
    minify: { compress: true, mangle: { keepNames: true }, codegen: true },
    sourcemap: true,
  },
});
