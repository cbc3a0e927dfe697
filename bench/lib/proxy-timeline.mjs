// Preload for a proxy process under bench/streams-held.mjs --timeline (node --import this file):
// for every stream, when the proxy accepted the client's connection (and its port), when Node handed it the
// request, when the proxy called its upstream (undici's Pool.dispatch), when the upstream's answer
// began, and when the first event went to the client. On exit the rows are written as JSON to
// $TF_BENCH_TIMELINE.<pid>.json; streams-held.mjs joins them to the load generator's rows (by the
// client's port) and prints where each stream's time to first token went.
//
// The upstream call is tied to its client request by the `x-request-id` the proxy sends both (the
// gateway always does; the bench's floor does under --timeline). The hooks look at every client write,
// so a run with --timeline says where the time goes, not what the proxy costs.
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const out = process.env.TF_BENCH_TIMELINE;
const ROW = Symbol('timeline row');
// Per client connection: [accepted, request, upstream call, upstream answer began, first event
// written, the client's port], on the wall clock (the load generator's rows use it too).
const rows = [];
// Upstream side, by the request id the proxy sends upstream and to its client (`x-request-id`).
const upstream = new Map();

const now = () => performance.timeOrigin + performance.now();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function timelineEmit(event, a) {
  if (event === 'connection') a[ROW] = { at: [now(), NaN, NaN, NaN, NaN, a.remotePort], id: null };
  else if (event === 'request' && a.socket?.[ROW] !== undefined) a.socket[ROW].at[1] = now();
  return emit.apply(this, arguments);
};

const asText = (piece) => (typeof piece === 'string' ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('latin1'));

const writeGeneric = net.Socket.prototype._writeGeneric;
net.Socket.prototype._writeGeneric = function timelineWrite(writev, data) {
  const row = this[ROW];
  if (row !== undefined && Number.isNaN(row.at[4])) {
    const text = (Array.isArray(data) ? data.map((d) => d.chunk ?? d) : [data]).map(asText).join('');
    row.id ??= /\r\nx-request-id: ([^\r]+)\r\n/i.exec(text)?.[1] ?? null;
    if (/(^|\n)(data|event):/.test(text)) {
      row.at[4] = now();
      rows.push(row);
    }
  }
  return writeGeneric.apply(this, arguments);
};

// The proxy's undici: the gateway loads the Pool alone, the bench's floor through undici's index;
// both are this one module (CommonJS, so one instance however it is loaded).
const Pool = createRequire(`${process.env.TF_BENCH_ROOT ?? process.cwd()}/`)('undici/lib/dispatcher/pool.js');
const dispatch = Pool.prototype.dispatch;
Pool.prototype.dispatch = function timelineDispatch(options, handler) {
  const id = options.headers?.['x-request-id'];
  if (typeof id === 'string' && !upstream.has(id)) {
    const times = [now(), NaN];
    upstream.set(id, times);
    for (const name of ['onResponseStart', 'onHeaders']) {
      const original = handler[name];
      if (typeof original !== 'function') continue;
      handler[name] = function timelineResponseStart() {
        if (Number.isNaN(times[1])) times[1] = now();
        return original.apply(this, arguments);
      };
    }
  }
  return dispatch.call(this, options, handler);
};

// The event loop's stalls: a 5 ms interval timer that fires late by more than 10 ms means the loop
// was busy (or the process off the CPU) that long. Kept as [when it fired, how late].
const stalls = [];
let expected = now() + 5;
setInterval(() => {
  const t = now();
  if (t - expected > 10) stalls.push([t, t - expected]);
  expected = t + 5;
}, 5).unref();

process.on('exit', () => {
  if (!out) return;
  fs.writeFileSync(`${out}.${process.pid}.stalls`, JSON.stringify(stalls));
  for (const row of rows) {
    const times = row.id === null ? undefined : upstream.get(row.id);
    if (times !== undefined) [row.at[2], row.at[3]] = times;
  }
  fs.writeFileSync(`${out}.${process.pid}.json`, JSON.stringify(rows.map((row) => row.at)));
});
