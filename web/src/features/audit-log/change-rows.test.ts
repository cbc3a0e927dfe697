import { describe, expect, it } from 'vitest';
import { changeRows } from './change-rows';

describe('changeRows', () => {
  it('should list every field of both sides and mark what changed', () => {
    expect(changeRows({ rpm: 2, tpm: null, budget_usd: '5.000000000' }, { rpm: 3, tpm: null, budget_usd: '5.000000000' })).toEqual([
      { field: 'rpm', before: '2', after: '3', changed: true },
      { field: 'tpm', before: 'null', after: 'null', changed: false },
      { field: 'budget_usd', before: '5.000000000', after: '5.000000000', changed: false },
    ]);
  });

  it('should show a creation (no before) and a deletion (no after) field by field', () => {
    expect(changeRows(null, { name: 'fast', target: 'a/b' })).toEqual([
      { field: 'name', before: null, after: 'fast', changed: true },
      { field: 'target', before: null, after: 'a/b', changed: true },
    ]);
    expect(changeRows({ models: ['a/b'] }, null)).toEqual([{ field: 'models', before: '["a/b"]', after: null, changed: true }]);
  });
});
