export type * from './request.js';
export type * from './response.js';
export type * from './stream-event.js';
export type * from './finish-reason.js';
export type { IrUsage } from './usage.js';
export { createUsage } from './usage.js';
export { EFFORT_BUDGETS, effortForBudget } from './reasoning.js';
