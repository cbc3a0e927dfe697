import { describe, expect, it } from 'vitest';
import { loadSqliteDriver, sqliteDriverInfo } from './sqlite-driver.js';

describe('the SQLite driver', () => {
  it('should be better-sqlite3 12 on Node 20 and the Node-API build (13) on Node 22 and later when npm installed it', () => {
    const info = sqliteDriverInfo();
    const major = Number(process.versions.node.split('.')[0]);
    const expected = major < 22 ? ['better-sqlite3', /^12\./] : ['better-sqlite3-napi', /^13\./];
    expect(info.packageName).toBe(expected[0]);
    expect(info.version).toMatch(expected[1]!);
    const db = new (loadSqliteDriver())(':memory:');
    expect(db.prepare('SELECT 1 + 1 AS two').get()).toEqual({ two: 2 });
    db.close();
  });
});
