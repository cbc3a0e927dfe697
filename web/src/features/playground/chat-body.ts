/** What the person filled in on the playground form. */
export interface PlaygroundForm {
  readonly model: string;
  readonly system: string;
  readonly user: string;
  /** Empty: the model's default. */
  readonly temperature: string;
  /** Empty: the model's default output limit. */
  readonly maxTokens: string;
  readonly stream: boolean;
  readonly jsonMode: boolean;
  readonly toolsOn: boolean;
  /** Tool definitions as JSON text (an array, OpenAI's `tools` shape). */
  readonly tools: string;
}

/** A tool definition to start from. */
export const EXAMPLE_TOOLS = JSON.stringify(
  [{ type: 'function', function: { name: 'get_weather', description: 'The current weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
  null,
  2,
);

/** The body to send, or the field at fault and why (checked here so the person sees it before a round trip). */
export type BuiltBody = { readonly ok: true; readonly body: Record<string, unknown> } | { readonly ok: false; readonly field: 'model' | 'user' | 'temperature' | 'maxTokens' | 'tools'; readonly message: string };

/** Build the `/v1/chat/completions` body of the form. */
export function buildChatBody(form: PlaygroundForm): BuiltBody {
  const model = form.model.trim();
  if (model === '') return { ok: false, field: 'model', message: 'Pick a model: an id, an alias, or either with @ modifiers.' };
  if (form.user.trim() === '') return { ok: false, field: 'user', message: 'Write a message to send.' };
  const messages = [...(form.system.trim() === '' ? [] : [{ role: 'system', content: form.system }]), { role: 'user', content: form.user }];
  const body: Record<string, unknown> = { model, messages };
  if (form.temperature.trim() !== '') {
    const t = Number(form.temperature);
    if (!Number.isFinite(t) || t < 0 || t > 2) return { ok: false, field: 'temperature', message: 'Temperature is a number from 0 to 2.' };
    body.temperature = t;
  }
  if (form.maxTokens.trim() !== '') {
    const n = Number(form.maxTokens);
    if (!Number.isInteger(n) || n < 1) return { ok: false, field: 'maxTokens', message: 'Max tokens is a whole number of at least 1.' };
    body.max_tokens = n;
  }
  if (form.stream) {
    body.stream = true;
    // The last chunk then carries the usage and the exact cost.
    body.stream_options = { include_usage: true };
  }
  if (form.jsonMode) body.response_format = { type: 'json_object' };
  if (form.toolsOn) {
    let tools: unknown;
    try {
      tools = JSON.parse(form.tools);
    } catch (error) {
      return { ok: false, field: 'tools', message: `Tools are not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (!Array.isArray(tools) || tools.length === 0) return { ok: false, field: 'tools', message: 'Tools must be a JSON array of tool definitions ({"type": "function", "function": {...}}).' };
    body.tools = tools;
  }
  return { ok: true, body };
}
