/**
 * Catalogue model ids offered while typing an allowed model or an alias target. The console API
 * has no catalogue route yet (issue 13 adds `GET /api/orgs/{orgId}/models`); until it lands the
 * fields take ids as typed and the API checks them.
 */
export function useCatalogueIds(orgId: string | null): readonly string[] {
  void orgId;
  return NONE;
}

const NONE: readonly string[] = [];
