// Lights Out in the browser: the start, the board's input (mouse, touch, keys, zoom),
// and the reactions to every change. Every rule is the server's: what a press changes
// comes from it (reach.js), and so do solutions, hints and explanations.

import { api, params } from './api.js';
import { S, CLASSIC, cells, animated, lightsOn, flatten, presetByName, on, emit, PAR_MAX_CELLS } from './state.js';
import { reachedNow } from './reach.js';
import { press, edit, undo, redo, replaceBoard } from './history.js';
import { G, V, makeGeometry, setFrame, fit, zoomAt, zoomTo, panBy, cellAtPoint, cellCentre, ensureVisible, rowOf, colOf, cellAtPlace, zoomed, placeName } from './view.js';
import { canvas, render, sizeCanvas, buildPalette, drawGoal, cellWords, markMetrics, miniCell } from './board.js';
import { saveUrl, saveUrlSoon, readUrl, unpackBoard, unpackOwn, lastWritten, cancelUrlSave, URL_MAX_CELLS } from './link.js';
import * as solver from './solver.js';
import { fillControls, applyRules, ruleFieldChanged, presetChosen, sizeChanged, resetOwn, shortTitle, current, rulesLabel } from './controls.js';
import { E, setRuleEdit, ruleEditClick, anotherButton, showShapeEditor } from './editor.js';
import { openExplore, stepQuiet, stepSolution, resetExplore, exploreState, EXPLORE_MAX_CELLS } from './explore.js';
import { readBoardFile, boardFile, download, boardText, EXTENSIONS } from './files.js';
import { PATTERNS, pattern } from './patterns.js';
import { puzzleKey, best, recordWin } from './stats.js';
import { $, say, sayError, announce, fmt, plural, clock, setBusy } from './ui.js';

// ------------------------------------------------------------------ a new puzzle

