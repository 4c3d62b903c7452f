// Each light's own solution: pick a light and the engine's fewest presses that switch
// that light alone are marked (the board with that light on, solved to all off: a
// column of the inverse of the press matrix). A light no presses switch alone is said
// so, with the quiet pattern that shows why. Nothing here is worked out by the page.

import { isAbort } from './api.js';
import { report } from './errors.js';
import { S, cells, flatten, PAR_MAX_CELLS, on } from './state.js';
import { solveRequest } from './solve.js';
import { placeName } from './view.js';
import { overlays, pixelLayers, render } from './board.js';
import { $, say, announce, plural, bigNumber } from './ui.js';

/** Seconds the engine may search for a light's fewest presses. */
const SEARCH_SECONDS = 2;

/** The mode: on, the light picked, and the engine's answer for it. */
export const L = { on: false, cell: -1, plan: null, witness: null, minimal: false, count: 0, busy: false };

let controller = null;

function forget() {
  if (controller) controller.abort();
  controller = null;
  Object.assign(L, { cell: -1, plan: null, witness: null, minimal: false, count: 0, busy: false });
}

/** Turns the mode on or off (a click on the board then picks a light, not a press). */
export function setSingle(turnOn) {
  forget();
  L.on = turnOn;
  $('single').setAttribute('aria-pressed', String(turnOn));
  $('board-wrap').classList.toggle('picking', turnOn);
  say(turnOn ? 'Click a light: the marked presses switch that light alone. Click Each light’s solution again to play.' : 'Play: a press switches the light and its neighbours.');
  render();
}

/** Asks the engine for the presses that switch `cell` alone, and marks them. */
export async function pickLight(cell) {
  if (cell < 0) return;
  forget();
  L.cell = cell;
  L.busy = true;
  render();
  const mine = new AbortController();
  controller = mine;
  const board = new Uint8Array(cells());
  board[cell] = 1;
  const small = cells() <= PAR_MAX_CELLS;
  try {
    const res = await solveRequest({ min: small, timeLimit: SEARCH_SECONDS, signal: mine.signal, board, target: new Uint8Array(cells()) });
    if (controller !== mine) return;
    const where = placeName(cell);
    if (res.solvable) {
      L.plan = flatten(res.presses);
      L.count = res.press_count;
      L.minimal = !!res.minimal;
      const how = L.minimal ? 'the fewest' : small ? 'the fewest found' : 'a solution';
      const text = `${plural(L.count, 'press', 'presses')} switch ${where} alone (${how}; ${res.solutions === '1' ? 'the only way' : `${bigNumber(res.solutions)} ways`}).`;
      say(text);
      announce(text);
    } else {
      L.witness = res.witness ? flatten(res.witness) : null;
      const text = L.witness
        ? `No presses switch ${where} alone: every press changes an even number of the outlined lights, and ${where} is one of them.`
        : `No presses switch ${where} alone.`;
      say(text, 'witness');
      announce(text);
    }
  } catch (e) {
    if (controller === mine && !isAbort(e)) report(e);
  } finally {
    if (controller === mine) {
      controller = null;
      L.busy = false;
    }
    render();
  }
}

// New rules or size: the old answer no longer holds.
on('rules', () => {
  if (L.on) forget();
});

// The marks: a lime dot on each press, the picked light ringed, a quiet pattern outlined.
overlays.push(({ ctx, cs, gap, radius, roundRect, rowOf, colOf, cellDot }) => {
  if (!L.on || L.cell < 0) return;
  const n = cells();
  if (L.witness) {
    ctx.strokeStyle = 'rgba(255,79,216,0.95)';
    ctx.lineWidth = Math.max(1.5, cs * 0.08);
    for (let i = 0; i < n; i++) {
      if (!L.witness[i]) continue;
      roundRect(colOf(i) * cs + gap / 2 + ctx.lineWidth / 2, rowOf(i) * cs + gap / 2 + ctx.lineWidth / 2, cs - gap - ctx.lineWidth, cs - gap - ctx.lineWidth, radius);
      ctx.stroke();
    }
  }
  if (L.plan) {
    const r = Math.max(1.5, cs * 0.2);
    for (let i = 0; i < n; i++) if (L.plan[i]) cellDot(i, cs, r, '#b3ff5c', Math.max(1, cs * 0.045), 'rgba(10,30,0,0.85)');
  }
  const x = colOf(L.cell) * cs;
  const y = rowOf(L.cell) * cs;
  for (const [width, colour] of [[0.16, 'rgba(10,6,24,0.95)'], [0.08, '#ffffff']]) {
    ctx.lineWidth = Math.max(2, cs * width);
    ctx.strokeStyle = colour;
    roundRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, cs - ctx.lineWidth, cs - ctx.lineWidth, radius * 1.2);
    ctx.stroke();
  }
});

// Boards drawn a pixel a cell: the presses lime, the quiet pattern magenta.
pixelLayers.push(() => {
  if (!L.on || L.cell < 0) return null;
  if (L.plan) return { cells: L.plan, on: [200, 255, 140], off: [140, 220, 60] };
  if (L.witness) return { cells: L.witness, on: [255, 120, 230], off: [150, 40, 130] };
  return null;
});

/** For tests: the mode and the answer shown. */
export const singleState = () => ({
  on: L.on,
  cell: L.cell,
  busy: L.busy,
  plan: L.plan && Array.from(L.plan),
  witness: L.witness && Array.from(L.witness),
  minimal: L.minimal,
  count: L.count,
});
