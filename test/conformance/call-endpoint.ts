import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One endpoint the gateway imitates. */
export type Api = 'chat' | 'messages' | 'responses' | 'completions' | 'embeddings';

/** What a client received: status, headers and the JSON body or every stream event. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  /** The JSON body of a non-streaming answer (or an error). */
  readonly json: Record<string, unknown> | null;
  /** Stream events in order: the SSE `event:` name (if any) and the parsed data (`[DONE]` left out). */
  readonly events: readonly { readonly event: string | undefined; readonly data: Record<string, unknown> }[];
  /** Whether an OpenAI-style stream ended with `data: [DONE]`. */
  readonly done: boolean;
}

const PATHS: Record<Api, string> = {
  chat: '/v1/chat/completions',
  messages: '/v1/messages',
  responses: '/v1/responses',
  completions: '/v1/completions',
  embeddings: '/v1/embeddings',
};

/** A small request body for `api` that asks for `model`, streaming or not. */
export function sampleBody(api: Api, model: string, stream: boolean): Record<string, unknown> {
  switch (api) {
    case 'chat':
      return { model, messages: [{ role: 'user', content: 'Say hello to the conformance suite.' }], max_tokens: 50, ...(stream ? { stream, stream_options: { include_usage: true } } : {}) };
    case 'messages':
      return { model, max_tokens: 50, messages: [{ role: 'user', content: 'Say hello to the conformance suite.' }], ...(stream ? { stream } : {}) };
    case 'responses':
      return { model, input: 'Say hello to the conformance suite.', max_output_tokens: 50, ...(stream ? { stream } : {}) };
    case 'completions':
      return { model, prompt: 'Say hello to the conformance suite.', max_tokens: 20, ...(stream ? { stream, stream_options: { include_usage: true } } : {}) };
    case 'embeddings':
      return { model, input: ['hello', 'conformance'], encoding_format: 'float' };
  }
}

/** POST a body to one of the gateway's endpoints as a client would, and collect the whole answer. */
export async function callEndpoint(rootURL: string, key: string, api: Api, body: Record<string, unknown>): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${key}` };
  if (api === 'messages') headers['anthropic-version'] = '2023-06-01';
  const res = await fetch(`${rootURL}${PATHS[api]}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/event-stream')) {
    return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown>, events: [], done: false };
  }
  const events: { event: string | undefined; data: Record<string, unknown> }[] = [];
  let done = false;
  // The answer is read whole, then parsed as a client's SSE reader would (eventsource-parser).
  const read: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => read.push(event) });
  parser.feed(await res.text());
  for (const event of read) {
    if (event.data === '[DONE]') {
      done = true;
      continue;
    }
    events.push({ event: event.event, data: JSON.parse(event.data) as Record<string, unknown> });
  }
  return { status: res.status, headers: res.headers, json: null, events, done };
}
