import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminJson } from './admin-json.js';
import { loadServerConfig } from '../config/server-config.js';
import { startGateway, type RunningGateway } from '../main.js';

/** A gateway started for one test file, with a provisioned organization, project and key. */
export interface TestGateway {
  readonly gateway: RunningGateway;
  /** `http://127.0.0.1:PORT` (Anthropic SDK base URL). */
  readonly rootURL: string;
  /** `http://127.0.0.1:PORT/v1` (OpenAI SDK base URL). */
  readonly baseURL: string;
  /** An `sk-tf-` secret for the project. */
  readonly key: string;
  readonly orgId: string;
  readonly projectId: string;
  readonly databaseUrl: string;
  /** Run an operator command (`['key', 'create', '--project', id]`) and return its JSON. */
  admin(args: string[]): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Options of {@link startTestGateway}. */
export interface TestGatewayOptions {
  /** Catalogue YAML text. */
  readonly catalogue: string;
  /** Database URL; a fresh SQLite file by default. */
  readonly databaseUrl?: string;
  /** Environment for catalogue secrets. */
  readonly env?: Record<string, string>;
  readonly now?: () => number;
  /** Key cache refresh period (ms). */
  readonly keyRefreshMs?: number;
  /** Credit granted to the organization, USD. */
  readonly creditUsd?: string;
  /** Extra server settings as environment variables (`TF_BALANCE_REFRESH_MS` ...). */
  readonly serverEnv?: Record<string, string>;
  /** Extra `serve` flags (`--redis URL` ...). */
  readonly serveArgs?: readonly string[];
}

/** Start a real gateway on 127.0.0.1 with a random port, a temp catalogue file and a fresh store. */
export async function startTestGateway(options: TestGatewayOptions): Promise<TestGateway> {
  const dir = mkdtempSync(join(tmpdir(), 'tf-gw-'));
  const cataloguePath = join(dir, 'catalogue.yaml');
  writeFileSync(cataloguePath, options.catalogue);
  const databaseUrl = options.databaseUrl ?? `sqlite:${join(dir, 'gateway.db')}`;
  const admin = (args: string[]) => adminJson(databaseUrl, args);
  const org = await admin(['org', 'create', '--name', 'Test org']);
  const project = await admin(['project', 'create', '--org', String(org.id), '--name', 'Test project']);
  const key = await admin(['key', 'create', '--project', String(project.id), '--name', 'test']);
  await admin(['credit', '--org', String(org.id), '--amount', options.creditUsd ?? '100.00']);
  const config = loadServerConfig(['--config', cataloguePath, '--port', '0', '--database', databaseUrl, ...(options.serveArgs ?? [])], {
    TF_LOG_LEVEL: 'silent',
    TF_KEY_REFRESH_MS: String(options.keyRefreshMs ?? 200),
    ...options.serverEnv,
  });
  const gateway = await startGateway(config, { env: options.env ?? {}, ...(options.now ? { now: options.now } : {}) });
  return {
    gateway,
    rootURL: gateway.url,
    baseURL: `${gateway.url}/v1`,
    key: String(key.secret),
    orgId: String(org.id),
    projectId: String(project.id),
    databaseUrl,
    admin,
    async close() {
      await gateway.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
