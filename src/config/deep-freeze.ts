/** A Map whose mutating methods throw, so a frozen catalogue cannot be changed through its maps. */
class FrozenMap<K, V> extends Map<K, V> {
  constructor(entries: Iterable<readonly [K, V]>) {
    super();
    // Map's constructor would call our throwing `set`, so fill through the base method instead.
    for (const [key, value] of entries) Map.prototype.set.call(this, key, value);
    Object.freeze(this);
  }

  override set(): this {
    throw new TypeError('This map is frozen.');
  }

  override delete(): boolean {
    throw new TypeError('This map is frozen.');
  }

  override clear(): void {
    throw new TypeError('This map is frozen.');
  }
}

/** A read-only map built from entries; `set`, `delete` and `clear` throw. */
export function frozenMap<K, V>(entries: Iterable<readonly [K, V]>): ReadonlyMap<K, V> {
  return new FrozenMap(entries);
}

/** Freeze a plain object or array and everything reachable from it (maps are left to `frozenMap`). */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return Object.freeze(value);
}
