// What each press changes, always the engine's answer (the library's Game::reached):
// the whole list for small boards and per-cell rules (GET rules, POST custom/rules),
// else bands of rows fetched from GET reach as they are needed and kept. The page never
// works out a neighbour itself.

import { call } from './api.js';

/** The most cell indices the engine sends in one answer (GET reach's limit). */
const MAX_ENTRIES = 1 << 20;
/** Bands fetched at once (Play prefetches every band). */
const PARALLEL = 2;

let source = { kind: 'none' };

/** Every cell's list at once. */
export function setWhole(lists) {
  source = { kind: 'whole', lists };
}

/**
 * Bands of `GET reach?<query>`, for a rows x cols board whose presses change at
 * most `perCell` cells each.
 */
export function setBands(query, rows, cols, perCell) {
  const bandRows = Math.max(1, Math.min(rows, Math.floor(MAX_ENTRIES / (cols * Math.max(1, perCell)))));
  source = { kind: 'bands', query, rows, cols, bandRows, bands: new Map(), pending: new Map() };
}

/** The cells a press of `cell` changes (sorted), or null when not fetched yet. */
export function reachedNow(cell) {
  const s = source;
  if (s.kind === 'whole') return s.lists[cell];
  if (s.kind !== 'bands') return null;
  const band = s.bands.get(bandOf(s, cell));
  if (!band) return null;
  const i = cell - band.first;
  return band.cells.subarray(band.start[i], band.start[i + 1]);
}

/** The cells a press of `cell` changes; the band must be there (see `ensure`). */
export function reached(cell) {
  const list = reachedNow(cell);
  if (!list) throw new Error(`the reach of cell ${cell} has not been fetched`);
  return list;
}

const bandOf = (s, cell) => Math.floor(Math.floor(cell / s.cols) / s.bandRows);

/** Fetches (once) the bands holding `list`'s cells. */
export async function ensure(list) {
  const s = source;
  if (s.kind !== 'bands') return;
  const wanted = new Set();
  for (const cell of list) {
    const b = bandOf(s, cell);
    if (!s.bands.has(b)) wanted.add(b);
  }
  await Promise.all([...wanted].map((b) => fetchBand(s, b)));
}

/**
 * Fetches every band, `PARALLEL` at a time; `progress(done, total)` after each. Stops
 * (throwing the call's 'cancelled' error) when `signal` aborts.
 */
export async function ensureAll(progress = () => {}, signal = null) {
  const s = source;
  if (s.kind !== 'bands') return;
  const total = Math.ceil(s.rows / s.bandRows);
  const queue = [];
  for (let b = 0; b < total; b++) if (!s.bands.has(b)) queue.push(b);
  let done = total - queue.length;
  progress(done, total);
  const worker = async () => {
    while (queue.length) {
      await fetchBand(s, queue.shift(), signal);
      progress(++done, total);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** Whether every list is here (no fetch needed before a press). */
export const complete = () =>
  source.kind === 'whole' || (source.kind === 'bands' && source.bands.size * source.bandRows >= source.rows);

function fetchBand(s, b, signal = null) {
  if (s.bands.has(b)) return Promise.resolve();
  if (s.pending.has(b)) return s.pending.get(b);
  const from = b * s.bandRows;
  const to = Math.min(s.rows, from + s.bandRows);
  const p = new URLSearchParams(s.query);
  p.set('rows', s.rows);
  p.set('cols', s.cols);
  p.set('from_row', from);
  p.set('to_row', to);
  // A band asked for by a job that may be cancelled is not shared with other callers.
  const promise = call('reach', { query: p, signal })
    .then((res) => {
      // Kept as two flat arrays: a million small arrays would cost far more memory.
      const n = res.reach.length;
      const start = new Int32Array(n + 1);
      for (let i = 0; i < n; i++) start[i + 1] = start[i] + res.reach[i].length;
      const flat = new Int32Array(start[n]);
      for (let i = 0; i < n; i++) flat.set(res.reach[i], start[i]);
      s.bands.set(b, { first: from * s.cols, start, cells: flat });
    })
    .finally(() => s.pending.get(b) === promise && s.pending.delete(b));
  if (!signal) s.pending.set(b, promise);
  return promise;
}
