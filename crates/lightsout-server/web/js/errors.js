// What an error means to a player, decided by its kind (never by its wording): the
// sentence under the board, the short word in the Par box, and which errors go stale
// when the engine answers again. The engine's own sentence is shown only for what the
// player entered (bad rules, a bad board), where it says exactly what is wrong.

import { sayError } from './ui.js';

const TOO_SLOW = 'This takes longer than the solver allows for one request.';
const TOO_BIG = 'This is more work than the solver allows at this size. A smaller board works.';

/** The sentence for each kind that the page words itself. */
const WORDS = {
  unreachable: 'The solver is not answering. The page keeps trying, and carries on when it is back.',
  unsupported_browser:
    'This browser cannot run the solver: it needs WebAssembly SIMD (Chrome or Edge 91, Firefox 89, Safari 16.4 or later).',
  busy: 'The solver is busy with other work; try again in a moment.',
  too_many_connections: 'This browser has too many requests open with the solver; try again once one is answered.',
  timeout: TOO_SLOW,
  time_limit: TOO_SLOW,
  request_timeout: TOO_SLOW,
  unsupported: 'The solver cannot handle these rules at this size. A smaller board works.',
  too_large: TOO_BIG,
  limit_exceeded: TOO_BIG,
  out_of_memory: TOO_BIG,
  payload_too_large: TOO_BIG,
  not_found: 'This page does not match the solver behind it (another version). Reload the page.',
  method_not_allowed: 'This page does not match the solver behind it (another version). Reload the page.',
  internal: 'The solver hit an internal error (a bug: please report it).',
  cancelled: 'Cancelled.',
};

/** Kinds about what the player entered: the engine's sentence names the problem. */
const INPUT_KINDS = new Set(['invalid_rules', 'invalid_board', 'invalid_size', 'size_mismatch', 'bad_request']);

/** A few words that fit the Par box, by kind. */
const SHORT = {
  unreachable: 'offline',
  unsupported_browser: 'old browser',
  busy: 'busy',
  too_many_connections: 'busy',
  timeout: 'too slow',
  time_limit: 'too slow',
  request_timeout: 'too slow',
  unsupported: 'no solver',
  too_large: 'too large',
  limit_exceeded: 'too large',
  out_of_memory: 'too large',
  payload_too_large: 'too large',
};

const sentence = (text) => {
  const t = String(text || '').trim();
  if (!t) return 'Something went wrong.';
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
};

/** The words for a player: an ApiError by its kind, any other error by its message. */
export function playerWords(e) {
  if (!e) return 'Something went wrong.';
  if (e.kind !== undefined) {
    if (INPUT_KINDS.has(e.kind)) return sentence(e.message || 'the solver refused what was entered');
    return WORDS[e.kind] || 'The solver could not answer.';
  }
  return sentence(e.message || e);
}

/** The short word for the Par box. */
export const shortWords = (e) => (e && SHORT[e.kind]) || 'no answer';

/** Errors that stop being true once the engine answers again. */
export const isStale = (e) =>
  !!e && (e.kind === 'unreachable' || e.kind === 'busy' || e.kind === 'too_many_connections');

/** Shows an error under the board (marked stale when it is about the connection). */
export function report(e) {
  sayError(playerWords(e), { stale: isStale(e) });
}
