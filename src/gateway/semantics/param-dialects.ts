import type { ModelCapabilities } from '../../config/catalogue-types.js';
import { GatewayError } from '../../core/errors.js';
import { isJsonObject } from '../../core/json.js';

/** Client formats whose parameters the gateway shapes. */
export type ParamFormat = 'openai-chat' | 'openai-completions' | 'openai-embeddings' | 'anthropic-messages' | 'openai-responses' | 'rerank';

/** How one client format names the parameters the gateway shapes; differences are data, not branches. */
export interface ParamDialect {
  /** Every top-level field the gateway recognises for this endpoint (wire-formats reference); others are dropped. */
  readonly recognised: ReadonlySet<string>;
  /** Output limit fields in the order they are read; the first is written when none is set. Empty: no limit. */
  readonly maxTokens: readonly string[];
  /** Field for `@temperature`, or null when the endpoint has none. */
  readonly temperature: string | null;
  /** Field for `@topp`, or null. */
  readonly topP: string | null;
  /** Fields that carry reasoning controls (dropped on models without adjustable reasoning). */
  readonly reasoningFields: readonly string[];
  /** Refuse requests that ask for a capability the model lacks (400 `unsupported_parameter`). */
  readonly checkCapabilities: (body: Record<string, unknown>, caps: ModelCapabilities) => void;
  /**
   * Fields asking for something the translation through the IR cannot carry (token logprobs, logit
   * bias, predicted outputs ...): when the upstream is not passed the body, they are dropped and
   * named in `x-tf-ignored-params` rather than answered with a silent `null`.
   */
  readonly untranslated: readonly string[];
}

const set = (...names: string[]): ReadonlySet<string> => new Set(names);

/** Chat completions fields (wire-formats §1.1, incl. the "also seen" row), plus `thinking` as a gateway extension. */
const CHAT = set(
  'model', 'messages', 'temperature', 'top_p', 'n', 'stop', 'seed', 'presence_penalty', 'frequency_penalty', 'logit_bias',
  'logprobs', 'top_logprobs', 'max_tokens', 'max_completion_tokens', 'stream', 'stream_options', 'tools', 'tool_choice',
  'parallel_tool_calls', 'response_format', 'reasoning_effort', 'user', 'metadata', 'store', 'service_tier', 'modalities',
  'audio', 'prediction', 'verbosity', 'web_search_options', 'prompt_cache_key', 'prompt_cache_retention', 'safety_identifier',
  'functions', 'function_call', 'thinking',
);
/** Legacy completions fields (wire-formats §4.2). */
const COMPLETIONS = set(
  'model', 'prompt', 'suffix', 'echo', 'logprobs', 'best_of', 'n', 'max_tokens', 'stop', 'temperature', 'top_p',
  'presence_penalty', 'frequency_penalty', 'logit_bias', 'seed', 'stream', 'stream_options', 'user',
);
/** Embeddings fields (wire-formats §4.1). */
const EMBEDDINGS = set('model', 'input', 'encoding_format', 'dimensions', 'user');
/** Messages fields (wire-formats §5.2). */
const MESSAGES = set(
  'model', 'max_tokens', 'messages', 'system', 'tools', 'tool_choice', 'stop_sequences', 'temperature', 'top_p', 'top_k',
  'thinking', 'stream', 'metadata', 'output_config', 'service_tier', 'cache_control', 'container', 'inference_geo', 'speed',
  'thread',
);
/** Responses fields (wire-formats §6.1). */
const RESPONSES = set(
  'model', 'input', 'instructions', 'tools', 'tool_choice', 'text', 'reasoning', 'max_output_tokens', 'stream',
  'stream_options', 'previous_response_id', 'store', 'temperature', 'top_p', 'parallel_tool_calls', 'truncation', 'metadata',
  'include', 'background', 'conversation', 'prompt', 'prompt_cache_key', 'safety_identifier', 'service_tier', 'top_logprobs', 'user',
);
/** Rerank fields of the Cohere v1/v2 and Jina shapes (wire-formats §7.6). */
const RERANK = set(
  'model', 'query', 'documents', 'texts', 'top_n', 'top_k', 'return_documents', 'return_text', 'rank_fields',
  'max_chunks_per_doc', 'max_tokens_per_doc', 'truncate', 'truncation', 'priority',
);

function unsupported(param: string, what: string): GatewayError {
  return new GatewayError('GW_UNSUPPORTED_PARAMETER', `This model does not support ${what}.`, { param });
}

