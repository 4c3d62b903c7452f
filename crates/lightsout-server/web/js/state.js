// The page's state: one object, plus the small helpers every module needs to read it.
// Modules change it through history.js (presses, edits, undo) and controls.js (rules,
// size); they learn of changes through the events below, so no module calls back into
// the one that imported it.

import { GridRows } from './json.js';

/** Boards with a side above this are drawn without animations or hover previews. */
export const INTERACTIVE_MAX = 100;
/** The largest side the page offers (the server's default cell limit is 10^6). */
export const MAX_SIDE = 1000;
/** Boards up to this many cells get their par (the fewest presses) kept up to date. */
export const PAR_MAX_CELLS = 10000;
/** The classic rules, the default. */
export const CLASSIC = Object.freeze({ boundary: 'open', shape: 'plus', no_self: false, mod: 2 });

export const S = {
  caps: null, // GET /api/capabilities
  rows: 5,
  cols: 5,
  K: 2,
  board: new Uint8Array(25),
  target: null, // Uint8Array, or null for "all off"
  preset: '', // the active preset's name, '' for rules of the player's choice
  spec: { ...CLASSIC },
  own: null, // Map(button -> sorted cells its press changes): the player's per-cell patterns
  info: null, // the rules answer (GET /api/rules or POST /api/custom/rules)
  seed: null, // seed of an untouched random board
  moves: 0, // the player's own presses
  helped: false, // a hint, or the solver's presses, helped win this puzzle
  undo: [],
  redo: [],
  edit: false,
  plan: null, // Uint8Array: press counts that solve the board, or null
  planMinimal: false, // the plan is a proven fewest-press solution
  planBest: false, // the plan is the server's answer for this board
  planMeta: null, // the solve answer's numbers
  showPlan: false,
  par: null, // { value: number|null, reason: string|null, pending: bool, proven: bool }
  unsolvable: null, // { reason, witness: Uint8Array|null }
  outline: null, // Uint8Array of a quiet pattern shown by Explore, or null
  hint: -1,
  cursor: 0,
  showCursor: false,
  hover: -1,
  won: false,
  version: 0, // bumped on every board change
  rulesVersion: 0, // bumped on every change of rules or size
  playing: null,
  anim: null, // Float64Array of change times (small boards)
  prev: null, // Uint8Array of values before the last change (small boards)
  puzzleKey: '', // names the puzzle for the best scores (rules, size, start)
  startedAt: 0, // when the first press of this puzzle was made (ms), 0 before
  finishedMs: 0, // the time of the win
};

export const cells = () => S.rows * S.cols;
export const animated = () => S.rows <= INTERACTIVE_MAX && S.cols <= INTERACTIVE_MAX;
export const goalAt = (i) => (S.target ? S.target[i] : 0);

export function lightsOn() {
  let on = 0;
  for (let i = 0; i < S.board.length; i++) if (S.board[i] !== goalAt(i)) on++;
  return on;
}

/** Rows of an answer (lists of numbers, or digit strings) as one flat array; a flat array as it is. */
export function flatten(rows) {
  if (ArrayBuffer.isView(rows)) return rows;
  const m = rows.length;
  const n = rows[0].length;
  const out = new Uint8Array(m * n);
  if (rows.every((row) => typeof row === 'string')) {
    // Digit strings (a 2000 x 2000 solution is 4 MB of them): each row copied in as its
    // bytes, then '0' taken from four cells at a time (no byte of a digit borrows),
    // three times faster than a character at a time.
    const encoder = new TextEncoder();
    for (let r = 0; r < m; r++) {
      const { read, written } = encoder.encodeInto(rows[r], out.subarray(r * n, (r + 1) * n));
      if (read !== rows[r].length || written !== n) throw new Error(`row ${r + 1} of an answer is not ${n} digits`);
    }
    const words = new Uint32Array(out.buffer, 0, out.length >> 2);
    for (let i = 0; i < words.length; i++) words[i] -= 0x30303030;
    for (let i = words.length * 4; i < out.length; i++) out[i] -= 48;
    return out;
  }
  for (let r = 0; r < m; r++) {
    const row = rows[r];
    if (typeof row === 'string') for (let c = 0; c < n; c++) out[r * n + c] = row.charCodeAt(c) - 48;
    else for (let c = 0; c < n; c++) out[r * n + c] = row[c];
  }
  return out;
}

/** Each hexadecimal digit's four cells, the first in the lowest byte (index: char code). */
const HEX_CELLS = new Uint32Array(128);
for (let v = 0; v < 16; v++) {
  const cells = ((v >> 3) & 1) | (((v >> 2) & 1) << 8) | (((v >> 1) & 1) << 16) | ((v & 1) << 24);
  HEX_CELLS['0123456789abcdef'.charCodeAt(v)] = cells;
  HEX_CELLS['0123456789ABCDEF'.charCodeAt(v)] = cells;
}

/**
 * Hexadecimal rows of an answer (`"grid": "hex"`: four cells a digit, the first its
 * highest bit) as one flat array of `cols` cells a row, four cells written at a time.
 */
export function flattenHex(rows, cols) {
  const m = rows.length;
  const digits = Math.ceil(cols / 4);
  const out = new Uint8Array(m * cols);
  const view = new DataView(out.buffer);
  const whole = cols >> 2;
  for (let r = 0; r < m; r++) {
    const row = rows[r];
    if (row.length !== digits) throw new Error(`row ${r + 1} of an answer is not ${digits} hexadecimal digits`);
    let at = r * cols;
    for (let k = 0; k < whole; k++, at += 4) view.setUint32(at, HEX_CELLS[row.charCodeAt(k) & 127], true);
    if (whole < digits) {
      const cells = HEX_CELLS[row.charCodeAt(whole) & 127];
      for (let i = 0; i < cols - 4 * whole; i++) out[at + i] = (cells >> (8 * i)) & 1;
    }
  }
  return out;
}

/**
 * Rows for a request: digit strings when every value is one digit (compact), written
 * straight into the request's bytes by the transports (json.js's GridRows).
 */
export function rowsOf(values, rows = S.rows, cols = S.cols) {
  return new GridRows(values, rows, cols, S.K <= 10);
}

/** The rules object of a request: a preset, or the spec, with the player's patterns. */
export function rulesForRequest() {
  const base = S.preset ? { preset: S.preset } : { ...S.spec };
  if (S.own && S.own.size) base.cells = [...S.own.entries()].map(([b, list]) => [b, Array.from(list)]);
  return base;
}

export function presetByName(name) {
  return (S.caps && S.caps.presets.find((p) => p.name === name)) || null;
}

/** The goal of a preset at its own size, else null (every light off). */
export function goalOf(presetName, rows, cols) {
  const p = presetByName(presetName);
  return p && p.target && p.rows === rows && p.cols === cols ? flatten(p.target) : null;
}

// ------------------------------------------------------------------ events

const listeners = new Map();

/** Calls `fn(detail)` on every `emit(name, detail)`. */
export function on(name, fn) {
  if (!listeners.has(name)) listeners.set(name, []);
  listeners.get(name).push(fn);
}

export function emit(name, detail = {}) {
  for (const fn of listeners.get(name) || []) fn(detail);
}
