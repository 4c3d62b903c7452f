// The static site's engine: a Web Worker (an ES module) that runs the lightsout JSON API
// compiled to WebAssembly (crates/lightsout-wasm, built into ../wasm/ by
// scripts/build-site). transport-worker.js starts it and posts it one message a
// request; it answers each in turn with the API's own status, content type and bytes.
// Nothing is decided here: routes, checks, limits and answers are the Rust crate's.
//
// In:  { id, method, route, query, body: Uint8Array }    a request ('solve', ...)
//      { cancel: id }                                     drop a request still queued
// Out: { id, status, contentType, body: Uint8Array,      the API's answer, and the time
//        engineMs }                                       the engine took (ms, in here)
//      { id, unreachable: message }                       the engine did not load
//      { id, unsupported: message }                       this browser cannot run it
//      { id, trapped: message }                           the engine stopped (a bug);
//                                                         the transport starts a new worker

import init, { handle } from '../wasm/lightsout_wasm.js';

// The engine is built with WebAssembly's 128-bit vectors (.cargo/config.toml): a browser
// without them cannot compile it, and the player is told so (not "try again"). The
// probe is the smallest module using them (one function: i8x16.popcnt of a splat).
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);
// For the console only: the player's words are errors.js's, chosen by the kind.
const NO_SIMD = 'this browser runs WebAssembly without SIMD';

const ready = init({ module_or_path: new URL('../wasm/lightsout_wasm_bg.wasm', import.meta.url) });
// An unhandled rejection would be reported before the first request awaits it.
ready.catch(() => {});

const queue = [];
let scheduled = false;

self.onmessage = ({ data }) => {
  if (data.cancel !== undefined) {
    const i = queue.findIndex((m) => m.id === data.cancel);
    if (i >= 0) queue.splice(i, 1);
    return;
  }
  queue.push(data);
  schedule();
};

// One request a task, so that cancellations posted meanwhile are seen between them.
function schedule() {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  setTimeout(run, 0);
}

async function run() {
  scheduled = false;
  const m = queue.shift();
  if (!m) return;
  try {
    await ready;
  } catch (e) {
    if (!WebAssembly.validate(SIMD_PROBE)) self.postMessage({ id: m.id, unsupported: NO_SIMD });
    else self.postMessage({ id: m.id, unreachable: String((e && e.message) || e) });
    schedule();
    return;
  }
  try {
    const started = performance.now();
    const answer = handle(m.method, m.route, m.query, m.body, 0);
    const reply = { id: m.id, status: answer.status, contentType: answer.contentType, body: answer.takeBody() };
    answer.free();
    reply.engineMs = performance.now() - started;
    self.postMessage(reply, [reply.body.buffer]);
  } catch (e) {
    // A trap leaves the module's memory in an unknown state: this worker answers no more.
    self.postMessage({ id: m.id, trapped: String((e && e.message) || e) });
    return;
  }
  schedule();
}
