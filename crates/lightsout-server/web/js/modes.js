// What a click on the board does: press (play), switch one light (edit mode), pick a
// button to give its own pattern (editor.js), or pick a light to see its own solution
// (single.js). One mode at a time; each says what it does when it starts.

import { S, emit } from './state.js';
import { press, edit } from './history.js';
import { render } from './board.js';
import { stopPlay } from './play.js';
import { checkSolvable } from './par.js';
import { E, setRuleEdit, ruleEditClick } from './editor.js';
import { L, setSingle, pickLight } from './single.js';
import { $, say } from './ui.js';

/** A click (or Space) on cell `cell`, as the mode in play wants it. */
export function act(cell) {
  if (cell < 0) return;
  S.cursor = cell;
  if (E.on) ruleEditClick(cell);
  else if (L.on) pickLight(cell);
  else if (S.edit) {
    const before = S.board[cell];
    edit([[cell, before, (before + 1) % S.K]]);
  } else {
    stopPlay();
    press([cell]);
  }
}

/** Ends every mode but play. */
function leaveModes() {
  stopPlay();
  if (E.on) setRuleEdit(false);
  if (L.on) setSingle(false);
}

/** Edit mode on or off: a click switches one light; leaving it checks the board. */
export function setEdit(turnOn) {
  const wasEditing = S.edit;
  leaveModes();
  S.edit = turnOn;
  $('edit').setAttribute('aria-pressed', String(turnOn));
  $('board-wrap').classList.toggle('editing', turnOn);
  if (turnOn) {
    S.hint = -1;
    S.won = false;
    $('banner').hidden = true;
    say('Edit mode: click (or drag over) lights to switch them. Press Edit again to play.');
  } else {
    say('Play: a press switches the light and its neighbours.');
    if (wasEditing) {
      emit('changed', {});
      // A hand-made board that cannot be solved is said at once.
      checkSolvable();
    }
  }
  render();
}

/** The rule editor on or off (the other modes end). */
export function toggleRuleEdit() {
  const turnOn = !E.on;
  if (turnOn && S.edit) setEdit(false);
  if (turnOn && L.on) setSingle(false);
  setRuleEdit(turnOn);
}

/** Each light's own solution on or off (the other modes end). */
export function toggleSingle() {
  const turnOn = !L.on;
  if (turnOn) {
    if (S.edit) setEdit(false);
    if (E.on) setRuleEdit(false);
    stopPlay();
  }
  setSingle(turnOn);
}

/** Escape: ends a mode that picks things on the board. */
export function escapeModes() {
  if (E.on) setRuleEdit(false);
  if (L.on) setSingle(false);
}
