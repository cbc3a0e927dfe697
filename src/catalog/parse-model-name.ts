import { GatewayError } from '../core/errors.js';

export { effortForBudget } from '../protocol/ir/reasoning.js';

/** Reasoning effort levels a modifier may ask for. */
export type EffortLevel = 'none' | 'minimal' | 'low' | 'medium' | 'high';

/** Settings carried in a model name's `@` parts; each sets a body field and wins over the body. */
export interface ModelModifiers {
  /** `@effort:<level>`. */
  readonly effort?: EffortLevel;
  /** `@thinking:on|off|<budget>`: `off`, or a token budget (`on` = 8192, i.e. medium). */
  readonly thinking?: 'off' | number;
  /** `@temperature:<number>`. */
  readonly temperature?: number;
  /** `@topp:<number>`. */
  readonly topP?: number;
}

/** A model name split into its base, pinned version and modifiers. */
export interface ParsedModelName {
  /** The name before the first `@` (a model id, catalogue alias or organization/project alias). */
  readonly base: string;
  /** `YYYY-MM-DD` from a leading `@` part, or null. */
  readonly version: string | null;
  readonly modifiers: ModelModifiers;
}

/** Budget that `@thinking:on` stands for (the middle of the medium band). */
export const THINKING_ON_BUDGET = 8192;

const VERSION = /^\d{4}-\d{2}-\d{2}$/;
const EFFORTS: ReadonlySet<string> = new Set(['none', 'minimal', 'low', 'medium', 'high']);
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Parse `<author>/<name>[@YYYY-MM-DD][@effort:high][@thinking:2048][@temperature:0.2][@topp:0.9]`.
 * Anything unknown or malformed is refused (code `invalid_model_modifier`, param `model`) rather
 * than ignored: a typo in a model name must not silently change what is billed or served.
 */
export function parseModelName(name: string): ParsedModelName {
  const [base = '', ...parts] = name.split('@');
  if (base === '') throw invalid(name, 'the model name is empty before "@"');
  let version: string | null = null;
  const modifiers: { -readonly [K in keyof ModelModifiers]: ModelModifiers[K] } = {};
  parts.forEach((part, index) => {
    if (VERSION.test(part)) {
      if (index !== 0) throw invalid(name, `the version @${part} must come right after the model id`);
      if (Number.isNaN(Date.parse(`${part}T00:00:00Z`))) throw invalid(name, `@${part} is not a valid date`);
      version = part;
      return;
    }
    const colon = part.indexOf(':');
    const key = colon < 0 ? part : part.slice(0, colon);
    const value = colon < 0 ? '' : part.slice(colon + 1);
    if (key === '') throw invalid(name, 'an empty "@" part');
    if (key in modifiers || (key === 'topp' && 'topP' in modifiers)) throw invalid(name, `@${key} is given twice`);
    applyModifier(name, modifiers, key, value);
  });
  return { base, version, modifiers };
}

function applyModifier(name: string, out: { -readonly [K in keyof ModelModifiers]: ModelModifiers[K] }, key: string, value: string): void {
  switch (key) {
    case 'effort':
      if (!EFFORTS.has(value)) throw invalid(name, `@effort takes one of ${[...EFFORTS].join(', ')}, not '${value}'`);
      out.effort = value as EffortLevel;
      return;
    case 'thinking':
      if (value === 'on') out.thinking = THINKING_ON_BUDGET;
      else if (value === 'off') out.thinking = 'off';
      else if (/^\d+$/.test(value) && Number(value) > 0 && Number(value) <= 1_000_000) out.thinking = Number(value);
      else throw invalid(name, `@thinking takes on, off or a token budget (a positive integer), not '${value}'`);
      return;
    case 'temperature':
      out.temperature = numberIn(name, key, value, 0, 2);
      return;
    case 'topp':
      out.topP = numberIn(name, key, value, 0, 1);
      return;
    default:
      throw invalid(name, `unknown modifier @${key}; known: @YYYY-MM-DD, @effort, @thinking, @temperature, @topp`);
  }
}

function numberIn(name: string, key: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!NUMBER.test(value) || !Number.isFinite(n) || n < min || n > max) {
    throw invalid(name, `@${key} takes a number from ${min} to ${max}, not '${value}'`);
  }
  return n;
}

function invalid(name: string, reason: string): GatewayError {
  return new GatewayError('GW_INVALID_MODEL_MODIFIER', `Invalid model name '${name}': ${reason}.`, { param: 'model' });
}
