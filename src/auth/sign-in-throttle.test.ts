import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './sign-in-throttle.js';

describe('SignInThrottle', () => {
  it('should lock an email and address pair after the allowed failures until the window passes', () => {
    let now = 0;
    const throttle = new SignInThrottle({ maxFailures: 3, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds('A@x.test', '1.2.3.4')).toBe(0);
      throttle.recordFailure('a@x.test', '1.2.3.4');
    }
    expect(throttle.retryAfterSeconds('a@x.test', '1.2.3.4')).toBe(60);
    expect(throttle.retryAfterSeconds('a@x.test', '5.6.7.8')).toBe(0);
    now = 30_000;
    expect(throttle.retryAfterSeconds('a@x.test', '1.2.3.4')).toBe(30);
    now = 60_000;
    expect(throttle.retryAfterSeconds('a@x.test', '1.2.3.4')).toBe(0);
  });

  it('should forget failures after a success', () => {
    const throttle = new SignInThrottle({ maxFailures: 1, windowMs: 60_000, now: () => 0 });
    throttle.recordFailure('a@x.test', 'ip');
    throttle.recordSuccess('a@x.test', 'ip');
    expect(throttle.retryAfterSeconds('a@x.test', 'ip')).toBe(0);
  });
});
