import { randomBytes } from 'node:crypto';
import { it } from 'vitest';
import { IN_CI } from './in-ci.js';

const URL_ = process.env.TF_TEST_REDIS_URL ?? '';
const REASON = 'Redis tests skipped: TF_TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379).';

/** The test Redis URL, or null (after printing why the caller's tests are skipped); throws in CI. */
export function redisTestUrl(): string | null {
  if (URL_ !== '') return URL_;
  if (IN_CI) throw new Error(`${REASON} CI must run the Redis and multi-process tests.`);
  console.warn(REASON);
  it.skip(REASON, () => undefined);
  return null;
}

/** A fresh key prefix, so test runs sharing one Redis never see each other's keys. */
export function redisTestPrefix(): string {
  return `tf-test-${randomBytes(5).toString('hex')}:`;
}

/** Delete every key under a test prefix. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
