/** Whether the suite runs in CI (`CI` set and not `0`/`false`): there a missing service or browser fails the tests that need it instead of skipping them. */
export const IN_CI = !['', '0', 'false'].includes((process.env.CI ?? '').toLowerCase());
