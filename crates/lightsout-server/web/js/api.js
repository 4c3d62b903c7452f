// The server's API: requests, and its errors in plain words (never a command-line flag
// or a method's name as advice: the page offers neither).

/** An API error: the HTTP status, the server's own text and the text for the player. */
export class ApiError extends Error {
  constructor(status, serverText, plain) {
    super(plain);
    this.status = status;
    this.serverText = serverText;
  }
}

/** True for an error from an aborted request (the player's Cancel). */
export const isAbort = (e) => e && (e.name === 'AbortError' || e.aborted === true);

/** The server's message made fit for a player. */
export function plainWords(status, text) {
  const t = String(text || '');
  if (status === 504 || /took longer than/.test(t)) {
    return 'This takes longer than the server allows for one request.';
  }
  if (status === 503 || /server busy/.test(t)) return 'The server is busy; try again in a moment.';
  if (status === 422 && /method|word operations|unknowns|refuses|does not handle/.test(t)) {
    return 'The solver cannot handle these rules at this size: it would be too much work for this server. Try a smaller board.';
  }
  // Drop advice the page cannot act on: "(--max-cells)", "use method 'chase'".
  return t
    .replace(/\s*\(--[a-z-]+\)/g, '')
    .replace(/;?\s*use method '[a-z]+'( instead)?/g, '')
    .replace(/method '([a-z]+)'/g, 'the solver')
    .replace(/--[a-z][a-z-]*/g, 'a server setting');
}

export async function api(path, options = {}) {
  let res;
  try {
    res = await fetch(path, options);
  } catch (e) {
    if (isAbort(e)) throw e;
    throw new ApiError(0, String(e), 'Cannot reach the server (is lightsout serve still running?)');
  }
  if (!res.ok) {
    let text = '';
    try {
      const body = await res.json();
      text = (body && body.error) || '';
    } catch (e) {
      if (isAbort(e)) throw e;
    }
    throw new ApiError(res.status, text, plainWords(res.status, text || `the server answered ${res.status}`));
  }
  const type = res.headers.get('content-type') || '';
  return type.startsWith('application/json') ? res.json() : res.blob();
}

export const post = (path, obj, signal) =>
  api(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(obj),
    signal,
  });

/** A query string of rules (and more). */
export function params(obj) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(obj)) {
    if (v !== null && v !== undefined) p.set(k, String(v));
  }
  return p;
}
