import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER, registerConsoleWeb } from './console-web.js';

const INDEX = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/console/assets/index-AbC123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;

async function appFor(root: string): Promise<FastifyInstance> {
  const app = Fastify();
  await registerConsoleWeb(app, { root });
  await app.ready();
  return app;
}

describe('registerConsoleWeb', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-console-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-AbC123.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'index-AbC123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'secret.txt'), 'not an asset');
    app = await appFor(dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should send a browser opening / to /console/', async () => {
    const res = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it('should answer every console route with index.html, never cached, under a strict CSP with a fresh nonce', async () => {
    const nonces = new Set<string>();
    for (const url of ['/console', '/console/', '/console/sign-in?redirect=%2Fconsole%2Fme', '/console/orgs/org_1/projects/proj_2/keys']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(res.body).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(4);
  });

  it('should serve hashed assets as immutable for a year, precompressed when the browser accepts it', async () => {
    const plain = await app.inject({ url: '/console/assets/index-AbC123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
    const br = await app.inject({ url: '/console/assets/index-AbC123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('should answer a missing asset with 404, not index.html, so a stale tab sees the failed import', async () => {
    const res = await app.inject({ url: '/console/assets/index-Gone99.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).not.toContain('<html');
    const escape = await app.inject({ url: '/console/assets/..%2f..%2fsecret.txt' });
    expect(escape.statusCode).toBe(404);
    expect(escape.body).not.toContain('not an asset');
  });

  it('should start without a build and say how to build the console', async () => {
    const bare = await appFor(join(dir, 'nothing-here'));
    try {
      const res = await bare.inject({ url: '/console/orgs' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
      expect((await bare.inject({ url: '/' })).headers.location).toBe('/console/');
    } finally {
      await bare.close();
    }
  });
});
