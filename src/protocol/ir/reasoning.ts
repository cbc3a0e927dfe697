import type { IrReasoningEffort } from './request.js';

/**
 * Thinking budgets that stand for each effort level when an upstream takes a token budget
 * (Anthropic's `thinking.budget_tokens`; 1024 is its minimum).
 */
export const EFFORT_BUDGETS: Readonly<Record<Exclude<IrReasoningEffort, 'none'>, number>> = {
  minimal: 1024,
  low: 1024,
  medium: 4096,
  high: 16384,
};

/** Effort level for a thinking budget: up to 4096 low, up to 16384 medium, above high. */
export function effortForBudget(budget: number): Exclude<IrReasoningEffort, 'none' | 'minimal'> {
  return budget <= 4096 ? 'low' : budget <= 16384 ? 'medium' : 'high';
}
