// The puzzle and rules panels: presets, size, edges, press shape, colours. A change
// loads the rules from the server first and only then takes effect, so the controls
// always show the rules in play; the board is kept where it fits, and the change is
// one undo step.

import { api, params, post } from './api.js';
import { S, CLASSIC, MAX_SIDE, cells, flatten, goalOf, presetByName, emit } from './state.js';
import { setWhole, setBands } from './reach.js';
import { fitBoard, recordRules, snapshot, setRulesRestorer } from './history.js';
import { $, say, sayError, escapeHtml } from './ui.js';

const BOUNDARY_NAMES = {
  open: 'Open (edges stop a press)',
  torus: 'Torus (wrap around)',
  klein: 'Klein bottle',
  projective: 'Projective plane',
};
const SHAPE_NAMES = {
  plus: 'Plus: itself and 4 neighbours',
  x: 'X: itself and 4 diagonals',
  king: 'King: itself and 8 neighbours',
  knight: 'Knight: itself and 8 knight moves',
};

export function fillControls() {
  const caps = S.caps;
  $('boundary').innerHTML = caps.boundaries
    .map((b) => `<option value="${b}">${escapeHtml(BOUNDARY_NAMES[b] || b)}</option>`)
    .join('');
  $('shape').innerHTML =
    caps.shapes.map((s) => `<option value="${s.name}">${escapeHtml(SHAPE_NAMES[s.name] || s.name)}</option>`).join('') +
    '<option value="custom">Your own shape (edit below)</option>';
  $('preset').innerHTML =
    caps.presets.map((p) => `<option value="${p.name}">${escapeHtml(presetTitle(p))}</option>`).join('') +
    '<option value="">Other rules (set below)</option>';
  $('mod').max = caps.mod.max;
  $('version').textContent = `lightsout ${caps.version}`;
}

/** The puzzle's name without its maker. */
export function shortTitle(p) {
  return (p.title || p.name).replace(/\s*\(.*\)\s*$/, '');
}

function presetTitle(p) {
  const size = p.layout ? `${p.layout.faces.length} faces` : `${p.rows}×${p.cols}`;
  return `${shortTitle(p)} (${size})`;
}

/** Shows the rules in play in the controls (after any change, taken or refused). */
export function showSpec() {
  const p = presetByName(S.preset);
  const fixed = !!p && !!p.fixed_size;
  for (const id of ['rows', 'cols']) $(id).disabled = fixed;
  // A field being typed in is left alone (its change comes next).
  if (document.activeElement !== $('rows')) $('rows').value = S.rows;
  if (document.activeElement !== $('cols')) $('cols').value = S.cols;
  $('preset').value = S.preset;
  $('preset-text').textContent = p ? `${p.title}: ${p.description}.` : '';
  // Per-cell rules have no edges or shape to choose.
  $('rule-fields').hidden = fixed;
  $('rules-note').hidden = !fixed;
  $('rules-note').textContent = fixed
    ? `Each button of ${shortTitle(p)} has its own pattern: point at a button to see what it switches.`
    : '';
  $('rules-label').textContent = rulesLabel();
  $('rules-label').title = S.info ? S.info.description : '';
  const own = S.own && S.own.size;
  $('own-text').textContent = own
    ? `${S.own.size} ${S.own.size === 1 ? 'button has' : 'buttons have'} a pattern of your own.`
    : 'Every button follows the rules above.';
  $('own-reset').disabled = !own;
  if (fixed) return;
  $('boundary').value = S.spec.boundary;
  const named = S.caps.shapes.some((s) => s.name === S.spec.shape);
  $('shape').value = named ? S.spec.shape : 'custom';
  $('mask').value = named ? S.caps.shapes.find((s) => s.name === S.spec.shape).mask : S.spec.shape;
  $('mask').classList.remove('invalid');
  $('noself').checked = !!S.spec.no_self;
  $('mod').value = S.spec.mod;
  emit('spec');
}

