import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));
// The gateway `npm run dev:web` proxies to (start it with `npm start` in another terminal);
// TF_DEV_GATEWAY points it elsewhere (`TF_DEV_GATEWAY=http://127.0.0.1:9090 npm run dev:web`).
const gateway = process.env.TF_DEV_GATEWAY ?? 'http://127.0.0.1:8080';

/**
 * Write `.br` and `.gz` beside every compressible asset, so the gateway (@fastify/static
 * `preCompressed`) sends them without compressing on each request.
 */
function precompressAssets(): Plugin {
  return {
    name: 'tf-precompress-assets',
    apply: 'build',
    async closeBundle() {
      const dir = join(outDir, 'assets');
      const names = (await readdir(dir)).filter((name) => /\.(js|css|svg|json)$/.test(name));
      await Promise.all(names.map(async (name) => {
        const body = await readFile(join(dir, name));
        if (body.length < 1024) return;
        const [br, gz] = await Promise.all([
          promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          promisify(gzip)(body, { level: 9 }),
        ]);
        await Promise.all([writeFile(join(dir, `${name}.br`), br), writeFile(join(dir, `${name}.gz`), gz)]);
      }));
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: '/console/',
  plugins: [react(), precompressAssets()],
  // index.html gets this placeholder on its tags; the gateway swaps in a fresh CSP nonce per answer.
  html: { cspNonce: '__TF_CSP_NONCE__' },
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    // .vite/manifest.json (not served): the gateway names a page's own chunks in the HTML it sends
    // for that page's URL (src/server/console-page-preloads.ts), so they load beside the app's.
    manifest: true,
    chunkSizeWarningLimit: 400,
    // One stylesheet (8 KB gzip for every page) and one chunk of shared components: a cold open of
    // a page asked for about 30 files before, and each costs the page's main thread to request and
    // receive (73 ms of a trace just to issue the preloads). Idle A/B on the Request log pages:
    // cold medians 637-814 ms against 740-918, browser CPU about 9% less (bench/findings/console-pages.md).
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // React changes far less often than the app: its own chunk stays cached across upgrades. The
        // form rules (zod) stay out of the shared chunk: only pages with forms load them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'ui', test: /web[\\/]src[\\/](components[\\/]|lib[\\/](?!shared-rules))/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // Forms share validation rules with the server (src/console/contract).
    fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] },
    proxy: {
      '/api': gateway,
      '/v1': gateway,
      '/openapi.json': gateway,
      '/console/top-ups': gateway,
    },
  },
});
