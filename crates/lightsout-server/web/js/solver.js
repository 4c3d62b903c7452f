// Everything the server's solver answers: Solve (the marks), Hint, Play, the live par
// (the fewest presses still needed, after every press) and why a board has no solution.
// Long solves show their progress and can be cancelled; when the fewest presses cannot
// be proven in time the page shows a plain solution (or the best found), never an error.

import { api, post, isAbort } from './api.js';
import { S, cells, lightsOn, flatten, rowsOf, rulesForRequest, PAR_MAX_CELLS, emit } from './state.js';
import { ensure, ensureAll, complete } from './reach.js';
import { applyPresses, recordPlay } from './history.js';
import { placeName, ensureVisible, zoomed } from './view.js';
import { render } from './board.js';
import { $, say, sayHtml, sayError, announce, fmt, plural, bigNumber, escapeHtml, setBusy } from './ui.js';

/** Longest the server searches for the fewest presses of a small board. */
const SEARCH_SECONDS = 3;
/** The same for boards above PAR_MAX_CELLS, after a first plain solution is shown. */
const BIG_SEARCH_SECONDS = 5;

// ------------------------------------------------------------------ requests

/** One solve request; a refusal that names another method is retried with it. */
async function solveRequest({ min, timeLimit, signal }) {
  const body = { board: rowsOf(S.board), rules: rulesForRequest(), min };
  if (min) body.time_limit = timeLimit;
  if (S.target) body.target = rowsOf(S.target);
  const path = S.own && S.own.size ? '/api/custom/solve' : '/api/solve';
  try {
    return await post(path, body, signal);
  } catch (e) {
    // The server's automatic choice may refuse a board another method takes ("use
    // method 'chase'"); the page asks for that one itself rather than pass on advice.
    const other = e.status === 422 && path === '/api/solve' && /use method '([a-z]+)'/.exec(e.serverText || '');
    if (!other) throw e;
    return post(path, { ...body, method: other[1] }, signal);
  }
}

/** The server's answer as the page's plan (or the reason there is none). */
function takeSolution(res, extra = {}) {
  S.planMeta = { ...res, ...extra };
  if (res.solvable) {
    S.plan = flatten(res.presses);
    S.planMinimal = !!res.minimal;
    S.planBest = true;
    S.unsolvable = null;
  } else {
    S.plan = null;
    S.planMinimal = S.planBest = false;
    S.unsolvable = { reason: res.reason, witness: res.witness ? flatten(res.witness) : null };
  }
}

const haveAnswer = () => (S.plan && S.planBest) || !!S.unsolvable;

// ------------------------------------------------------------------ progress and Cancel

let job = null; // { controller, started, label, timer }

function startJob(label) {
  stopJob();
  const controller = new AbortController();
  job = { controller, started: performance.now(), label };
  $('progress').hidden = false;
  $('progress-label').textContent = label;
  const tick = () => {
    if (!job || job.controller !== controller) return;
    const s = (performance.now() - job.started) / 1000;
    $('progress-time').textContent = `${s.toFixed(1)} s`;
    $('progress-bar').value = Math.min(1, s / Math.max(1, job.limit || 10));
  };
  job.timer = setInterval(tick, 100);
  tick();
  return controller;
}

function jobPhase(label, limit) {
  if (!job) return;
  job.label = label;
  job.limit = limit;
  $('progress-label').textContent = label;
}

function stopJob() {
  if (!job) return;
  clearInterval(job.timer);
  job = null;
  $('progress').hidden = true;
}

/** The player's Cancel: stops the solve (the request is dropped) and Play's fetching. */
export function cancel() {
  if (!job) return;
  job.controller.abort();
  stopJob();
  say('Cancelled.');
}

export const busy = () => !!solving;

// ------------------------------------------------------------------ the plan

let solving = null;

