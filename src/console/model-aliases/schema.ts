import { z } from 'zod';
import { pageQueryShape } from '../internal/pagination.js';
import { abilitiesSchema, idParam } from '../internal/wire.js';

/** An alias name: what clients send as `model`; letters, digits and `._:/-`, starting with a letter or digit. */
export const aliasNameSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,99}$/, 'Use 1-100 letters, digits and . _ : / -, starting with a letter or digit.');

/** Path of routes on one organization alias. */
export const orgAliasParams = z.strictObject({
  /** Organization id. */
  orgId: idParam('org'),
  /** Alias id. */
  aliasId: idParam('mal'),
});

/** Path of routes on one project alias. */
export const projectAliasParams = z.strictObject({
  /** Project id. */
  projectId: idParam('proj'),
  /** Alias id. */
  aliasId: idParam('mal'),
});

/** Query of alias lists. */
export const listAliasesQuery = z.strictObject({ ...pageQueryShape });

/** Body of alias creation. */
export const createAliasBody = z.strictObject({
  /** Alias name. */
  name: aliasNameSchema,
  /** Catalogue model id it stands for. */
  target: z.string().min(1).max(200),
});

/** Body of alias update; omitted fields are kept. */
export const updateAliasBody = z.strictObject({
  /** New name. */
  name: aliasNameSchema.optional(),
  /** New target model id. */
  target: z.string().min(1).max(200).optional(),
});

/** An alias as sent. */
export const aliasDto = z.object({
  id: z.string(),
  org_id: z.string(),
  project_id: z.string().nullable(),
  name: z.string(),
  target: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: abilitiesSchema(['read', 'update', 'delete']),
});

/** The alias view. */
export type AliasView = z.infer<typeof aliasDto>;