/** Starts a puzzle on `board` (same rules): no moves, no plan shown, the clock at 0. */
function resetPuzzle(board, { seed = null, moves = 0 } = {}) {
  solver.stopPlay();
  S.board = board;
  S.seed = seed;
  S.moves = moves;
  S.helped = false;
  solver.dropPlan();
  solver.hidePlan();
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

/** A random solvable board: the server's for named rules, random presses for one's own. */
async function newPuzzle(seed) {
  setBusy('new', true);
  try {
    if (S.own) {
      // Random presses from the goal, each applied with the server's reach lists.
      const board = S.target ? S.target.slice() : new Uint8Array(cells());
      const presses = pattern('any');
      for (let i = 0; i < presses.length; i++) {
        for (const t of reachedNow(i)) board[t] = (board[t] + presses[i]) % S.K;
      }
      resetPuzzle(board);
    } else {
      const p = params(S.preset ? { preset: S.preset } : S.spec);
      p.set('rows', S.rows);
      p.set('cols', S.cols);
      p.set('solvable', 'true');
      if (seed !== undefined && seed !== null) p.set('seed', seed);
      const version = S.rulesVersion;
      const r = await api(`/api/random?${p}`);
      if (version !== S.rulesVersion || r.rows !== S.rows || r.cols !== S.cols) return;
      resetPuzzle(flatten(r.board), { seed: r.seed });
    }
    const what = S.preset ? shortTitle(presetByName(S.preset)) : `${S.rows} × ${S.cols}`;
    say(`A new ${what} puzzle. Turn ${S.target ? 'the lights to the goal shown above' : 'every light off'}.`);
    sweep();
  } catch (e) {
    sayError(e.message);
  } finally {
    setBusy('new', false);
  }
}

/** Lights up a new board with a quick sweep from the top-left corner. */
function sweep() {
  if (!S.anim) return;
  const now = performance.now();
  const step = 500 / (G.rows + G.cols);
  for (let i = 0; i < cells(); i++) {
    S.prev[i] = 0;
    S.anim[i] = now + (colOf(i) + rowOf(i)) * step;
  }
  render();
}

// ------------------------------------------------------------------ reactions

on('rules', ({ board, moves }) => {
  makeGeometry();
  buildPalette();
  layout(false);
  const info = S.info;
  const solverText = $('solver-text');
  solverText.className = `hint-text${info.refused ? ' warn' : ''}`;
  solverText.textContent = info.refused
    ? 'The solver cannot handle these rules at this size (too much work for this server): you can play, but Solve, Hint and Play are off. A smaller board works.'
    : `Solved exactly by ${solver.methodWords(info.method)}.`;
  for (const id of ['solve', 'hint', 'play']) $(id).disabled = !!info.refused;
  showShapeEditor();
  if (E.on && cells() > 10000) setRuleEdit(false);
  resetPuzzle(board, { moves });
});

on('changed', (d) => {
  if (d.edited) {
    solver.dropPlan();
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
  solver.updateSolutionInfo();
  updateHud();
  render();
});

on('par', updateHud);
on('error', (e) => sayError(e.message || String(e)));
on('spec', showShapeEditor);

function boardChanged({ pressed, fresh, played, stopped, edited }) {
  S.version++;
  const on = lightsOn();
  const wasWon = S.won;
  S.won = on === 0 && (S.moves > 0 || S.helped) && !S.edit && !fresh;
  if (S.won && !wasWon && (pressed || played)) celebrate();
  if (!S.won) $('banner').hidden = true;
  $('board-wrap').classList.toggle('won', S.won);
  if (pressed && S.showPlan && !S.planBest) solver.ensurePlan().then(() => emit('plan'), () => {});
  if (pressed && !played) announce(`${cellWords(S.cursor)}. ${plural(on, 'light')} ${S.target ? 'off the goal' : 'on'}.`);
  if (!S.edit && !(played && !stopped)) solver.updateParSoon(fresh ? 0 : 200);
  updateHud();
  solver.updateSolutionInfo();
  saveUrlSoon();
  render();
  if (edited || fresh) emit('board');
}

// ------------------------------------------------------------------ HUD

function updateHud() {
  const moves = $('moves');
  if (moves.textContent !== fmt(S.moves)) {
    moves.textContent = fmt(S.moves);
    moves.classList.remove('bump');
    void moves.offsetWidth;
    moves.classList.add('bump');
  }
  $('lights').textContent = fmt(lightsOn());
  $('lights-label').textContent = S.target ? 'Off target' : 'Lights on';
  const par = S.par;
  const parEl = $('par');
  const note = $('par-note');
  if (!par || (par.value === null && par.pending)) {
    parEl.textContent = '…';
    note.textContent = '';
  } else if (par.value === null) {
    parEl.textContent = '–';
    note.textContent = par.reason || '';
  } else {
    parEl.textContent = fmt(par.value);
    note.textContent = par.pending ? 'updating…' : par.proven ? '' : 'best found';
  }
  $('par-stat').title = par && par.value === null && par.reason
    ? `Par: ${par.reason}`
    : 'The fewest presses that solve the puzzle from here';
  if (par && !par.pending && par.proven && S.moves === 0 && S.startPar === null) S.startPar = par.value;
  $('undo').disabled = S.undo.length === 0;
  $('redo').disabled = S.redo.length === 0;
  updateClock();
  const b = best(S.puzzleKey);
  $('best').textContent = b ? `best ${plural(b.moves, 'move')}, ${clock(b.ms)}` : '';
  canvas.setAttribute(
    'aria-label',
    `Lights Out board, ${S.rows} by ${S.cols}, ${plural(lightsOn(), 'light')} to switch, ${plural(S.moves, 'move')}.`,
  );
}

function updateClock() {
  const ms = S.won ? S.finishedMs : S.startedAt ? Date.now() - S.startedAt : 0;
  $('timer').textContent = clock(ms);
}
setInterval(() => S.startedAt && !S.won && updateClock(), 1000);

function celebrate() {
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

// ------------------------------------------------------------------ layout

function layout(keepZoom = true) {
  // The frame fits the board, so the room comes from the column around it.
  const wrapEl = $('board-wrap');
  const style = getComputedStyle(wrapEl);
  const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 2;
  const availW = Math.max(60, wrapEl.parentElement.clientWidth - padX);
  const narrow = window.innerWidth <= 880;
  const top = wrapEl.getBoundingClientRect().top + window.scrollY;
  const availH = narrow ? availW * 1.15 : Math.max(260, window.innerHeight - top - 170);
  makeGeometry();
  setFrame(availW, availH, keepZoom);
  sizeCanvas();
  drawGoal();
}

let resizeTimer = 0;
window.addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => layout(true), 80);
});

