import { z } from 'zod';
import { PROJECT_ROLES } from '../../auth/permissions.js';
import { pageQueryShape } from '../internal/pagination.js';
import { idParam } from '../internal/wire.js';

/** Path of routes on one project member. */
export const projectMemberParams = z.strictObject({
  /** Project id. */
  projectId: idParam('proj'),
  /** The member's user id. */
  userId: idParam('usr'),
});

/** Query of `GET /projects/:projectId/members`. */
export const listProjectMembersQuery = z.strictObject({ ...pageQueryShape });

/** Body of `POST /projects/:projectId/members`. */
export const addProjectMemberBody = z.strictObject({
  /** User id of an organization member. */
  user_id: idParam('usr'),
  /** Project role (adds to the organization role inside this project). */
  role: z.enum(PROJECT_ROLES),
});

/** Body of `PATCH /projects/:projectId/members/:userId`. */
export const updateProjectMemberBody = z.strictObject({
  /** New project role. */
  role: z.enum(PROJECT_ROLES),
});
