import { chatRequestSchema } from '../../protocol/openai/chat-request-schema.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { projectParams } from '../projects/schema.js';
import { playgroundChatResponse } from './schema.js';
import { sendPlaygroundChat } from './service.js';

const tag = 'playground';

/** The console playground: chat through the gateway as the signed-in person, billed to a project. */
export const playgroundRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'POST', url: '/projects/:projectId/playground/chat/completions', tag, auth: 'person', permission: 'project.playground.use',
    summary: 'Chat as yourself, billed to the project: the body and answer of /v1/chat/completions (stream, tools, response_format), no key needed; logged with source playground.',
    params: projectParams, body: chatRequestSchema(), response: playgroundChatResponse,
    handler: ({ ctx, actor, request, reply, params }) => sendPlaygroundChat(ctx, actor, request, reply, params.projectId),
  }),
];
