import { setNonce } from 'get-nonce';

/**
 * Hand the page's CSP nonce (index.html's `<meta property="csp-nonce">`, filled in by the
 * gateway per answer) to the libraries that inject <style> at run time (Radix's scroll lock),
 * so the strict `style-src` admits them.
 */
export function adoptCspNonce(): void {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  if (meta?.nonce) setNonce(meta.nonce);
}
