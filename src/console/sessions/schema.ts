import { z } from 'zod';
import { organizationPolicy } from '../../auth/policies/organization.js';
import { projectPolicy } from '../../auth/policies/project.js';
import { emailSchema, newPasswordSchema } from '../contract/account-rules.js';
import { abilitiesSchema } from '../internal/wire.js';

/** Re-exported: the rules live in console/contract, shared with the web console. */
export { emailSchema, newPasswordSchema };

/** Body of `POST /sign-up`. */
export const signUpBody = z.strictObject({
  /** Email to sign in with. */
  email: emailSchema,
  /** Password (10-256 characters). */
  password: newPasswordSchema,
  /** Display name. */
  name: z.string().trim().min(1).max(100),
});

/** Body of `POST /sign-in`. */
export const signInBody = z.strictObject({
  /** Email. */
  email: emailSchema,
  /** Password. */
  password: z.string().min(1).max(256),
});

/** `GET /me`: the caller, their organizations with roles, and the projects they can reach. */
export const meDto = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), created_at: z.string() }).nullable().describe('Null for the platform operator.'),
  auth: z.object({
    kind: z.enum(['session', 'access_token', 'operator']),
    organization_id: z.string().nullable().describe('Organization an access token is narrowed to.'),
  }),
  organizations: z.array(z.object({
    id: z.string(),
    name: z.string(),
    role: z.string().nullable(),
    personal: z.boolean(),
    abilities: abilitiesSchema(Object.keys(organizationPolicy) as [string, ...string[]]),
  })),
  projects: z.array(z.object({
    id: z.string(),
    org_id: z.string(),
    name: z.string(),
    role: z.string().nullable().describe('Your project role, if any.'),
    abilities: abilitiesSchema(Object.keys(projectPolicy) as [string, ...string[]]),
  })),
});

/** The `GET /me` view. */
export type MeView = z.infer<typeof meDto>;
