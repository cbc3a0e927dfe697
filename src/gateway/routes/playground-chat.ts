import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedKey } from '../../auth/key-cache.js';
import type { GatewayDeps } from '../gateway-deps.js';
import { runInference } from '../inference-session.js';
import { serveChatCompletion } from './chat-completions.js';

/** The person and project a playground request is for (the console has authorized them). */
export interface PlaygroundCaller {
  readonly orgId: string;
  readonly projectId: string;
  readonly userId: string;
}

/** Answers a console playground chat request on the console's request and reply. */
export type PlaygroundChat = (request: FastifyRequest, reply: FastifyReply, caller: PlaygroundCaller) => Promise<void>;

/**
 * The console playground's way into `/v1/chat/completions`: the same session, resolution,
 * admission, relay, metering and request log, with a stand-in key for the person instead of an
 * `sk-tf-` key (billed to the project, logged with `source: playground` and the user, no key id).
 */
export function createPlaygroundChat(deps: GatewayDeps): PlaygroundChat {
  return (request, reply, caller) => runInference(deps, request, reply, 'chat.completions', serveChatCompletion, playgroundKey(caller, deps.now()));
}

function playgroundKey(caller: PlaygroundCaller, now: number): CachedKey {
  return {
    id: '',
    orgId: caller.orgId,
    projectId: caller.projectId,
    name: 'playground',
    prefix: '',
    hash: '',
    disabled: false,
    expiresAt: null,
    allowedModels: null,
    updatedAt: now,
    playgroundUserId: caller.userId,
  };
}
