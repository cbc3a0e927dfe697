/** What a Zod-style parse result says was wrong, in words; null when it passed. */
export function firstIssue(result: { readonly success: boolean; readonly error?: { readonly issues: readonly { readonly message: string }[] } }): string | null {
  if (result.success) return null;
  return result.error?.issues[0]?.message ?? 'This value is not valid.';
}