/** Makes sure the server's plan (or the reason there is none) is known for this board. */
export function ensurePlan() {
  if (haveAnswer()) return Promise.resolve();
  if (solving) return solving;
  solving = (async () => {
    setBusy('solve', true);
    const controller = startJob('Solving…');
    const { signal } = controller;
    try {
      for (;;) {
        const version = S.version;
        const started = performance.now();
        await solveFor(signal);
        if (version === S.version || haveAnswer()) {
          if (S.planMeta) S.planMeta.ms = Math.round(performance.now() - started);
          return;
        }
        // The board changed meanwhile: ask again for the board as it is now.
      }
    } catch (e) {
      if (!isAbort(e)) sayError(e.message);
      throw e;
    } finally {
      setBusy('solve', false);
      if (job && job.controller === controller) stopJob();
      solving = null;
      emit('plan');
    }
  })();
  return solving;
}

/**
 * Small boards: the fewest presses at once (a plain solution if the search cannot
 * finish). Large boards: a plain solution first, shown at once, then a search for fewer
 * presses, kept when it finds some.
 */
async function solveFor(signal) {
  const version = S.version;
  const big = cells() > PAR_MAX_CELLS;
  if (!big) {
    jobPhase('Solving…', SEARCH_SECONDS + 1);
    try {
      const res = await solveRequest({ min: true, timeLimit: SEARCH_SECONDS, signal });
      if (version === S.version) takeSolution(res);
      return;
    } catch (e) {
      if (isAbort(e) || !(e.status === 503 || e.status === 504)) throw e;
    }
  }
  jobPhase('Solving…', 10);
  const plain = await solveRequest({ min: false, signal });
  if (version !== S.version) return;
  takeSolution(plain, { searched: false });
  if (!plain.solvable || plain.nullity === 0) {
    if (plain.solvable) S.planMinimal = true; // the only solution
    return;
  }
  if (!big) {
    S.planMeta.note = 'the search for fewer presses ran out of time';
    return;
  }
  emit('plan');
  jobPhase(`Found a solution of ${fmt(plain.press_count)} presses; looking for fewer…`, BIG_SEARCH_SECONDS + 2);
  try {
    const res = await solveRequest({ min: true, timeLimit: BIG_SEARCH_SECONDS, signal });
    if (version === S.version && res.solvable && res.press_count <= plain.press_count) takeSolution(res);
  } catch (e) {
    if (isAbort(e)) {
      S.planMeta.note = 'the search for fewer presses was cancelled';
      return;
    }
    S.planMeta.note = 'the search for fewer presses ran out of time';
  }
}

export function planPresses() {
  let n = 0;
  if (S.plan) for (let i = 0; i < S.plan.length; i++) n += S.plan[i];
  return n;
}

/** The plan for this board, or null: after explaining why there is none, or after a
 *  failed or cancelled request (already reported). */
export async function planOrExplain() {
  try {
    await ensurePlan();
  } catch (e) {
    return null;
  }
  if (!S.plan) {
    explainUnsolvable();
    render();
    return null;
  }
  return S.plan;
}

export function explainUnsolvable() {
  const u = S.unsolvable;
  if (!u) return;
  if (!u.witness) {
    sayHtml(`<strong>No solution.</strong> ${escapeHtml(plainReason(u.reason))}`, 'witness');
    announce(`No solution. ${plainReason(u.reason)}`);
    return;
  }
  let size = 0;
  let odd = 0;
  for (let i = 0; i < u.witness.length; i++) {
    if (!u.witness[i]) continue;
    size++;
    if (S.board[i] !== (S.target ? S.target[i] : 0)) odd++;
  }
  const goal = S.target ? (odd === 1 ? 'differs from the goal' : 'differ from the goal') : odd === 1 ? 'is on' : 'are on';
  const text =
    `Pressing all ${fmt(size)} outlined buttons changes nothing (a quiet pattern), ` +
    `so every press flips an even number of the outlined lights. ${fmt(odd)} of them ${goal}: an odd number, which can never reach zero.`;
  sayHtml(`<strong>No solution.</strong> ${escapeHtml(text)}`, 'witness');
  announce(`No solution. ${text}`);
}

/** The library's reason, without its jargon. */
function plainReason(reason) {
  if (!reason || /rank test|span/.test(reason)) {
    return 'No combination of presses reaches the goal from this position.';
  }
  return reason;
}

// ------------------------------------------------------------------ Solve, Hint

