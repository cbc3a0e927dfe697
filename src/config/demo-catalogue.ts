import { fileURLToPath } from 'node:url';

/**
 * Absolute path of the bundled demo catalogue (`catalogues/demo.yaml`), valid from `src/config/` and
 * from the built `dist/config/` alike, since both sit two levels below the package root.
 */
export const DEMO_CATALOGUE_PATH = fileURLToPath(new URL('../../catalogues/demo.yaml', import.meta.url));
