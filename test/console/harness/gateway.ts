import { spawn, execFile, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const BIN = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));
const WEB_INDEX = fileURLToPath(new URL('../../../dist/web/index.html', import.meta.url));
const ADMIN_TOKEN = 'console-e2e-operator-token-0123456789';

/** Someone who signs in to the console. */
export interface ConsolePerson {
  readonly email: string;
  readonly password: string;
}

/** A real gateway process (the built dist, `serve --demo`) on its own SQLite file and port. */
export interface ConsoleGateway {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** The demo owner, as `serve --demo` printed it. */
  readonly owner: ConsolePerson;
  /** The demo `sk-tf-` key, as printed. */
  readonly demoKey: string;
  /** The demo organization and its project. */
  readonly orgId: string;
  readonly projectId: string;
  /** `TF_ADMIN_TOKEN` of this gateway, for operator calls. */
  readonly adminToken: string;
  /** Create a person with an organization role through the operator CLI (`admin user create`). */
  createPerson(role: string, options?: { readonly orgId?: string; readonly name?: string }): Promise<ConsolePerson>;
  /** Call the API as the operator; returns the parsed JSON body. */
  operator(method: string, path: string, body?: unknown): Promise<unknown>;
  /** Everything the process printed so far. */
  output(): string;
  close(): Promise<void>;
}

let people = 0;

/**
 * Start `node dist/cli/main.js serve --demo` on a temporary SQLite file and a free port, wait for
 * the demo banner, and read the printed credentials. The web console must be built (`npm run build`,
 * which `npm test` runs before the tests).
 */
export async function startConsoleGateway(env: Record<string, string> = {}): Promise<ConsoleGateway> {
  if (!existsSync(BIN) || !existsSync(WEB_INDEX)) {
    throw new Error('dist/cli/main.js or dist/web/index.html is missing: run `npm run build` first (npm test does).');
  }
  const dir = mkdtempSync(join(tmpdir(), 'tf-console-e2e-'));
  const database = `sqlite:${join(dir, 'gateway.db')}`;
  const proc: ChildProcessWithoutNullStreams = spawn(process.execPath, [BIN, 'serve', '--demo', '--port', '0', '--database', database], {
    env: { ...process.env, TF_ADMIN_TOKEN: ADMIN_TOKEN, TF_LOG_LEVEL: 'warn', TF_WEBHOOK_POLL_MS: '0', ...env },
  });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  // Generous: on a loaded CI machine a cold start (migrations, demo seed) can take many seconds.
  const deadline = Date.now() + 60_000;
  let banner: RegExpExecArray | null = null;
  while (Date.now() < deadline && proc.exitCode === null) {
    banner = /API base URL:\s+(http:\/\/127\.0\.0\.1:\d+)\/v1[\s\S]*API key:\s+(sk-tf-\S+)[\s\S]*sign in as (\S+) \/ (\S+)/.exec(out);
    if (banner) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!banner) {
    proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`tf-gateway serve --demo did not start:\n${out}`);
  }
  const [, url, demoKey, email, password] = banner as unknown as [string, string, string, string, string];
  const operator = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text === '' ? null : JSON.parse(text);
  };
  const me = (await operator('GET', '/api/me')) as { organizations: { id: string; name: string }[]; projects: { id: string; org_id: string }[] };
  const org = me.organizations.find((o) => o.name === 'Demo')!;
  const project = me.projects.find((p) => p.org_id === org.id)!;
  return {
    url,
    owner: { email, password },
    demoKey,
    orgId: org.id,
    projectId: project.id,
    adminToken: ADMIN_TOKEN,
    operator,
    output: () => out,
    async createPerson(role, options = {}) {
      people += 1;
      const person = { email: `${role.replace(/_/g, '-')}-${process.pid}-${people}@e2e.test`, password: `correct horse ${people} battery` };
      await promisify(execFile)(process.execPath, [
        BIN, 'admin', 'user', 'create', '--database', database, '--email', person.email, '--password', person.password,
        '--name', options.name ?? `${role} person`, '--org', options.orgId ?? org.id, '--role', role,
      ]);
      return person;
    },
    async close() {
      if (proc.exitCode === null) {
        proc.kill('SIGTERM');
        await Promise.race([once(proc, 'exit'), new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (proc.exitCode === null) proc.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
