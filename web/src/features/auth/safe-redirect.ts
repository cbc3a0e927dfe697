/**
 * Where to go after signing in: a path inside the console from the `redirect` search param,
 * never another site (`//evil.example`, `https://...`) nor the sign-in pages themselves.
 */
export function safeRedirect(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (/^\/(sign-in|sign-up|sign-out)(\/|\?|#|$)/.test(value)) return '/';
  return value;
}
