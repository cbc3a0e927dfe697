#!/usr/bin/env node
// What a browser downloads to open the web console: the scripts and styles index.html loads at
// once (entry, modulepreloads, stylesheets) versus the chunks fetched when a page is first opened.
// Sizes as sent: gzip (level 6, what most servers use) and brotli (the .br the gateway serves).
// Usage: npm run build:web && node bench/console-bundle.mjs   (exit 1 when over the budget)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET_JS_GZIP = 250 * 1024; // issue 13: initial JavaScript at most 250 KB gzip
const root = fileURLToPath(new URL('../dist/web/', import.meta.url));
if (!existsSync(join(root, 'index.html'))) {
  console.error('dist/web/index.html is missing: run `npm run build:web` first.');
  process.exit(2);
}

const html = readFileSync(join(root, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
const sizes = (file) => {
  const body = readFileSync(join(root, file));
  return { raw: body.length, gzip: gzipSync(body).length, br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
};
const kb = (n) => (n / 1024).toFixed(1);
const rows = readdirSync(join(root, 'assets'))
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => ({ file: `assets/${name}`, initial: initial.has(`assets/${name}`), ...sizes(`assets/${name}`) }))
  .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);

const total = (filter) => rows.filter(filter).reduce((t, r) => ({ raw: t.raw + r.raw, gzip: t.gzip + r.gzip, br: t.br + r.br }), { raw: 0, gzip: 0, br: 0 });
const line = (a, b, c, d, e) => console.log(`${a.padEnd(46)} ${b.padStart(8)} ${c.padStart(10)} ${d.padStart(10)} ${e.padStart(10)}`);
line('file', 'loaded', 'raw KB', 'gzip KB', 'br KB');
for (const r of rows) line(r.file, r.initial ? 'initial' : 'lazy', kb(r.raw), kb(r.gzip), kb(r.br));
const js = total((r) => r.initial && r.file.endsWith('.js'));
const css = total((r) => r.initial && r.file.endsWith('.css'));
const lazy = total((r) => !r.initial);
console.log('');
line('initial JavaScript', '', kb(js.raw), kb(js.gzip), kb(js.br));
line('initial CSS', '', kb(css.raw), kb(css.gzip), kb(css.br));
line('lazy chunks (all pages, loaded when opened)', '', kb(lazy.raw), kb(lazy.gzip), kb(lazy.br));
console.log(`\nBudget: initial JavaScript ≤ ${kb(BUDGET_JS_GZIP)} KB gzip: ${js.gzip <= BUDGET_JS_GZIP ? 'met' : 'EXCEEDED'} (${kb(js.gzip)} KB).`);
process.exit(js.gzip <= BUDGET_JS_GZIP ? 0 : 1);
