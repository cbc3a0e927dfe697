import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorizeProject, type Actor } from '../../auth/authorize.js';
import { GatewayError } from '../../core/errors.js';
import type { ConsoleContext } from '../internal/console-context.js';

/**
 * Send a chat request from the playground: authorize the person in the project, then hand the
 * request to the gateway's own chat path, which answers on `reply` (JSON or a stream) and writes
 * the request log. No key is created; the request is billed to the project and logged as the
 * person's, with `source: playground`.
 */
export async function sendPlaygroundChat(
  ctx: ConsoleContext,
  actor: Extract<Actor, { kind: 'user' }>,
  request: FastifyRequest,
  reply: FastifyReply,
  projectId: string,
): Promise<FastifyReply> {
  const access = await authorizeProject(ctx.db, actor, projectId, 'project.playground.use');
  if (ctx.playgroundChat === null) {
    throw new GatewayError('GW_OVERLOADED', 'The playground needs the gateway, and this process serves only the console API.');
  }
  await ctx.playgroundChat(request, reply, { orgId: access.orgId, projectId, userId: actor.userId });
  return reply;
}
