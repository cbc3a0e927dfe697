import type { IrChatRequest, IrTool } from '../../protocol/ir/index.js';
import type { ConversationView } from './read-conversation.js';

/** Most calls the simulator makes in one turn. */
const MAX_CALLS = 2;

// Phrases that ask for "some tool" without naming one, and phrases that ask for more than one.
const ANY_TOOL = /\buse (?:a|the|any|your) tools?\b|\bcall\b/i;
const SEVERAL_TOOLS = /\b(?:both|several|two|multiple) tools\b|\buse (?:all )?(?:the |your )?tools\b/i;

/**
 * The tools to call this turn, in order, or [] to answer in text. Calls happen only when tools are
 * offered, `toolChoice` is not `none`, the last message is the user's, and the choice forces a call
 * or the user's text names a tool (or asks for a tool generically).
 */
export function planToolCalls(request: IrChatRequest, view: ConversationView, lastRole: string | undefined): IrTool[] {
  const tools = request.tools ?? [];
  const choice = request.toolChoice ?? { type: 'auto' };
  if (tools.length === 0 || choice.type === 'none' || lastRole !== 'user') return [];
  if (choice.type === 'tool') {
    const forced = tools.find((tool) => tool.name === choice.name);
    return forced === undefined ? [] : [forced];
  }
  let selected = mentionedTools(tools, view.userText);
  const several = SEVERAL_TOOLS.test(view.userText);
  if (selected.length === 0 && (choice.type === 'required' || ANY_TOOL.test(view.userText) || several)) {
    selected = tools.slice(0, 1);
  }
  if (several && selected.length < MAX_CALLS) {
    selected = [...selected, ...tools.filter((tool) => !selected.includes(tool))].slice(0, MAX_CALLS);
  }
  const limit = request.parallelToolCalls === false ? 1 : MAX_CALLS;
  return selected.slice(0, limit);
}

/** Tools whose name (or the name with `_`/`-` read as spaces) appears as a word, in order of appearance. */
function mentionedTools(tools: readonly IrTool[], text: string): IrTool[] {
  const lower = text.toLowerCase();
  const found: { tool: IrTool; at: number }[] = [];
  for (const tool of tools) {
    const name = tool.name.toLowerCase();
    if (name === '') continue;
    const positions = [findWord(lower, name), findWord(lower, name.replace(/[_-]+/g, ' '))].filter((at) => at >= 0);
    if (positions.length > 0) found.push({ tool, at: Math.min(...positions) });
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.tool);
}

/** Index of `word` in `text` where it is not part of a longer word (so `search` misses `research`), or -1. */
function findWord(text: string, word: string): number {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + word.length])) return at;
  }
  return -1;
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}_]/u.test(char);
}