export function rulesLabel() {
  let text;
  if (S.preset) text = shortTitle(presetByName(S.preset));
  else {
    const s = S.spec;
    const parts = [];
    parts.push(s.no_self && s.shape === 'plus' ? 'σ' : s.shape.includes('/') ? 'own shape' : s.shape);
    if (s.no_self && s.shape !== 'plus') parts.push('no self');
    parts.push(s.boundary);
    if (Number(s.mod) !== 2) parts.push(`${s.mod} colours`);
    text = parts.join(' · ');
    if (text === 'plus · open') text = 'classic';
  }
  if (S.own && S.own.size) text += ' · own buttons';
  return text;
}

/** What a press does under `next` (a snapshot's rules and size), from the server. */
async function loadInfo(next) {
  const rules = next.preset ? { preset: next.preset } : { ...next.spec };
  if (next.own && next.own.size) {
    rules.cells = [...next.own.entries()].map(([b, list]) => [b, Array.from(list)]);
    return post('/api/custom/rules', { rows: next.rows, cols: next.cols, rules });
  }
  const p = params(rules);
  p.set('rows', next.rows);
  p.set('cols', next.cols);
  const info = await api(`/api/rules?${p}`);
  if (!info.reach && !info.offsets) throw new Error('the server describes these rules in a way this page does not know');
  info.query = params(rules).toString();
  return info;
}

/**
 * Puts `next` ({rows, cols, preset, spec, own}) in play once the server has described
 * it. The board is `board` if given, else the current one kept where it fits. Returns
 * false (the old rules still in play, the controls showing them) when refused.
 */
export function applyRules(next, options = {}) {
  // One change at a time, in the order asked (two quick edits must not cross).
  const run = chain.then(() => applyNow(next, options));
  chain = run.catch(() => {});
  return run;
}

let chain = Promise.resolve();

const sameRules = (a, b) =>
  a.rows === b.rows &&
  a.cols === b.cols &&
  a.preset === b.preset &&
  JSON.stringify(a.spec) === JSON.stringify(b.spec) &&
  JSON.stringify(a.own ? [...a.own] : null) === JSON.stringify(b.own ? [...b.own] : null);

async function applyNow(next, { board = null, record = true, moves = 0 } = {}) {
  // Nothing to do (a second change event for the same edit).
  if (record && !board && S.info && sameRules(next, current())) {
    showSpec();
    return true;
  }
  const before = snapshot();
  before.moves = S.moves;
  let info;
  try {
    info = await loadInfo(next);
    if (info.layout && info.layout.cells.length !== next.rows * next.cols) {
      throw new Error('the layout the server sent does not fit the board');
    }
  } catch (e) {
    sayError(e.message);
    showSpec();
    if (next.spec && next.spec.shape && next.spec.shape.includes('/') && !next.preset) $('mask').classList.add('invalid');
    return false;
  }
  const oldRows = S.rows;
  const oldCols = S.cols;
  S.rows = next.rows;
  S.cols = next.cols;
  S.preset = next.preset;
  S.spec = { ...next.spec };
  S.own = next.own && next.own.size ? new Map(next.own) : null;
  S.info = info;
  S.K = info.mod;
  S.rulesVersion++;
  if (info.reach) setWhole(info.reach);
  else setBands(info.query, S.rows, S.cols, info.offsets.length);
  S.target = next.target !== undefined && next.target !== null && next.target.length === cells() ? next.target : goalOf(S.preset, S.rows, S.cols);
  const values = board && board.length === cells() ? board.map((v) => v % S.K) : fitBoard(before.board, oldRows, oldCols, S.rows, S.cols, S.K);
  emit('rules', { board: values, moves });
  showSpec();
  if (record) {
    const after = snapshot();
    after.moves = 0;
    recordRules(before, after);
  }
  return true;
}

setRulesRestorer(async (snap) => {
  await applyRules(snap, { board: snap.board, record: false, moves: snap.moves || 0 });
});

/** The rules and size as they are now, as `applyRules` takes them. */
export const current = () => ({ rows: S.rows, cols: S.cols, preset: S.preset, spec: { ...S.spec }, own: S.own ? new Map(S.own) : null });

