import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { insertApiKey, updateApiKey } from '../auth/api-key-repository.js';
import { generateApiKeySecret } from '../auth/api-key-secret.js';
import { getOrgBalance, insertLedgerEntry } from '../billing/ledger-repository.js';
import { formatUsdCents, parseUsd } from '../core/money.js';
import { openStore } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';
import type { Database } from '../store/schema.js';
import { AdminCommandError, type AdminCommand, type Values } from './admin-command.js';
import { LIMIT_COMMANDS } from './admin-limits.js';
import { MODEL_ACCESS_COMMANDS } from './admin-model-access.js';
import { USER_COMMANDS } from './admin-user.js';
import { REFUND_COMMANDS } from './admin-refunds.js';
import { PAYMENT_COMMANDS } from './admin-payment.js';
import { LIST_COMMANDS } from './admin-list.js';
import { createOrganization, getOrganization } from '../tenancy/organization-repository.js';
import { createProject, getProject } from '../tenancy/project-repository.js';
import { emitApiKeyEvent } from '../webhooks/emit-api-key-event.js';

/** Where `runAdminCommand` reads the database and writes its output. */
export interface AdminCommandOptions {
  /** Store URL (`sqlite:...` or `postgres://...`). */
  readonly databaseUrl: string;
  /** Receives the one JSON object a command prints (or help text). */
  readonly stdout: (s: string) => void;
  /** Receives error messages; defaults to the process's stderr. */
  readonly stderr?: (s: string) => void;
}

const COMMON = `\n\nOptions for every command:\n  --database URL   sqlite:<path> or postgres://... (default: TF_DATABASE_URL, then sqlite:./data/tf-gateway.db)\n  -h, --help       show this help`;

const COMMANDS: Readonly<Record<string, AdminCommand>> = {
  ...MODEL_ACCESS_COMMANDS,
  ...LIMIT_COMMANDS,
  ...USER_COMMANDS,
  ...REFUND_COMMANDS,
  ...PAYMENT_COMMANDS,
  ...LIST_COMMANDS,
  'org create': {
    options: { name: { type: 'string' } },
    help: 'Usage: tf-gateway admin org create --name NAME\n\nCreate an organization; prints {"id","name","createdAt"}.',
    run: async (db, v) => {
      const org = await createOrganization(db, { name: requireText(v, 'name') });
      return { id: org.id, name: org.name, createdAt: iso(org.createdAt) };
    },
  },
  'project create': {
    options: { org: { type: 'string' }, name: { type: 'string' } },
    help: 'Usage: tf-gateway admin project create --org ORG_ID --name NAME\n\nCreate a project in an organization; prints {"id","orgId","name","createdAt"}.',
    run: async (db, v) => {
      const org = await requireOrg(db, requireText(v, 'org'));
      const project = await createProject(db, { orgId: org.id, name: requireText(v, 'name') });
      return { id: project.id, orgId: project.orgId, name: project.name, createdAt: iso(project.createdAt) };
    },
  },
  'key create': {
    options: { project: { type: 'string' }, name: { type: 'string' }, expires: { type: 'string' }, 'allowed-models': { type: 'string' } },
    help: 'Usage: tf-gateway admin key create --project PROJECT_ID [--name NAME] [--expires ISO_TIME] [--allowed-models ID,ID]\n\nCreate an inference key; prints {"id","name","prefix","secret",...}. The secret is shown only this once.\n--allowed-models limits the key to those model ids (default: every model).',
    run: async (db, v) => {
      const project = await getProject(db, requireText(v, 'project'));
      if (project === null) throw new AdminCommandError(`Project '${String(v.project)}' does not exist.`);
      const expiresAt = v.expires === undefined ? null : parseFutureTime(String(v.expires));
      const generated = generateApiKeySecret();
      const name = v.name === undefined ? 'default' : requireText(v, 'name');
      const allowedModels = v['allowed-models'] === undefined ? null : parseModelList(String(v['allowed-models']));
      const key = await db.transaction().execute(async (trx) => {
        const created = await insertApiKey(trx, { orgId: project.orgId, projectId: project.id, name, prefix: generated.prefix, hash: generated.hash, expiresAt, allowedModels });
        await emitApiKeyEvent(trx, { type: 'api_key.created' }, created, created.createdAt);
        return created;
      });
      return {
        id: key.id, name: key.name, prefix: key.prefix, secret: generated.secret, projectId: key.projectId, orgId: key.orgId, allowedModels: key.allowedModels,
        expiresAt: key.expiresAt === null ? null : iso(key.expiresAt), createdAt: iso(key.createdAt),
      };
    },
  },
  'key disable': {
    options: { id: { type: 'string' } },
    help: 'Usage: tf-gateway admin key disable --id KEY_ID\n\nDisable a key; running gateways refuse it within their key refresh period. Prints {"id","prefix","disabled":true,...}.',
    run: async (db, v) => {
      const id = requireText(v, 'id');
      const key = await db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('api_keys').select('disabled').where('id', '=', id).executeTakeFirst();
        const updated = await updateApiKey(trx, id, { disabled: true });
        if (updated !== null && Number(before?.disabled) === 0) await emitApiKeyEvent(trx, { type: 'api_key.disabled', reason: 'disabled' }, updated, updated.updatedAt);
        return updated;
      });
      if (key === null) throw new AdminCommandError(`Key '${id}' does not exist.`);
      return { id: key.id, name: key.name, prefix: key.prefix, disabled: key.disabled, updatedAt: iso(key.updatedAt) };
    },
  },
  credit: moneyInCommand('credit'),
  grant: moneyInCommand('grant'),
};

