// The puzzle and rules panels: presets, size, edges, press shape, colours. A change
// loads the rules from the engine first and only then takes effect, so the controls
// always show the rules in play; the board is kept where it fits, and the change is
// one undo step. A refused entry is said next to it, and what was typed stays.

import { call, query } from './api.js';
import { playerWords, report } from './errors.js';
import { S, CLASSIC, MAX_SIDE, cells, flatten, goalOf, presetByName, emit } from './state.js';
import { setWhole, setBands } from './reach.js';
import { fitBoard, recordRules, snapshot, setRulesRestorer } from './history.js';
import { $, say, escapeHtml } from './ui.js';

/** The menu's entry for a preset whose buttons the player changed (never chosen). */
const OWN_ENTRY = '__own';

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
    '<option value="">Other rules (set below)</option>' +
    `<option value="${OWN_ENTRY}" disabled hidden>Your own buttons</option>`;
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

/**
 * Shows the rules in play in the controls (after any change, taken or refused); with
 * `keepMask`, the mask field keeps what the player typed (a refused mask).
 */
export function showSpec({ keepMask = false } = {}) {
  const p = presetByName(S.preset);
  const fixed = !!p && !!p.fixed_size;
  const own = S.own && S.own.size;
  for (const id of ['rows', 'cols']) $(id).disabled = fixed;
  // A field being typed in, or holding a refused entry, is left alone.
  for (const id of ['rows', 'cols']) {
    if (document.activeElement !== $(id) && !$(id).classList.contains('invalid')) $(id).value = id === 'rows' ? S.rows : S.cols;
  }
  // Buttons of the player's own make: the menu no longer names the preset alone.
  const ownEntry = $('preset').querySelector(`option[value="${OWN_ENTRY}"]`);
  ownEntry.hidden = !own;
  ownEntry.textContent = `${p ? shortTitle(p) : 'These rules'} with your own buttons`;
  $('preset').value = own ? OWN_ENTRY : S.preset;
  $('preset-text').textContent = p ? `${p.title}: ${p.description}.${own ? ' Some buttons now have patterns of your own.' : ''}` : '';
  // Per-cell rules have no edges or shape to choose.
  $('rule-fields').hidden = fixed;
  $('rules-note').hidden = !fixed;
  $('rules-note').textContent = fixed
    ? `Each button of ${shortTitle(p)} has its own pattern: point at a button to see what it switches.`
    : '';
  $('rules-label').textContent = rulesLabel();
  $('rules-label').title = S.info ? S.info.description : '';
  $('own-text').textContent = own
    ? `${S.own.size} ${S.own.size === 1 ? 'button has' : 'buttons have'} a pattern of your own.`
    : 'Every button follows the rules above.';
  $('own-reset').disabled = !own;
  if (fixed) return;
  $('boundary').value = S.spec.boundary;
  const named = S.caps.shapes.some((s) => s.name === S.spec.shape);
  if (!keepMask) {
    $('shape').value = named ? S.spec.shape : 'custom';
    $('mask').value = named ? S.caps.shapes.find((s) => s.name === S.spec.shape).mask : S.spec.shape;
    $('mask').classList.remove('invalid');
    showFieldError('rules-error', '');
  }
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

/** An error next to a field ('' hides it), scrolled into view with the field. */
function showFieldError(id, text) {
  const el = $(id);
  el.textContent = text;
  el.hidden = !text;
  if (text) el.scrollIntoView({ block: 'nearest' });
}

/** The size fields hold the size in play again: no error next to them. */
function clearSizeError() {
  for (const id of ['rows', 'cols']) $(id).classList.remove('invalid');
  showFieldError('size-error', '');
}

/** What a press does under `next` (a snapshot's rules and size), from the engine. */
async function loadInfo(next) {
  const rules = next.preset ? { preset: next.preset } : { ...next.spec };
  if (next.own && next.own.size) {
    rules.cells = [...next.own.entries()].map(([b, list]) => [b, Array.from(list)]);
    return call('custom/rules', { body: { rows: next.rows, cols: next.cols, rules } });
  }
  const info = await call('rules', { query: { ...rules, rows: next.rows, cols: next.cols } });
  if (!info.reach && !info.offsets) throw new Error('the solver describes these rules in a way this page does not know');
  info.query = query(rules).toString();
  return info;
}

/**
 * Puts `next` ({rows, cols, preset, spec, own}) in play once the engine has described
 * it. The board is `board` if given, else the current one kept where it fits. Returns
 * false (the old rules still in play, the controls showing them) when refused; the
 * refusal is said next to the rule fields (`where: 'rules'`), the size fields
 * (`where: 'size'`), or under the board.
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

async function applyNow(next, { board = null, record = true, moves = 0, where = '' } = {}) {
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
      throw new Error('the layout the solver sent does not fit the board');
    }
  } catch (e) {
    const typedMask = where === 'rules' && next.spec && next.spec.shape && next.spec.shape.includes('/') && !next.preset;
    showSpec({ keepMask: typedMask });
    if (typedMask) $('mask').classList.add('invalid');
    if (where === 'rules') showFieldError('rules-error', playerWords(e));
    else if (where === 'size') {
      showFieldError('size-error', playerWords(e));
      $('rows').value = next.rows;
      $('cols').value = next.cols;
      for (const id of ['rows', 'cols']) $(id).classList.add('invalid');
    } else report(e);
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
  clearSizeError();
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
  if (await applyRules(next, { where: 'rules' })) {
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

/**
 * Rows or columns changed. Not a whole number from 1 up: refused next to the fields,
 * what was typed kept and nothing else changed. Above the page's range: clamped (and
 * said). Otherwise the board is kept where it fits.
 */
export async function sizeChanged() {
  const notes = [];
  const refused = [];
  const read = (id, what) => {
    const raw = $(id).value.trim();
    const n = Number(raw);
    if (raw === '' || !Number.isInteger(n) || n < 1) {
      refused.push(`${what}: a whole number from 1 to ${MAX_SIDE}${raw === '' ? '' : ` (not ${raw})`}`);
      $(id).classList.add('invalid');
      return null;
    }
    $(id).classList.remove('invalid');
    if (n > MAX_SIDE) {
      notes.push(`${what}: at most ${MAX_SIDE} (${raw} asked)`);
      return MAX_SIDE;
    }
    return n;
  };
  const rows = read('rows', 'Rows');
  const cols = read('cols', 'Columns');
  if (refused.length) {
    showFieldError('size-error', `${refused.join('; ')}.`);
    return;
  }
  clearSizeError();
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
  if (await applyRules(next, { where: 'size' })) {
    const kept = `${rows} × ${cols}: the board is kept where it fits (Undo goes back).`;
    say(notes.length ? `${notes.join('; ')}. ${kept}` : kept, notes.length ? 'warn' : undefined);
  }
}

/** Drops the player's per-cell patterns. */
export async function resetOwn() {
  if (!S.own) return;
  if (await applyRules({ ...current(), own: null })) say('Every button follows the rules again.');
}
