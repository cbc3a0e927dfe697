import { z } from 'zod';
import { projectPolicy } from '../../auth/policies/project.js';
import { pageQueryShape } from '../internal/pagination.js';
import { abilitiesSchema, idParam } from '../internal/wire.js';

/** Path of routes on one project. */
export const projectParams = z.strictObject({
  /** Project id. */
  projectId: idParam('proj'),
});

/** Query of `GET /orgs/:orgId/projects`. */
export const listProjectsQuery = z.strictObject({ ...pageQueryShape });

/** Body of `POST /orgs/:orgId/projects`. */
export const createProjectBody = z.strictObject({
  /** Display name. */
  name: z.string().trim().min(1).max(100),
});

/** Body of `PATCH /projects/:projectId`. */
export const updateProjectBody = z.strictObject({
  /** New display name. */
  name: z.string().trim().min(1).max(100),
});

/** A project as sent. */
export const projectDto = z.object({
  id: z.string(),
  org_id: z.string(),
  name: z.string(),
  role: z.string().nullable().describe('Your project role, if any (it adds to your organization role).'),
  created_at: z.string(),
  abilities: abilitiesSchema(Object.keys(projectPolicy) as [string, ...string[]]),
});

/** The project view. */
export type ProjectView = z.infer<typeof projectDto>;
