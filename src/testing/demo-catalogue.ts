import { readFileSync } from 'node:fs';

/** The bundled demo catalogue's YAML text, for tests that run on the simulator. */
export function readDemoCatalogue(): string {
  return readFileSync(new URL('../../catalogues/demo.yaml', import.meta.url), 'utf8');
}
