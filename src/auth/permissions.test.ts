import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORG_PERMISSIONS, ORG_ROLES, ORG_ROLE_PERMISSIONS, PROJECT_PERMISSIONS, PROJECT_ROLES, PROJECT_ROLE_PERMISSIONS } from './permissions.js';

describe('permission table', () => {
  const doc = readFileSync(new URL('../../docs/console-api.md', import.meta.url), 'utf8');

  it('should match the table in docs/console-api.md row by row', () => {
    for (const permission of [...ORG_PERMISSIONS, ...PROJECT_PERMISSIONS]) {
      const org = ORG_ROLES.map((role) => (ORG_ROLE_PERMISSIONS[role].includes(permission) ? 'yes' : '-'));
      const project = PROJECT_ROLES.map((role) => ((PROJECT_ROLE_PERMISSIONS[role] as readonly string[]).includes(permission) ? 'yes' : '-'));
      expect(doc).toContain(`| \`${permission}\` | ${[...org, ...project].join(' | ')} |`);
    }
  });

  it('should give owners everything and keep ownership and conversion to owners', () => {
    expect(new Set(ORG_ROLE_PERMISSIONS.owner)).toEqual(new Set([...ORG_PERMISSIONS, ...PROJECT_PERMISSIONS]));
    for (const role of ORG_ROLES.filter((r) => r !== 'owner')) {
      expect(ORG_ROLE_PERMISSIONS[role]).not.toContain('org.owners.manage');
      expect(ORG_ROLE_PERMISSIONS[role]).not.toContain('org.convert');
    }
  });

  it('should keep viewers and auditors read-only', () => {
    for (const role of ['viewer', 'auditor'] as const) {
      expect(ORG_ROLE_PERMISSIONS[role].filter((p) => !p.endsWith('.read'))).toEqual([]);
    }
    expect(PROJECT_ROLE_PERMISSIONS.viewer.filter((p) => !p.endsWith('.read'))).toEqual([]);
  });
});
