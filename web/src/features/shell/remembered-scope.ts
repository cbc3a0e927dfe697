/**
 * The organization and project the person last opened, so `/console` and the project section of
 * the sidebar pick up where they left off. Only ids are kept (in this browser's storage).
 */

const LAST_ORG = 'tf-last-org';
const lastProjectKey = (orgId: string) => `tf-last-project:${orgId}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be disabled; the console then starts at the first organization.
  }
}

/** The organization opened last, if any. */
export function lastOrgId(): string | null {
  return read(LAST_ORG);
}

/** The project opened last in an organization, if any. */
export function lastProjectId(orgId: string): string | null {
  return read(lastProjectKey(orgId));
}

/** Remember the organization (and project) on screen. */
export function rememberScope(orgId: string, projectId?: string): void {
  write(LAST_ORG, orgId);
  if (projectId) write(lastProjectKey(orgId), projectId);
}
