import { z } from 'zod';
import { organizationPolicy } from '../../auth/policies/organization.js';
import { abilitiesSchema, idParam } from '../internal/wire.js';

/** Path of organization routes. */
export const orgParams = z.strictObject({
  /** Organization id. */
  orgId: idParam('org'),
});

/** A URL slug: lower-case letters, digits and dashes. */
export const slugSchema = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, 'Use 1-40 lower-case letters, digits and inner dashes.');

/** Body of `PATCH /orgs/:orgId`. */
export const updateOrgBody = z.strictObject({
  /** New display name. */
  name: z.string().trim().min(1).max(100),
});

/** Body of `POST /orgs`. */
export const createOrgBody = z.strictObject({
  /** Company name. */
  name: z.string().trim().min(1).max(100),
  /** URL slug (unique); optional. */
  slug: slugSchema.optional(),
});

/** Body of `POST /orgs/:orgId/convert`. */
export const convertOrgBody = z.strictObject({
  /** Company name. */
  name: z.string().trim().min(1).max(100),
  /** Company URL slug (unique). */
  slug: slugSchema,
});

/** Body of `PUT /orgs/:orgId/project-access`. */
export const projectAccessBody = z.strictObject({
  /** `open`: every member sees every project; `restricted`: developers and viewers see only their projects. */
  mode: z.enum(['open', 'restricted']),
});

/** Body of `PUT /orgs/:orgId/allowed-models`. */
export const allowedModelsBody = z.strictObject({
  /** Model ids the organization may call; an empty array allows every model. */
  models: z.array(z.string().min(1).max(200)).max(1000),
});

/** An organization as sent. */
export const organizationDto = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  personal: z.boolean(),
  project_access: z.enum(['open', 'restricted']),
  allowed_models: z.array(z.string()),
  role: z.string().nullable().describe('Your organization role (null for the platform operator).'),
  created_at: z.string(),
  abilities: abilitiesSchema(Object.keys(organizationPolicy) as [string, ...string[]]),
});

/** Organization data as the service returns it. */
export type OrganizationView = z.infer<typeof organizationDto>;
