import type { IrMessage } from '../../protocol/ir/index.js';

/** A tool result at the end of the conversation. */
export interface ToolResultView {
  /** The result's text parts, joined. */
  readonly text: string;
  /** True when the tool reported a failure. */
  readonly isError: boolean;
}

/** What the simulator looks at in a conversation. */
export interface ConversationView {
  /** Text of the last user message (parts joined by a newline), '' when there is none. */
  readonly userText: string;
  /** Image parts in the last user message. */
  readonly imageCount: number;
  /** The trailing tool results when the last message is a tool result, else null. */
  readonly toolResults: readonly ToolResultView[] | null;
}

/** Extract the last user message and any trailing tool results. */
export function readConversation(messages: readonly IrMessage[] | undefined): ConversationView {
  const list = messages ?? [];
  let userText = '';
  let imageCount = 0;
  for (let i = list.length - 1; i >= 0; i--) {
    const message = list[i];
    if (message?.role !== 'user') continue;
    const texts: string[] = [];
    for (const part of message.content ?? []) {
      if (part.type === 'text') texts.push(part.text);
      else imageCount++;
    }
    userText = texts.join('\n');
    break;
  }
  return { userText, imageCount, toolResults: readTrailingToolResults(list) };
}

/** The tool messages after the last non-tool message, in order; null when the last is not a tool. */
function readTrailingToolResults(messages: readonly IrMessage[]): ToolResultView[] | null {
  const results: ToolResultView[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role !== 'tool') break;
    const text = (message.content ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
    results.unshift({ text, isError: message.isError === true });
  }
  return results.length === 0 ? null : results;
}
