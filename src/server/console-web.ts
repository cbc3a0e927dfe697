import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadPagePreloads } from './console-page-preloads.js';

/** Where `npm run build` writes the web console (Vite's outDir): `dist/web/` beside `dist/server/`. */
export const DEFAULT_CONSOLE_WEB_ROOT = fileURLToPath(new URL('../web/', import.meta.url));

/** The placeholder Vite writes into index.html (`html.cspNonce`); replaced by a fresh nonce per answer. */
export const CSP_NONCE_PLACEHOLDER = '__TF_CSP_NONCE__';

/** Options of {@link registerConsoleWeb}. */
export interface ConsoleWebOptions {
  /** Folder holding the built console (`index.html` and `assets/`); {@link DEFAULT_CONSOLE_WEB_ROOT} when absent. */
  readonly root?: string;
}

/**
 * The Content-Security-Policy of the console: scripts, styles, images and API calls from this
 * origin only, no inline script at all. Styles injected at run time (Radix's scroll lock) carry
 * the per-answer nonce; React's style props set the CSSOM, which CSP does not govern.
 */
export function consoleCsp(nonce: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const NOT_BUILT = 'The web console is not built. Run `npm run build` (it builds the server and the console into dist/), then restart the gateway.\n';

/**
 * Serve the web console under `/console`: hashed assets as immutable files, every other
 * `/console` path as the single-page app's `index.html` (never cached, strict CSP), and `/` as a
 * redirect to it. Without a build the gateway still starts and `/console` says how to build it.
 */
export async function registerConsoleWeb(app: FastifyInstance, options: ConsoleWebOptions = {}): Promise<void> {
  const root = options.root ?? DEFAULT_CONSOLE_WEB_ROOT;
  const indexHtml = readIndexHtml(root);
  app.get('/', async (_request, reply) => reply.redirect('/console/', 302));
  await app.register(
    async (scope) => {
      if (indexHtml === null) {
        const notBuilt = async (_request: unknown, reply: FastifyReply) =>
          reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
        scope.get('/', notBuilt);
        scope.get('/*', notBuilt);
        return;
      }
      // A missing hashed asset is a 404, never index.html: the app then sees a failed import and reloads.
      scope.setNotFoundHandler(async (request, reply) =>
        reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`No such file: ${request.url.split('?')[0]}\n`),
      );
      // Loaded only with a build to serve (servers in tests have none): it costs a few hundred ms to import.
      const { default: fastifyStatic } = await import('@fastify/static');
      // Every asset name carries a hash of its content, so a browser may keep it forever.
      await scope.register(fastifyStatic, {
        root: join(root, 'assets'),
        prefix: '/assets/',
        decorateReply: false,
        index: false,
        immutable: true,
        maxAge: '365d',
        preCompressed: true,
      });
      const pagePreloads = loadPagePreloads(root, indexHtml);
      const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
        const nonce = randomBytes(18).toString('base64');
        // The opened page's own chunks load beside the app's instead of after the app has started.
        const html = indexHtml.replace('</head>', `${pagePreloads(request.url.slice('/console'.length))}</head>`);
        return reply
          .header('cache-control', 'no-cache')
          .header('content-security-policy', consoleCsp(nonce))
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'same-origin')
          .header('cross-origin-opener-policy', 'same-origin')
          .type('text/html; charset=utf-8')
          .send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
      };
      scope.get('/', sendIndex);
      scope.get('/*', sendIndex);
    },
    { prefix: '/console' },
  );
}

/** The built index.html, or null when the console was not built. */
function readIndexHtml(root: string): string | null {
  try {
    return readFileSync(join(root, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}
