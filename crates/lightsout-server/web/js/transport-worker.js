// The static site's transport (<html data-transport="worker">, written by
// scripts/build-site): the page's calls answered by worker.js, a Web Worker running the
// same lightsout JSON API as `lightsout serve`, compiled to WebAssembly. The page's
// thread never blocks, and nothing goes over the network (the site works offline).
// Same interface as api.js's HTTP transport: request(route, init) -> { status, json } or
// { status, blob }; an abort rejects with an AbortError. Answers also carry engineMs, the
// time the engine took inside the worker (for scripts/bench-site; the page ignores it).
//
// Cancel really stops the work: the worker runs one request at a time, so aborting the
// one it is running terminates the worker and starts a fresh one, to which the other
// requests still waiting are posted again; aborting a queued one just drops it.
//
// Questions asked in the background (init.background: the solution period, which takes
// up to 17 s in here on some boards and which nothing waits for) go to a second worker,
// started when first needed, so that they never hold up a press, a par or a solve.

import { registerTransport } from './api.js';
import { jsonBytes, parseJson } from './json.js';

/** The bytes of a request body: JSON for an object (json.js's jsonBytes), the bytes themselves for a file. */
async function bodyBytes(body) {
  if (body === undefined || body === null) return new Uint8Array(0);
  if (body instanceof Blob) return new Uint8Array(await body.arrayBuffer());
  if (body instanceof ArrayBuffer) return new Uint8Array(body.slice(0));
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength));
  return jsonBytes(body);
}

const aborted = () => new DOMException('the request was cancelled', 'AbortError');

/** A transport over the worker at `url` (a module worker), and a second one for the background. */
export function workerTransport(url) {
  const main = lane(url);
  let background = null;
  return {
    /** Starts the worker now, before any request: the engine loads meanwhile. */
    warm: () => main.warm(),
    request(route, init) {
      if (!init.background) return main.request(route, init);
      background = background || lane(url);
      return background.request(route, init);
    },
  };
}

/** One worker and the requests posted to it, answered in turn. */
function lane(url) {
  let worker = null;
  let nextId = 1;
  // Requests posted and not answered, oldest first (the worker takes them in order, so
  // the first is the one it is running): id -> { message, resolve, reject }.
  const pending = new Map();

  function start() {
    worker = new Worker(url, { type: 'module' });
    worker.onmessage = ({ data }) => answered(data);
    // The module or the engine did not load (offline before the first visit was cached):
    // every waiting request fails, and the next one tries a new worker.
    worker.onerror = (event) => {
      event.preventDefault();
      unreachable(event.message || 'the worker did not start');
    };
    for (const p of pending.values()) worker.postMessage(p.message);
  }

  /** Every waiting request fails with `why` (an ApiError kind in `kind`); the next one starts a new worker. */
  function unreachable(why, kind = 'unreachable') {
    stop();
    const waiting = [...pending.values()];
    pending.clear();
    for (const p of waiting) p.reject(Object.assign(new Error(`the engine did not load: ${why}`), { kind }));
  }

  function stop() {
    if (worker) worker.terminate();
    worker = null;
  }

  function answered(data) {
    const p = pending.get(data.id);
    if (!p) return; // cancelled meanwhile
    pending.delete(data.id);
    if (data.unreachable !== undefined || data.unsupported !== undefined) {
      pending.set(data.id, p);
      if (data.unsupported !== undefined) unreachable(data.unsupported, 'unsupported_browser');
      else unreachable(data.unreachable);
    } else if (data.trapped !== undefined) {
      // A bug in the engine: said as the server says its own internal errors, and the
      // other requests go on in a fresh worker.
      stop();
      p.resolve({ status: 500, json: { error: `internal error: ${data.trapped}`, kind: 'internal' } });
      if (pending.size) start();
    } else if (data.contentType.startsWith('application/json')) {
      p.resolve({ status: data.status, json: parseJson(new TextDecoder().decode(data.body)), engineMs: data.engineMs });
    } else if (data.status < 300) {
      p.resolve({ status: data.status, blob: new Blob([data.body], { type: data.contentType }), engineMs: data.engineMs });
    } else {
      p.resolve({ status: data.status, json: null, engineMs: data.engineMs });
    }
  }

  function cancel(id) {
    const p = pending.get(id);
    if (!p) return;
    const running = pending.keys().next().value === id;
    pending.delete(id);
    p.reject(aborted());
    if (!running) {
      if (worker) worker.postMessage({ cancel: id });
    } else {
      stop();
      if (pending.size) start();
    }
  }

  return {
    warm() {
      if (!worker) start();
    },
    async request(route, { method, query, body, signal }) {
      const bytes = await bodyBytes(body);
      if (signal && signal.aborted) throw aborted();
      const id = nextId++;
      const message = { id, method, route, query: query ? query.toString() : '', body: bytes };
      return new Promise((resolve, reject) => {
        pending.set(id, { message, resolve, reject });
        if (signal) signal.addEventListener('abort', () => cancel(id), { once: true });
        if (worker) worker.postMessage(message);
        else start();
      });
    },
  };
}

// One transport for the page, its worker started as soon as this module runs: the static
// page loads this module first (scripts/build-site), so the engine downloads and
// compiles while the rest of the page's modules load.
const pageTransport = workerTransport(new URL('./worker.js', import.meta.url));
pageTransport.warm();
registerTransport('worker', () => pageTransport);
