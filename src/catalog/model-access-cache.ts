import type { ModelAliasRecord } from './model-access-repository.js';

/** Where aliases and organization allowed lists come from (the store); injected for tests. */
export interface ModelAccessSource {
  listAliases(): Promise<ModelAliasRecord[]>;
  listOrgAllowedModels(): Promise<Map<string, string[]>>;
}

/** Options of a {@link ModelAccessCache}. */
export interface ModelAccessCacheOptions {
  readonly source: ModelAccessSource;
  /** Full reload period; bounds how long a console change takes to reach the gateway. */
  readonly refreshMs: number;
  readonly onError: (error: unknown) => void;
}

/**
 * Organization and project aliases and organization allowed-model lists, served from memory and
 * reloaded whole every `refreshMs` (they are small), so the hot path reads no database.
 */
export class ModelAccessCache {
  private orgAliases = new Map<string, Map<string, string>>();
  private projectAliases = new Map<string, Map<string, string>>();
  private orgAllowed = new Map<string, string[]>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ModelAccessCacheOptions) {}

  /** Load once, then keep refreshing. */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.refreshMs);
    this.timer.unref();
  }

  /** Stop refreshing. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reload everything; on failure keep the previous state. */
  async refresh(): Promise<void> {
    try {
      const [aliases, allowed] = await Promise.all([this.options.source.listAliases(), this.options.source.listOrgAllowedModels()]);
      const orgAliases = new Map<string, Map<string, string>>();
      const projectAliases = new Map<string, Map<string, string>>();
      for (const a of aliases) {
        const byScope = a.projectId === null ? orgAliases : projectAliases;
        const key = a.projectId ?? a.orgId;
        let names = byScope.get(key);
        if (!names) byScope.set(key, (names = new Map()));
        names.set(a.name, a.target);
      }
      this.orgAliases = orgAliases;
      this.projectAliases = projectAliases;
      this.orgAllowed = allowed;
    } catch (error) {
      this.options.onError(error);
    }
  }

  /** The alias target for a name: the project's alias wins over the organization's; null if none. */
  aliasTarget(orgId: string, projectId: string, name: string): string | null {
    return this.projectAliases.get(projectId)?.get(name) ?? this.orgAliases.get(orgId)?.get(name) ?? null;
  }

  /** Every alias a key of this project can use, project aliases shadowing organization ones. */
  aliasesFor(orgId: string, projectId: string): Map<string, string> {
    return new Map([...(this.orgAliases.get(orgId) ?? []), ...(this.projectAliases.get(projectId) ?? [])]);
  }

  /** The organization's allowed models, or null when it allows every model. */
  allowedModels(orgId: string): readonly string[] | null {
    return this.orgAllowed.get(orgId) ?? null;
  }
}
