import type { ParseArgsConfig } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';

/** Parsed flag values of one command. */
export type Values = Readonly<Record<string, string | boolean | undefined>>;

/** One admin command: its flags, help text and action (which returns the JSON to print). */
export interface AdminCommand {
  readonly options: NonNullable<ParseArgsConfig['options']>;
  readonly help: string;
  readonly run: (db: Kysely<Database>, values: Values) => Promise<Record<string, unknown>>;
}

/** A refusal with a message meant for the operator; exit code 1 (failure) or 2 (usage). */
export class AdminCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}
