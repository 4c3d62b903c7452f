// The solution's numbers, shown as chips under the board while Solve is on: presses
// (and whether they are the fewest), nullity, the number of solutions, the method, and
// the solution period of the game (GET period), exact.

import { call } from './api.js';
import { S } from './state.js';
import { planPresses } from './solve.js';
import { $, fmt, plural, bigNumber, exactNumber, escapeHtml } from './ui.js';

const METHODS = {
  poly: 'the polynomial method',
  chase: 'symbolic light chasing',
  gauss: 'Gaussian elimination',
  rows: 'first-row enumeration',
  brute: 'trying every press pattern',
};

/** A method's name in words. */
export const methodWords = (m) => METHODS[m] || 'the solver';

export function updateSolutionInfo() {
  const box = $('solution-info');
  const m = S.planMeta;
  if (!S.showPlan || !m) {
    box.hidden = true;
    return;
  }
  const chips = [];
  if (m.solvable && S.plan) {
    const n = planPresses();
    let label = 'updating…';
    if (S.planMinimal) label = 'fewest possible';
    else if (S.planBest && m.proven === false) label = 'best found, not proven fewest';
    else if (S.planBest) label = 'a solution, not proven fewest';
    chips.push(`<span class="chip">${plural(n, 'press', 'presses')} · ${label}</span>`);
  } else if (!m.solvable) {
    chips.push('<span class="chip bad">no solution</span>');
  }
  if (m.note) chips.push(`<span class="chip">${escapeHtml(m.note)}</span>`);
  chips.push(`<span class="chip" title="the number of independent quiet patterns">nullity ${m.nullity}</span>`);
  chips.push(`<span class="chip" title="${escapeHtml(exactNumber(m.solutions))}">${bigNumber(m.solutions)} ${m.solutions === '1' ? 'solution' : 'solutions'}</span>`);
  chips.push(`<span class="chip">by ${escapeHtml(methodWords(m.method))}${m.ms !== undefined ? ` · ${fmt(m.ms)} ms` : ''}</span>`);
  const period = periodFor();
  if (period) {
    const order = escapeHtml(exactNumber(period.order));
    chips.push(
      `<span class="chip wrap" id="period" title="replace the all-on board by its solution this many times and it comes back (every board comes back after ${order}${period.singular ? ', once in the core' : ''})">solution period ${exactNumber(period.all_on_period)}</span>`,
    );
  }
  box.innerHTML = chips.join('');
  box.hidden = false;
}

/** The solution period of the rules and size in play (GET period), once known. */
const periods = new Map();

/**
 * The period of the game in play if the engine has given it; else asks for it (two
 * states and rules with a query only) and redraws the solution info when it comes.
 */
function periodFor() {
  if (S.K !== 2 || !S.info || !S.info.query) return null;
  const key = `${S.info.query}&rows=${S.rows}&cols=${S.cols}`;
  if (periods.has(key)) return periods.get(key);
  periods.set(key, null);
  // In the background: up to 17 s on some boards in the static site's worker, and no
  // press, par or solve may wait for it.
  call('period', { query: new URLSearchParams(key), background: true })
    .then((p) => {
      periods.set(key, p);
      updateSolutionInfo();
    })
    // No period for these rules (or too big): the chip stays away. No answer at all:
    // asked again next time.
    .catch((e) => e.kind === 'unreachable' && periods.delete(key));
  return null;
}
