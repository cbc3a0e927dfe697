/** What an alias's target means, step by step, for people reading the aliases table. */
export interface AliasResolution {
  /** The catalogue model (or organization alias) the target names, without `@` modifiers. */
  readonly base: string;
  /** `@` parts of the target (`2024-08-06`, `effort:low`), in order. */
  readonly modifiers: readonly string[];
  /** The organization alias the base is, when a project alias points at one; its own target follows. */
  readonly viaOrgAlias: { readonly name: string; readonly target: string } | null;
}

/**
 * Split a target (`openai/gpt-4o@2024-08-06@effort:low`) into its base and modifiers, and follow
 * one organization alias when the base is one (project aliases may point at those). The gateway
 * resolves the same way; this is for display only.
 */
export function resolveAlias(target: string, orgAliases: readonly { readonly name: string; readonly target: string }[]): AliasResolution {
  const [base = '', ...modifiers] = target.split('@');
  const orgAlias = orgAliases.find((alias) => alias.name === base);
  return { base, modifiers, viaOrgAlias: orgAlias ? { name: orgAlias.name, target: orgAlias.target } : null };
}
