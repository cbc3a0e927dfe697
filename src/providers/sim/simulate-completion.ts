import { createUsage } from '../../protocol/ir/index.js';
import type { IrCompletionChoice, IrCompletionRequest, IrUsage } from '../../protocol/ir/index.js';
import { generateContinuation } from './generate-text.js';
import { limitOutput, resolveMaxTokens } from './limit-output.js';
import { resolveChoiceCount } from './simulate-chat.js';

/** A simulated completion choice, with the echoed prompt kept apart so streams can send it first. */
export interface SimCompletionChoice extends IrCompletionChoice {
  /** The prompt prepended because of `echo` ('' without echo); `text` starts with it. */
  readonly echoed: string;
}

/** The simulated answer to a legacy completion request. */
export interface SimCompletionResult {
  readonly choices: readonly SimCompletionChoice[];
  readonly usage: IrUsage;
}

/**
 * Simulate a raw-prompt completion: each prompt yields `n` continuations, indexed prompt-major
 * (prompt i, choice j → index i*n + j) as OpenAI does. Echoed prompts are not output tokens;
 * `inputTokens` from `countCompletionPromptTokens`.
 */
export function simulateCompletion(request: IrCompletionRequest, inputTokens: number): SimCompletionResult {
  const prompts = request.prompt === undefined || request.prompt.length === 0 ? [''] : request.prompt;
  const n = resolveChoiceCount(request.n);
  const maxTokens = resolveMaxTokens(request.maxOutputTokens);
  const choices: SimCompletionChoice[] = [];
  let output = 0;
  prompts.forEach((prompt, promptIndex) => {
    for (let j = 0; j < n; j++) {
      const variation = { choice: j, seed: request.seed, temperature: request.temperature };
      const natural = generateContinuation(prompt, request.suffix, variation);
      const limited = limitOutput(natural, maxTokens, request.stop ?? []);
      const echoed = request.echo ? prompt : '';
      output += limited.tokens;
      choices.push({
        index: promptIndex * n + j,
        text: echoed + limited.text,
        echoed,
        finishReason: limited.finishReason,
        rawFinishReason: limited.finishReason,
      });
    }
  });
  return { choices, usage: createUsage(inputTokens, output) };
}
