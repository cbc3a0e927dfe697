import type { Kysely } from 'kysely';
import { insertApiKey } from '../auth/api-key-repository.js';
import { generateApiKeySecret } from '../auth/api-key-secret.js';
import { insertOrgMembership } from '../auth/membership-repository.js';
import { hashPassword } from '../auth/password.js';
import { randomBase62 } from '../auth/random-secret.js';
import { insertUser } from '../auth/user-repository.js';
import { hasLedgerReference, insertLedgerEntry } from '../billing/ledger-repository.js';
import { NANO_PER_USD } from '../core/money.js';
import type { Database } from '../store/schema.js';
import { createOrganization, findOrganizationsByName, type OrganizationRow } from '../tenancy/organization-repository.js';
import { createProject, listProjects, type ProjectRow } from '../tenancy/project-repository.js';

/** Ledger reference of the demo grant; marks an organization as the seeded demo one. */
export const DEMO_SEED_REFERENCE = 'seed:demo';

const DEMO_ORG_NAME = 'Demo';
const DEMO_PROJECT_NAME = 'Default';
const DEMO_KEY_NAME = 'demo';
const DEMO_CREDIT_NANO = 10n * NANO_PER_USD;

/** The demo key, with its secret: shown once, when it is created. */
export interface SeededDemoKey {
  /** `key_...` id. */
  readonly id: string;
  /** Key name (`demo`). */
  readonly name: string;
  /** Display prefix. */
  readonly prefix: string;
  /** The `sk-tf-` secret; not stored, cannot be shown again. */
  readonly secret: string;
}

/** What {@link seedDemo} found or created. */
export interface SeedDemoResult {
  /** True when this call created the demo data; false when it already existed. */
  readonly created: boolean;
  /** The demo organization. */
  readonly org: OrganizationRow;
  /** Its first project. */
  readonly project: ProjectRow;
  /** The new key; present only when `created`. */
  readonly key?: SeededDemoKey;
  /** The console owner's sign-in, shown once (only when created). */
  readonly owner?: { readonly email: string; readonly password: string };
  /** The demo credit, nano-USD. */
  readonly creditNano: bigint;
}

/** Email of the demo console owner. */
export const DEMO_OWNER_EMAIL = 'owner@demo.local';

/**
 * Create the demo organization 'Demo', project 'Default', key 'demo' and a $10.00 grant, once.
 * The grant's reference {@link DEMO_SEED_REFERENCE} is the marker: when it exists nothing is created.
 */
export async function seedDemo(db: Kysely<Database>, now: number = Date.now()): Promise<SeedDemoResult> {
  const creditNano = DEMO_CREDIT_NANO;
  const existing = await findSeededOrg(db);
  if (existing !== null) {
    const [project] = await listProjects(db, existing.id);
    if (project === undefined) throw new Error(`The demo organization ${existing.id} has no project; create one with 'tf-gateway admin project create'.`);
    return { created: false, org: existing, project, creditNano };
  }
  // Hashed before the transaction: scrypt is deliberately slow and must not hold a write lock.
  const ownerPassword = randomBase62(20);
  const ownerHash = await hashPassword(ownerPassword);
  const create = async (trx: Kysely<Database>): Promise<SeedDemoResult> => {
    const org = await createOrganization(trx, { name: DEMO_ORG_NAME, now });
    const project = await createProject(trx, { orgId: org.id, name: DEMO_PROJECT_NAME, now });
    const generated = generateApiKeySecret();
    const key = await insertApiKey(trx, { orgId: org.id, projectId: project.id, name: DEMO_KEY_NAME, prefix: generated.prefix, hash: generated.hash, now });
    await insertLedgerEntry(trx, { orgId: org.id, kind: 'grant', amountNano: creditNano, reference: DEMO_SEED_REFERENCE, note: 'Demo credit', now });
    const owner = await insertUser(trx, { email: DEMO_OWNER_EMAIL, name: 'Demo owner', passwordHash: ownerHash, now });
    await insertOrgMembership(trx, { orgId: org.id, userId: owner.id, role: 'owner', now });
    return {
      created: true,
      org,
      project,
      key: { id: key.id, name: key.name, prefix: key.prefix, secret: generated.secret },
      owner: { email: DEMO_OWNER_EMAIL, password: ownerPassword },
      creditNano,
    };
  };
  return db.isTransaction ? create(db) : db.transaction().execute(create);
}

async function findSeededOrg(db: Kysely<Database>): Promise<OrganizationRow | null> {
  for (const org of await findOrganizationsByName(db, DEMO_ORG_NAME)) {
    if (await hasLedgerReference(db, org.id, DEMO_SEED_REFERENCE)) return org;
  }
  return null;
}