export async function toggleSolve() {
  stopPlay();
  if (S.showPlan) {
    hidePlan();
    return;
  }
  S.showPlan = true;
  S.helped = true;
  $('solve').setAttribute('aria-pressed', 'true');
  try {
    await ensurePlan();
  } catch (e) {
    hidePlan();
    return;
  }
  if (!S.showPlan) return;
  if (!S.plan) explainUnsolvable();
  else {
    const n = planPresses();
    const text = n === 0 ? 'Nothing to press: the board is already solved.' : `Press the ${fmt(n)} marked ${n === 1 ? 'button' : 'buttons'} (in any order).`;
    say(text);
    announce(text);
  }
  updateSolutionInfo();
  render();
}

export function hidePlan() {
  S.showPlan = false;
  $('solve').setAttribute('aria-pressed', 'false');
  updateSolutionInfo();
  render();
}

export async function hint() {
  stopPlay();
  if (lightsOn() === 0) {
    say('Every light is already ' + (S.target ? 'at the goal.' : 'off.'));
    return;
  }
  if (!(await planOrExplain())) return;
  // The first press in reading order: the way light chasing works through a board.
  const cell = S.plan.findIndex((v) => v > 0);
  if (cell < 0) return;
  S.helped = true;
  S.hint = cell;
  S.cursor = cell;
  if (zoomed()) ensureVisible(cell);
  say(`Hint: press ${placeName(cell)}.`);
  announce(`Hint: press ${placeName(cell)}.`);
  render();
}

// ------------------------------------------------------------------ Play

export async function togglePlay() {
  if (S.playing) {
    stopPlay();
    return;
  }
  if (!(await planOrExplain())) return;
  const queue = [];
  for (let i = 0; i < S.plan.length; i++) for (let k = 0; k < S.plan[i]; k++) queue.push(i);
  if (!queue.length) {
    say('Nothing to play: the board is already solved.');
    return;
  }
  const version = S.version;
  if (!complete()) {
    // Large boards: every band of reach lists first (a few seconds for 10^6 cells).
    const controller = startJob('Fetching what each press changes…');
    try {
      await ensureAll((done, total) => jobPhase(`Fetching what each press changes… ${done} of ${total}`, 8));
    } catch (e) {
      if (!isAbort(e)) sayError(e.message);
      return;
    } finally {
      if (job && job.controller === controller) stopJob();
    }
    if (version !== S.version) return;
  }
  await ensure(queue.slice(0, 1));
  // At most 4 presses a second, and about 4 s in all for long solutions (then
  // several presses a frame).
  const interval = Math.min(250, 4000 / queue.length);
  S.playing = {
    queue,
    next: 0,
    interval,
    last: performance.now() - interval,
    before: S.board.slice(),
    planBefore: S.plan.slice(),
  };
  S.helped = true;
  $('play-label').textContent = 'Stop';
  $('play').setAttribute('aria-pressed', 'true');
  say(`Playing ${plural(queue.length, 'press', 'presses')}…`);
  requestAnimationFrame(playStep);
}

function playStep(now) {
  const p = S.playing;
  if (!p) return;
  const due = Math.floor((now - p.last) / p.interval);
  if (due > 0) {
    const batch = p.queue.slice(p.next, p.next + due);
    p.next += batch.length;
    p.last += due * p.interval;
    S.cursor = batch[batch.length - 1];
    applyPresses(batch);
    emit('changed', { played: true });
  }
  if (p.next >= p.queue.length) {
    stopPlay();
    return;
  }
  requestAnimationFrame(playStep);
}

/** Stops Play (the presses made stay, as one undo step). */
export function stopPlay() {
  const p = S.playing;
  if (!p) return;
  S.playing = null;
  $('play-label').textContent = 'Play';
  $('play').setAttribute('aria-pressed', 'false');
  if (p.next > 0) recordPlay(p.before, p.planBefore, p.next);
  if (p.next < p.queue.length) say(`Stopped after ${fmt(p.next)} of ${plural(p.queue.length, 'press', 'presses')}.`);
  else if (!S.won) say(`Played ${plural(p.queue.length, 'press', 'presses')}.`);
  emit('changed', { played: true, stopped: true });
}

// ------------------------------------------------------------------ the live par

let parTimer = 0;
let parController = null;

