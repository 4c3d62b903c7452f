// The engine's answer for the board in play: the plan (press counts that solve it), or
// why it has none. Asks for the fewest presses where that is quick, else a plain
// solution first; when the fewest presses cannot be proven in time the page keeps a
// plain solution (or the best found), never an error. Also says why a board has none.

import { call, isAbort } from './api.js';
import { report } from './errors.js';
import { S, cells, flatten, flattenHex, rowsOf, rulesForRequest, PAR_MAX_CELLS, emit } from './state.js';
import { startJob, jobPhase, stopJob } from './jobs.js';
import { render } from './board.js';
import { sayHtml, announce, fmt, escapeHtml, setBusy } from './ui.js';

/** Longest the engine searches for the fewest presses of a small board (s). */
const SEARCH_SECONDS = 3;
/** The same for boards above PAR_MAX_CELLS, after a first plain solution is shown. */
const BIG_SEARCH_SECONDS = 5;

/** Kinds that mean "not within this request's budget": a plain solution may still come. */
const OUT_OF_TIME = new Set(['busy', 'too_many_connections', 'timeout', 'time_limit', 'request_timeout']);

// ------------------------------------------------------------------ requests

/**
 * One solve of `board` to `target` (default: the board and goal in play; a null target
 * is the engine's default goal) under the rules in play; `min` asks for the fewest
 * presses within `timeLimit` seconds. A refusal that suggests another method is asked
 * again with that method.
 */
export async function solveRequest({ min, timeLimit, signal, board = S.board, target = S.target }) {
  // Presses as hexadecimal rows on two-state boards (four cells a byte), else digits:
  // far fewer bytes than lists of numbers, and read many times faster. The answer's
  // grids come back flat (flatten passes them through).
  const grid = S.K === 2 ? 'hex' : 'digits';
  const body = { board: rowsOf(board), rules: rulesForRequest(), min, grid };
  if (min) body.time_limit = timeLimit;
  if (target) body.target = rowsOf(target);
  const route = S.own && S.own.size ? 'custom/solve' : 'solve';
  let res;
  try {
    res = await call(route, { body, signal });
  } catch (e) {
    // The automatic choice may refuse a board another method takes: the engine names
    // it, and the page asks for that one rather than pass on advice.
    if (!e.suggestedMethod || body.method) throw e;
    res = await call(route, { body: { ...body, method: e.suggestedMethod }, signal });
  }
  const read = (rows) => (grid === 'hex' ? flattenHex(rows, res.cols) : flatten(rows));
  if (res.presses) res.presses = read(res.presses);
  if (res.witness) res.witness = read(res.witness);
  return res;
}

/** The engine's answer as the page's plan (or the reason there is none). */
export function takeSolution(res, extra = {}) {
  S.planMeta = { ...res, ...extra };
  if (res.solvable) {
    S.plan = flatten(res.presses);
    S.planMinimal = !!res.minimal;
    S.planBest = true;
    S.unsolvable = null;
  } else {
    S.plan = null;
    S.planMinimal = S.planBest = false;
    S.unsolvable = { reasonKind: res.reason_kind || null, witness: res.witness ? flatten(res.witness) : null };
  }
}

/** The plan (or the proof there is none) is the engine's answer for this board. */
export const haveAnswer = () => (S.plan && S.planBest) || !!S.unsolvable;

let solving = null;

/** True while a solve is running. */
export const busy = () => !!solving;

/** Makes sure the engine's plan (or the reason there is none) is known for this board. */
export function ensurePlan() {
  if (haveAnswer()) return Promise.resolve();
  if (solving) return solving;
  solving = (async () => {
    setBusy('solve', true);
    const controller = startJob('Solving…');
    const { signal } = controller;
    try {
      for (;;) {
        const version = S.version;
        const started = performance.now();
        await solveFor(signal);
        if (version === S.version || haveAnswer()) {
          if (S.planMeta) S.planMeta.ms = Math.round(performance.now() - started);
          return;
        }
        // The board changed meanwhile: ask again for the board as it is now.
      }
    } catch (e) {
      if (!isAbort(e)) report(e);
      throw e;
    } finally {
      setBusy('solve', false);
      stopJob(controller);
      solving = null;
      emit('plan');
    }
  })();
  return solving;
}

