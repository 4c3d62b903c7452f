// The board's input: mouse, touch (tap, drag to pan, pinch to zoom), the wheel, the
// keyboard (arrows, Space, and the page's one-letter shortcuts), edit-mode strokes, the
// zoom buttons and the minimap. What a click means is modes.js's to decide.

import { report } from './errors.js';
import { S } from './state.js';
import { edit, undo, redo } from './history.js';
import { G, V, fit, zoomAt, zoomTo, panBy, cellAtPoint, ensureVisible, rowOf, colOf, cellAtPlace, zoomed, placeName } from './view.js';
import { canvas, render, miniCell } from './board.js';
import { hint, toggleSolve, togglePlay, stopPlay } from './play.js';
import { cancel } from './jobs.js';
import { rulesLabel } from './controls.js';
import { E } from './editor.js';
import { act, setEdit, escapeModes } from './modes.js';
import { newPuzzle } from './puzzle.js';
import { $, say, plural } from './ui.js';

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
    stopPlay();
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

/** Zooms in (factor > 1) or out, on the cursor when it shows. */
export function zoomBy(factor) {
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
  } else if (key === 'h') hint();
  else if (key === 's') toggleSolve();
  else if (key === 'p') togglePlay();
  else if (key === 'e') setEdit(!S.edit);
  else if (key === 'n') newPuzzle();
  else if (key === '+' || key === '=') zoomBy(1.5);
  else if (key === '-') zoomBy(1 / 1.5);
  else if (key === '0') {
    fit();
    render();
  } else if (key === 'escape') {
    cancel();
    escapeModes();
  } else if (key.startsWith('arrow') && document.activeElement !== canvas) {
    canvas.focus();
    S.showCursor = true;
    render();
    e.preventDefault();
  }
});

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

export function doUndo() {
  stopPlay();
  undo()
    .then((step) => step && say(`Undone: ${stepWords(step)}.`))
    .catch(report);
}

export function doRedo() {
  stopPlay();
  redo()
    .then((step) => step && say(`Redone: ${stepWords(step)}.`))
    .catch(report);
}

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
