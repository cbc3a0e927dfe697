import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_MODULES, loadPagePreloads } from './console-page-preloads.js';
import { fileURLToPath } from 'node:url';

const INDEX = '<html><head><script type="module" crossorigin src="/console/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/console/assets/react-1.js"></head></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_table-1.js': { file: 'assets/table-1.js', imports: ['_react-1.js'], css: ['assets/table-1.css'] },
  'src/features/request-log/request-log-page.tsx': { file: 'assets/request-log-page-1.js', imports: ['index.html', '_react-1.js', '_table-1.js'] },
};

describe('loadPagePreloads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tf-page-preloads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));

  it("should name the opened page's chunk and what it imports, not what index.html already loads", () => {
    const preloads = loadPagePreloads(dir, INDEX);
    const links = preloads('/orgs/org_1/projects/proj_2/requests?status=200');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/console/assets/request-log-page-1.js">');
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/console/assets/table-1.js">');
    expect(links).toContain('<link rel="preload" as="style" crossorigin href="/console/assets/table-1.css">');
    expect(links).not.toContain('react-1.js');
    expect(links).not.toContain('index-1.js');
  });

  it('should name nothing for a path that is no known page, or a page the build lacks', () => {
    const preloads = loadPagePreloads(dir, INDEX);
    expect(preloads('/orgs/org_1/projects/proj_2/requests/extra')).toBe('');
    expect(preloads('/nowhere')).toBe('');
    expect(preloads('/me')).toBe('');
  });

  it('should name nothing without a build manifest', () => {
    expect(loadPagePreloads(join(dir, 'missing'), INDEX)('/orgs/org_1/projects/proj_2/requests')).toBe('');
  });
});

// The page table names source modules of the web app; a page renamed there must be renamed here.
// `npm test` builds the console first; a bare vitest run on a tree never built says why it skips.
const manifestFile = fileURLToPath(new URL('../../dist/web/.vite/manifest.json', import.meta.url));
const built = existsSync(manifestFile) || process.env.CI !== undefined;
(built ? it : it.skip)(built ? 'should find a chunk in the console build for every page it preloads' : 'console build check skipped: dist/web is not built (npm run build)', () => {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  expect(PAGE_MODULES.filter((module) => manifest[module] === undefined)).toEqual([]);
});
