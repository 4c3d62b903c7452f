// The one door to the engine. Every question the page asks (rules, reach lists, solves,
// random boards, files, the period) goes through `call`; no other module fetches. Behind
// it a transport answers: "http" (the default) asks `lightsout serve` at api/<route>,
// and others (the static site's Web Worker, which runs the same Rust API compiled to
// WebAssembly) plug in with `registerTransport`. The page never knows which one answers.
//
// A transport is an object { request(route, init) -> Promise<answer> }:
//   route   the API route without its prefix: 'solve', 'custom/rules', 'board/read', ...
//   init    { method: 'GET'|'POST', query: URLSearchParams|null, body, signal, background }
//           body: a JSON-able object, or bytes (ArrayBuffer / typed array / Blob) for
//           'board/read'; signal: an AbortSignal (a transport must stop on abort and
//           reject with an error whose name is 'AbortError'); background: true for a
//           question that may take long and that nothing waits for (the period), which
//           a transport may answer apart so that it holds up no other.
//   answer  { status, json } for JSON answers (json parsed with json.js's parseJson, so
//           64-bit integers stay exact), or { status, blob } for a file ('board/write').
//           Errors are answers too: status >= 400 and json { error, kind, ... }.
// It rejects only when the engine cannot be reached at all (then `call` throws the
// kind 'unreachable').
//
// Choosing one: <html data-transport="NAME"> (absent: "http"). A transport NAME not
// registered yet is loaded from ./transport-NAME.js, a module that calls
// registerTransport('NAME', factory) when it runs; so adding the worker transport is one
// new file and one attribute, and no other module changes.

import { jsonBytes, parseJson } from './json.js';

/** A refusal or failure, by kind (never by its wording): see errors.js for the words. */
export class ApiError extends Error {
  /**
   * @param {object} a
   * @param {number} a.status  the HTTP-like status (0: no answer at all)
   * @param {string} a.kind    a stable snake_case name: the engine's (invalid_rules,
   *   too_large, ...), the transport's (busy, timeout, unsupported_browser, ...),
   *   'unreachable' or 'cancelled'
   * @param {string} a.message the engine's own one-line text (for a log, not for decisions)
   * @param {string|null} a.suggestedMethod  a method the engine says would take this
   */
  constructor({ status, kind, message = '', suggestedMethod = null }) {
    super(message || kind);
    this.name = 'ApiError';
    this.status = status;
    this.kind = kind;
    this.suggestedMethod = suggestedMethod;
  }
}

/**
 * Kinds for answers that carry none (servers older than structured errors), by status
 * alone. A 422 without a kind is a refusal of work: which refusal is unknown.
 */
const KIND_OF_STATUS = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  502: 'unreachable', // a proxy in front of a server that is down
  413: 'payload_too_large',
  422: 'unsupported',
  429: 'too_many_connections',
  500: 'internal',
  503: 'busy',
  504: 'timeout',
};

/** True for the player's Cancel (an aborted call), whatever threw it. */
export const isAbort = (e) => !!e && (e.kind === 'cancelled' || e.name === 'AbortError');

// ------------------------------------------------------------------ transports

const factories = new Map();
let chosen = null; // Promise of the transport in use

/**
 * Makes transport `name` available: `factory({ base })` returns the transport object
 * (see the top of this file); `base` is the page's folder URL, for files it loads.
 */
export function registerTransport(name, factory) {
  factories.set(name, factory);
}

/** The name the page asks for: <html data-transport="...">, "http" by default. */
export const transportName = () => document.documentElement.dataset.transport || 'http';

function transport() {
  if (!chosen) {
    const name = transportName();
    chosen = (async () => {
      if (!factories.has(name)) await import(`./transport-${name}.js`);
      const factory = factories.get(name);
      if (!factory) throw new Error(`transport-${name}.js did not register a transport`);
      return factory({ base: new URL('./', document.baseURI) });
    })();
    // A failed load is tried again on the next call.
    chosen.catch(() => (chosen = null));
  }
  return chosen;
}

/** The HTTP transport: `lightsout serve`'s API at api/<route>, relative to the page. */
registerTransport('http', () => ({
  async request(route, { method, query, body, signal }) {
    // Relative: the page may live under any path (a sub-folder of a static host).
    let url = `api/${route}`;
    const qs = query ? query.toString() : '';
    if (qs) url += `?${qs}`;
    const init = { method, signal };
    if (body !== undefined && body !== null) {
      const bytes = body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof Blob;
      init.body = bytes ? body : jsonBytes(body);
      if (!bytes) init.headers = { 'Content-Type': 'application/json' };
    }
    const res = await fetch(url, init);
    const type = res.headers.get('content-type') || '';
    if (type.startsWith('application/json')) return { status: res.status, json: parseJson(await res.text()) };
    if (res.ok) return { status: res.status, blob: await res.blob() };
    return { status: res.status, json: null };
  },
}));

// ------------------------------------------------------------------ calls

const watchers = [];

/**
 * Calls `fn(reached, error)` after every call that got an answer (reached: true, even a
 * refusal) or none (reached: false, the error). health.js uses it to notice an engine
 * that comes back.
 */
export function watchReach(fn) {
  watchers.push(fn);
}

function tell(reached, error) {
  for (const fn of watchers) fn(reached, error);
}

/** A query from an object: null and undefined values are left out; values as strings. */
export function query(obj) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(obj)) if (v !== null && v !== undefined) p.set(k, String(v));
  return p;
}

/**
 * Asks the engine `route`. GET with `query` (an object or URLSearchParams), POST when a
 * `body` is given (a JSON-able object, or bytes); `background` for a long question
 * nothing waits for (see the transports above). Returns the answer (parsed JSON, or a
 * Blob for a file); throws an ApiError: the engine's refusal, 'cancelled' when `signal`
 * aborts, 'unreachable' when nothing answers, 'unsupported_browser' when the static
 * site's engine cannot run in this browser.
 */
export async function call(route, { query: q = null, body, signal, method, background = false } = {}) {
  const init = {
    method: method || (body === undefined ? 'GET' : 'POST'),
    query: q === null || q instanceof URLSearchParams ? q : query(q),
    body,
    signal: signal || null,
    background,
  };
  if (signal && signal.aborted) throw new ApiError({ status: 0, kind: 'cancelled' });
  let answer;
  try {
    answer = await (await transport()).request(route, init);
  } catch (e) {
    if (isAbort(e) || (signal && signal.aborted)) throw new ApiError({ status: 0, kind: 'cancelled' });
    // No answer: nothing there ('unreachable'), or a kind the transport names (the
    // worker's 'unsupported_browser').
    const kind = (e && typeof e.kind === 'string' && e.kind) || 'unreachable';
    const error = new ApiError({ status: 0, kind, message: String((e && e.message) || e) });
    tell(false, error);
    throw error;
  }
  if (answer.status >= 200 && answer.status < 300) {
    tell(true, null);
    return answer.json !== undefined ? answer.json : answer.blob;
  }
  const j = answer.json || {};
  const error = new ApiError({
    status: answer.status,
    kind: typeof j.kind === 'string' ? j.kind : KIND_OF_STATUS[answer.status] || 'internal',
    message: typeof j.error === 'string' ? j.error : '',
    suggestedMethod: typeof j.suggested_method === 'string' ? j.suggested_method : null,
  });
  tell(error.kind !== 'unreachable', error);
  throw error;
}
