import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The console's pages by URL (under `/console`), with the source module of each page's lazy chunk:
 * the web app's routes (web/src/features/<feature>/routes.tsx). A page left out only loads later.
 */
const ORG = '/orgs/[^/]+';
const PROJECT = `${ORG}/projects/[^/]+`;
const PAGES: readonly (readonly [path: string, module: string])[] = [
  [`${PROJECT}/requests`, 'src/features/request-log/request-log-page.tsx'],
  [`${PROJECT}/usage`, 'src/features/usage/project-usage-page.tsx'],
  [`${PROJECT}/keys`, 'src/features/api-keys/api-keys-page.tsx'],
  [`${PROJECT}/playground`, 'src/features/playground/playground-page.tsx'],
  [`${PROJECT}/settings`, 'src/features/settings/project-settings-page.tsx'],
  [`${ORG}/usage`, 'src/features/usage/org-usage-page.tsx'],
  [`${ORG}/models`, 'src/features/models/models-page.tsx'],
  [`${ORG}/members`, 'src/features/members/members-page.tsx'],
  [`${ORG}/billing`, 'src/features/billing/billing-page.tsx'],
  [`${ORG}/webhooks`, 'src/features/webhooks/webhooks-page.tsx'],
  [`${ORG}/audit-log`, 'src/features/audit-log/audit-log-page.tsx'],
  [`${ORG}/settings`, 'src/features/settings/org-settings-page.tsx'],
  [ORG, 'src/features/overview/overview-page.tsx'],
  ['/me', 'src/features/me/me-page.tsx'],
  ['/sign-in', 'src/features/auth/sign-in-page.tsx'],
];
/** Source modules of the pages named up front (a test checks each is in the console's build). */
export const PAGE_MODULES: readonly string[] = PAGES.map(([, module]) => module);
const MATCHERS = PAGES.map(([path, module]) => ({ pattern: new RegExp(`^${path}/?$`), module }));

/** One chunk of Vite's build manifest (`.vite/manifest.json`). */
interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}

/** The `<link>` tags that load a page's own chunks early, by the path after `/console` ('' when none). */
export type PagePreloads = (path: string) => string;

/**
 * Read the build manifest in `root` and answer, for a console path, the preload links of that page's
 * chunk and the chunks it imports, leaving out what `indexHtml` already loads. Without a manifest
 * (an older build) no page gets any.
 */
export function loadPagePreloads(root: string, indexHtml: string): PagePreloads {
  let manifest: Readonly<Record<string, ManifestChunk>>;
  try {
    manifest = JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => '';
  }
  const byModule = new Map<string, string>();
  for (const { module } of MATCHERS) {
    const files = new Set<string>();
    const styles = new Set<string>();
    collect(manifest, module, files, styles, new Set());
    const links = [
      ...[...files].filter((f) => !indexHtml.includes(`/console/${f}`)).map((f) => `<link rel="modulepreload" crossorigin href="/console/${f}">`),
      // crossorigin like the stylesheet link Vite's loader adds for the chunk: a preload in another
      // CORS mode does not match it, and the browser downloaded each file twice.
      ...[...styles].filter((f) => !indexHtml.includes(`/console/${f}`)).map((f) => `<link rel="preload" as="style" crossorigin href="/console/${f}">`),
    ];
    byModule.set(module, links.join(''));
  }
  return (path) => {
    const bare = path.split('?')[0] ?? '';
    const page = MATCHERS.find((m) => m.pattern.test(bare));
    return page === undefined ? '' : (byModule.get(page.module) ?? '');
  };
}

function collect(manifest: Readonly<Record<string, ManifestChunk>>, key: string, files: Set<string>, styles: Set<string>, seen: Set<string>): void {
  const chunk = manifest[key];
  if (chunk === undefined || seen.has(key)) return;
  seen.add(key);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files, styles, seen);
}
