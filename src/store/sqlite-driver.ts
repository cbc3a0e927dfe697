import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/** The better-sqlite3 constructor (both majors have the same API; the types are @types/better-sqlite3's). */
export type SqliteDriver = typeof BetterSqlite3;

/** Which build {@link loadSqliteDriver} picked: the package directory it loaded and its version. */
export interface SqliteDriverInfo {
  readonly packageName: 'better-sqlite3' | 'better-sqlite3-napi';
  readonly version: string;
  /** The resolved entry file (for a worker that loads the same build itself). */
  readonly entry: string;
}

const require = createRequire(import.meta.url);
let loaded: { driver: SqliteDriver; info: SqliteDriverInfo } | undefined;

/**
 * better-sqlite3 for the running Node. Its 12.x line wraps statements in `node::ObjectWrap`, whose
 * destructor aborts the process (`Assertion failed: (env) != nullptr`) when built against Node 24.19
 * or later headers and a statement is collected where no context is entered (nodejs/node#65446):
 * on Node 24.21 `migrate` ended that way every time, and `serve` before it listened. 13.x is
 * built on Node-API, ships its binaries in the package (no compiler, no download), and requires
 * Node 22. So: 13.x, installed as the optional dependency `better-sqlite3-napi` (npm skips it on
 * Node 20), wherever it is present and Node is 22 or later; 12.x otherwise (Node 20, or an install
 * that skipped the optional one).
 */
export function loadSqliteDriver(): SqliteDriver {
  return (loaded ??= pick()).driver;
}

/** The build {@link loadSqliteDriver} picked (loads it if it has not been). */
export function sqliteDriverInfo(): SqliteDriverInfo {
  return (loaded ??= pick()).info;
}

function pick(): { driver: SqliteDriver; info: SqliteDriverInfo } {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 22) {
    const napi = tryRequire('better-sqlite3-napi');
    if (napi !== undefined) return napi;
  }
  const classic = tryRequire('better-sqlite3');
  if (classic !== undefined) return classic;
  throw new Error(
    `No SQLite driver is installed for Node ${process.versions.node}: run npm install again (better-sqlite3 needs ` +
      'python3, make and g++ on Node 20 when npm finds no prebuilt binary), or use PostgreSQL (--database postgres://...).',
  );
}

function tryRequire(packageName: SqliteDriverInfo['packageName']): { driver: SqliteDriver; info: SqliteDriverInfo } | undefined {
  let entry: string;
  try {
    entry = require.resolve(packageName);
  } catch {
    return undefined;
  }
  const driver = require(entry) as SqliteDriver;
  const { version } = require(`${packageName}/package.json`) as { version: string };
  return { driver, info: { packageName, version, entry } };
}
