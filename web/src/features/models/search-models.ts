/** What the search box matches against. */
export interface SearchableModel {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
  readonly kind: string;
}

/**
 * Models whose id, name, alias or kind contains every word of the query (case-insensitive), so
 * "4o mini" finds openai/gpt-4o-mini and "embedding" the embedding models.
 */
export function searchModels<M extends SearchableModel>(models: readonly M[], query: string): M[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return [...models];
  return models.filter((m) => {
    const haystack = [m.id, m.name, m.kind, ...m.aliases].join(' ').toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}
