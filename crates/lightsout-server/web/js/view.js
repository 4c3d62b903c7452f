// Where cells are drawn: the picture (a plain grid, or the cube's net) and the view onto
// it (zoom and pan; "fit" shows the whole board).

import { S, cells } from './state.js';

/**
 * The picture the board is drawn in: G.rows x G.cols places. A plain board is its own
 * picture; a board with a layout (the cube's net) has cell i at (G.r[i], G.c[i]) and
 * holes where G.at[place] is -1.
 */
export let G = { rows: 5, cols: 5, plain: true, faces: [] };

export function makeGeometry() {
  const L = S.info && S.info.layout;
  if (!L || L.cells.length !== cells()) {
    G = { rows: S.rows, cols: S.cols, plain: true, faces: [] };
    return;
  }
  const r = new Int32Array(cells());
  const c = new Int32Array(cells());
  const at = new Int32Array(L.rows * L.cols).fill(-1);
  L.cells.forEach(([pr, pc], i) => {
    r[i] = pr;
    c[i] = pc;
    at[pr * L.cols + pc] = i;
  });
  G = { rows: L.rows, cols: L.cols, plain: false, r, c, at, faces: L.faces || [] };
}

export const rowOf = (i) => (G.plain ? Math.floor(i / S.cols) : G.r[i]);
export const colOf = (i) => (G.plain ? i % S.cols : G.c[i]);

/** The cell drawn at place (r, c) of the picture, or -1 (outside, or a hole). */
export function cellAtPlace(r, c) {
  if (r < 0 || r >= G.rows || c < 0 || c >= G.cols) return -1;
  return G.plain ? r * S.cols + c : G.at[r * G.cols + c];
}

/** The face of the net a cell is on, or null. */
export function faceOf(i) {
  const r = rowOf(i);
  const c = colOf(i);
  return G.faces.find((f) => r >= f.row && r < f.row + f.rows && c >= f.col && c < f.col + f.cols) || null;
}

/** "row 2, column 3" (of the face, on a net). */
export function placeName(i) {
  const f = faceOf(i);
  if (f) return `the ${f.name} face, row ${rowOf(i) - f.row + 1}, column ${colOf(i) - f.col + 1}`;
  return `row ${rowOf(i) + 1}, column ${colOf(i) + 1}`;
}

// ------------------------------------------------------------------ the view

/**
 * The view: the canvas is `width` x `height` CSS pixels (the board at its fitting size);
 * a cell is `scale` CSS pixels and the picture's corner is at (`x`, `y`) in the canvas.
 */
export const V = { width: 200, height: 200, fitScale: 40, scale: 40, x: 0, y: 0 };

/** Most CSS pixels per cell when zoomed in. */
const MAX_SCALE = 64;

export const zoomed = () => V.scale > V.fitScale * 1.001;
export const maxScale = () => Math.max(V.fitScale, MAX_SCALE);

/** Sets the canvas to fit the board in `availW` x `availH`; keeps the zoom if asked. */
export function setFrame(availW, availH, keepZoom) {
  let size = Math.min(availW / G.cols, availH / G.rows, 92);
  if (size >= 3) size = Math.floor(size);
  const was = { ...V };
  V.fitScale = size;
  V.width = size * G.cols;
  V.height = size * G.rows;
  if (keepZoom && was.scale > was.fitScale * 1.001) {
    // Keep the same cell at the centre.
    const cx = (was.width / 2 - was.x) / was.scale;
    const cy = (was.height / 2 - was.y) / was.scale;
    V.scale = Math.min(maxScale(), Math.max(size, was.scale));
    V.x = V.width / 2 - cx * V.scale;
    V.y = V.height / 2 - cy * V.scale;
    clamp();
  } else {
    fit();
  }
}

export function fit() {
  V.scale = V.fitScale;
  V.x = 0;
  V.y = 0;
}

/** Keeps the picture covering the canvas (no empty margins when zoomed in). */
function clamp() {
  const w = G.cols * V.scale;
  const h = G.rows * V.scale;
  V.x = w <= V.width ? (V.width - w) / 2 : Math.min(0, Math.max(V.width - w, V.x));
  V.y = h <= V.height ? (V.height - h) / 2 : Math.min(0, Math.max(V.height - h, V.y));
}

/** Zooms by `factor` keeping canvas point (px, py) (CSS pixels) in place. */
export function zoomAt(factor, px = V.width / 2, py = V.height / 2) {
  const next = Math.min(maxScale(), Math.max(V.fitScale, V.scale * factor));
  const cx = (px - V.x) / V.scale;
  const cy = (py - V.y) / V.scale;
  V.scale = next;
  V.x = px - cx * next;
  V.y = py - cy * next;
  clamp();
}

export function panBy(dx, dy) {
  V.x += dx;
  V.y += dy;
  clamp();
}

/** Zooms so that a cell is `scale` CSS pixels, centred on cell `i`. */
export function zoomTo(i, scale) {
  V.scale = Math.min(maxScale(), Math.max(V.fitScale, scale));
  V.x = V.width / 2 - (colOf(i) + 0.5) * V.scale;
  V.y = V.height / 2 - (rowOf(i) + 0.5) * V.scale;
  clamp();
}

/** Pans (if needed) so cell `i` is inside the view. */
export function ensureVisible(i) {
  const x = V.x + colOf(i) * V.scale;
  const y = V.y + rowOf(i) * V.scale;
  const margin = V.scale;
  if (x < 0) V.x -= x - margin;
  else if (x + V.scale > V.width) V.x -= x + V.scale - V.width + margin;
  if (y < 0) V.y -= y - margin;
  else if (y + V.scale > V.height) V.y -= y + V.scale - V.height + margin;
  clamp();
}

/** The cell under canvas point (px, py) in CSS pixels, or -1. */
export function cellAtPoint(px, py) {
  const c = Math.floor((px - V.x) / V.scale);
  const r = Math.floor((py - V.y) / V.scale);
  return cellAtPlace(r, c);
}

/** The centre of cell `i` in CSS pixels of the canvas, or null when outside the view. */
export function cellCentre(i) {
  const x = V.x + (colOf(i) + 0.5) * V.scale;
  const y = V.y + (rowOf(i) + 0.5) * V.scale;
  if (x < 0 || y < 0 || x > V.width || y > V.height) return null;
  return { x, y };
}

/** The picture's places in view: rows r0..r1, columns c0..c1 (exclusive ends). */
export function visiblePlaces() {
  return {
    r0: Math.max(0, Math.floor(-V.y / V.scale)),
    r1: Math.min(G.rows, Math.ceil((V.height - V.y) / V.scale)),
    c0: Math.max(0, Math.floor(-V.x / V.scale)),
    c1: Math.min(G.cols, Math.ceil((V.width - V.x) / V.scale)),
  };
}
