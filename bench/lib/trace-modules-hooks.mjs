// Loader hooks of trace-modules.mjs: logs every ESM module (and CommonJS loaded through import) with its source size.
import { appendFileSync } from 'node:fs';

let out = '';
export function initialize(data) {
  out = data.out;
}
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (result.format === 'module' && result.source != null) appendFileSync(out, `${result.source.length}\t${url}\n`);
  return result;
}
