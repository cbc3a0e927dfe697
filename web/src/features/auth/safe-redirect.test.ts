import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('should keep console paths with their search and hash', () => {
    expect(safeRedirect('/me?tab=tokens')).toBe('/me?tab=tokens');
    expect(safeRedirect('/orgs/org_1/projects/proj_2/requests?req=req_9#x')).toBe('/orgs/org_1/projects/proj_2/requests?req=req_9#x');
  });

  it('should never leave the console or loop back to the sign-in pages', () => {
    for (const bad of [undefined, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'me', '/sign-in?redirect=/me', '/sign-out']) {
      expect(safeRedirect(bad)).toBe('/');
    }
  });
});
