import { CatalogueError, loadCatalogue } from '../config/load-catalogue.js';
import type { Catalogue } from '../config/catalogue-types.js';

/** Called after a reload swapped in a new catalogue. */
export type CatalogueListener = (next: Catalogue, previous: Catalogue) => void;

/** How a reload went: swapped in a new catalogue, or kept the old one because the file is invalid. */
export type CatalogueReloadResult =
  | {
      /** The new catalogue is live. */
      readonly ok: true;
      /** The catalogue now served. */
      readonly catalogue: Catalogue;
      /** Errors thrown by listeners (each listener still ran); normally empty. */
      readonly listenerErrors: readonly unknown[];
    }
  | {
      /** The file was invalid; the previous catalogue is still served. */
      readonly ok: false;
      /** Every problem in the file, for the log. */
      readonly error: CatalogueError;
    };

/** Options of a {@link CatalogueHolder}. */
export interface CatalogueHolderOptions {
  /** The catalogue file, re-read on every reload. */
  readonly path: string;
  /** Environment for `apiKeyEnv` secrets (the caller passes `process.env`). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The catalogue already loaded from `path`; loaded (and thrown on if invalid) when absent. */
  readonly initial?: Catalogue;
}

/**
 * Holds the live catalogue. `reload()` (what SIGHUP calls) re-reads the file and swaps the reference
 * only if the new file is valid. Catalogues are immutable, so a request that took `current()` keeps a
 * consistent view until it ends, whatever reloads happen meanwhile.
 */
export class CatalogueHolder {
  readonly #path: string;
  readonly #env: Readonly<Record<string, string | undefined>>;
  readonly #listeners = new Set<CatalogueListener>();
  #current: Catalogue;

  /** Throws a `CatalogueError` when no `initial` is given and the file is invalid. */
  constructor(options: CatalogueHolderOptions) {
    this.#path = options.path;
    this.#env = options.env;
    this.#current = options.initial ?? loadCatalogue(options.path, options.env);
  }

  /** The file this holder reloads from. */
  get path(): string {
    return this.#path;
  }

  /** The catalogue to use for a request that starts now. */
  current(): Catalogue {
    return this.#current;
  }

  /**
   * Re-read the file. On success swap atomically and notify listeners; on a `CatalogueError` keep the
   * current catalogue and return the error. Other errors (bugs) are thrown.
   */
  reload(): CatalogueReloadResult {
    let next: Catalogue;
    try {
      next = loadCatalogue(this.#path, this.#env);
    } catch (error) {
      if (error instanceof CatalogueError) return { ok: false, error };
      throw error;
    }
    const previous = this.#current;
    this.#current = next;
    const listenerErrors: unknown[] = [];
    for (const listener of [...this.#listeners]) {
      try {
        listener(next, previous);
      } catch (error) {
        listenerErrors.push(error);
      }
    }
    return { ok: true, catalogue: next, listenerErrors };
  }

  /** Call `listener` after every successful swap; returns a function that unsubscribes it. */
  onChange(listener: CatalogueListener): () => void {
    const entry: CatalogueListener = (next, previous) => listener(next, previous);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }
}
