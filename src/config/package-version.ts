import { readFileSync } from 'node:fs';

let version: string | null = null;

/** The `version` of tf-gateway's package.json (the same two folders up from src/config and dist/config). */
export function packageVersion(): string {
  if (version === null) {
    try {
      const parsed = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
      version = typeof parsed.version === 'string' ? parsed.version : '0.0.0';
    } catch {
      version = '0.0.0';
    }
  }
  return version;
}
