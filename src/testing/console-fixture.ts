import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { insertAccessToken } from '../auth/access-token-repository.js';
import { insertApiKey } from '../auth/api-key-repository.js';
import { generateApiKeySecret } from '../auth/api-key-secret.js';
import { insertUser, type UserRow } from '../auth/user-repository.js';
import { registerConsole, type ConsoleDeps } from '../console/console-plugin.js';
import { createRequestId } from '../core/ids.js';
import type { Database } from '../store/schema.js';
import { insertOrgMembership, insertProjectMembership } from '../auth/membership-repository.js';
import { putOrgSettings } from '../tenancy/org-settings-repository.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { createProject } from '../tenancy/project-repository.js';

/** The operator token the console test apps accept. */
export const TEST_ADMIN_TOKEN = 'test-operator-token-0123456789';

/** Build a Fastify app with only the console registered (as the server does), on a test store. */
export async function buildConsoleApp(db: Kysely<Database>, deps: Partial<ConsoleDeps> = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, genReqId: () => createRequestId(), requestIdHeader: false });
  await registerConsole(app, { db, adminToken: TEST_ADMIN_TOKEN, ...deps });
  await app.ready();
  return app;
}

let counter = 0;

/** A person with an access token (no password: tokens keep role-matrix tests fast). */
export interface TestPerson {
  /** The user row. */
  readonly user: UserRow;
  /** `Authorization` header value. */
  readonly auth: string;
}

/** Create a person and an access token for them. */
export async function createTestPerson(db: Kysely<Database>, label: string, passwordHash: string | null = null): Promise<TestPerson> {
  counter += 1;
  const user = await insertUser(db, { email: `${label}-${counter}-${Date.now()}@example.test`, name: label, passwordHash, now: Date.now() });
  const { secret } = await insertAccessToken(db, { userId: user.id, orgId: null, name: 'test', expiresAt: null, now: Date.now() });
  return { user, auth: `Bearer ${secret}` };
}

/** An organization (with settings) and one project in it. */
export async function createTestOrg(db: Kysely<Database>, options: { readonly personal?: boolean; readonly projectAccess?: 'open' | 'restricted' } = {}) {
  const org = await createOrganization(db, { name: 'Test org' });
  await putOrgSettings(db, org.id, { slug: null, personal: options.personal ?? false, projectAccess: options.projectAccess ?? 'open', allowedModels: [], closedAt: null }, Date.now());
  const project = await createProject(db, { orgId: org.id, name: 'Test project' });
  return { org, project };
}

/** Add a person to an organization (and optionally a project) with roles. */
export async function addTestMember(db: Kysely<Database>, orgId: string, userId: string, role: string, project?: { readonly id: string; readonly role: string }): Promise<void> {
  await insertOrgMembership(db, { orgId, userId, role, now: Date.now() });
  if (project) await insertProjectMembership(db, { orgId, projectId: project.id, userId, role: project.role, now: Date.now() });
}

/** Create an inference key directly in the store. */
export async function createTestKey(db: Kysely<Database>, orgId: string, projectId: string) {
  const generated = generateApiKeySecret();
  const key = await insertApiKey(db, { orgId, projectId, name: 'k', prefix: generated.prefix, hash: generated.hash });
  return { key, secret: generated.secret };
}

/** Options of {@link call}. */
export interface CallOptions {
  /** `Authorization` header value. */
  readonly auth?: string;
  /** Session cookie secret. */
  readonly cookie?: string;
  /** Send `X-Requested-With: XMLHttpRequest` (default true when a cookie is sent). */
  readonly csrf?: boolean;
  /** JSON body. */
  readonly body?: unknown;
}

/** Call the console API and return the response. */
export function call(app: FastifyInstance, method: string, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.auth) headers.authorization = options.auth;
  if (options.cookie) headers.cookie = `tf_session=${options.cookie}`;
  if (options.csrf ?? options.cookie !== undefined) headers['x-requested-with'] = 'XMLHttpRequest';
  return app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}