// ------------------------------------------------------------------ board input

function pointOf(e) {
  const rect = canvas.getBoundingClientRect();
  return { x: ((e.clientX - rect.left) / rect.width) * V.width, y: ((e.clientY - rect.top) / rect.height) * V.height };
}

function cellAt(e) {
  const p = pointOf(e);
  return cellAtPoint(p.x, p.y);
}

let painting = null; // edit-mode stroke: { value, changes, seen }

function paint(cell) {
  if (cell < 0 || painting.seen.has(cell)) return;
  painting.seen.add(cell);
  const before = S.board[cell];
  if (painting.value === null) painting.value = (before + 1) % S.K;
  if (before === painting.value) return;
  S.board[cell] = painting.value;
  if (S.anim) {
    S.prev[cell] = before;
    S.anim[cell] = performance.now();
  }
  painting.changes.push([cell, before, painting.value]);
  render();
}

function endPaint() {
  if (!painting) return;
  const changes = painting.changes;
  painting = null;
  // The cells already show the new values; the stroke is one undo step.
  for (const [cell, before] of changes) S.board[cell] = before;
  edit(changes);
}

function act(cell) {
  if (cell < 0) return;
  S.cursor = cell;
  if (E.on) ruleEditClick(cell);
  else if (S.edit) {
    const before = S.board[cell];
    edit([[cell, before, (before + 1) % S.K]]);
  } else {
    solver.stopPlay();
    press([cell]);
  }
}

// Pointers: a click (or tap) presses; when zoomed in a drag pans; two fingers pinch.
const pointers = new Map();
let gesture = null; // { kind: 'maybe-pan'|'pan'|'pinch', ... }

canvas.addEventListener('pointerdown', (e) => {
  S.showCursor = false;
  pointers.set(e.pointerId, pointOf(e));
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    gesture = { kind: 'pinch', dist: Math.hypot(a.x - b.x, a.y - b.y), mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
    painting = null;
    return;
  }
  if (S.edit && !E.on && !zoomed()) {
    e.preventDefault();
    canvas.setPointerCapture(e.pointerId);
    solver.stopPlay();
    painting = { value: null, changes: [], seen: new Set() };
    paint(cellAt(e));
    return;
  }
  if (zoomed()) {
    canvas.setPointerCapture(e.pointerId);
    gesture = { kind: 'maybe-pan', start: pointOf(e), last: pointOf(e), type: e.pointerType };
    return;
  }
  // Mice press on the way down (snappy); touches wait for the tap, so a scroll that
  // starts on the board presses nothing.
  if (e.pointerType === 'mouse' && e.button === 0) act(cellAt(e));
});

canvas.addEventListener('pointermove', (e) => {
  const p = pointOf(e);
  if (pointers.has(e.pointerId)) pointers.set(e.pointerId, p);
  if (gesture && gesture.kind === 'pinch' && pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    const dist = Math.hypot(a.x - b.x, a.y - b.y);
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    zoomAt(dist / Math.max(1, gesture.dist), mid.x, mid.y);
    panBy(mid.x - gesture.mid.x, mid.y - gesture.mid.y);
    gesture.dist = dist;
    gesture.mid = mid;
    render();
    return;
  }
  if (gesture && (gesture.kind === 'maybe-pan' || gesture.kind === 'pan')) {
    if (gesture.kind === 'maybe-pan' && Math.hypot(p.x - gesture.start.x, p.y - gesture.start.y) > 5) gesture.kind = 'pan';
    if (gesture.kind === 'pan') {
      panBy(p.x - gesture.last.x, p.y - gesture.last.y);
      gesture.last = p;
      render();
    }
    return;
  }
  if (painting) {
    paint(cellAt(e));
    return;
  }
  if (e.pointerType !== 'mouse') return;
  const cell = cellAt(e);
  if (cell !== S.hover) {
    S.hover = cell;
    render();
  }
});

