import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import type { Catalogue } from './catalogue-types.js';
import { CatalogueError, formatDataPath, type CatalogueIssue, type CatalogueProblem } from './catalogue-error.js';
import { catalogueShellSchema, entryListSchema, modelEntrySchema, providerEntrySchema, type ModelEntry, type ProviderEntry } from './catalogue-schema.js';
import { checkCatalogue, type IndexedEntry } from './check-catalogue.js';
import { convertCatalogue } from './convert-catalogue.js';
import { describeZodIssue } from './describe-zod-issue.js';

export { CatalogueError, formatCatalogueIssue, type CatalogueIssue } from './catalogue-error.js';

/**
 * Load a catalogue file: read, parse YAML, validate every entry, cross-check, convert. Throws a
 * `CatalogueError` listing every problem at once. `env` is where `apiKeyEnv` secrets are read
 * (callers pass `process.env`). The result is deeply frozen.
 */
export function loadCatalogue(path: string, env: Readonly<Record<string, string | undefined>>): Catalogue {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    const reason = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : `cannot read the file: ${String(cause)}`;
    throw new CatalogueError([{ file: path, path: '(file)', message: reason, line: null }], { cause });
  }
  return parseCatalogue(text, path, env);
}

/** Like {@link loadCatalogue} for text already in memory; `file` names it in errors and `source`. */
export function parseCatalogue(text: string, file: string, env: Readonly<Record<string, string | undefined>>): Catalogue {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, merge: true });
  if (doc.errors.length > 0) {
    throw new CatalogueError(
      doc.errors.map((e) => {
        const { line, col } = lines.linePos(e.pos[0]);
        return { file, path: `line ${line}, column ${col}`, message: `YAML syntax error: ${e.message}`, line };
      }),
    );
  }
  const locate = (problem: CatalogueProblem, segments: readonly PropertyKey[]): CatalogueIssue => ({
    file,
    ...problem,
    line: lineOf(doc, lines, segments),
  });

  const data: unknown = doc.toJS();
  if (data === null || data === undefined) {
    throw new CatalogueError([{ file, path: '(file)', message: 'is empty; expected providers: and models:', line: null }]);
  }
  const shell = catalogueShellSchema.safeParse(data, { error: describeZodIssue });
  if (!shell.success) throw new CatalogueError(zodIssues(shell.error, [], locate));

  const issues: CatalogueIssue[] = [];
  for (const key of Object.keys(shell.data)) {
    if (!TOP_LEVEL_KEYS.has(key) && !key.startsWith('x-')) issues.push(locate({ path: formatDataPath([key]), message: 'is not a known field' }, [key]));
  }
  const rawProviders = parseList(shell.data, 'providers', issues, locate);
  const rawModels = parseList(shell.data, 'models', issues, locate);
  const providers = parseEntries(rawProviders, 'providers', providerEntrySchema, issues, locate);
  const models = parseEntries(rawModels, 'models', modelEntrySchema, issues, locate);
  const problems = checkCatalogue({
    providers,
    models,
    providerIds: idsOf(rawProviders),
    modelIds: idsOf(rawModels),
    env,
  });
  issues.push(...problems.map((p) => locate(p, pathSegments(p.path))));
  if (issues.length > 0) throw new CatalogueError(sortIssues(issues));
  return convertCatalogue(
    file,
    providers.map((p): ProviderEntry => p.entry),
    models.map((m): ModelEntry => m.entry),
    env,
  );
}

type Locate = (problem: CatalogueProblem, segments: readonly PropertyKey[]) => CatalogueIssue;

/** Keys allowed at the top level, besides `x-...` keys (a place for YAML anchors, as in Compose files). */
const TOP_LEVEL_KEYS: ReadonlySet<string> = new Set(['providers', 'models']);

/** One top-level list, or an empty one (with an issue) when it is missing or not a list. */
function parseList(data: Record<string, unknown>, key: 'providers' | 'models', issues: CatalogueIssue[], locate: Locate): unknown[] {
  const result = entryListSchema.safeParse(data[key], { error: describeZodIssue });
  if (result.success) return result.data;
  issues.push(...zodIssues(result.error, [key], locate));
  return [];
}

/** Validate each entry of a list on its own, so one bad entry does not hide problems in the others. */
function parseEntries<S extends z.ZodType>(
  raw: readonly unknown[],
  list: 'providers' | 'models',
  schema: S,
  issues: CatalogueIssue[],
  locate: Locate,
): IndexedEntry<z.output<S>>[] {
  const valid: IndexedEntry<z.output<S>>[] = [];
  raw.forEach((value, index) => {
    const result = schema.safeParse(value, { error: describeZodIssue });
    if (result.success) valid.push({ index, entry: result.data });
    else issues.push(...zodIssues(result.error, [list, index], locate));
  });
  return valid;
}

/** Zod issues as catalogue issues; an unknown-keys issue becomes one issue per key, at the key. */
function zodIssues(error: z.ZodError, prefix: readonly PropertyKey[], locate: Locate): CatalogueIssue[] {
  return error.issues.flatMap((issue) => {
    const segments = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const at = [...segments, key];
        return locate({ path: formatDataPath(at), message: 'is not a known field' }, at);
      });
    }
    return [locate({ path: formatDataPath(segments), message: issue.message }, segments)];
  });
}

/** The string ids of raw entries, valid or not. */
function idsOf(entries: readonly unknown[]): Set<string> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (typeof entry === 'object' && entry !== null && 'id' in entry && typeof entry.id === 'string') ids.add(entry.id);
  }
  return ids;
}

/** `models[3].pricing.input` -> `['models', 3, 'pricing', 'input']` (for line lookup). */
function pathSegments(path: string): PropertyKey[] {
  const segments: PropertyKey[] = [];
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) segments.push(m[2] === undefined ? m[1]! : Number(m[2]));
  return segments;
}

/** The line of the deepest existing node on the path (the parent, for a missing field). */
function lineOf(doc: Document, lines: LineCounter, segments: readonly PropertyKey[]): number | null {
  for (let n = segments.length; n > 0; n--) {
    const node: unknown = doc.getIn(segments.slice(0, n), true);
    if (typeof node === 'object' && node !== null && 'range' in node && Array.isArray(node.range)) {
      const start: unknown = node.range[0];
      if (typeof start === 'number') return lines.linePos(start).line;
    }
  }
  return null;
}

/** File order where lines are known, keeping the original order otherwise. */
function sortIssues(issues: CatalogueIssue[]): CatalogueIssue[] {
  return issues
    .map((issue, order) => ({ issue, order }))
    .sort((a, b) => (a.issue.line ?? Infinity) - (b.issue.line ?? Infinity) || a.order - b.order)
    .map((x) => x.issue);
}
