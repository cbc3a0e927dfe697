import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateApiKeySecret, hashApiKeySecret } from './api-key-secret.js';

describe('generateApiKeySecret', () => {
  it('should make sk-tf- secrets of 40 base62 characters with a 12-character prefix', () => {
    const key = generateApiKeySecret();
    expect(key.secret).toMatch(/^sk-tf-[0-9A-Za-z]{40}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 12));
    expect(key.hash).toBe(hashApiKeySecret(key.secret));
  });

  it('should never repeat a secret', () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => generateApiKeySecret().secret));
    expect(secrets.size).toBe(1000);
  });
});

describe('hashApiKeySecret', () => {
  it('should be the SHA-256 hex of the secret', () => {
    expect(hashApiKeySecret('sk-tf-abc')).toBe(createHash('sha256').update('sk-tf-abc').digest('hex'));
    expect(hashApiKeySecret('sk-tf-abc')).toMatch(/^[0-9a-f]{64}$/);
  });
});