/**
 * Small boards: the fewest presses at once (a plain solution if the search cannot
 * finish). Large boards: a plain solution first, shown at once, then a search for fewer
 * presses, kept when it finds some.
 */
async function solveFor(signal) {
  const version = S.version;
  const big = cells() > PAR_MAX_CELLS;
  if (!big) {
    jobPhase('Solving…', SEARCH_SECONDS + 1);
    try {
      const res = await solveRequest({ min: true, timeLimit: SEARCH_SECONDS, signal });
      if (version === S.version) takeSolution(res);
      return;
    } catch (e) {
      if (isAbort(e) || !OUT_OF_TIME.has(e.kind)) throw e;
    }
  }
  jobPhase('Solving…', 10);
  const plain = await solveRequest({ min: false, signal });
  if (version !== S.version) return;
  takeSolution(plain, { searched: false });
  if (!plain.solvable || plain.nullity === 0) {
    if (plain.solvable) S.planMinimal = true; // the only solution
    return;
  }
  if (!big) {
    S.planMeta.note = 'the search for fewer presses ran out of time';
    return;
  }
  emit('plan');
  jobPhase(`Found a solution of ${fmt(plain.press_count)} presses; looking for fewer…`, BIG_SEARCH_SECONDS + 2);
  try {
    const res = await solveRequest({ min: true, timeLimit: BIG_SEARCH_SECONDS, signal });
    if (version === S.version && res.solvable && res.press_count <= plain.press_count) takeSolution(res);
  } catch (e) {
    S.planMeta.note = isAbort(e) ? 'the search for fewer presses was cancelled' : 'the search for fewer presses ran out of time';
  }
}

/** The presses of the plan, in all. */
export function planPresses() {
  let n = 0;
  if (S.plan) for (let i = 0; i < S.plan.length; i++) n += S.plan[i];
  return n;
}

/** The plan for this board, or null: after explaining why there is none, or after a
 *  failed or cancelled request (already reported). */
export async function planOrExplain() {
  try {
    await ensurePlan();
  } catch (e) {
    return null;
  }
  if (!S.plan) {
    explainUnsolvable();
    render();
    return null;
  }
  return S.plan;
}

/** Says why the board has no solution: the outlined quiet pattern, when there is one. */
export function explainUnsolvable() {
  const u = S.unsolvable;
  if (!u) return;
  const text = u.witness ? witnessWords(u.witness) : 'No combination of presses reaches the goal from this position.';
  sayHtml(`<strong>No solution.</strong> ${escapeHtml(text)}`, 'witness');
  announce(`No solution. ${text}`);
}

/** Why a quiet pattern with an odd overlap shows there is no solution, in words. */
function witnessWords(witness) {
  let size = 0;
  let odd = 0;
  for (let i = 0; i < witness.length; i++) {
    if (!witness[i]) continue;
    size++;
    if (S.board[i] !== (S.target ? S.target[i] : 0)) odd++;
  }
  const goal = S.target ? (odd === 1 ? 'differs from the goal' : 'differ from the goal') : odd === 1 ? 'is on' : 'are on';
  return (
    `Pressing all ${fmt(size)} outlined buttons changes nothing (a quiet pattern), ` +
    `so every press flips an even number of the outlined lights. ${fmt(odd)} of them ${goal}: an odd number, which can never reach zero.`
  );
}

/** Forgets the plan (the board was edited, or is new). */
export function dropPlan() {
  S.plan = null;
  S.planMinimal = S.planBest = false;
  S.planMeta = null;
  S.unsolvable = null;
  S.hint = -1;
}
