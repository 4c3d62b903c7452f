// Rules of the player's own making, both kept in the share link:
// - the press shape, by clicking a small grid (the centre is the pressed button);
// - per-cell patterns: pick a button on the board, then click the lights it changes
//   (the Lights Out variants of other games). The server checks and plays them.

import { S, cells } from './state.js';
import { reachedNow } from './reach.js';
import { placeName } from './view.js';
import { overlays, render } from './board.js';
import { applyRules, current } from './controls.js';
import { $, say, announce, plural, fmt } from './ui.js';

/** Boards up to this many cells can have per-cell patterns (the server's limit too). */
export const OWN_MAX_CELLS = 10000;

// ------------------------------------------------------------------ the shape grid

/** The cells of a mask such as 010/111/010, as offsets from its centre. */
export function maskOffsets(mask) {
  const rows = mask.split('/');
  const h = rows.length;
  const out = [];
  rows.forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      if (row[c] === '1') out.push([r - (h - 1) / 2, c - (row.length - 1) / 2]);
    }
  });
  return out;
}

/** The smallest mask holding these offsets. */
export function offsetsMask(offsets) {
  const R = Math.max(0, ...offsets.map(([r]) => Math.abs(r)));
  const C = Math.max(0, ...offsets.map(([, c]) => Math.abs(c)));
  const set = new Set(offsets.map(([r, c]) => `${r},${c}`));
  const rows = [];
  for (let r = -R; r <= R; r++) {
    let row = '';
    for (let c = -C; c <= C; c++) row += set.has(`${r},${c}`) ? '1' : '0';
    rows.push(row);
  }
  return rows.join('/');
}

/** The shape in play as offsets (the server's, with the σ switch applied). */
function shapeOffsets() {
  if (S.info && S.info.offsets) return S.info.offsets.map(([r, c]) => [r, c]);
  return [];
}

/** Draws the shape grid: one toggle button per offset within reach. */
export function showShapeEditor() {
  const el = $('shape-editor');
  const offsets = shapeOffsets();
  $('shape-box').hidden = !S.info || !S.info.offsets;
  if ($('shape-box').hidden) return;
  const R = Math.max(2, ...offsets.map(([r]) => Math.abs(r)));
  const C = Math.max(2, ...offsets.map(([, c]) => Math.abs(c)));
  const on = new Set(offsets.map(([r, c]) => `${r},${c}`));
  el.replaceChildren();
  el.style.setProperty('--n', 2 * C + 1);
  for (let r = -R; r <= R; r++) {
    for (let c = -C; c <= C; c++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `shape-cell${r === 0 && c === 0 ? ' self' : ''}`;
      const lit = on.has(`${r},${c}`);
      b.setAttribute('aria-pressed', String(lit));
      const where = r === 0 && c === 0 ? 'the pressed light itself' : `${Math.abs(r)} ${r < 0 ? 'up' : 'down'}, ${Math.abs(c)} ${c < 0 ? 'left' : 'right'}`;
      b.setAttribute('aria-label', `A press changes ${where.replace(/0 (up|down), /, '').replace(/, 0 (left|right)/, '')}`);
      b.dataset.r = r;
      b.dataset.c = c;
      el.append(b);
    }
  }
}

/** A click on the shape grid: the shape with that offset switched, as a mask. */
async function shapeCellClicked(r, c) {
  const offsets = shapeOffsets();
  const key = `${r},${c}`;
  const next = offsets.filter(([a, b]) => `${a},${b}` !== key);
  if (next.length === offsets.length) next.push([r, c]);
  if (!next.length) {
    say('A press must change at least one light.', 'warn');
    return;
  }
  const mask = offsetsMask(next);
  const named = S.caps.shapes.find((s) => s.mask === mask);
  const spec = { ...S.spec, shape: named ? named.name : mask, no_self: false };
  if (await applyRules({ ...current(), preset: '', spec })) {
    const text = `Press shape ${named ? named.name : mask}: the same board under it.`;
    say(text);
    announce(text);
  }
}

