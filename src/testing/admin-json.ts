import { runAdminCommand } from '../cli/admin.js';

/** Run one `tf-gateway admin` command in this process against `databaseUrl` and return its JSON answer. */
export async function adminJson(databaseUrl: string, args: readonly string[]): Promise<Record<string, unknown>> {
  let out = '';
  const code = await runAdminCommand([...args], { databaseUrl, stdout: (s) => (out += s) });
  if (code !== 0) throw new Error(`admin ${args.join(' ')} exited ${code}: ${out}`);
  return JSON.parse(out) as Record<string, unknown>;
}

/** An organization credited with `amount` (a decimal string), one project in it and a key: what a test gateway serves. */
export async function createFundedKey(databaseUrl: string, options: { org: string; amount: string }): Promise<{ orgId: string; projectId: string; key: string }> {
  const org = await adminJson(databaseUrl, ['org', 'create', '--name', options.org]);
  const project = await adminJson(databaseUrl, ['project', 'create', '--org', String(org.id), '--name', 'p']);
  const key = await adminJson(databaseUrl, ['key', 'create', '--project', String(project.id)]);
  await adminJson(databaseUrl, ['credit', '--org', String(org.id), '--amount', options.amount]);
  return { orgId: String(org.id), projectId: String(project.id), key: String(key.secret) };
}
