// A puzzle's life: a new one (random from the engine, a pattern, a shifted board), and
// what follows every change of the board or the rules: the win, the par, the HUD, the
// solution marks, the link. Other modules announce changes with events ('rules',
// 'changed', 'plan', 'par'); this module reacts to them.

import { call } from './api.js';
import { report } from './errors.js';
import { S, cells, animated, lightsOn, flatten, presetByName, on, emit } from './state.js';
import { reachedNow } from './reach.js';
import { replaceBoard } from './history.js';
import { G } from './view.js';
import { render, buildPalette, cellWords } from './board.js';
import { saveUrlSoon } from './link.js';
import { ensurePlan, dropPlan } from './solve.js';
import { stopPlay, hidePlan } from './play.js';
import { updateParSoon, parWaits } from './par.js';
import { updateSolutionInfo, methodWords } from './info.js';
import { shortTitle } from './controls.js';
import { E, OWN_MAX_CELLS, setRuleEdit, showShapeEditor } from './editor.js';
import { resetExplore } from './explore.js';
import { PATTERNS, pattern } from './patterns.js';
import { puzzleKey } from './stats.js';
import { updateHud, celebrate, sweep } from './hud.js';
import { layout } from './layout.js';
import { $, say, announce, plural, setBusy, clearStale } from './ui.js';

// ------------------------------------------------------------------ a new puzzle

/** Starts a puzzle on `board` (same rules): no moves, no plan shown, the clock at 0. */
export function resetPuzzle(board, { seed = null, moves = 0 } = {}) {
  stopPlay();
  S.board = board;
  S.seed = seed;
  S.moves = moves;
  S.helped = false;
  dropPlan();
  hidePlan();
  S.outline = null;
  S.won = false;
  S.startPar = null;
  S.startedAt = 0;
  S.finishedMs = 0;
  S.puzzleKey = puzzleKey(board);
  S.cursor = Math.min(S.cursor, cells() - 1);
  if (animated()) {
    S.anim = new Float64Array(cells());
    S.prev = new Uint8Array(cells());
  } else {
    S.anim = null;
    S.prev = null;
  }
  $('banner').hidden = true;
  resetExplore();
  boardChanged({ fresh: true });
}

/**
 * A random solvable board: the engine's for named rules (with `seed`, a decimal string,
 * the same board again), random presses from the goal for one's own buttons.
 */
export async function newPuzzle(seed) {
  setBusy('new', true);
  try {
    if (S.own) {
      // Random presses from the goal, each applied with the engine's reach lists.
      const board = S.target ? S.target.slice() : new Uint8Array(cells());
      const presses = pattern('any');
      for (let i = 0; i < presses.length; i++) {
        for (const t of reachedNow(i)) board[t] = (board[t] + presses[i]) % S.K;
      }
      resetPuzzle(board);
    } else {
      const rules = S.preset ? { preset: S.preset } : S.spec;
      const query = { ...rules, rows: S.rows, cols: S.cols, solvable: true, seed };
      const version = S.rulesVersion;
      const r = await call('random', { query });
      if (version !== S.rulesVersion || r.rows !== S.rows || r.cols !== S.cols) return;
      // The seed stays a decimal string: most seeds are beyond a double's 2^53.
      resetPuzzle(flatten(r.board), { seed: String(r.seed) });
    }
    const what = S.preset ? shortTitle(presetByName(S.preset)) : `${S.rows} × ${S.cols}`;
    say(`A new ${what} puzzle. Turn ${S.target ? 'the lights to the goal shown above' : 'every light off'}.`);
    sweep();
  } catch (e) {
    report(e);
  } finally {
    setBusy('new', false);
  }
}

/** A start pattern (one undo step); a random solvable one is a new puzzle. */
export function startPattern(name) {
  stopPlay();
  if (name === 'random') {
    newPuzzle();
    return;
  }
  replaceBoard(pattern(name), name);
  const label = PATTERNS.find(([v]) => v === name)[1];
  say(`${label}. Undo goes back.`);
}

const SHIFTS = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] };

/**
 * Moves every light one place `way` ('up', 'down', 'left', 'right'), round the edges:
 * the same picture elsewhere (one undo step). A view of the lights, not a rule: on a
 * torus a shifted board's solutions are the shifted solutions.
 */
export function shiftBoard(way) {
  if (!G.plain) return;
  stopPlay();
  const [dr, dc] = SHIFTS[way];
  const { rows, cols } = S;
  const out = new Uint8Array(cells());
  for (let r = 0; r < rows; r++) {
    const to = ((r + dr + rows) % rows) * cols;
    for (let c = 0; c < cols; c++) out[to + ((c + dc + cols) % cols)] = S.board[r * cols + c];
  }
  replaceBoard(out, 'shift');
  say(`Every light moved one place ${way}, round the edges. Undo goes back.`);
}

// ------------------------------------------------------------------ reactions

on('rules', ({ board, moves }) => {
  buildPalette();
  layout(false);
  const info = S.info;
  const solverText = $('solver-text');
  solverText.className = `hint-text${info.refused ? ' warn' : ''}`;
  solverText.textContent = info.refused
    ? 'The solver cannot handle these rules at this size (too much work for it): you can play, but Solve, Hint and Play are off. A smaller board works.'
    : `Solved exactly by ${methodWords(info.method)}.`;
  for (const id of ['solve', 'hint', 'play']) $(id).disabled = !!info.refused;
  for (const b of document.querySelectorAll('#shift-box button')) b.disabled = !G.plain;
  showShapeEditor();
  if (E.on && cells() > OWN_MAX_CELLS) setRuleEdit(false);
  resetPuzzle(board, { moves });
});

on('changed', (d) => {
  if (d.edited) {
    dropPlan();
    S.seed = null;
    S.puzzleKey = puzzleKey(S.board);
    S.moves = 0;
    S.startedAt = 0;
    S.helped = false;
  }
  resetExplore();
  boardChanged(d);
});

on('plan', () => {
  updateSolutionInfo();
  updateHud();
  render();
});

on('par', updateHud);
on('error', report);
on('spec', showShapeEditor);
on('reachable', clearStale);

function boardChanged({ pressed, fresh, played }) {
  S.version++;
  const lit = lightsOn();
  const wasWon = S.won;
  S.won = lit === 0 && (S.moves > 0 || S.helped) && !S.edit && !fresh;
  if (S.won && !wasWon && (pressed || played)) celebrate();
  if (!S.won) $('banner').hidden = true;
  $('board-wrap').classList.toggle('won', S.won);
  if (pressed && S.showPlan && !S.planBest) ensurePlan().then(() => emit('plan'), () => {});
  if (pressed && !played) announce(`${cellWords(S.cursor)}. ${plural(lit, 'light')} ${S.target ? 'off the goal' : 'on'}.`);
  // The par describes this board: asked for now, or (while Play runs or the board is
  // edited) neutral until the board stops changing.
  if (S.edit || S.playing) parWaits();
  else updateParSoon(fresh ? 0 : 200);
  updateHud();
  updateSolutionInfo();
  saveUrlSoon();
  render();
}
