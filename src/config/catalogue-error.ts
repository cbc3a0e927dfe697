/** One problem found in a catalogue file. */
export interface CatalogueIssue {
  /** The file, as the caller named it (`catalogues/demo.yaml`). */
  readonly file: string;
  /** Where in the file: a field path (`models[3].pricing.input`), `line 4, column 7`, or `(file)`. */
  readonly path: string;
  /** What is wrong, phrased to follow the path (`must be a decimal string ...`). */
  readonly message: string;
  /** 1-based line of the offending node in the file, when known. */
  readonly line: number | null;
}

/** A problem before the file name is attached (produced by the checks). */
export type CatalogueProblem = Pick<CatalogueIssue, 'path' | 'message'>;

/** A catalogue that cannot be loaded; `.issues` lists every problem, and so does the message. */
export class CatalogueError extends Error {
  /** Stable code for logs. */
  readonly code = 'TF_CATALOGUE_INVALID';
  /** Every problem found, in file order where known. */
  readonly issues: readonly CatalogueIssue[];

  constructor(issues: readonly CatalogueIssue[], options?: { cause?: unknown }) {
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    super(`Invalid catalogue (${count}):\n${issues.map(formatCatalogueIssue).join('\n')}`, options);
    this.name = 'CatalogueError';
    this.issues = Object.freeze([...issues]);
  }
}

/** One issue as a line: `catalogues/x.yaml: models[3].pricing.input: must be ...`. */
export function formatCatalogueIssue(issue: CatalogueIssue): string {
  return `${issue.file}: ${issue.path}: ${issue.message}`;
}

/** A data path as written in messages: `['models', 3, 'id']` -> `models[3].id`. */
export function formatDataPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out === '' ? '(file)' : out;
}