function pointerEnd(e) {
  pointers.delete(e.pointerId);
  if (gesture && gesture.kind === 'maybe-pan' && e.type === 'pointerup') {
    // A click without a drag, zoomed in: a press (or an edit).
    gesture = null;
    act(cellAt(e));
    suppressClick = true;
    return;
  }
  if (gesture && pointers.size === 0) {
    gesture = null;
    suppressClick = true;
    return;
  }
  endPaint();
}
let suppressClick = false;
canvas.addEventListener('pointerup', pointerEnd);
canvas.addEventListener('pointercancel', pointerEnd);
canvas.addEventListener('pointerleave', () => {
  if (S.hover !== -1) {
    S.hover = -1;
    render();
  }
});
let lastPointerType = 'mouse';
canvas.addEventListener('pointerdown', (e) => (lastPointerType = e.pointerType), true);
canvas.addEventListener('click', (e) => {
  if (suppressClick) {
    suppressClick = false;
    return;
  }
  if ((S.edit && !E.on) || lastPointerType === 'mouse') return;
  act(cellAt(e));
});
canvas.addEventListener('contextmenu', (e) => (S.edit || E.on) && e.preventDefault());
canvas.addEventListener(
  'wheel',
  (e) => {
    e.preventDefault();
    const p = pointOf(e);
    zoomAt(Math.exp(-e.deltaY * 0.0015), p.x, p.y);
    render();
  },
  { passive: false },
);

canvas.addEventListener('keydown', (e) => {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    const [dr, dc] = moves[e.key];
    // The next cell that way in the picture (over the holes of a net), if any.
    let r = rowOf(S.cursor) + dr;
    let c = colOf(S.cursor) + dc;
    while (r >= 0 && r < G.rows && c >= 0 && c < G.cols && cellAtPlace(r, c) < 0) {
      r += dr;
      c += dc;
    }
    const next = cellAtPlace(r, c);
    if (next >= 0) S.cursor = next;
    S.showCursor = true;
    if (zoomed()) ensureVisible(S.cursor);
    render();
  } else if (e.key === ' ' || e.key === 'Enter') {
    e.preventDefault();
    S.showCursor = true;
    act(S.cursor);
  }
});
canvas.addEventListener('focus', render);
canvas.addEventListener('blur', render);

function zoomBy(factor) {
  if (!zoomed() && factor > 1 && S.showCursor) zoomTo(S.cursor, V.scale * factor);
  else zoomAt(factor);
  render();
}

document.addEventListener('keydown', (e) => {
  const tag = (e.target && e.target.tagName) || '';
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
  if (e.altKey || e.metaKey) return;
  const key = e.key.toLowerCase();
  const ctrl = e.ctrlKey;
  if (key === 'z' && !e.shiftKey) {
    e.preventDefault();
    doUndo();
  } else if (key === 'y' || (ctrl && e.shiftKey && key === 'z')) {
    e.preventDefault();
    doRedo();
  } else if (ctrl) {
    return;
  } else if (key === 'h') solver.hint();
  else if (key === 's') solver.toggleSolve();
  else if (key === 'p') solver.togglePlay();
  else if (key === 'e') setEdit(!S.edit);
  else if (key === 'n') newPuzzle();
  else if (key === '+' || key === '=') zoomBy(1.5);
  else if (key === '-') zoomBy(1 / 1.5);
  else if (key === '0') {
    fit();
    render();
  } else if (key === 'escape') {
    solver.cancel();
    if (E.on) setRuleEdit(false);
  } else if (key.startsWith('arrow') && document.activeElement !== canvas) {
    canvas.focus();
    S.showCursor = true;
    render();
    e.preventDefault();
  }
});

function setEdit(on) {
  solver.stopPlay();
  if (E.on) setRuleEdit(false);
  S.edit = on;
  $('edit').setAttribute('aria-pressed', String(on));
  $('board-wrap').classList.toggle('editing', on);
  if (on) {
    S.hint = -1;
    S.won = false;
    $('banner').hidden = true;
    say('Edit mode: click (or drag over) lights to switch them. Press Edit again to play.');
  } else {
    say('Play: a press switches the light and its neighbours.');
    boardChanged({});
    // A hand-made board that cannot be solved is said at once.
    solver.checkSolvable();
  }
  render();
}

