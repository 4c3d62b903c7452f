// The boxes above the board (moves, lights on, par, time, rules) and the win: the
// banner, the best result, the sweep of lights. Numbers shrink to fit their box.

import { S, cells, lightsOn } from './state.js';
import { G, rowOf, colOf } from './view.js';
import { canvas, render } from './board.js';
import { best, recordWin } from './stats.js';
import { $, say, announce, fmt, plural, clock, fitText } from './ui.js';

const PAR_TITLE = 'The fewest presses that solve the puzzle from here';

export function updateHud() {
  const moves = $('moves');
  if (moves.textContent !== fmt(S.moves)) {
    moves.textContent = fmt(S.moves);
    moves.classList.remove('bump');
    void moves.offsetWidth;
    moves.classList.add('bump');
  }
  $('lights').textContent = fmt(lightsOn());
  $('lights-label').textContent = S.target ? 'Off target' : 'Lights on';
  showPar();
  $('undo').disabled = S.undo.length === 0;
  $('redo').disabled = S.redo.length === 0;
  updateClock();
  const b = best(S.puzzleKey);
  $('best').textContent = b ? `best ${plural(b.moves, 'move')}, ${clock(b.ms)}` : '';
  canvas.setAttribute(
    'aria-label',
    `Lights Out board, ${S.rows} by ${S.cols}, ${plural(lightsOn(), 'light')} to switch, ${plural(S.moves, 'move')}.`,
  );
  fitHud();
}

/** The par box: the figure for this board, a neutral mark while it is on its way. */
function showPar() {
  const par = S.par;
  const value = $('par');
  const note = $('par-note');
  if (!par || par.pending || par.waiting) {
    value.textContent = '…';
    note.textContent = '';
  } else {
    value.textContent = par.value === null ? '–' : fmt(par.value);
    note.textContent = par.note || '';
  }
  $('par-stat').title = par && par.title ? `Par: ${par.title}` : PAR_TITLE;
  if (par && !par.pending && !par.waiting && par.proven && S.moves === 0 && S.startPar === null) S.startPar = par.value;
}

/** Every figure in its box, at any width. */
export function fitHud() {
  for (const el of document.querySelectorAll('.hud .value')) fitText(el);
}

export function updateClock() {
  const ms = S.won ? S.finishedMs : S.startedAt ? Date.now() - S.startedAt : 0;
  $('timer').textContent = clock(ms);
}
setInterval(() => S.startedAt && !S.won && updateClock(), 1000);

/** The win: the banner with the moves and time (and par, and a new best). */
export function celebrate() {
  let text;
  S.finishedMs = S.startedAt ? Date.now() - S.startedAt : 0;
  if (S.helped) {
    text = S.moves
      ? `${plural(S.moves, 'move')} of yours, with the solver's help`
      : "by the solver's presses";
  } else {
    text = `${plural(S.moves, 'move')} in ${clock(S.finishedMs)}`;
    const r = recordWin(S.puzzleKey, S.moves, S.finishedMs);
    if (r.improved && r.previous) text += ', a new best';
    const par = S.startPar;
    if (par !== null && par !== undefined) text += S.moves <= par ? ': par, the fewest possible!' : `; par is ${fmt(par)}`;
  }
  $('banner-title').textContent = 'Solved!';
  $('banner-text').textContent = text.charAt(0).toUpperCase() + text.slice(1);
  $('banner').hidden = false;
  const said = /[!.]$/.test(text) ? `Solved: ${text}` : `Solved: ${text}.`;
  say(said, 'ok');
  announce(said);
  updateHud();
  if (S.anim) {
    const now = performance.now();
    const cr = (G.rows - 1) / 2;
    const cc = (G.cols - 1) / 2;
    for (let i = 0; i < cells(); i++) {
      const d = Math.hypot(rowOf(i) - cr, colOf(i) - cc);
      S.prev[i] = 1 % S.K;
      S.anim[i] = now + 120 + d * 45;
    }
    render();
  }
}

/** Lights up a new board with a quick sweep from the top-left corner. */
export function sweep() {
  if (!S.anim) return;
  const now = performance.now();
  const step = 500 / (G.rows + G.cols);
  for (let i = 0; i < cells(); i++) {
    S.prev[i] = 0;
    S.anim[i] = now + (colOf(i) + rowOf(i)) * step;
  }
  render();
}
