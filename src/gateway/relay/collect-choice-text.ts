import { isJsonObject } from '../../core/json.js';

/**
 * Push the generated text inside an OpenAI chat/completion object or chunk (message or delta
 * content, tool-call arguments, legacy `text`) onto `out`. Used to estimate output tokens when an
 * upstream reports no usage.
 */
export function collectChoiceText(value: unknown, out: string[]): void {
  if (!isJsonObject(value) || !Array.isArray(value.choices)) return;
  for (const choice of value.choices) {
    if (!isJsonObject(choice)) continue;
    if (typeof choice.text === 'string') out.push(choice.text);
    for (const holder of [choice.message, choice.delta]) {
      if (!isJsonObject(holder)) continue;
      if (typeof holder.content === 'string') out.push(holder.content);
      if (Array.isArray(holder.tool_calls)) {
        for (const call of holder.tool_calls) {
          if (isJsonObject(call) && isJsonObject(call.function) && typeof call.function.arguments === 'string') {
            out.push(call.function.arguments);
          }
        }
      }
    }
  }
}
