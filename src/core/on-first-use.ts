/**
 * A value built on its first use and kept. The `/v1` routes' zod schemas are built this way: built
 * at import they hold ≈1.3 MiB of an idle gateway's heap (thousands of zod objects and closures)
 * that a gateway which never sees that endpoint does not need.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}