/** Shared checks: tools and streaming. */
function checkToolsAndStream(body: Record<string, unknown>, caps: ModelCapabilities): void {
  if (Array.isArray(body.tools) && body.tools.length > 0 && !caps.tools) throw unsupported('tools', 'tools');
  if (body.stream === true && !caps.streaming) throw unsupported('stream', 'streaming');
}

/** The first image part of a message list (`image_url` for chat, `image`/`input_image` for others), as a param path. */
function findImage(messages: unknown, types: ReadonlySet<string>, listKey: string): string | null {
  if (!Array.isArray(messages)) return null;
  for (let i = 0; i < messages.length; i++) {
    const content = isJsonObject(messages[i]) ? (messages[i] as Record<string, unknown>).content : undefined;
    if (!Array.isArray(content)) continue;
    for (let j = 0; j < content.length; j++) {
      const part = content[j];
      if (isJsonObject(part) && typeof part.type === 'string' && types.has(part.type)) return `${listKey}[${i}].content[${j}]`;
    }
  }
  return null;
}

function checkChat(body: Record<string, unknown>, caps: ModelCapabilities): void {
  checkToolsAndStream(body, caps);
  const format = isJsonObject(body.response_format) ? body.response_format.type : undefined;
  if (format === 'json_object' && !caps.jsonObject) throw unsupported('response_format', 'JSON mode (json_object)');
  if (format === 'json_schema' && !caps.jsonSchema) throw unsupported('response_format', 'structured output (json_schema)');
  const image = caps.vision ? null : findImage(body.messages, set('image_url'), 'messages');
  if (image !== null) throw unsupported(image, 'image input');
}

function checkMessages(body: Record<string, unknown>, caps: ModelCapabilities): void {
  checkToolsAndStream(body, caps);
  const format = isJsonObject(body.output_config) && isJsonObject(body.output_config.format) ? body.output_config.format.type : undefined;
  if (format === 'json_schema' && !caps.jsonSchema) throw unsupported('output_config.format', 'structured output (json_schema)');
  const image = caps.vision ? null : findImage(body.messages, set('image'), 'messages');
  if (image !== null) throw unsupported(image, 'image input');
}

function checkResponses(body: Record<string, unknown>, caps: ModelCapabilities): void {
  checkToolsAndStream(body, caps);
  const format = isJsonObject(body.text) && isJsonObject(body.text.format) ? body.text.format.type : undefined;
  if (format === 'json_object' && !caps.jsonObject) throw unsupported('text.format', 'JSON mode (json_object)');
  if (format === 'json_schema' && !caps.jsonSchema) throw unsupported('text.format', 'structured output (json_schema)');
  const image = caps.vision ? null : findImage(body.input, set('input_image'), 'input');
  if (image !== null) throw unsupported(image, 'image input');
}

/** The dialect of every client format; one place, from the wire-formats reference. */
export const PARAM_DIALECTS: Readonly<Record<ParamFormat, ParamDialect>> = {
  'openai-chat': {
    recognised: CHAT,
    maxTokens: ['max_completion_tokens', 'max_tokens'],
    temperature: 'temperature',
    topP: 'top_p',
    reasoningFields: ['reasoning_effort', 'thinking'],
    checkCapabilities: checkChat,
    untranslated: ['logprobs', 'top_logprobs', 'logit_bias', 'prediction', 'audio', 'web_search_options', 'functions', 'function_call'],
  },
  'openai-completions': {
    recognised: COMPLETIONS,
    maxTokens: ['max_tokens'],
    temperature: 'temperature',
    topP: 'top_p',
    reasoningFields: [],
    checkCapabilities: (body, caps) => checkToolsAndStream(body, caps),
    untranslated: ['logprobs', 'best_of', 'logit_bias'],
  },
  'openai-embeddings': { recognised: EMBEDDINGS, maxTokens: [], temperature: null, topP: null, reasoningFields: [], checkCapabilities: () => {}, untranslated: [] },
  'anthropic-messages': {
    recognised: MESSAGES,
    maxTokens: ['max_tokens'],
    temperature: 'temperature',
    topP: 'top_p',
    reasoningFields: ['thinking'],
    checkCapabilities: checkMessages,
    untranslated: [],
  },
  'openai-responses': {
    recognised: RESPONSES,
    maxTokens: ['max_output_tokens'],
    temperature: 'temperature',
    topP: 'top_p',
    reasoningFields: ['reasoning'],
    checkCapabilities: checkResponses,
    untranslated: ['top_logprobs'],
  },
  rerank: { recognised: RERANK, maxTokens: [], temperature: null, topP: null, reasoningFields: [], checkCapabilities: () => {}, untranslated: [] },
};
