import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-codes.js';

describe('ERROR_CODES', () => {
  const doc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

  it('should document every code in docs/errors.md with its status and wire code', () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      expect(doc).toContain(`| \`${code}\` | ${info.status} | \`${info.wire}\` |`);
    }
  });

  it('should use each wire code once', () => {
    const wires = Object.values(ERROR_CODES).map((i) => i.wire);
    expect(new Set(wires).size).toBe(wires.length);
  });
});