function readSpecFromControls(notes) {
  let shape = $('shape').value === 'custom' ? $('mask').value.trim() : $('shape').value;
  // A mask that is a named shape is that shape.
  const named = S.caps.shapes.find((s) => s.mask === shape);
  if (named) shape = named.name;
  let mod = Math.round(Number($('mod').value));
  const max = (S.caps && S.caps.mod.max) || 255;
  if (!Number.isFinite(mod) || mod < 2 || mod > max) {
    const asked = $('mod').value;
    mod = Number.isFinite(mod) ? Math.min(max, Math.max(2, mod)) : 2;
    notes.push(`Colours go from 2 to ${max}: ${asked} became ${mod}.`);
    $('mod').value = mod;
  }
  return { boundary: $('boundary').value, shape, no_self: $('noself').checked, mod };
}

/** A rule field changed: the same board under the new rules. */
export async function ruleFieldChanged() {
  const notes = [];
  const spec = readSpecFromControls(notes);
  // A preset played on a plain grid becomes these rules at the same size.
  const next = { ...current(), preset: '', spec };
  if (await applyRules(next)) {
    say(`${notes.join(' ')} The same board under the new rules: ${rulesLabel()}.`.trim(), notes.length ? 'warn' : undefined);
  } else if (notes.length) {
    say(notes.join(' '), 'warn');
  }
}

/** The preset menu changed. */
export async function presetChosen() {
  const name = $('preset').value;
  const p = presetByName(name);
  if (!p) {
    // "Other rules": a preset's rules on a plain grid, or back to the last plain rules.
    const was = presetByName(S.preset);
    const next = { ...current(), preset: '', own: null };
    if (was && was.fixed_size) {
      const back = lastPlain || { rows: 5, cols: 5, spec: { ...CLASSIC } };
      Object.assign(next, { rows: back.rows, cols: back.cols, spec: { ...back.spec } });
      if (await applyRules(next)) say('Rules of your choice: set them below.');
      return;
    }
    if (was && was.rules) next.spec = { ...S.spec, ...was.rules };
    if (await applyRules(next)) say('Rules of your choice: set them below.');
    return;
  }
  if (!presetByName(S.preset) || !presetByName(S.preset).fixed_size) lastPlain = { rows: S.rows, cols: S.cols, spec: { ...S.spec } };
  const next = { rows: p.rows, cols: p.cols, preset: p.name, spec: p.rules ? { ...S.spec, ...p.rules } : { ...S.spec }, own: null };
  if (await applyRules(next, { board: flatten(p.start) })) {
    say(`${shortTitle(p)}: its start position. Turn ${S.target ? 'the lights to the goal shown above' : 'every light off'}.`);
  }
}

let lastPlain = null;

/** Rows or columns changed: clamped to what the page offers (and said), the board kept. */
export async function sizeChanged() {
  const notes = [];
  const read = (id, what) => {
    const raw = $(id).value;
    const n = Math.round(Number(raw));
    if (!Number.isFinite(n) || n < 1) {
      notes.push(`${what} must be at least 1`);
      return 1;
    }
    if (n > MAX_SIDE) {
      notes.push(`${what}: at most ${MAX_SIDE} (${raw} asked)`);
      return MAX_SIDE;
    }
    return n;
  };
  const rows = read('rows', 'Rows');
  const cols = read('cols', 'Columns');
  $('rows').value = rows;
  $('cols').value = cols;
  if (rows === S.rows && cols === S.cols) {
    if (notes.length) say(`${notes.join('; ')}.`, 'warn');
    return;
  }
  const next = { ...current(), rows, cols };
  // A preset keeps its name only at its own size; per-cell patterns only at theirs.
  if (presetByName(S.preset)) next.preset = '';
  next.own = null;
  if (await applyRules(next)) {
    const kept = `${rows} × ${cols}: the board is kept where it fits (Undo goes back).`;
    say(notes.length ? `${notes.join('; ')}. ${kept}` : kept, notes.length ? 'warn' : undefined);
  }
}

/** Drops the player's per-cell patterns. */
export async function resetOwn() {
  if (!S.own) return;
  if (await applyRules({ ...current(), own: null })) say('Every button follows the rules again.');
}
