import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_CATALOGUE_PATH } from '../config/demo-catalogue.js';
import { CatalogueError } from '../config/load-catalogue.js';
import { CatalogueHolder } from './catalogue-holder.js';

const dir = mkdtempSync(join(tmpdir(), 'tf-holder-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const demoText = readFileSync(DEMO_CATALOGUE_PATH, 'utf8');

/** A temp copy of the demo catalogue. */
function demoFile(name: string): string {
  const file = join(dir, name);
  writeFileSync(file, demoText);
  return file;
}

describe('CatalogueHolder', () => {
  it('should throw a CatalogueError when the first load fails', () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'providers: []\nmodels: 3\n');
    expect(() => new CatalogueHolder({ path: file, env: {} })).toThrow(CatalogueError);
  });

  it('should keep the old catalogue when the file becomes invalid', () => {
    const file = demoFile('keep.yaml');
    const holder = new CatalogueHolder({ path: file, env: {} });
    const before = holder.current();
    const listener = vi.fn();
    holder.onChange(listener);
    writeFileSync(file, demoText.replace('input: "0.15"', 'input: "cheap"'));
    const result = holder.reload();
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.issues.map((i) => i.path)).toEqual(['models[0].pricing.input']);
    expect(holder.current()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  it('should swap in a valid file and notify subscribers, leaving old references intact', () => {
    const file = demoFile('swap.yaml');
    const holder = new CatalogueHolder({ path: file, env: {} });
    const inFlight = holder.current();
    const listener = vi.fn();
    const unsubscribe = holder.onChange(listener);
    writeFileSync(file, demoText.replace('input: "0.15"', 'input: "0.20"'));
    const result = holder.reload();
    expect(result.ok).toBe(true);
    const next = holder.current();
    expect(next).not.toBe(inFlight);
    expect(next.models.get('openai/gpt-4o-mini')!.pricing.input).toBe(200_000_000n);
    expect(inFlight.models.get('openai/gpt-4o-mini')!.pricing.input).toBe(150_000_000n);
    expect(listener).toHaveBeenCalledWith(next, inFlight);
    unsubscribe();
    holder.reload();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('should run every listener even when one throws, and report the error', () => {
    const holder = new CatalogueHolder({ path: demoFile('listeners.yaml'), env: {} });
    const boom = new Error('boom');
    const second = vi.fn();
    holder.onChange(() => {
      throw boom;
    });
    holder.onChange(second);
    const result = holder.reload();
    expect(result).toMatchObject({ ok: true, listenerErrors: [boom] });
    expect(second).toHaveBeenCalledTimes(1);
  });
});
