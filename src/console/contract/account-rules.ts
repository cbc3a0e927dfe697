import { z } from 'zod';

/** An email address (stored lower-cased). Shared with the web console's forms. */
export const emailSchema = z.email().max(254);

/** A new password: long enough to resist guessing, short enough to bound scrypt work. Shared with the web console's forms. */
export const newPasswordSchema = z.string().min(10, 'Use at least 10 characters.').max(256, 'Use at most 256 characters.');
