import { z } from 'zod';
import { onFirstUse } from '../../../core/on-first-use.js';

// Built on first use (core/on-first-use.ts): an idle gateway does not hold the schemas of routes not yet called.

/** A function tool; flat here (chat nests it under `function`). Hosted tools are kept as `{type}` and refused. */
export const toolSchema = onFirstUse(() =>
  z.union([
    z.looseObject({
      type: z.literal('function'),
      name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1-64 letters, digits, underscores or dashes'),
      description: z.string().nullish(),
      parameters: z.record(z.string(), z.unknown()).nullish(),
      strict: z.boolean().nullish(),
    }),
    z.looseObject({ type: z.string() }),
  ]),
);

/** `tool_choice`: a mode, or a flat `{type:"function", name}`. */
export const toolChoiceSchema = onFirstUse(() =>
  z.union([
    z.enum(['none', 'auto', 'required']),
    z.looseObject({ type: z.literal('function'), name: z.string() }),
    z.looseObject({ type: z.string() }),
  ]),
);
