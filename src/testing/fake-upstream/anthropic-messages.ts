import { isJsonObject, safeParseJson } from '../../core/json.js';
import type { FakeAnswer, FakeRequest } from './fake-server.js';
import { argumentsObject, countRequestWords, replyText, requestModel, resolveUsage, splitPieces, splitWords } from './reply-helpers.js';
import type { FakeReply, FakeUsage } from './types.js';

/** A content block of the fake's answer (wire-formats §5.3). */
type Block =
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string }
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'tool_use'; readonly id: string; readonly name: string; readonly input: Record<string, unknown> };

/** Signature the fake puts on thinking blocks. */
export const FAKE_SIGNATURE = 'sig_fake_0123';

/** One Anthropic SSE frame: every frame has its `event:` line, `data.type` equals it. */
export function anthropicFrame(event: string, data: Record<string, unknown>): string {
  return `event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`;
}

/** Anthropic `usage` object. */
function anthropicUsage(usage: Required<FakeUsage>, outputTokens: number): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    output_tokens: outputTokens,
    cache_creation_input_tokens: usage.cacheWriteTokens,
    cache_read_input_tokens: usage.cacheReadTokens,
    cache_creation: { ephemeral_5m_input_tokens: usage.cacheWriteTokens, ephemeral_1h_input_tokens: 0 },
    server_tool_use: null,
    service_tier: 'standard',
    output_tokens_details: null,
    inference_geo: null,
    speed: null,
  };
}

/** Message fields of API version 2026-10-21 (@anthropic-ai/sdk 1.12.0) that are null when nothing applies. */
const NOTHING_APPLIES = { container: null, stop_details: null, diagnostics: null };
/** `caller` of a tool the model called itself. */
const DIRECT = { type: 'direct' };

/** The blocks the fake answers with: thinking (when asked), text, tool calls or the forced tool. */
function buildBlocks(body: Record<string, unknown>, reply: FakeReply): Block[] {
  const blocks: Block[] = [];
  const thinking = body.thinking;
  if (isJsonObject(thinking) && (thinking.type === 'enabled' || thinking.type === 'adaptive')) {
    blocks.push({ type: 'thinking', thinking: reply.reasoning ?? 'Let me think about that.', signature: FAKE_SIGNATURE });
  }
  const forced = isJsonObject(body.tool_choice) && body.tool_choice.type === 'tool' ? body.tool_choice.name : undefined;
  if (typeof forced === 'string' && (reply.toolCalls ?? []).length === 0) {
    // A forced tool (e.g. the JSON-mode tool) is answered with the reply text as its input object.
    const parsed = safeParseJson(replyText(reply));
    const input = parsed.ok && isJsonObject(parsed.value) ? parsed.value : {};
    blocks.push({ type: 'tool_use', id: 'toolu_fake_1', name: forced, input });
    return blocks;
  }
  const text = replyText(reply);
  if (text !== '') blocks.push({ type: 'text', text });
  (reply.toolCalls ?? []).forEach((call, i) => {
    blocks.push({ type: 'tool_use', id: call.id ?? `toolu_fake_${i + 1}`, name: call.name, input: argumentsObject(call) });
  });
  return blocks;
}

/** `POST /v1/messages`, non-streaming (§5.3) or streaming (§5.4). */
export function answerMessages(request: FakeRequest): FakeAnswer {
  const body = isJsonObject(request.body) ? request.body : {};
  const blocks = buildBlocks(body, request.reply);
  const outText = blocks.map((b) => (b.type === 'text' ? b.text : b.type === 'thinking' ? b.thinking : '')).join(' ');
  const usage = resolveUsage(request.reply, countRequestWords(body, ['messages', 'system']), outText);
  const hasTool = blocks.some((b) => b.type === 'tool_use');
  const stopReason = request.reply.finishReason ?? (hasTool ? 'tool_use' : 'end_turn');
  const stopSequence = stopReason === 'stop_sequence' && Array.isArray(body.stop_sequences) ? (body.stop_sequences[0] ?? null) : null;
  const withUsage = request.behaviour.kind !== 'no-usage';
  const message = {
    id: 'msg_fake_01', type: 'message', role: 'assistant', model: requestModel(body),
    // Text blocks carry no `citations` key, as the API answers (only the stream's content_block_start has `null`).
    content: blocks.map((b) => (b.type === 'tool_use' ? { ...b, caller: DIRECT } : b)),
    stop_reason: stopReason, stop_sequence: stopSequence, ...NOTHING_APPLIES,
    ...(withUsage ? { usage: anthropicUsage(usage, usage.outputTokens) } : {}),
  };
  if (body.stream !== true) return { kind: 'json', body: message };
  const start = { ...message, content: [], stop_reason: null, stop_sequence: null, ...(withUsage ? { usage: anthropicUsage(usage, 1) } : {}) };
  const frames = [anthropicFrame('message_start', { message: start })];
  blocks.forEach((block, index) => {
    frames.push(...blockFrames(block, index));
    // The docs show a ping right after the first content_block_start.
    if (index === 0) frames.splice(2, 0, anthropicFrame('ping', {}));
  });
  const deltaUsage = withUsage
    ? { usage: { input_tokens: usage.inputTokens, output_tokens: usage.outputTokens, cache_creation_input_tokens: usage.cacheWriteTokens, cache_read_input_tokens: usage.cacheReadTokens, output_tokens_details: null, server_tool_use: null } }
    : {};
  frames.push(anthropicFrame('message_delta', { delta: { stop_reason: stopReason, stop_sequence: stopSequence, container: null, stop_details: null }, ...deltaUsage }));
  frames.push(anthropicFrame('message_stop', {}));
  return { kind: 'sse', frames, terminal: 1 };
}

/** content_block_start, its deltas, content_block_stop. */
function blockFrames(block: Block, index: number): string[] {
  const delta = (d: Record<string, unknown>): string => anthropicFrame('content_block_delta', { index, delta: d });
  const frames: string[] = [];
  if (block.type === 'text') {
    frames.push(anthropicFrame('content_block_start', { index, content_block: { type: 'text', text: '', citations: null } }));
    for (const piece of splitWords(block.text)) frames.push(delta({ type: 'text_delta', text: piece }));
  } else if (block.type === 'thinking') {
    frames.push(anthropicFrame('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } }));
    for (const piece of splitWords(block.thinking)) frames.push(delta({ type: 'thinking_delta', thinking: piece }));
    frames.push(delta({ type: 'signature_delta', signature: block.signature }));
  } else {
    frames.push(anthropicFrame('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {}, caller: DIRECT } }));
    // Real streams open with an empty partial_json piece.
    for (const piece of ['', ...splitPieces(JSON.stringify(block.input), 3)]) frames.push(delta({ type: 'input_json_delta', partial_json: piece }));
  }
  frames.push(anthropicFrame('content_block_stop', { index }));
  return frames;
}
