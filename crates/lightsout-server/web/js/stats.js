// The timer and the best result of each puzzle, kept in this browser's localStorage
// (nothing is sent to the server). A puzzle is its rules, size and start position.

import { S, rulesForRequest } from './state.js';
import { packBoard } from './link.js';

const PREFIX = 'lightsout.best.';

/** A short name for a puzzle: a hash of its rules, size and start. */
export function puzzleKey(start) {
  const text = JSON.stringify([S.rows, S.cols, rulesForRequest(), S.target ? packBoard(S.target, S.K) : '', packBoard(start, S.K)]);
  // FNV-1a, twice with different seeds: 64 bits, plenty to tell puzzles apart.
  const hash = (seed) => {
    let h = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(16).padStart(8, '0');
  };
  return hash(0x811c9dc5) + hash(0x2f1c4b7d);
}

/** The best result of a puzzle, or null: { moves, ms, date }. */
export function best(key) {
  try {
    const v = JSON.parse(localStorage.getItem(PREFIX + key));
    return v && Number.isFinite(v.moves) ? v : null;
  } catch (e) {
    return null;
  }
}

/** Records a win; returns { best, improved } (improved: fewer moves, or as few and faster). */
export function recordWin(key, moves, ms) {
  const old = best(key);
  const improved = !old || moves < old.moves || (moves === old.moves && ms < old.ms);
  const next = improved ? { moves, ms, date: new Date().toISOString().slice(0, 10) } : old;
  if (improved) {
    try {
      localStorage.setItem(PREFIX + key, JSON.stringify(next));
    } catch (e) {
      // Storage full or disabled: the result is still shown.
    }
  }
  return { best: next, improved, previous: old };
}