const HELP = `Usage: tf-gateway admin <command> [options]

Operator commands; each prints exactly one JSON object on stdout. Migrations run first.

Commands:
  org create      --name NAME
  org list        [--limit N]
  project create  --org ORG_ID --name NAME
  project list    --org ORG_ID
  key list        --project PROJECT_ID | --id KEY_ID   (no secrets: a lost key is replaced with key create)
  key create      --project PROJECT_ID [--name NAME] [--expires ISO_TIME] [--allowed-models ID,ID]
  key disable     --id KEY_ID
  key budget      --id KEY_ID --budget USD|none
  project limits  --project PROJECT_ID [--rpm N|none] [--tpm N|none] [--budget USD|none]
  credit          --org ORG_ID --amount USD [--expires ISO_TIME] [--note TEXT]
  grant           --org ORG_ID --amount USD [--expires ISO_TIME] [--note TEXT]
  refund          --request REQUEST_ID [--amount USD] [--note TEXT]
  payment confirm --id PAYMENT_ID   (a manual top-up has been paid: credit it once)
  payment list    --org ORG_ID [--status STATUS] [--limit N]
  alias create    --org ORG_ID [--project PROJECT_ID] --name NAME --target MODEL
  org allowed-models --org ORG_ID --models ID,ID   (--models '' allows every model)
  user create     --email EMAIL --password PASSWORD [--name NAME] [--org ORG_ID [--role ROLE]]

Run 'tf-gateway admin <command> --help' for details.${COMMON}`;

/** `admin credit` (paid credit) or `admin grant` (an operator's free grant): one positive ledger entry, opening a credit bucket. */
function moneyInCommand(kind: 'credit' | 'grant'): AdminCommand {
  const what = kind === 'credit' ? 'prepaid credit (a ledger credit entry, bucket source paid)' : 'an operator grant (a ledger grant entry, bucket source grant)';
  return {
    options: { org: { type: 'string' }, amount: { type: 'string' }, expires: { type: 'string' }, note: { type: 'string' } },
    help: `Usage: tf-gateway admin ${kind} --org ORG_ID --amount USD [--expires ISO_TIME] [--note TEXT]\n\nAdd ${what}; USD as a decimal such as 10.00. `
      + 'With --expires, what usage has not consumed by then leaves the balance as an expiry entry (usage takes the soonest-expiring credit first). '
      + 'Prints {"orgId","amountUsd","balanceUsd","entryId"} (and "expiresAt" when given).',
    run: async (db, v) => {
      const org = await requireOrg(db, requireText(v, 'org'));
      const text = requireText(v, 'amount');
      const amount = parseUsd(text);
      if (amount === null || amount <= 0n) throw new AdminCommandError(`--amount must be a positive USD decimal with at most 9 decimals (e.g. 10.00); got '${text}'.`, 2);
      const expiresAt = v.expires === undefined ? null : parseFutureTime(String(v.expires));
      const entry = await insertLedgerEntry(db, { orgId: org.id, kind, amountNano: amount, reference: `cli:admin-${kind}`, note: typeof v.note === 'string' ? v.note : null, expiresAt });
      const balance = await getOrgBalance(db, org.id);
      return { orgId: org.id, amountUsd: formatUsdCents(amount), balanceUsd: formatUsdCents(balance), entryId: entry.id, ...(expiresAt === null ? {} : { expiresAt: iso(expiresAt) }) };
    },
  };
}

