/** The process environment; `config/` is the only module that reads it (STYLE rule 13). */
export function readEnvironment(): Readonly<Record<string, string | undefined>> {
  return process.env;
}

/** `--database URL` / `--database=URL` from arguments, else `TF_DATABASE_URL`, else the SQLite default. */
export function resolveDatabaseUrl(args: readonly string[], env: Readonly<Record<string, string | undefined>>): string {
  const i = args.indexOf('--database');
  if (i >= 0 && args[i + 1] !== undefined) return args[i + 1]!;
  const eq = args.find((a) => a.startsWith('--database='));
  if (eq) return eq.slice('--database='.length);
  return env.TF_DATABASE_URL ?? 'sqlite:./data/tf-gateway.db';
}
