// Loaded with `node --import ./bench/lib/trace-modules.mjs`: appends one line per module the
// process loads (ESM through a loader hook, CommonJS through Module.prototype._compile) to the file
// named by TF_TRACE_MODULES: `<source chars>\t<url or path>`. The hook runs on the loader thread,
// so both write to the file rather than to memory.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const out = process.env.TF_TRACE_MODULES;
if (out) {
  register('./trace-modules-hooks.mjs', { parentURL: import.meta.url, data: { out } });
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    appendFileSync(out, `${content.length}\t${filename}\n`);
    return compile.call(this, content, filename);
  };
}
