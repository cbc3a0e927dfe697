#!/usr/bin/env node
// Writes gpt-tokenizer's o200k ranks as JSON to dist/protocol/o200k-ranks.json, which
// src/protocol/tokenizer.ts loads instead of the package's 2.2 MB JavaScript module of array
// literals: JSON.parse leaves only the array, where the module also keeps its source text, the
// literals' boilerplate and their bytecode (RSS with the tokenizer loaded, alone: 94 → 61 MiB).
// Run by `npm run build` and `npm start`'s build after tsc; `node scripts/build-tokenizer-ranks.mjs FILE`
// writes FILE instead (the test).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ranks = createRequire(import.meta.url)('gpt-tokenizer/cjs/bpeRanks/o200k_base').default;
const file = resolve(process.argv[2] ?? fileURLToPath(new URL('../dist/protocol/o200k-ranks.json', import.meta.url)));
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(ranks));
