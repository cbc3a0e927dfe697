import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The compiled CLI (`npm test` builds it first). */
export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** A `tf-gateway serve` running as its own OS process. */
export interface ServeProcess {
  readonly proc: ChildProcessWithoutNullStreams;
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Send SIGTERM and wait for the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Start `serve` with these flags and environment (and these flags for node itself, and another node
 * binary than the suite's) and wait until it prints its URL.
 */
export async function startServeProcess(
  args: readonly string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
  nodeArgs: readonly string[] = [],
  node: string = process.execPath,
): Promise<ServeProcess> {
  if (!existsSync(CLI)) throw new Error('dist/cli/main.js is missing: run `npm run build` first (npm test does).');
  const proc = spawn(node, [...nodeArgs, CLI, 'serve', ...args], { env: { ...process.env, TF_LOG_LEVEL: 'info', ...env } });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = once(proc, 'exit');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const m = /"url":"(http:\/\/127\.0\.0\.1:\d+)"[^\n]*"msg":"tf-gateway listening"/.exec(out);
    if (m) {
      return {
        proc,
        url: m[1]!,
        output: () => out,
        async stop() {
          if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
          const [code] = (await exited) as [number | null];
          return code;
        },
      };
    }
    if (proc.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill('SIGKILL');
  throw new Error(`serve did not start:\n${out}`);
}
