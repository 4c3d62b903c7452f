// Lights Out in the browser: the page's entry (app.js imports this module), which wires
// the buttons to the modules that own them and starts. Every rule, limit and answer is
// the engine's; the page asks through api.js and shows what comes back.
//
// Module map (each file's header says more). Lower rows never import higher ones.
//
//   the engine
//     api.js       the only door to the engine: call(route, ...), ApiError {status, kind},
//                  transports ("http" built in; registerTransport for the Web Worker)
//     json.js      JSON parsing that keeps 64-bit integers exact (seeds)
//     errors.js    an error's words for players, by kind; the Par box's short words
//     health.js    notices the engine coming back: 'reachable' clears stale errors
//     transport-worker.js  the static site's transport: worker.js, a Web Worker running
//                  the API compiled to WebAssembly; offline.js registers its offline copy
//   state and helpers
//     state.js     the page's state S, request helpers, the event bus (on/emit)
//     ui.js        DOM helpers: the message, numbers (exact), text that fits its box
//     view.js      where cells are drawn: plain grid or the cube's net, zoom and pan
//     reach.js     what each press changes (the engine's lists, fetched by bands)
//     history.js   every change of the board as one undo step; undo and redo
//     link.js      the puzzle in the URL (board, or seed as a decimal string)
//     patterns.js  start patterns (pictures, not rules)
//     stats.js     the best result per puzzle, in localStorage
//     theme.js     colour themes: the states' colours and the colour key
//   drawing and the engine's answers
//     board.js     drawing the board, its marks, the minimap; screen-reader words
//     jobs.js      long work: the progress line and Cancel
//     solve.js     the plan for the board (fewest presses, or a plain solution), or
//                  why there is none
//     info.js      the solution's numbers (chips), the exact solution period
//     play.js      Solve, Hint and Play
//     par.js       the live par (neutral while it updates)
//     single.js    each light's own solution (a column of the inverse)
//   the panels
//     controls.js  presets, size, edges, shape, colours; refusals next to the field
//     editor.js    the press-shape grid and the player's own buttons
//     explore.js   quiet patterns and every solution, one at a time
//     files.js     open, save and copy boards
//   the page
//     hud.js       the boxes above the board, the win banner
//     layout.js    the board's size on screen
//     puzzle.js    a puzzle's life: new, patterns, shifting, reactions to every change
//     modes.js     what a click does: press, edit, own buttons, a light's own solution
//     input.js     mouse, touch, keys, zoom
//     start.js     the start, links in the URL, Share
//     debug.js     window.lightsout: a read-only view for tests
//     main.js      this file: the buttons, and the start

import './health.js';
import { S } from './state.js';
import { render, drawGoal } from './board.js';
import { toggleSolve, togglePlay, hint } from './play.js';
import { cancel } from './jobs.js';
import { ruleFieldChanged, presetChosen, sizeChanged, resetOwn } from './controls.js';
import { anotherButton } from './editor.js';
import { openExplore, stepQuiet, stepSolution } from './explore.js';
import { PATTERNS } from './patterns.js';
import { fillThemeMenu, setTheme } from './theme.js';
import { newPuzzle, startPattern, shiftBoard } from './puzzle.js';
import { setEdit, toggleRuleEdit, toggleSingle } from './modes.js';
import { doUndo, doRedo } from './input.js';
import { share, start } from './start.js';
import { transportName } from './api.js';
import './files.js';
import './debug.js';
import { $ } from './ui.js';

$('undo').addEventListener('click', doUndo);
$('redo').addEventListener('click', doRedo);
$('hint').addEventListener('click', hint);
$('solve').addEventListener('click', toggleSolve);
$('play').addEventListener('click', togglePlay);
$('cancel').addEventListener('click', cancel);
$('edit').addEventListener('click', () => setEdit(!S.edit));
$('new').addEventListener('click', () => newPuzzle());
$('banner-new').addEventListener('click', () => newPuzzle());
$('clear').addEventListener('click', () => startPattern('clear'));
$('allon').addEventListener('click', () => startPattern('allon'));
$('share').addEventListener('click', share);
for (const b of document.querySelectorAll('#shift-box button')) b.addEventListener('click', () => shiftBoard(b.dataset.way));

for (const id of ['boundary', 'shape', 'noself', 'mod']) $(id).addEventListener('change', ruleFieldChanged);
$('mask').addEventListener('change', () => {
  $('shape').value = 'custom';
  ruleFieldChanged();
});
$('preset').addEventListener('change', presetChosen);
$('rows').addEventListener('change', sizeChanged);
$('cols').addEventListener('change', sizeChanged);
$('own-edit').addEventListener('click', toggleRuleEdit);
$('own-another').addEventListener('click', anotherButton);
$('own-reset').addEventListener('click', resetOwn);
$('explore-open').addEventListener('click', openExplore);
$('quiet-prev').addEventListener('click', () => stepQuiet(-1));
$('quiet-next').addEventListener('click', () => stepQuiet(1));
$('solution-prev').addEventListener('click', () => stepSolution(-1));
$('solution-next').addEventListener('click', () => stepSolution(1));
$('single').addEventListener('click', toggleSingle);

$('pattern').append(
  ...PATTERNS.map(([value, label]) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    return o;
  }),
);
$('pattern').addEventListener('change', () => {
  const name = $('pattern').value;
  $('pattern').value = '';
  if (name) startPattern(name);
});

// The JSON API link is for a page served by `lightsout serve`.
$('api-link').hidden = transportName() !== 'http';

fillThemeMenu();
$('theme').addEventListener('change', () => {
  setTheme($('theme').value);
  drawGoal();
  render();
});

start();