$('shape-editor').addEventListener('click', (e) => {
  const b = e.target.closest('button');
  if (b) shapeCellClicked(Number(b.dataset.r), Number(b.dataset.c));
});

// ------------------------------------------------------------------ per-cell patterns

/** The editor's state: on, the button being edited, and its pattern so far. */
export const E = { on: false, button: -1, pattern: null };

let commitTimer = 0;

export function setRuleEdit(on) {
  if (on && cells() > OWN_MAX_CELLS) {
    say(`Buttons of your own are for boards of up to ${fmt(OWN_MAX_CELLS)} lights.`, 'warn');
    return;
  }
  E.on = on;
  E.button = -1;
  E.pattern = null;
  $('own-edit').setAttribute('aria-pressed', String(on));
  $('own-another').hidden = true;
  $('board-wrap').classList.toggle('rule-editing', on);
  if (on) say('Your own rules: click the button whose pattern you want to change.');
  else say('Play: your rules are in the share link.');
  render();
}

/** A click on the board while editing rules. */
export function ruleEditClick(cell) {
  if (cell < 0) return;
  if (E.button < 0) {
    const list = reachedNow(cell);
    if (!list) return;
    E.button = cell;
    E.pattern = new Set(list);
    $('own-another').hidden = false;
    const text = `Editing the button at ${placeName(cell)}: it changes ${plural(E.pattern.size, 'light')}. Click lights to add or remove them.`;
    say(text);
    announce(text);
    render();
    return;
  }
  if (E.pattern.has(cell)) E.pattern.delete(cell);
  else E.pattern.add(cell);
  announce(`${placeName(cell)} ${E.pattern.has(cell) ? 'added to' : 'removed from'} the pattern: ${plural(E.pattern.size, 'light')}.`);
  render();
  clearTimeout(commitTimer);
  commitTimer = setTimeout(commit, 250);
}

/** Sends the pattern to the server; it becomes the rules in play (one undo step). */
async function commit() {
  if (E.button < 0) return;
  const own = new Map(S.own || []);
  own.set(E.button, [...E.pattern].sort((a, b) => a - b));
  const button = E.button;
  if (await applyRules({ ...current(), own })) {
    // The server's lists are the truth from now on.
    const list = reachedNow(button);
    if (E.button === button && list) E.pattern = new Set(list);
    say(`The button at ${placeName(button)} now changes ${plural(E.pattern.size, 'light')}. Click more lights, or choose another button.`);
  }
  render();
}

export function anotherButton() {
  clearTimeout(commitTimer);
  if (E.button >= 0 && E.pattern) commit();
  E.button = -1;
  E.pattern = null;
  $('own-another').hidden = true;
  say('Click the next button whose pattern you want to change.');
  render();
}

// The edited button (a double ring) and its pattern (a dot on each light it changes),
// drawn light on dark so they show on lit and unlit cells alike.
overlays.push(({ ctx, cs, gap, radius, roundRect, rowOf, colOf, cellDot }) => {
  if (!E.on || E.button < 0) return;
  const dot = Math.max(2, cs * 0.16);
  for (const i of E.pattern) cellDot(i, cs, dot, '#ff4fd8', Math.max(1, cs * 0.04), 'rgba(20,0,16,0.9)');
  const x = colOf(E.button) * cs + gap / 2;
  const y = rowOf(E.button) * cs + gap / 2;
  const size = cs - gap;
  for (const [width, colour] of [[0.16, 'rgba(10,6,24,0.95)'], [0.08, '#ff4fd8']]) {
    ctx.lineWidth = Math.max(2, cs * width);
    ctx.strokeStyle = colour;
    roundRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, size - ctx.lineWidth, size - ctx.lineWidth, radius);
    ctx.stroke();
  }
});
