/**
 * Pause before each retry after a failed attempt, ms: the Standard Webhooks / Svix schedule (5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). One first attempt plus one retry per entry, so a delivery
 * is tried 8 times over about 27.6 hours before it is marked `failed`.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** When the attempt after `attemptsMade` failed attempts is due, or null when there is none left. */
export function nextAttemptAt(schedule: readonly number[], attemptsMade: number, now: number): number | null {
  const pause = schedule[attemptsMade - 1];
  return pause === undefined ? null : now + pause;
}
