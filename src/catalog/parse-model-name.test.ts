import { describe, expect, it } from 'vitest';
import { GatewayError } from '../core/errors.js';
import { effortForBudget, parseModelName } from './parse-model-name.js';

describe('parseModelName', () => {
  it.each([
    ['openai/gpt-4o', { base: 'openai/gpt-4o', version: null, modifiers: {} }],
    ['gpt-4o', { base: 'gpt-4o', version: null, modifiers: {} }],
    ['openai/gpt-4o@2024-08-06', { base: 'openai/gpt-4o', version: '2024-08-06', modifiers: {} }],
    ['a/b@effort:high', { base: 'a/b', version: null, modifiers: { effort: 'high' } }],
    ['a/b@effort:none', { base: 'a/b', version: null, modifiers: { effort: 'none' } }],
    ['a/b@thinking:on', { base: 'a/b', version: null, modifiers: { thinking: 8192 } }],
    ['a/b@thinking:off', { base: 'a/b', version: null, modifiers: { thinking: 'off' } }],
    ['a/b@thinking:2048', { base: 'a/b', version: null, modifiers: { thinking: 2048 } }],
    ['a/b@temperature:0.2', { base: 'a/b', version: null, modifiers: { temperature: 0.2 } }],
    ['a/b@temperature:0', { base: 'a/b', version: null, modifiers: { temperature: 0 } }],
    ['a/b@topp:.9', { base: 'a/b', version: null, modifiers: { topP: 0.9 } }],
    [
      'a/b@2024-08-06@effort:low@temperature:1.5@topp:1',
      { base: 'a/b', version: '2024-08-06', modifiers: { effort: 'low', temperature: 1.5, topP: 1 } },
    ],
  ])('should parse %s', (name, expected) => {
    expect(parseModelName(name)).toEqual(expected);
  });

  it.each([
    ['a/b@', 'empty'],
    ['@effort:high', 'empty before'],
    ['a/b@effort:extreme', '@effort takes'],
    ['a/b@effort', '@effort takes'],
    ['a/b@thinking:maybe', '@thinking takes'],
    ['a/b@thinking:0', '@thinking takes'],
    ['a/b@thinking:-5', '@thinking takes'],
    ['a/b@temperature:hot', '@temperature takes'],
    ['a/b@temperature:2.5', '@temperature takes'],
    ['a/b@temperature:1e1', '@temperature takes'],
    ['a/b@topp:1.1', '@topp takes'],
    ['a/b@effort:low@2024-08-06', 'must come right after'],
    ['a/b@2024-13-45', 'not a valid date'],
    ['a/b@effort:low@effort:high', 'given twice'],
    ['a/b@speed:fast', 'unknown modifier @speed'],
  ])('should refuse %s', (name, reason) => {
    let error: unknown;
    try {
      parseModelName(name);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GatewayError);
    const gatewayError = error as GatewayError;
    expect(gatewayError.wireCode).toBe('invalid_model_modifier');
    expect(gatewayError.param).toBe('model');
    expect(gatewayError.status).toBe(400);
    expect(gatewayError.message).toContain(reason);
  });
});

describe('effortForBudget', () => {
  it.each([
    [1024, 'low'],
    [4096, 'low'],
    [4097, 'medium'],
    [16384, 'medium'],
    [16385, 'high'],
  ])('should map a budget of %i to %s', (budget, effort) => {
    expect(effortForBudget(budget)).toBe(effort);
  });
});
