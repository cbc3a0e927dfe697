import { isJsonObject, safeParseJson } from '../../core/json.js';
import type { FakeReply, FakeToolCall, FakeUsage } from './types.js';

/** The reply text when none is set. */
export const DEFAULT_TEXT = 'Hello from the fake upstream.';

/** The text the fake says: the configured one, the default, or empty when only tool calls are set. */
export function replyText(reply: FakeReply): string {
  if (reply.text !== undefined) return reply.text;
  return reply.toolCalls !== undefined && reply.toolCalls.length > 0 ? '' : DEFAULT_TEXT;
}

/** Count words in every string (and one per number, for token arrays) under the given request keys. */
export function countRequestWords(body: unknown, keys: readonly string[]): number {
  if (!isJsonObject(body)) return 0;
  return keys.reduce((sum, key) => sum + countWords(body[key]), 0);
}

function countWords(value: unknown): number {
  if (typeof value === 'string') return value.split(/\s+/).filter((w) => w !== '').length;
  if (typeof value === 'number') return 1;
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + countWords(v), 0);
  if (isJsonObject(value)) {
    return Object.entries(value).reduce((sum: number, [k, v]) => sum + (STRUCTURAL_KEYS.has(k) ? 0 : countWords(v)), 0);
  }
  return 0;
}

/** Keys whose values are structure, not prose (`role: "user"` is not a prompt word). */
const STRUCTURAL_KEYS = new Set(['role', 'type', 'id', 'tool_call_id', 'tool_use_id', 'media_type', 'cache_control', 'signature']);

/** Usage for a reply: explicit when set, else request words in, reply words (text + arguments) out. */
export function resolveUsage(reply: FakeReply, promptWords: number, text: string): Required<FakeUsage> {
  const explicit = reply.usage;
  const outputWords =
    countWords(text) + (reply.toolCalls ?? []).reduce((sum, call) => sum + countWords(argumentsText(call)) + 1, 0);
  return {
    inputTokens: explicit?.inputTokens ?? promptWords,
    outputTokens: explicit?.outputTokens ?? outputWords,
    cacheReadTokens: explicit?.cacheReadTokens ?? 0,
    cacheWriteTokens: explicit?.cacheWriteTokens ?? 0,
    reasoningTokens: explicit?.reasoningTokens ?? 0,
  };
}

/** A tool call's arguments as JSON text. */
export function argumentsText(call: FakeToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** A tool call's arguments as an object (`{}` when the string is not a JSON object). */
export function argumentsObject(call: FakeToolCall): Record<string, unknown> {
  if (typeof call.arguments !== 'string') return { ...call.arguments };
  const parsed = safeParseJson(call.arguments);
  return parsed.ok && isJsonObject(parsed.value) ? parsed.value : {};
}

/** Split text into word-sized pieces (each keeps its trailing space) so streams have several deltas. */
export function splitWords(text: string): string[] {
  const pieces = text.match(/\S+\s*|\s+/g);
  return pieces ?? [];
}

/** Split a string into up to `parts` roughly equal pieces (tool-argument deltas). */
export function splitPieces(text: string, parts: number): string[] {
  if (text === '') return [''];
  const size = Math.ceil(text.length / parts);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Echo the request's model, or a placeholder. */
export function requestModel(body: unknown): string {
  return isJsonObject(body) && typeof body.model === 'string' ? body.model : 'fake-model';
}

/** Seconds since the epoch, fixed so snapshots are stable. */
export const FAKE_CREATED = 1763700000;
