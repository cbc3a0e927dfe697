import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One sample as the official parser reads it. */
export interface PromSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  /** The value; NaN and the infinities come as NaN, Infinity and -Infinity. */
  readonly value: number;
}

/** One metric family. */
export interface PromFamily {
  /** Family name (the official parser drops a counter's `_total`). */
  readonly name: string;
  readonly type: string;
  readonly help: string;
  readonly samples: readonly PromSample[];
}

const SCRIPT = fileURLToPath(new URL('./parse-prometheus.py', import.meta.url));
/** Debian's interpreter, where `python3-prometheus-client` installs (a pyenv shim may come first on PATH). */
const PYTHON = '/usr/bin/python3';

/** Why the parser cannot run here, or null when it can. */
export function prometheusParserMissing(): string | null {
  if (!existsSync(PYTHON)) return `${PYTHON} is missing`;
  const probe = spawnSync(PYTHON, ['-c', 'import prometheus_client.parser'], { encoding: 'utf8' });
  return probe.status === 0 ? null : 'the official Prometheus parser is missing: apt-get install -y python3-prometheus-client';
}

/** Parse exposition text with Prometheus's official Python parser; throws what it rejects. */
export function parsePrometheusText(text: string): PromFamily[] {
  const run = spawnSync(PYTHON, [SCRIPT], { input: text, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`The Prometheus parser rejected the exposition: ${run.stderr}`);
  const families = JSON.parse(run.stdout) as { name: string; type: string; help: string; samples: { name: string; labels: Record<string, string>; value: number | string }[] }[];
  return families.map((f) => ({ ...f, samples: f.samples.map((s) => ({ ...s, value: Number(s.value) })) }));
}

/** The value of the sample `name` whose labels include `labels`, or 0 when there is none (a series not yet created). */
export function sampleValue(families: readonly PromFamily[], name: string, labels: Readonly<Record<string, string>> = {}): number {
  for (const family of families) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue;
      if (Object.entries(labels).every(([k, v]) => sample.labels[k] === v)) return sample.value;
    }
  }
  return 0;
}

/** Every sample called `name`. */
export function samplesOf(families: readonly PromFamily[], name: string): PromSample[] {
  return families.flatMap((f) => f.samples.filter((s) => s.name === name));
}