/**
 * The fewest presses still needed from the position as it is now (boards up to
 * PAR_MAX_CELLS cells): from the plan when it is the only solution, else asked of the
 * server (the latest request wins).
 */
export function updateParSoon(delay = 200) {
  clearTimeout(parTimer);
  if (parController) parController.abort();
  parController = null;
  if (cells() > PAR_MAX_CELLS) {
    S.par = { value: null, reason: `for boards up to ${fmt(PAR_MAX_CELLS)} lights`, pending: false };
    emit('par');
    return;
  }
  if (S.info && S.info.refused) {
    S.par = { value: null, reason: 'the solver cannot handle these rules at this size', pending: false };
    emit('par');
    return;
  }
  if (lightsOn() === 0) {
    S.par = { value: 0, reason: null, pending: false, proven: true };
    emit('par');
    return;
  }
  // The only solution is the fewest: no request needed.
  if (S.plan && S.planMeta && S.planMeta.nullity === 0 && S.planBest) {
    S.par = { value: planPresses(), reason: null, pending: false, proven: true };
    emit('par');
    return;
  }
  if (S.unsolvable) {
    S.par = { value: null, reason: 'no solution', pending: false };
    emit('par');
    return;
  }
  S.par = { ...(S.par || { value: null }), pending: true };
  emit('par');
  parTimer = setTimeout(fetchPar, delay);
}

async function fetchPar() {
  const version = S.version;
  const controller = new AbortController();
  parController = controller;
  try {
    const res = await solveRequest({ min: true, timeLimit: 2, signal: controller.signal });
    if (version !== S.version || parController !== controller) return;
    if (!haveAnswer()) takeSolution(res);
    if (res.solvable) {
      S.par = { value: res.press_count, reason: null, pending: false, proven: !!res.minimal };
    } else {
      S.par = { value: null, reason: 'no solution', pending: false };
    }
    emit('par');
    emit('plan');
  } catch (e) {
    if (isAbort(e) || parController !== controller) return;
    S.par = { value: null, reason: e.message, pending: false };
    emit('par');
  } finally {
    if (parController === controller) parController = null;
  }
}

/** Says at once that a hand-made board has no solution (when edit mode ends). */
export async function checkSolvable() {
  if (cells() > PAR_MAX_CELLS || lightsOn() === 0) return;
  clearTimeout(parTimer);
  await fetchPar();
  if (S.unsolvable) explainUnsolvable();
  render();
}

// ------------------------------------------------------------------ the solution's numbers

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
  chips.push(`<span class="chip" title="${m.solutions}">${bigNumber(m.solutions)} ${m.solutions === '1' ? 'solution' : 'solutions'}</span>`);
  chips.push(`<span class="chip">by ${escapeHtml(methodWords(m.method))}${m.ms !== undefined ? ` · ${fmt(m.ms)} ms` : ''}</span>`);
  const period = periodFor();
  if (period) {
    chips.push(
      `<span class="chip" id="period" title="replace the all-on board by its solution this many times and it comes back (every board comes back after ${escapeHtml(period.order)}${period.singular ? ', once in the core' : ''})">solution period ${bigNumber(period.all_on_period)}</span>`,
    );
  }
  box.innerHTML = chips.join('');
  box.hidden = false;
}

/** The solution period of the rules and size in play (GET /api/period), once known. */
const periods = new Map();

/**
 * The period of the game in play if the server has given it; else asks for it (two
 * states and rules with a query only) and redraws the solution info when it comes.
 */
function periodFor() {
  if (S.K !== 2 || !S.info || !S.info.query) return null;
  const key = `${S.info.query}&rows=${S.rows}&cols=${S.cols}`;
  if (periods.has(key)) return periods.get(key);
  periods.set(key, null);
  api(`/api/period?${key}`)
    .then((p) => {
      periods.set(key, p);
      updateSolutionInfo();
    })
    .catch(() => {}); // no period for these rules (or too big): the chip stays away
  return null;
}

/** Forgets the plan (the board was edited, or is new). */
export function dropPlan() {
  S.plan = null;
  S.planMinimal = S.planBest = false;
  S.planMeta = null;
  S.unsolvable = null;
  S.hint = -1;
}
