import { describe, expect, it } from 'vitest';
import { resolveAlias } from './alias-resolution';

describe('resolveAlias', () => {
  it('should split a catalogue target into its base and @ modifiers', () => {
    expect(resolveAlias('openai/gpt-4o@2024-08-06@effort:low', [])).toEqual({ base: 'openai/gpt-4o', modifiers: ['2024-08-06', 'effort:low'], viaOrgAlias: null });
  });

  it('should follow an organization alias a project alias points at', () => {
    expect(resolveAlias('fast@effort:low', [{ name: 'fast', target: 'acme/beta' }])).toEqual({ base: 'fast', modifiers: ['effort:low'], viaOrgAlias: { name: 'fast', target: 'acme/beta' } });
  });
});
