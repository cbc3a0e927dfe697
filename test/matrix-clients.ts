import Anthropic from '@anthropic-ai/sdk';
import Anthropic0 from 'anthropic-sdk-0';
import OpenAI from 'openai';

/** What one turn of a tool round trip produced, in client-neutral terms. */
export interface TurnResult {
  readonly text: string;
  readonly call: { readonly id: string; readonly name: string; readonly args: unknown } | null;
  /** The format's own finish value (`tool_calls`, `tool_use`, `completed` ...). */
  readonly finish: string;
  readonly input: number;
  readonly output: number;
  readonly cost: string;
}

/** A tool round trip driven through one official SDK: the first turn, then the answer to the tool call. */
export interface ClientDriver {
  readonly name: string;
  /** Finish values expected after the tool call and after the final answer. */
  readonly finishes: { readonly tool: string; readonly done: string };
  roundTrip(model: string, stream: boolean): Promise<{ first: TurnResult; next(toolOutput: string): Promise<TurnResult> }>;
}

/** The question every cell asks; the sim calls `get_weather` for Oslo because the text names the tool. */
export const QUESTION = 'What is the weather in Oslo? Use get_weather.';

const WEATHER_SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** Chat completions through `openai`. */
export function chatDriver(baseURL: string, apiKey: string): ClientDriver {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
  const tools: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', parameters: WEATHER_SCHEMA } }];
  const turn = async (model: string, stream: boolean, messages: OpenAI.ChatCompletionMessageParam[]) => {
    const completion = stream
      ? await client.chat.completions.stream({ model, messages, tools, stream_options: { include_usage: true } }).finalChatCompletion()
      : await client.chat.completions.create({ model, messages, tools });
    const choice = completion.choices[0]!;
    const call = choice.message.tool_calls?.[0];
    const usage = completion.usage as OpenAI.CompletionUsage & { cost: string };
    const result: TurnResult = {
      text: choice.message.content ?? '',
      call: call?.type === 'function' ? { id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) } : null,
      finish: choice.finish_reason,
      input: usage.prompt_tokens,
      output: usage.completion_tokens,
      cost: usage.cost,
    };
    return { result, message: choice.message };
  };
  return {
    name: 'chat completions (openai)',
    finishes: { tool: 'tool_calls', done: 'stop' },
    async roundTrip(model, stream) {
      const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: QUESTION }];
      const first = await turn(model, stream, messages);
      return {
        first: first.result,
        next: async (toolOutput) => {
          const toolMessage: OpenAI.ChatCompletionToolMessageParam = { role: 'tool', tool_call_id: first.result.call?.id ?? '', content: toolOutput };
          return (await turn(model, stream, [...messages, first.message as OpenAI.ChatCompletionAssistantMessageParam, toolMessage])).result;
        },
      };
    },
  };
}

/** The Messages surface both SDK lines share, as far as the matrix uses it. */
interface MessagesClient {
  messages: {
    create(params: Record<string, unknown>): Promise<unknown>;
    stream(params: Record<string, unknown>): { on(event: 'streamEvent', listener: (event: unknown) => void): unknown; finalMessage(): Promise<unknown> };
  };
}

interface MessageShape {
  content: { type: string; text?: string; id?: string; name?: string; input?: unknown }[];
  stop_reason: string;
  usage: { input_tokens: number; output_tokens: number; cache_read_input_tokens?: number | null; cache_creation_input_tokens?: number | null; cost?: string };
}

/** Messages through `@anthropic-ai/sdk`, line `1.x` or `0.x`. */
export function messagesDriver(rootURL: string, apiKey: string, line: '1.x' | '0.x'): ClientDriver {
  const client = (line === '1.x' ? new Anthropic({ baseURL: rootURL, apiKey, maxRetries: 0 }) : new Anthropic0({ baseURL: rootURL, apiKey, maxRetries: 0 })) as unknown as MessagesClient;
  const tools = [{ name: 'get_weather', description: 'Weather for a city', input_schema: WEATHER_SCHEMA }];
  const turn = async (model: string, stream: boolean, messages: unknown[]) => {
    const params = { model, max_tokens: 512, messages, tools };
    let streamCost: string | undefined;
    let message: MessageShape;
    if (stream) {
      const runner = client.messages.stream(params);
      runner.on('streamEvent', (event) => {
        const e = event as { type: string; usage?: { cost?: string } };
        if (e.type === 'message_delta') streamCost = e.usage?.cost;
      });
      message = (await runner.finalMessage()) as MessageShape;
    } else {
      message = (await client.messages.create(params)) as MessageShape;
    }
    const tool = message.content.find((b) => b.type === 'tool_use');
    const u = message.usage;
    const result: TurnResult = {
      text: message.content.filter((b) => b.type === 'text').map((b) => b.text).join(''),
      call: tool ? { id: tool.id!, name: tool.name!, args: tool.input } : null,
      finish: message.stop_reason,
      input: u.input_tokens + (u.cache_read_input_tokens ?? 0) + (u.cache_creation_input_tokens ?? 0),
      output: u.output_tokens,
      cost: (stream ? streamCost : u.cost) ?? '',
    };
    return { result, message };
  };
  return {
    name: `messages (@anthropic-ai/sdk ${line})`,
    finishes: { tool: 'tool_use', done: 'end_turn' },
    async roundTrip(model, stream) {
      const messages: unknown[] = [{ role: 'user', content: QUESTION }];
      const first = await turn(model, stream, messages);
      return {
        first: first.result,
        next: async (toolOutput) => {
          const reply = { role: 'user', content: [{ type: 'tool_result', tool_use_id: first.result.call?.id ?? '', content: toolOutput }] };
          return (await turn(model, stream, [...messages, { role: 'assistant', content: first.message.content }, reply])).result;
        },
      };
    },
  };
}

/** Responses through `openai`, replaying the output items (no stored state). */
export function responsesDriver(baseURL: string, apiKey: string): ClientDriver {
  const client = new OpenAI({ baseURL, apiKey, maxRetries: 0 });
  const tools: OpenAI.Responses.FunctionTool[] = [{ type: 'function', name: 'get_weather', parameters: WEATHER_SCHEMA, strict: false }];
  const turn = async (model: string, stream: boolean, input: OpenAI.Responses.ResponseInput) => {
    const response = stream
      ? await client.responses.stream({ model, input, tools, store: false }).finalResponse()
      : await client.responses.create({ model, input, tools, store: false });
    const call = response.output.find((item) => item.type === 'function_call');
    const usage = response.usage as OpenAI.Responses.ResponseUsage & { cost: string };
    const result: TurnResult = {
      text: response.output_text,
      call: call?.type === 'function_call' ? { id: call.call_id, name: call.name, args: JSON.parse(call.arguments) } : null,
      finish: call ? `${response.status}+function_call` : response.status ?? '',
      input: usage.input_tokens,
      output: usage.output_tokens,
      cost: usage.cost,
    };
    return { result, output: response.output };
  };
  return {
    name: 'responses (openai)',
    finishes: { tool: 'completed+function_call', done: 'completed' },
    async roundTrip(model, stream) {
      const input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: QUESTION }];
      const first = await turn(model, stream, input);
      return {
        first: first.result,
        next: async (toolOutput) => {
          const result: OpenAI.Responses.ResponseInputItem = { type: 'function_call_output', call_id: first.result.call?.id ?? '', output: toolOutput };
          return (await turn(model, stream, [...input, ...(first.output as OpenAI.Responses.ResponseInputItem[]), result])).result;
        },
      };
    },
  };
}
