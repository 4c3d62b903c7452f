// Explore: the quiet patterns of the rules (press patterns that change nothing) and every
// solution of the board (up to the server's limit), one at a time, with its number of
// presses. The walk is the engine's (POST explore).

import { call } from './api.js';
import { report } from './errors.js';
import { S, cells, flatten, rowsOf, rulesForRequest, emit } from './state.js';
import { render } from './board.js';
import { $, fmt, plural, bigNumber, say, announce } from './ui.js';

/** Boards up to this many cells can be explored (the server's limit too). */
export const EXPLORE_MAX_CELLS = 10000;
const PAGE = 16;

let ex = null; // { version, res, pages: Map(offset -> listed), quiet: index, solution: index }

export function resetExplore() {
  if (!ex) return;
  ex = null;
  if (S.outline) S.outline = null;
  showPanel();
}

async function fetchPage(offset) {
  const body = { board: rowsOf(S.board), rules: rulesForRequest(), offset, limit: PAGE };
  if (S.target) body.target = rowsOf(S.target);
  return call('explore', { body });
}

/** Opens the explorer for the board as it is now. */
export async function openExplore() {
  if (cells() > EXPLORE_MAX_CELLS) {
    say(`Explore is for boards of up to ${fmt(EXPLORE_MAX_CELLS)} lights.`);
    return;
  }
  $('explore-open').classList.add('busy');
  try {
    const version = S.version;
    const res = await fetchPage(0);
    if (version !== S.version) return;
    ex = { version, res, pages: new Map([[0, res.listed]]), quiet: -1, solution: -1 };
    showPanel();
    const text = res.solvable
      ? `${bigNumber(res.solutions)} ${res.solutions === '1' ? 'solution' : 'solutions'}, ${bigNumber(res.quiet_count)} quiet patterns (nullity ${res.nullity}).`
      : `No solution; ${bigNumber(res.quiet_count)} quiet patterns (nullity ${res.nullity}).`;
    announce(text);
  } catch (e) {
    report(e);
  } finally {
    $('explore-open').classList.remove('busy');
  }
}

/** How many solutions the walk can show. */
function walkable() {
  const total = Number(ex.res.solutions);
  return Math.min(total, ex.res.max_walk);
}

/** Steps through the quiet patterns (the basis) by `delta`. */
export function stepQuiet(delta) {
  if (!ex || !ex.res.quiet_patterns || !ex.res.quiet_patterns.length) return;
  const n = ex.res.quiet_patterns.length;
  ex.quiet = (((ex.quiet + delta) % n) + n) % n;
  S.outline = flatten(ex.res.quiet_patterns[ex.quiet]);
  let size = 0;
  for (const v of S.outline) if (v) size++;
  const text = `Quiet pattern ${ex.quiet + 1} of ${n}: pressing the ${plural(size, 'outlined button')} changes nothing.`;
  say(text);
  announce(text);
  showPanel();
  render();
}

/** Steps through the solutions by `delta` (the walk's order). */
export async function stepSolution(delta) {
  if (!ex || !ex.res.solvable) return;
  const n = walkable();
  const index = (((ex.solution + delta) % n) + n) % n;
  const offset = Math.floor(index / PAGE) * PAGE;
  if (!ex.pages.has(offset)) {
    try {
      const version = S.version;
      const res = await fetchPage(offset);
      if (!ex || version !== S.version) return;
      ex.pages.set(offset, res.listed);
    } catch (e) {
      report(e);
      return;
    }
  }
  const item = ex.pages.get(offset)[index - offset];
  if (!item) return;
  ex.solution = index;
  S.plan = flatten(item.presses);
  S.planBest = false;
  S.planMinimal = false;
  S.showPlan = true;
  S.helped = true;
  $('solve').setAttribute('aria-pressed', 'true');
  const text = `Solution ${fmt(index + 1)} of ${bigNumber(ex.res.solutions)}: ${plural(item.press_count, 'press', 'presses')}.`;
  say(text);
  announce(text);
  showPanel(item);
  emit('plan');
  render();
}

function showPanel(item) {
  const open = !!ex;
  $('explore-body').hidden = !open;
  if (!open) return;
  const r = ex.res;
  $('explore-summary').textContent = r.solvable
    ? `${bigNumber(r.solutions)} ${r.solutions === '1' ? 'solution' : 'solutions'} · nullity ${r.nullity} · ${bigNumber(r.quiet_count)} quiet patterns`
    : `No solution · nullity ${r.nullity} · ${bigNumber(r.quiet_count)} quiet patterns`;
  const nq = r.quiet_patterns ? r.quiet_patterns.length : 0;
  $('explore-quiet').textContent = nq
    ? ex.quiet >= 0
      ? `Pattern ${ex.quiet + 1} of ${nq}`
      : `${plural(nq, 'basic pattern')}`
    : r.nullity === 0
      ? 'Only pressing nothing changes nothing.'
      : 'Too many to list for this board.';
  for (const id of ['quiet-prev', 'quiet-next']) $(id).disabled = !nq;
  const ns = r.solvable ? walkable() : 0;
  const limited = r.solvable && Number(r.solutions) > r.max_walk;
  $('explore-solution').textContent = !r.solvable
    ? 'Nothing to step through.'
    : ex.solution >= 0 && item
      ? `Solution ${fmt(ex.solution + 1)} of ${bigNumber(r.solutions)} · ${plural(item.press_count, 'press', 'presses')}`
      : `${bigNumber(r.solutions)} to step through${limited ? ` (the first ${fmt(r.max_walk)})` : ''}`;
  for (const id of ['solution-prev', 'solution-next']) $(id).disabled = ns === 0;
}

/** For tests: what the explorer shows. */
export const exploreState = () =>
  ex && { solution: ex.solution, quiet: ex.quiet, solutions: ex.res.solutions, nullity: ex.res.nullity, quietCount: ex.res.quiet_count };
