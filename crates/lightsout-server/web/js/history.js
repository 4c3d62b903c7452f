// Every change of the board goes through here, as one undo step: the player's presses,
// edit-mode strokes, a whole new board (patterns, files, Clear), the solver's Play (one
// step however many presses) and changes of rules or size (the board kept where it
// fits). Each change emits 'changed' ({ pressed, edited }).

import { S, emit } from './state.js';
import { ensure, reached } from './reach.js';

/** Who restores a rules step (controls.js: it must load the rules from the server). */
let restoreRules = async () => {};
export const setRulesRestorer = (fn) => (restoreRules = fn);

function markChanged(cell, before) {
  if (!S.anim) return;
  S.prev[cell] = before;
  S.anim[cell] = performance.now();
}

/** Presses `cell` `times` times (times < K), keeping the plan a valid solution. */
function applyPress(cell, times) {
  for (const t of reached(cell)) {
    const before = S.board[t];
    S.board[t] = (before + times) % S.K;
    markChanged(t, before);
  }
  if (S.plan) S.plan[cell] = (S.plan[cell] + S.K - times) % S.K;
}

/** Presses a list of cells with the lists already here (Play's batches). */
export function applyPresses(list) {
  for (const cell of list) applyPress(cell, 1);
}

function pushStep(step) {
  S.undo.push(step);
  S.redo.length = 0;
}

// Presses wait for their band of reach lists; they are applied in the order made.
let queue = Promise.resolve();

/** The player's presses (one undo step). */
export function press(list) {
  const version = S.rulesVersion;
  queue = queue
    .then(() => ensure(list))
    .then(() => {
      if (version !== S.rulesVersion) return; // the rules changed meanwhile
      let onPlan = true;
      for (const cell of list) {
        if (!S.plan || S.plan[cell] === 0) onPlan = false;
        applyPress(cell, 1);
      }
      // Dropping presses of a minimal solution leaves a minimal solution; others do not.
      const was = { wasMinimal: S.planMinimal, wasBest: S.planBest };
      if (!onPlan) S.planMinimal = S.planBest = false;
      pushStep({ kind: 'press', cells: list, ...was });
      S.moves += list.length;
      if (!S.startedAt) S.startedAt = Date.now();
      S.hint = -1;
      emit('changed', { pressed: true, cells: list });
    })
    .catch((e) => emit('error', e));
  return queue;
}

/** Edit-mode changes: `changes` is a list of [cell, before, after], already shown or not. */
export function edit(changes) {
  if (!changes.length) return;
  for (const [cell, before, after] of changes) {
    S.board[cell] = after;
    markChanged(cell, before);
  }
  pushStep({ kind: 'edit', changes });
  emit('changed', { edited: true });
}

/** A whole new board for the same rules (a pattern, a file, Clear): one undo step. */
export function replaceBoard(board, what) {
  const before = S.board.slice();
  for (let i = 0; i < board.length; i++) if (board[i] !== S.board[i]) markChanged(i, S.board[i]);
  S.board = board;
  pushStep({ kind: 'board', before, after: board.slice(), what });
  emit('changed', { edited: true });
}

/** The solver's Play, as one undo step: the boards before and after, and the plans. */
export function recordPlay(before, planBefore, presses) {
  pushStep({
    kind: 'play',
    before,
    after: S.board.slice(),
    planBefore,
    planAfter: S.plan ? S.plan.slice() : null,
    presses,
  });
}

/** A change of rules or size: `before` and `after` are snapshots (see `snapshot`). */
export function recordRules(before, after) {
  pushStep({ kind: 'rules', before, after });
}

/** What a rules step restores. */
export function snapshot() {
  return {
    rows: S.rows,
    cols: S.cols,
    preset: S.preset,
    spec: { ...S.spec },
    own: S.own ? new Map(S.own) : null,
    board: S.board.slice(),
    target: S.target ? S.target.slice() : null,
  };
}

function setBoard(values) {
  for (let i = 0; i < values.length; i++) if (values[i] !== S.board[i]) markChanged(i, S.board[i]);
  S.board = values.slice();
}

export function undo() {
  return moveStep(S.undo, S.redo, false);
}

export function redo() {
  return moveStep(S.redo, S.undo, true);
}

/** Moves the last step of `from` onto `to` and replays it (`forward`, or back); the
 * step, if there was one. */
async function moveStep(from, to, forward) {
  await queue;
  const step = from.pop();
  if (!step) return;
  to.push(step);
  await replay(step, forward);
  return step;
}

async function replay(step, forward) {
  switch (step.kind) {
    case 'press': {
      await ensure(step.cells);
      const list = forward ? step.cells : [...step.cells].reverse();
      let onPlan = true;
      for (const cell of list) {
        if (forward && (!S.plan || S.plan[cell] === 0)) onPlan = false;
        applyPress(cell, forward ? 1 : S.K - 1);
      }
      S.moves += forward ? list.length : -list.length;
      if (forward) {
        if (!onPlan) S.planMinimal = S.planBest = false;
      } else {
        S.planMinimal = step.wasMinimal && !!S.plan;
        S.planBest = step.wasBest && !!S.plan;
      }
      S.hint = -1;
      emit('changed', { pressed: forward, undone: !forward });
      return;
    }
    case 'edit':
      for (const [cell, before, after] of step.changes) {
        markChanged(cell, S.board[cell]);
        S.board[cell] = forward ? after : before;
      }
      emit('changed', { edited: true });
      return;
    case 'board':
      setBoard(forward ? step.after : step.before);
      emit('changed', { edited: true });
      return;
    case 'play':
      setBoard(forward ? step.after : step.before);
      S.plan = forward ? step.planAfter && step.planAfter.slice() : step.planBefore && step.planBefore.slice();
      S.hint = -1;
      emit('changed', { played: true, undone: !forward });
      return;
    case 'rules':
      await restoreRules(forward ? step.after : step.before);
      return;
    default:
      throw new Error(`unknown undo step ${step.kind}`);
  }
}

/** A board of `rows x cols` keeping the values of `board` (`oldCols` wide) where they fit. */
export function fitBoard(board, oldRows, oldCols, rows, cols, K) {
  const out = new Uint8Array(rows * cols);
  for (let r = 0; r < Math.min(rows, oldRows); r++) {
    for (let c = 0; c < Math.min(cols, oldCols); c++) out[r * cols + c] = board[r * oldCols + c] % K;
  }
  return out;
}
