import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as GptEncodingModule from 'gpt-tokenizer/GptEncoding';
import { loadTokenizer } from './tokenizer.js';

const SCRIPT = fileURLToPath(new URL('../../scripts/build-tokenizer-ranks.mjs', import.meta.url));

describe('the o200k ranks as JSON (npm run build)', () => {
  it('should encode, count and decode exactly as the package module does, byte-level tokens included', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tf-ranks-'));
    try {
      const file = join(dir, 'o200k-ranks.json');
      execFileSync(process.execPath, [SCRIPT, file]);
      const { GptEncoding } = createRequire(import.meta.url)('gpt-tokenizer/cjs/GptEncoding') as typeof GptEncodingModule;
      const fromJson = GptEncoding.getEncodingApi('o200k_base', () => JSON.parse(readFileSync(file, 'utf8')) as (string | number[])[]);
      // Source text under vitest has no JSON beside it: loadTokenizer() is the package's module.
      const fromModule = loadTokenizer();
      const text = 'Hello there! Ünïcödé, 漢字とかな, emoji 👩‍👩‍👧 🤖, code `x => x ** 2`, tabs\tand\nnewlines, Привет мир, مرحبا';
      expect(fromJson.encode(text)).toEqual(fromModule.encode(text));
      expect(fromJson.countTokens(text)).toBe(fromModule.countTokens(text));
      expect(fromJson.decode(fromJson.encode(text))).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
