import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { GatewayError } from '../../core/errors.js';
import { onFirstUse } from '../../core/on-first-use.js';
import type { MessagesRequestBody } from '../../protocol/anthropic-messages/request-schema.js';
import type { ResponseStore } from './response-store.js';

/**
 * Server-held message threads of `/v1/messages` (`thread`, beta `message-threads-2026-08-12` of
 * @anthropic-ai/sdk 1.x), kept like `previous_response_id`: each answer of a thread is a stored
 * response (id `msg_…`) holding the whole conversation, its answer included, and the `system` and
 * `tools` the thread was created with. A `continue` sends only the new messages; the upstream is sent
 * the whole conversation, so it bills the stored turns as the prompt they are.
 */

/**
 * A continuation still unfinished this long after its claim is taken to be lost (its process died):
 * another request may then continue the message. Longer than any request runs in practice (an
 * upstream that stays silent for 60 s is cut off); a stream still going after it forks the thread.
 */
export const ABANDONED_CLAIM_MS = 15 * 60_000;

/** Fields the thread keeps from its `create`; a `continue` may leave them out or repeat them unchanged. */
const CREATE_ONLY = ['system', 'tools'] as const;

/** What a thread's stored row holds besides the conversation. */
const threadRecordSchema = onFirstUse(() => z.object({ object: z.literal('message.thread'), system: z.unknown().optional(), tools: z.unknown().optional() }));
const conversationSchema = onFirstUse(() => z.array(z.looseObject({ role: z.enum(['user', 'assistant']), content: z.unknown() })));

/** Thread message ids share the prefix of Messages ids; stored `/v1/responses` answers never match. */
export function isThreadMessageId(id: string): boolean {
  return id.startsWith('msg_');
}

/** Who is asking: the key's scope and the request id that claims a continuation. */
export interface ThreadCaller {
  readonly orgId: string;
  readonly projectId: string;
  readonly keyId: string | null;
  readonly requestId: string;
}

/** The assistant answer a turn produced, as the client received it. */
export interface ThreadAnswer {
  readonly id: string;
  readonly content: readonly unknown[];
}

/** One request on a thread. */
export interface ThreadTurn {
  /** The request to send on: the stored conversation before this request's messages; no `thread` field. */
  readonly body: MessagesRequestBody;
  /** Store the answer as the thread's newest message (call before the client can see it end). */
  save(answer: ThreadAnswer, model: string, now: number): Promise<void>;
  /** The request is over: a continuation that saved nothing frees its message for another try. */
  end(now: number): Promise<void>;
}

/** The body without `thread`: what any upstream is sent. */
function withoutThread(body: MessagesRequestBody): MessagesRequestBody {
  const { thread: _thread, ...rest } = body;
  return rest;
}

/** Open the thread a request names, or null when it names none (`thread` absent or null). */
export async function openThread(store: ResponseStore, caller: ThreadCaller, body: MessagesRequestBody): Promise<ThreadTurn | null> {
  const thread = body.thread;
  if (thread === undefined || thread === null) return null;
  if (thread.type === 'create') return turn(store, caller, withoutThread(body), [...body.messages], fingerprintOf(body), null);
  const previousId = thread.previous_message_id;
  const now = Date.now();
  const claimTimes = { at: now, staleBefore: now - ABANDONED_CLAIM_MS };
  const claim = isThreadMessageId(previousId) ? await store.claimContinue(caller.projectId, previousId, caller.requestId, claimTimes) : 'missing';
  if (claim === 'missing') throw threadError('GW_THREAD_NOT_FOUND', `No message thread with id '${previousId}' in this project; send the whole conversation with thread: {"type": "create"}.`);
  if (claim === 'in_flight') throw threadError('GW_THREAD_CONTINUE_IN_FLIGHT', `Another request is continuing from '${previousId}'; continue from its answer once it completes.`);
  if (claim === 'continued') throw threadError('GW_THREAD_ALREADY_CONTINUED', `The message '${previousId}' was already continued; continue from the thread's newest message id.`);
  const release = () => store.endContinue(previousId, caller.requestId, { done: false, at: 0 });
  try {
    const stored = await store.find(caller.projectId, previousId);
    const record = threadRecordSchema().safeParse(stored?.response);
    const conversation = conversationSchema().safeParse(stored?.conversation);
    if (!record.success || !conversation.success) throw threadError('GW_THREAD_NOT_FOUND', `No message thread with id '${previousId}' in this project.`);
    const changed = CREATE_ONLY.filter((field) => body[field] !== undefined && !isDeepStrictEqual(body[field], record.data[field]));
    if (changed.length > 0) {
      throw threadError(
        'GW_THREAD_FINGERPRINT_MISMATCH',
        `${changed.join(' and ')} differ from the thread's; send the values it was created with (or leave them out), or start a new thread with thread: {"type": "create"}.`,
        changed[0],
      );
    }
    const full = { ...withoutThread(body), messages: [...(conversation.data as MessagesRequestBody['messages']), ...body.messages] };
    delete full.system;
    delete full.tools;
    const kept = record.data as Pick<MessagesRequestBody, 'system' | 'tools'>;
    if (kept.system !== undefined) full.system = kept.system;
    if (kept.tools !== undefined) full.tools = kept.tools;
    return turn(store, caller, full, full.messages, { system: kept.system, tools: kept.tools }, previousId);
  } catch (error) {
    await release();
    throw error;
  }
}

function fingerprintOf(body: MessagesRequestBody): Record<string, unknown> {
  return { system: body.system, tools: body.tools };
}

function turn(
  store: ResponseStore,
  caller: ThreadCaller,
  body: MessagesRequestBody,
  messages: readonly unknown[],
  fingerprint: Record<string, unknown>,
  continues: string | null,
): ThreadTurn {
  let saved = false;
  let ended = false;
  return {
    body,
    async save(answer, model, now) {
      const conversation = [...messages, { role: 'assistant', content: answer.content }];
      await store.save({
        id: answer.id, orgId: caller.orgId, projectId: caller.projectId, keyId: caller.keyId, model,
        conversation, response: { object: 'message.thread', ...definedOnly(fingerprint) }, createdAt: now,
      });
      saved = true;
      if (continues !== null) await store.endContinue(continues, caller.requestId, { done: true, at: now });
    },
    async end(now) {
      if (ended) return;
      ended = true;
      if (continues !== null && !saved) await store.endContinue(continues, caller.requestId, { done: false, at: now });
    },
  };
}

function definedOnly(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}

function threadError(code: 'GW_THREAD_NOT_FOUND' | 'GW_THREAD_ALREADY_CONTINUED' | 'GW_THREAD_CONTINUE_IN_FLIGHT' | 'GW_THREAD_FINGERPRINT_MISMATCH', message: string, param = 'thread'): GatewayError {
  return new GatewayError(code, message, { param: code === 'GW_THREAD_FINGERPRINT_MISMATCH' ? param : 'thread.previous_message_id' });
}