/** What an undo or redo step was, in words. */
function stepWords(step) {
  switch (step.kind) {
    case 'press':
      return step.cells.length === 1 ? `the press of ${placeName(step.cells[0])}` : plural(step.cells.length, 'press', 'presses');
    case 'play':
      return `the solver's ${plural(step.presses, 'press', 'presses')}`;
    case 'rules':
      return `the change of rules or size (now ${rulesLabel()}, ${S.rows} × ${S.cols})`;
    default:
      return 'the change of lights';
  }
}

function doUndo() {
  solver.stopPlay();
  undo()
    .then((step) => step && say(`Undone: ${stepWords(step)}.`))
    .catch((e) => sayError(e.message));
}
function doRedo() {
  solver.stopPlay();
  redo()
    .then((step) => step && say(`Redone: ${stepWords(step)}.`))
    .catch((e) => sayError(e.message));
}

// ------------------------------------------------------------------ buttons

$('undo').addEventListener('click', doUndo);
$('redo').addEventListener('click', doRedo);
$('hint').addEventListener('click', solver.hint);
$('solve').addEventListener('click', solver.toggleSolve);
$('play').addEventListener('click', solver.togglePlay);
$('cancel').addEventListener('click', solver.cancel);
$('edit').addEventListener('click', () => setEdit(!S.edit));
$('new').addEventListener('click', () => newPuzzle());
$('banner-new').addEventListener('click', () => newPuzzle());
$('clear').addEventListener('click', () => startPattern('clear'));
$('allon').addEventListener('click', () => startPattern('allon'));
$('share').addEventListener('click', share);
$('zoom-in').addEventListener('click', () => zoomBy(1.5));
$('zoom-out').addEventListener('click', () => zoomBy(1 / 1.5));
$('zoom-fit').addEventListener('click', () => {
  fit();
  render();
});
$('minimap').addEventListener('pointerdown', (e) => {
  const rect = e.currentTarget.getBoundingClientRect();
  const cell = miniCell((e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height);
  if (cell >= 0) zoomTo(cell, V.scale);
  render();
});

for (const id of ['boundary', 'shape', 'noself', 'mod']) $(id).addEventListener('change', ruleFieldChanged);
$('mask').addEventListener('change', () => {
  $('shape').value = 'custom';
  ruleFieldChanged();
});
$('preset').addEventListener('change', presetChosen);
$('rows').addEventListener('change', sizeChanged);
$('cols').addEventListener('change', sizeChanged);
$('own-edit').addEventListener('click', () => setRuleEdit(!E.on));
$('own-another').addEventListener('click', anotherButton);
$('own-reset').addEventListener('click', resetOwn);
$('explore-open').addEventListener('click', openExplore);
$('quiet-prev').addEventListener('click', () => stepQuiet(-1));
$('quiet-next').addEventListener('click', () => stepQuiet(1));
$('solution-prev').addEventListener('click', () => stepSolution(-1));
$('solution-next').addEventListener('click', () => stepSolution(1));

$('pattern').innerHTML += PATTERNS.map(([v, label]) => `<option value="${v}">${label}</option>`).join('');
$('pattern').addEventListener('change', () => {
  const name = $('pattern').value;
  $('pattern').value = '';
  if (name) startPattern(name);
});

/** A start pattern (one undo step); a random solvable one is a new puzzle. */
function startPattern(name) {
  solver.stopPlay();
  if (name === 'random') {
    newPuzzle();
    return;
  }
  const board = pattern(name);
  replaceBoard(board, name);
  const label = PATTERNS.find(([v]) => v === name)[1];
  say(`${label}. Undo goes back.`);
}

// ------------------------------------------------------------------ files

$('open-file').addEventListener('click', () => $('file-input').click());
$('file-input').addEventListener('change', async () => {
  const file = $('file-input').files[0];
  $('file-input').value = '';
  if (file) await openFile(file);
});

const wrapEl = $('board-wrap');
wrapEl.addEventListener('dragover', (e) => {
  if (![...e.dataTransfer.types].includes('Files')) return;
  e.preventDefault();
  $('drop-hint').hidden = false;
});
wrapEl.addEventListener('dragleave', () => ($('drop-hint').hidden = true));
wrapEl.addEventListener('drop', async (e) => {
  e.preventDefault();
  $('drop-hint').hidden = true;
  const file = e.dataTransfer.files[0];
  if (file) await openFile(file);
});

/** Opens a board file: at its own size (the rules kept), as one undo step. */
async function openFile(file) {
  try {
    const res = await readBoardFile(file);
    const board = flatten(res.board);
    if (res.rows === S.rows && res.cols === S.cols) {
      replaceBoard(board, 'file');
    } else {
      const fixed = presetByName(S.preset) && presetByName(S.preset).fixed_size;
      if (fixed) {
        sayError(`${file.name} is ${res.rows} × ${res.cols}, but ${shortTitle(presetByName(S.preset))} is ${S.rows} × ${S.cols}.`);
        return;
      }
      if (!(await applyRules({ ...current(), rows: res.rows, cols: res.cols, preset: '', own: null }, { board }))) return;
    }
    say(`Opened ${file.name}: a ${res.rows} × ${res.cols} board (${res.format}).`, 'ok');
  } catch (e) {
    sayError(e.message);
  }
}

$('save').addEventListener('click', async () => {
  const what = $('save-what').value;
  const format = $('save-format').value;
  try {
    let values = S.board;
    if (what === 'solution') {
      if (!(await solver.planOrExplain())) return;
      values = S.plan;
    }
    if (S.K !== 2 && format !== 'text') {
      say('PNG and PBM hold two-colour boards only: saved as text.', 'warn');
    }
    const f = S.K !== 2 ? 'text' : format;
    const blob = await boardFile(values, f);
    download(blob, `lightsout-${S.rows}x${S.cols}-${what}.${EXTENSIONS[f]}`);
    lastSaved = { what, format: f, size: blob.size };
  } catch (e) {
    sayError(e.message);
  }
});
let lastSaved = null;

$('copy-text').addEventListener('click', async () => {
  try {
    const text = await boardText(S.board);
    lastCopied = text;
    await navigator.clipboard.writeText(text);
    say('The board is copied as text.', 'ok');
  } catch (e) {
    say(e.status ? e.message : 'Copying is not allowed here; use Save instead.', 'warn');
  }
});
let lastCopied = null;

async function share() {
  saveUrl();
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    say(cells() > URL_MAX_CELLS && S.seed === null ? 'Link copied (this board is too large for a link: it shares size and rules).' : 'Link copied: it opens this very puzzle.', 'ok');
  } catch (e) {
    say(`Share this link: ${url}`);
  }
}

