import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../scripts/run-steps.mjs', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };

function runSteps(args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
}

describe('npm start build progress (scripts/run-steps.mjs)', () => {
  it('should announce each step before it runs and report when it is done', () => {
    const node = JSON.stringify(process.execPath);
    const result = runSteps(['Compiling', `${node} -e "console.log('tsc output')"`, 'Bundling', `${node} -e "console.log('vite output')"`]);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines[0]).toBe('[1/2] Compiling ...');
    expect(lines[1]).toBe('tsc output');
    expect(lines[2]).toMatch(/^\[1\/2\] Compiling: done in \d+\.\d s$/);
    expect(lines[3]).toBe('[2/2] Bundling ...');
    expect(lines[4]).toBe('vite output');
    expect(lines.at(-1)).toMatch(/^Built in \d+\.\d s\.$/);
  });

  it('should stop at a failing step, name it and exit with its code', () => {
    const node = JSON.stringify(process.execPath);
    const result = runSteps(['Compiling', `${node} -e "process.exit(3)"`, 'Bundling', `${node} -e "console.log('never')"`]);
    expect(result.status).toBe(3);
    expect(result.stdout).not.toContain('never');
    expect(result.stderr).toContain('[1/2] Compiling failed (exit 3)');
  });

  it('should be what npm start runs before starting the gateway', () => {
    expect(PACKAGE.scripts.prestart).toMatch(/^node scripts\/run-steps\.mjs /);
    expect(PACKAGE.scripts.prestart).toContain('tsc -p tsconfig.build.json');
    // The same server build as `npm run build`: tsc, the tokenizer's JSON, the bundle.
    expect(PACKAGE.scripts.prestart).toContain((PACKAGE.scripts.build ?? '').replace(' && npm run build:web', ''));
    expect(PACKAGE.scripts.prestart).toContain('npm run build:web');
  });
});
