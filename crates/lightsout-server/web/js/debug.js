// A small read-only window onto the page's state, for the end-to-end tests and the
// curious: window.lightsout. Nothing here changes the game (zoomTo only moves the view).

import { S, lightsOn, PAR_MAX_CELLS } from './state.js';
import { reachedNow } from './reach.js';
import { G, V, cellCentre, zoomTo, zoomed, placeName } from './view.js';
import { render, markMetrics, paletteNow } from './board.js';
import { busy } from './solve.js';
import { E } from './editor.js';
import { exploreState, EXPLORE_MAX_CELLS } from './explore.js';
import { fileState } from './files.js';
import { singleState } from './single.js';
import { themeName } from './theme.js';

// A small read-only window for tests and the curious: the page's state.
window.lightsout = {
  state: () => ({
    rows: S.rows,
    cols: S.cols,
    mod: S.K,
    preset: S.preset,
    spec: { ...S.spec },
    own: S.own ? [...S.own.entries()] : null,
    board: Array.from(S.board),
    target: S.target ? Array.from(S.target) : null,
    plan: S.plan ? Array.from(S.plan) : null,
    planMinimal: S.planMinimal,
    planBest: S.planBest,
    planMeta: S.planMeta && { ...S.planMeta, presses: undefined, witness: undefined },
    showPlan: S.showPlan,
    witness: S.unsolvable && S.unsolvable.witness ? Array.from(S.unsolvable.witness) : null,
    unsolvable: !!S.unsolvable,
    outline: S.outline ? Array.from(S.outline) : null,
    moves: S.moves,
    helped: S.helped,
    lightsOn: lightsOn(),
    won: S.won,
    hint: S.hint,
    par: S.par,
    rules: S.info,
    busy: busy(),
    undo: S.undo.length,
    redo: S.redo.length,
    seed: S.seed,
  }),
  /** The same without the per-cell arrays (cheap enough to poll on big boards). */
  summary: () => ({
    rows: S.rows,
    cols: S.cols,
    mod: S.K,
    moves: S.moves,
    lightsOn: lightsOn(),
    won: S.won,
    hint: S.hint,
    hasPlan: S.plan !== null,
    showPlan: S.showPlan,
    planMinimal: S.planMinimal,
    planBest: S.planBest,
    hasWitness: !!(S.unsolvable && S.unsolvable.witness),
    unsolvable: !!S.unsolvable,
    busy: busy(),
    playing: !!S.playing,
    par: S.par,
    undo: S.undo.length,
    redo: S.redo.length,
    zoomed: zoomed(),
    scale: V.scale,
    fitScale: V.fitScale,
    loading: document.getElementById('new').classList.contains('busy'),
    progress: !document.getElementById('progress').hidden,
    ruleEdit: { on: E.on, button: E.button, pattern: E.pattern ? [...E.pattern].sort((a, b) => a - b) : null },
    explore: exploreState(),
    ...fileState(),
    single: singleState(),
  }),
  /** The press counts of the plan: total, and the largest. */
  planTotals: () => {
    let total = 0;
    let max = 0;
    if (S.plan) for (const v of S.plan) (total += v), (max = Math.max(max, v));
    return { total, max };
  },
  /** The cells a press of `cell` changes, when known here (the server's lists). */
  reached: (cell) => {
    const list = reachedNow(cell);
    return list ? Array.from(list) : null;
  },
  /** Where cell i is drawn: the centre of its place, as fractions of the canvas, or null when out of view. */
  cellCenter: (i) => {
    const p = cellCentre(i);
    return p && { x: p.x / V.width, y: p.y / V.height };
  },
  /** Zooms so cell i is in view at `scale` CSS pixels a cell. */
  zoomTo: (i, scale) => {
    zoomTo(i, scale);
    render();
  },
  placeName,
  picture: () => ({ rows: G.rows, cols: G.cols, faces: G.faces.map((f) => f.name) }),
  markMetrics: (i) => markMetrics(i, V.scale),
  exploreMax: EXPLORE_MAX_CELLS,
  parMax: PAR_MAX_CELLS,
  /** The colour theme and the colours of the states, as [r, g, b]. */
  theme: () => ({ name: themeName(), palette: paletteNow() }),
};