// ------------------------------------------------------------------ the start, and links

/** Opens the puzzle a link names (at the start, or when only the # part changes). */
async function openLink(saved) {
  for (const note of saved.notes) say(`Note: ${note}.`, 'warn');
  const p = presetByName(saved.preset);
  const next = {
    rows: p ? p.rows : saved.rows,
    cols: p ? p.cols : saved.cols,
    preset: p ? p.name : '',
    // A preset's rules and size come from the preset, not the link.
    spec: p && p.rules ? { ...saved.spec, ...p.rules } : saved.spec,
    own: null,
  };
  if (saved.own) {
    try {
      next.own = unpackOwn(saved.own, next.rows * next.cols);
    } catch (e) {
      sayError(e.message);
    }
  }
  let ok = await applyRules(next, { record: false });
  if (!ok) {
    // Rules from a bad link: fall back to the classic game.
    ok = await applyRules({ rows: 5, cols: 5, preset: '', spec: { ...CLASSIC }, own: null }, { record: false });
    if (!ok) return;
  }
  let board = null;
  if (saved.board) {
    try {
      board = unpackBoard(saved.board, cells(), S.K);
    } catch (e) {
      sayError(e.message);
    }
  }
  S.undo = [];
  S.redo = [];
  if (board) {
    resetPuzzle(board);
    if (!saved.notes.length) say(`The shared puzzle. Turn ${S.target ? 'the lights to the goal shown above' : 'every light off'}.`);
  } else {
    await newPuzzle(saved.seed);
  }
}

window.addEventListener('hashchange', async (event) => {
  // The link followed is the event's: a delayed save of the old state may already
  // have replaced location.hash by the time this runs.
  cancelUrlSave();
  const hash = new URL(event.newURL).hash;
  const saved = hash === lastWritten() ? null : readUrl(hash);
  if (saved) {
    document.body.dataset.ready = 'false';
    try {
      await openLink(saved);
    } finally {
      document.body.dataset.ready = 'true';
    }
  } else {
    // Nothing to load (the page's own hash, or an empty one): still ready.
    document.body.dataset.ready = 'true';
  }
});

