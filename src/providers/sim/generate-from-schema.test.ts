import { describe, expect, it } from 'vitest';
import { generateFromSchema } from './generate-from-schema.js';

const hints = { text: 'What is the weather in Trondheim tomorrow?' };

describe('generateFromSchema', () => {
  it('should fill required properties by type', () => {
    const schema = {
      type: 'object',
      properties: {
        location: { type: 'string' },
        count: { type: 'number' },
        strict: { type: 'boolean' },
        mode: { type: 'string', enum: ['fast', 'slow'] },
        optional: { type: 'string' },
      },
      required: ['location', 'count', 'strict', 'mode'],
    };
    expect(generateFromSchema(schema, hints)).toEqual({ location: 'Trondheim', count: 1, strict: true, mode: 'fast' });
  });

  it('should fill nested objects, arrays and local refs', () => {
    const schema = {
      type: 'object',
      $defs: { point: { type: 'object', properties: { x: { type: 'integer', minimum: 5 } }, required: ['x'] } },
      properties: { at: { $ref: '#/$defs/point' }, tags: { type: 'array', items: { type: 'string' }, minItems: 2 } },
    };
    expect(generateFromSchema(schema, hints)).toEqual({ at: { x: 5 }, tags: ['Trondheim', 'Trondheim'] });
  });

  it('should take the first branch of anyOf and the first non-null type', () => {
    expect(generateFromSchema({ anyOf: [{ type: 'integer' }, { type: 'string' }] }, hints)).toBe(1);
    expect(generateFromSchema({ type: ['null', 'boolean'] }, hints)).toBe(true);
  });

  it('should stop on recursive schemas and accept junk', () => {
    const schema = { type: 'object', properties: { self: { $ref: '#' } }, required: ['self'] };
    expect(() => JSON.stringify(generateFromSchema(schema, hints))).not.toThrow();
    expect(generateFromSchema('nonsense', hints)).toBeNull();
  });
});
