// The live par: the fewest presses still needed from the board as it is now (boards up
// to PAR_MAX_CELLS cells), asked of the engine after every change; the latest request
// wins. While an answer for this board is on its way the Par box shows a neutral mark,
// never the figure of the board before.

import { isAbort } from './api.js';
import { playerWords, shortWords } from './errors.js';
import { S, cells, lightsOn, PAR_MAX_CELLS, emit, on } from './state.js';
import { solveRequest, takeSolution, haveAnswer, planPresses, explainUnsolvable } from './solve.js';
import { render } from './board.js';
import { fmt } from './ui.js';

/** Seconds the engine may search for the par of one position. */
const PAR_SECONDS = 2;

let parTimer = 0;
let parController = null;

/**
 * S.par is { value, note, title, pending, waiting, error, proven }: value is the fewest
 * presses (null when not known); pending: a request is on its way; waiting: the board
 * is changing (Play, edit mode) and the par will be asked when it stops.
 */
function setPar(par) {
  S.par = { value: null, note: '', title: '', pending: false, waiting: false, error: false, proven: false, ...par };
  emit('par');
}

function stopRequest() {
  clearTimeout(parTimer);
  if (parController) parController.abort();
  parController = null;
}

/** The par is not kept for this board (too large, or no solver): why, or null. */
function notKept() {
  if (cells() > PAR_MAX_CELLS) {
    return { note: 'large board', title: `Par is kept for boards of up to ${fmt(PAR_MAX_CELLS)} lights.` };
  }
  if (S.info && S.info.refused) return { note: 'no solver', title: 'The solver cannot handle these rules at this size.' };
  return null;
}

/** The board is changing (Play, edit mode): a neutral par until it stops. */
export function parWaits() {
  stopRequest();
  const off = notKept();
  if (off) setPar(off);
  else setPar({ waiting: true, title: 'Par comes when the board stops changing.' });
}

/** Asks for the par of the board as it is now, `delay` ms from now (quick presses wait). */
export function updateParSoon(delay = 200) {
  stopRequest();
  const off = notKept();
  if (off) return setPar(off);
  if (lightsOn() === 0) return setPar({ value: 0, proven: true });
  // The only solution is the fewest: no request needed.
  if (S.plan && S.planMeta && S.planMeta.nullity === 0 && S.planBest) return setPar({ value: planPresses(), proven: true });
  if (S.unsolvable) return setPar({ note: 'no solution', title: 'No combination of presses solves this board.' });
  setPar({ pending: true });
  parTimer = setTimeout(fetchPar, delay);
}

async function fetchPar() {
  const version = S.version;
  const controller = new AbortController();
  parController = controller;
  try {
    const res = await solveRequest({ min: true, timeLimit: PAR_SECONDS, signal: controller.signal });
    if (version !== S.version || parController !== controller) return;
    if (!haveAnswer()) takeSolution(res);
    if (res.solvable) setPar({ value: res.press_count, proven: !!res.minimal, note: res.minimal ? '' : 'best found' });
    else setPar({ note: 'no solution', title: 'No combination of presses solves this board.' });
    emit('plan');
  } catch (e) {
    if (isAbort(e) || parController !== controller) return;
    setPar({ note: shortWords(e), title: playerWords(e), error: true });
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

// The engine answers again: a par it could not give is asked for now.
on('reachable', () => {
  if (S.par && S.par.error && !S.playing && !S.edit) updateParSoon(0);
});