/** Run `tf-gateway admin ...` (argv after `admin`); resolves to the exit code: 0 ok, 1 failure, 2 usage error. */
export async function runAdminCommand(argv: string[], opts: AdminCommandOptions): Promise<number> {
  const stderr = opts.stderr ?? ((s: string) => void process.stderr.write(s));
  const args = withoutDatabaseFlag(argv);
  const words = args.slice(0, 2).filter((a) => !a.startsWith('-'));
  const name = COMMANDS[words.join(' ')] ? words.join(' ') : (words[0] ?? '');
  const command = COMMANDS[name];
  if (command === undefined) {
    if (name === '' && (args.includes('--help') || args.includes('-h'))) {
      opts.stdout(`${HELP}\n`);
      return 0;
    }
    stderr(`${name === '' ? 'Missing command.' : `Unknown admin command '${words.join(' ')}'.`}\n\n${HELP}\n`);
    return 2;
  }
  try {
    const values = parseFlags(command, args.slice(name.split(' ').length));
    if (values.help === true) {
      opts.stdout(`${command.help}${COMMON}\n`);
      return 0;
    }
    const store = await openStore(opts.databaseUrl);
    try {
      await migrateToLatest(store.db);
      const result = await command.run(store.db, values);
      opts.stdout(`${JSON.stringify(result)}\n`);
      return 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const exitCode = error instanceof AdminCommandError ? error.exitCode : 1;
    stderr(`tf-gateway admin ${name}: ${message}${exitCode === 2 ? `\n\n${command.help}` : ''}\n`);
    return exitCode;
  }
}

/** The arguments without `--database URL` / `--database=URL`, which the caller already resolved into `databaseUrl`. */
function withoutDatabaseFlag(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--database') i++;
    else if (!argv[i]!.startsWith('--database=')) out.push(argv[i]!);
  }
  return out;
}

function parseFlags(command: AdminCommand, args: string[]): Values {
  try {
    const { values } = parseArgs({
      args,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    return values as Values;
  } catch (error) {
    throw new AdminCommandError(error instanceof Error ? error.message : String(error), 2);
  }
}

function requireText(values: Values, flag: string): string {
  const value = values[flag];
  if (typeof value !== 'string' || value.trim() === '') throw new AdminCommandError(`--${flag} is required.`, 2);
  return value.trim();
}

async function requireOrg(db: Kysely<Database>, id: string) {
  const org = await getOrganization(db, id);
  if (org === null) throw new AdminCommandError(`Organization '${id}' does not exist.`);
  return org;
}

function parseFutureTime(text: string): number {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new AdminCommandError(`--expires must be an ISO 8601 time such as 2030-01-31T00:00:00Z; got '${text}'.`, 2);
  if (ms <= Date.now()) throw new AdminCommandError(`--expires must be in the future; got '${text}'.`, 2);
  return ms;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** A comma-separated list of model ids, each `<author>/<name>`. */
function parseModelList(text: string): string[] {
  const ids = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = ids.find((id) => !/^[a-z0-9._-]+\/[a-z0-9._-]+$/i.test(id));
  if (ids.length === 0 || bad !== undefined) {
    throw new AdminCommandError(`--allowed-models takes model ids like openai/gpt-4o-mini, comma-separated${bad ? `; '${bad}' is not one` : ''}.`);
  }
  return ids;
}

