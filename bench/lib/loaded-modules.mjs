// Reads the log of bench/lib/trace-modules.mjs (`<source chars>\t<url or path>` per loaded file) and
// lists the modules the process loaded. A bundled file (dist/cli/main.js, dist/chunks/*.js, written
// by scripts/bundle-server.mjs) stands for the modules it was built from: they are read from its
// source map (`<file>.map` beside it), so a module counts as loaded when its chunk is. Each module
// comes with the size of its own source; a bundled module's share of its chunk is not known, so
// its size is that of the original module (a module inside a minified chunk weighs less).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** @param {string} traceFile @returns {{ path: string, size: number }[]} */
export function loadedModules(traceFile) {
  const modules = [];
  for (const line of readFileSync(traceFile, 'utf8').trim().split('\n')) {
    const [chars, url] = line.split('\t');
    const path = url.startsWith('file://') ? fileURLToPath(url) : url;
    const map = `${path}.map`;
    if (!existsSync(map)) {
      modules.push({ path, size: Number(chars) });
      continue;
    }
    const { sources, sourcesContent } = JSON.parse(readFileSync(map, 'utf8'));
    sources.forEach((source, i) => modules.push({ path: resolve(dirname(path), source), size: sourcesContent?.[i]?.length ?? 0 }));
  }
  return modules;
}
