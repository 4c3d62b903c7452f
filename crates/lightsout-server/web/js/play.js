// The player's three buttons that use the engine's plan: Solve (marks the presses),
// Hint (one press of it) and Play (makes the presses, a few a second, as one undo step).

import { isAbort } from './api.js';
import { report } from './errors.js';
import { S, lightsOn, emit } from './state.js';
import { ensure, ensureAll, complete } from './reach.js';
import { applyPresses, recordPlay } from './history.js';
import { placeName, ensureVisible, zoomed } from './view.js';
import { render } from './board.js';
import { ensurePlan, planOrExplain, planPresses, explainUnsolvable } from './solve.js';
import { startJob, jobPhase, stopJob } from './jobs.js';
import { updateSolutionInfo } from './info.js';
import { $, say, announce, fmt, plural } from './ui.js';

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
      await ensureAll((done, total) => jobPhase(`Fetching what each press changes… ${done} of ${total}`, 8), controller.signal);
    } catch (e) {
      if (!isAbort(e)) report(e);
      return;
    } finally {
      stopJob(controller);
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
