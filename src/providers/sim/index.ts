import { systemClock, type Clock } from '../../core/clock.js';
import { GatewayError, isGatewayError } from '../../core/errors.js';
import type { IrChatRequest, IrStreamEvent } from '../../protocol/ir/index.js';
import { keepTokenizerOnMainThread } from '../../protocol/tokenizer.js';
import { mapUpstreamStatus } from '../http/index.js';
import type { Provider, ProviderCallContext, WireFormat } from '../provider.js';
import { countChatPromptTokens, countCompletionPromptTokens, countEmbeddingInputTokens, countRerankInputTokens } from './count-tokens.js';
import { parseTriggers, type SimTriggers } from './parse-triggers.js';
import { readConversation } from './read-conversation.js';
import { simulateChat } from './simulate-chat.js';
import { simulateCompletion } from './simulate-completion.js';
import { simulateEmbeddings } from './simulate-embeddings.js';
import { simulateRerank } from './simulate-rerank.js';
import { createChatEvents, createCompletionEvents, paceEvents } from './simulate-stream.js';
import { abortReason, waitFor } from './wait-for.js';

/** Options of {@link createSimProvider}. */
export interface SimProviderOptions {
  /** Catalogue id of the provider; `[sim:...@<id>]` triggers target it. */
  readonly id: string;
  /** Source of time for response ids; the system clock by default. */
  readonly clock?: Clock;
  /** Pause between stream events in milliseconds (default 0), to make streaming visible in demos. */
  readonly chunkDelayMs?: number;
}

/** The built-in deterministic upstream: answers in-process, same request → same output (see README). */
export function createSimProvider(options: SimProviderOptions): Provider {
  const { id } = options;
  // The simulator encodes its answers on this thread: the process's estimates share that copy.
  keepTokenizerOnMainThread();
  const clock = options.clock ?? systemClock;
  const delayMs = Math.max(0, options.chunkDelayMs ?? 0);
  let sequence = 0;
  const nextId = (prefix: string): string => `${prefix}-sim${clock.now().toString(36)}${(sequence++).toString(36)}`;
  const pace = (events: IrStreamEvent[], triggers: SimTriggers, context: ProviderCallContext): AsyncIterable<IrStreamEvent> =>
    paceEvents(events, { delayMs, signal: context.signal, failMidStream: triggers.failMidStream, providerId: id });

  return {
    id,
    type: 'sim',
    passthrough: new Set<WireFormat>(),
    chat: (request, context) =>
      answer(id, context, chatTriggerText(request.messages), async () => {
        const result = simulateChat(request, await countChatPromptTokens(request));
        return { id: nextId('chatcmpl'), model: request.model, choices: result.choices, usage: result.usage };
      }),
    streamChat: (request, context) =>
      answer(id, context, chatTriggerText(request.messages), async (triggers) => {
        const result = simulateChat(request, await countChatPromptTokens(request));
        return pace(createChatEvents(nextId('chatcmpl'), request.model, result.choices, result.usage), triggers, context);
      }),
    complete: (request, context) =>
      answer(id, context, (request.prompt ?? []).join('\n'), async () => {
        const result = simulateCompletion(request, await countCompletionPromptTokens(request));
        const choices = result.choices.map(({ echoed: _echoed, ...choice }) => choice);
        return { id: nextId('cmpl'), model: request.model, choices, usage: result.usage };
      }),
    streamComplete: (request, context) =>
      answer(id, context, (request.prompt ?? []).join('\n'), async (triggers) => {
        const result = simulateCompletion(request, await countCompletionPromptTokens(request));
        return pace(createCompletionEvents(nextId('cmpl'), request.model, result.choices, result.usage), triggers, context);
      }),
    embed: (request, context) =>
      answer(id, context, (request.input ?? []).filter((item) => typeof item === 'string').join('\n'), async () =>
        simulateEmbeddings(request, id, await countEmbeddingInputTokens(request)),
      ),
    rerank: (request, context) => answer(id, context, request.query ?? '', async () => simulateRerank(request, await countRerankInputTokens(request))),
    close: () => Promise.resolve(),
  };
}

/** The text whose `[sim:...]` directives apply to a chat call: the last user message. */
function chatTriggerText(messages: IrChatRequest['messages'] | undefined): string {
  return readConversation(messages).userText;
}

/**
 * Run one call the way an HTTP upstream behaves: honour abort, wait out `[sim:slow]`, fail with
 * `[sim:error]` before any byte, then produce the answer. Anything unexpected becomes a GatewayError,
 * so odd input never escapes as a TypeError.
 */
async function answer<T>(
  providerId: string,
  context: ProviderCallContext,
  triggerText: string,
  produce: (triggers: SimTriggers) => Promise<T>,
): Promise<T> {
  try {
    const triggers = parseTriggers(triggerText, providerId);
    if (context.signal.aborted) throw abortReason(context.signal);
    await waitFor(triggers.slowMs, context.signal);
    if (triggers.errorStatus !== null) throw simulatedStatusError(providerId, triggers.errorStatus);
    // Awaited here so a failure of the (asynchronous) prompt count is mapped like any other.
    return await produce(triggers);
  } catch (error) {
    if (isGatewayError(error) || context.signal.aborted) throw error;
    throw new GatewayError('GW_UPSTREAM_ERROR', `The upstream ${providerId} failed on this request.`, { cause: error });
  }
}

/** The GatewayError an HTTP upstream answering `status` would produce (same ladder as real upstreams). */
function simulatedStatusError(providerId: string, status: number): GatewayError {
  const body = JSON.stringify({ error: { message: `simulated HTTP ${status} ([sim:error:${status}])` } });
  return mapUpstreamStatus(providerId, status, {}, body);
}
