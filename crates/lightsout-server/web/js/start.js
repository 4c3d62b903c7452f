// The start and links: the engine's capabilities first, then the puzzle the URL names
// (or a new one); a link followed in the same tab (only the # part changes) opens its
// puzzle; Share copies the link. The page's readiness is in <body data-ready>.

import { call } from './api.js';
import { report } from './errors.js';
import { S, CLASSIC, cells, presetByName, on } from './state.js';
import { saveUrl, readUrl, unpackBoard, unpackOwn, lastWritten, cancelUrlSave, URL_MAX_CELLS } from './link.js';
import { fillControls, applyRules } from './controls.js';
import { resetPuzzle, newPuzzle } from './puzzle.js';
import { updateHud } from './hud.js';
import { say } from './ui.js';

/** Copies a link to this puzzle (or shows it, where copying is not allowed). */
export async function share() {
  saveUrl();
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    say(cells() > URL_MAX_CELLS && S.seed === null ? 'Link copied (this board is too large for a link: it shares size and rules).' : 'Link copied: it opens this very puzzle.', 'ok');
  } catch (e) {
    say(`Share this link: ${url}`);
  }
}

/** Opens the puzzle a link names (at the start, or when only the # part changes). */
async function openLink(saved) {
  for (const note of saved.notes) say(`Note: ${note}.`, 'warn');
  const p = presetByName(saved.preset);
  const next = {
    rows: p ? p.rows : saved.rows,
    cols: p ? p.cols : saved.cols,
    preset: p ? p.name : '',
    // A preset's rules and size come from the preset, not the link.
    spec: p && p.rules ? { ...saved.spec, ...p.rules } : saved.spec,
    own: null,
  };
  if (saved.own) {
    try {
      next.own = unpackOwn(saved.own, next.rows * next.cols);
    } catch (e) {
      report(e);
    }
  }
  let ok = await applyRules(next, { record: false });
  if (!ok) {
    // Rules from a bad link: fall back to the classic game.
    ok = await applyRules({ rows: 5, cols: 5, preset: '', spec: { ...CLASSIC }, own: null }, { record: false });
    if (!ok) return;
  }
  let board = null;
  if (saved.board) {
    try {
      board = unpackBoard(saved.board, cells(), S.K);
    } catch (e) {
      report(e);
    }
  }
  S.undo = [];
  S.redo = [];
  if (board) {
    resetPuzzle(board);
    if (!saved.notes.length) say(`The shared puzzle. Turn ${S.target ? 'the lights to the goal shown above' : 'every light off'}.`);
  } else {
    await newPuzzle(saved.seed);
  }
}

window.addEventListener('hashchange', async (event) => {
  // The link followed is the event's: a delayed save of the old state may already
  // have replaced location.hash by the time this runs.
  cancelUrlSave();
  const hash = new URL(event.newURL).hash;
  const saved = hash === lastWritten() ? null : readUrl(hash);
  if (saved) {
    document.body.dataset.ready = 'false';
    try {
      await openLink(saved);
    } finally {
      document.body.dataset.ready = 'true';
    }
  } else {
    // Nothing to load (the page's own hash, or an empty one): still ready.
    document.body.dataset.ready = 'true';
  }
});

let started = false;

/** Loads the engine's capabilities, then the puzzle the link names (or a new one). */
export async function start() {
  if (started) return;
  try {
    S.caps = await call('capabilities');
  } catch (e) {
    // Nothing to play without the engine: tried again when it answers (health.js).
    report(e);
    return;
  }
  if (started) return;
  started = true;
  fillControls();
  const saved = readUrl();
  if (saved) await openLink(saved);
  else {
    const classic = presetByName('classic');
    const ok = await applyRules(
      { rows: 5, cols: 5, preset: classic ? 'classic' : '', spec: { ...CLASSIC }, own: null },
      { record: false },
    );
    if (ok) await newPuzzle();
  }
  S.undo = [];
  S.redo = [];
  updateHud();
  document.body.dataset.ready = 'true';
}

// The engine was not there at the start and now answers: start now.
on('reachable', () => start());