async function start() {
  try {
    S.caps = await api('/api/capabilities');
  } catch (e) {
    sayError(e.message);
    return;
  }
  fillControls();
  const saved = readUrl();
  if (saved) await openLink(saved);
  else {
    const classic = presetByName('classic');
    const ok = await applyRules(
      { rows: 5, cols: 5, preset: classic ? 'classic' : '', spec: { ...CLASSIC }, own: null },
      { record: false },
    );
    if (ok) await newPuzzle();
  }
  S.undo = [];
  S.redo = [];
  updateHud();
  document.body.dataset.ready = 'true';
}

// ------------------------------------------------------------------ for tests

// A small read-only window for tests and the curious: the page's state.
window.lightsout = {
  state: () => ({
    rows: S.rows,
    cols: S.cols,
    mod: S.K,
    preset: S.preset,
    spec: { ...S.spec },
    own: S.own ? [...S.own.entries()] : null,
    board: Array.from(S.board),
    target: S.target ? Array.from(S.target) : null,
    plan: S.plan ? Array.from(S.plan) : null,
    planMinimal: S.planMinimal,
    planBest: S.planBest,
    planMeta: S.planMeta && { ...S.planMeta, presses: undefined, witness: undefined },
    showPlan: S.showPlan,
    witness: S.unsolvable && S.unsolvable.witness ? Array.from(S.unsolvable.witness) : null,
    unsolvable: !!S.unsolvable,
    outline: S.outline ? Array.from(S.outline) : null,
    moves: S.moves,
    helped: S.helped,
    lightsOn: lightsOn(),
    won: S.won,
    hint: S.hint,
    par: S.par,
    rules: S.info,
    busy: solver.busy(),
    undo: S.undo.length,
    redo: S.redo.length,
    seed: S.seed,
  }),
  /** The same without the per-cell arrays (cheap enough to poll on big boards). */
  summary: () => ({
    rows: S.rows,
    cols: S.cols,
    mod: S.K,
    moves: S.moves,
    lightsOn: lightsOn(),
    won: S.won,
    hint: S.hint,
    hasPlan: S.plan !== null,
    showPlan: S.showPlan,
    planMinimal: S.planMinimal,
    planBest: S.planBest,
    hasWitness: !!(S.unsolvable && S.unsolvable.witness),
    unsolvable: !!S.unsolvable,
    busy: solver.busy(),
    playing: !!S.playing,
    par: S.par,
    undo: S.undo.length,
    redo: S.redo.length,
    zoomed: zoomed(),
    scale: V.scale,
    fitScale: V.fitScale,
    loading: document.getElementById('new').classList.contains('busy'),
    progress: !document.getElementById('progress').hidden,
    ruleEdit: { on: E.on, button: E.button, pattern: E.pattern ? [...E.pattern].sort((a, b) => a - b) : null },
    explore: exploreState(),
    lastSaved,
    lastCopied,
  }),
  /** The press counts of the plan: total, and the largest. */
  planTotals: () => {
    let total = 0;
    let max = 0;
    if (S.plan) for (const v of S.plan) (total += v), (max = Math.max(max, v));
    return { total, max };
  },
  /** The cells a press of `cell` changes, when known here (the server's lists). */
  reached: (cell) => {
    const list = reachedNow(cell);
    return list ? Array.from(list) : null;
  },
  /** Where cell i is drawn: the centre of its place, as fractions of the canvas, or null when out of view. */
  cellCenter: (i) => {
    const p = cellCentre(i);
    return p && { x: p.x / V.width, y: p.y / V.height };
  },
  /** Zooms so cell i is in view at `scale` CSS pixels a cell. */
  zoomTo: (i, scale) => {
    zoomTo(i, scale);
    render();
  },
  placeName,
  picture: () => ({ rows: G.rows, cols: G.cols, faces: G.faces.map((f) => f.name) }),
  markMetrics: (i) => markMetrics(i, V.scale),
  exploreMax: EXPLORE_MAX_CELLS,
  parMax: PAR_MAX_CELLS,
};

start();
