// Long work the player waits for (a solve, fetching reach lists for Play): the progress
// line under the board with its clock, and Cancel, which aborts the job's calls.

import { $, say } from './ui.js';

let job = null; // { controller, started, label, limit, timer }

/** Starts a job (ending any other): its AbortController's signal goes with its calls. */
export function startJob(label) {
  stopJob();
  const controller = new AbortController();
  job = { controller, started: performance.now(), label, limit: 0 };
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

/** A new phase of the running job: its words, and about how long it may take (s). */
export function jobPhase(label, limit) {
  if (!job) return;
  job.label = label;
  job.limit = limit;
  $('progress-label').textContent = label;
}

/** Ends the running job (or only the job of `controller`, when given). */
export function stopJob(controller) {
  if (!job || (controller && job.controller !== controller)) return;
  clearInterval(job.timer);
  job = null;
  $('progress').hidden = true;
}

/** The player's Cancel: aborts the running job's calls. */
export function cancel() {
  if (!job) return;
  job.controller.abort();
  stopJob();
  say('Cancelled.');
}
