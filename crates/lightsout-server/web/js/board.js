// Drawing the board on its canvas: colours, animations, the solution's marks, the
// outlines of a quiet pattern, the hint and the cursor, at any zoom; large boards one
// pixel per cell. Also what a screen reader is told about the cell under the cursor.

import { S, cells, goalAt, animated } from './state.js';
import { G, V, rowOf, colOf, faceOf, placeName, visiblePlaces, zoomed, cellAtPlace } from './view.js';
import { reachedNow } from './reach.js';
import { colours, ensurePalette } from './theme.js';
import { $ } from './ui.js';

export { buildPalette } from './theme.js';

export const canvas = $('board');
const ctx = canvas.getContext('2d');
let dpr = 1;

/**
 * Drawing steps other modules add on top of the board (the rule editor's marks, a
 * light's own solution): each is called with { ctx, cs, gap, radius, roundRect, rowOf,
 * colOf, cellDot } after the board is drawn.
 */
export const overlays = [];

/**
 * The same for boards drawn a pixel a cell: each returns null, or { cells, on, off }:
 * cells with a non-zero entry are drawn `on` (lit) or `off` (dark) colours [r, g, b].
 */
export const pixelLayers = [];

/** For tests: the colours of the states in use. */
export const paletteNow = () => colours.rgb.map((c) => c.slice());

/** A small picture of the goal, when it is not every light off. */
export function drawGoal() {
  const box = $('goal-stat');
  box.hidden = !S.target;
  box.parentElement.classList.toggle('has-goal', !!S.target);
  if (!S.target) return;
  ensurePalette();
  const gc = $('goal');
  const size = Math.max(2, Math.min(9, Math.floor(44 / Math.max(G.rows, G.cols / 2.2))));
  const ratio = window.devicePixelRatio || 1;
  gc.style.width = `${size * G.cols}px`;
  gc.style.height = `${size * G.rows}px`;
  gc.width = Math.round(size * G.cols * ratio);
  gc.height = Math.round(size * G.rows * ratio);
  const g = gc.getContext('2d');
  const cs = size * ratio;
  g.clearRect(0, 0, gc.width, gc.height);
  for (let i = 0; i < S.target.length; i++) {
    g.fillStyle = colours.css[S.target[i]];
    g.fillRect(colOf(i) * cs + 0.5, rowOf(i) * cs + 0.5, cs - 1, cs - 1);
  }
  box.title = `The goal: ${S.target.some((v) => v === 0) ? 'these lights on, the others off' : 'every light on'}`;
}

/** Sizes the canvas to the view (V), for the screen's pixel density. */
export function sizeCanvas() {
  dpr = window.devicePixelRatio || 1;
  canvas.style.width = `${V.width}px`;
  canvas.style.height = `${V.height}px`;
  canvas.width = Math.max(1, Math.round(V.width * dpr));
  canvas.height = Math.max(1, Math.round(V.height * dpr));
  render();
}

let frameQueued = false;
export function render() {
  if (frameQueued) return;
  frameQueued = true;
  requestAnimationFrame((now) => {
    frameQueued = false;
    if (draw(now)) render();
    // Zooming is for boards whose cells are small when the whole board shows.
    $('zoom-box').hidden = V.fitScale >= 24 && !zoomed();
    // Zoomed in, a touch drag pans the view, not the page (style.css).
    $('board-wrap').classList.toggle('zoomed', zoomed());
    drawMinimap();
    updateA11y();
  });
}

function mix(a, b, t) {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function roundRect(x, y, w, h, r) {
  ctx.beginPath();
  if (ctx.roundRect) ctx.roundRect(x, y, w, h, r);
  else ctx.rect(x, y, w, h);
}

/** The cells to draw: the places in view (every cell of a net). */
function* cellsInView() {
  if (!G.plain) {
    for (let i = 0; i < cells(); i++) yield i;
    return;
  }
  const { r0, r1, c0, c1 } = visiblePlaces();
  for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) yield r * S.cols + c;
}

/** Draws the board; returns true while something is still animating. */
function draw(now) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  // A frame can come before the rules have loaded (a resize at start-up).
  ensurePalette();
  if (S.board.length !== cells()) return false;
  const cs = V.scale; // CSS pixels per cell
  ctx.setTransform(dpr, 0, 0, dpr, V.x * dpr, V.y * dpr);
  if (cs * dpr < 4 && G.plain) {
    drawPixels();
    return false;
  }
  let animating = false;
  const gap = cs >= 14 ? Math.max(2, cs * 0.08) : cs >= 5 ? 1 : 0;
  const radius = cs >= 10 ? cs * 0.2 : 0;
  const glow = cs >= 18 && cells() <= 900;
  const hoverSet = hoverCells();
  drawFaces(cs, gap, radius);
  if (glow) drawGlows(now, cs, gap, radius);
  for (const i of cellsInView()) {
    const r = rowOf(i);
    const c = colOf(i);
    let rgb = colours.rgb[S.board[i]];
    let scale = 1;
    if (S.anim) {
      const t = (now - S.anim[i]) / 190;
      if (t < 0) {
        rgb = colours.rgb[S.prev[i]];
        animating = true;
      } else if (t < 1) {
        const e = 1 - (1 - t) * (1 - t);
        rgb = mix(colours.rgb[S.prev[i]], rgb, e);
        scale = 0.9 + 0.1 * e;
        animating = true;
      }
    }
    const x = c * cs + gap / 2;
    const y = r * cs + gap / 2;
    const size = cs - gap;
    const inset = (size * (1 - scale)) / 2;
    const lit = S.board[i] !== 0;
    ctx.fillStyle = `rgb(${rgb[0] | 0},${rgb[1] | 0},${rgb[2] | 0})`;
    roundRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, radius);
    ctx.fill();
    if (cs >= 26) {
      // A soft highlight on the top half: buttons, not flat squares.
      const g = ctx.createLinearGradient(0, y, 0, y + size);
      g.addColorStop(0, lit ? 'rgba(255,255,255,0.32)' : 'rgba(255,255,255,0.07)');
      g.addColorStop(0.5, 'rgba(255,255,255,0)');
      ctx.fillStyle = g;
      roundRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset, radius);
      ctx.fill();
    }
    if (S.target && goalAt(i) !== 0 && cs >= 12) {
      // The goal's lit cells get a small corner mark.
      ctx.fillStyle = 'rgba(75,227,138,0.9)';
      ctx.beginPath();
      ctx.arc(x + size * 0.18, y + size * 0.18, Math.max(2, cs * 0.06), 0, 2 * Math.PI);
      ctx.fill();
    }
    const face = !G.plain && cs >= 24 ? faceOf(i) : null;
    if (face && r === face.row && c === face.col) {
      // The face's name in the corner of its first light.
      ctx.fillStyle = lit ? 'rgba(0,0,0,0.45)' : 'rgba(255,255,255,0.35)';
      ctx.font = `650 ${Math.round(cs * 0.16)}px system-ui, sans-serif`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(face.name.toUpperCase(), x + cs * 0.09, y + cs * 0.08);
    }
    if (S.K > 2 && cs >= 30) {
      ctx.fillStyle = lit ? 'rgba(0,0,0,0.55)' : 'rgba(255,255,255,0.25)';
      ctx.font = `600 ${Math.round(cs * (S.K > 100 ? 0.22 : 0.28))}px system-ui, sans-serif`;
      ctx.textAlign = 'right';
      ctx.textBaseline = 'bottom';
      ctx.fillText(String(S.board[i]), x + size - cs * 0.08, y + size - cs * 0.06);
    }
    if (hoverSet && hoverSet.has(i)) {
      ctx.strokeStyle = 'rgba(255,255,255,0.55)';
      ctx.lineWidth = Math.max(1, cs * 0.05);
      roundRect(x + 1, y + 1, size - 2, size - 2, radius);
      ctx.stroke();
    }
  }
  drawOverlays(now, cs, gap, radius);
  for (const extra of overlays) extra({ ctx, cs, gap, radius, roundRect, rowOf, colOf, cellDot });
  return animating || S.hint >= 0;
}

/** The faces of a net: a panel under each, so the cube's faces stand apart. */
function drawFaces(cs, gap, radius) {
  if (!G.faces.length) return;
  ctx.save();
  for (const f of G.faces) {
    const pad = Math.max(1, gap * 0.25);
    ctx.fillStyle = 'rgba(120,140,220,0.10)';
    ctx.strokeStyle = 'rgba(150,170,255,0.28)';
    ctx.lineWidth = Math.max(1, cs * 0.025);
    roundRect(f.col * cs + pad, f.row * cs + pad, f.cols * cs - 2 * pad, f.rows * cs - 2 * pad, radius * 1.3);
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}

/** The halo of lit cells, drawn under every cell so it shows only in the gaps. */
function drawGlows(now, cs, gap, radius) {
  ctx.save();
  if (!G.plain) {
    // On a net the halo stays on the faces, not in the holes between them.
    ctx.beginPath();
    for (const f of G.faces) ctx.rect(f.col * cs, f.row * cs, f.cols * cs, f.rows * cs);
    ctx.clip();
  }
  for (let i = 0; i < S.board.length; i++) {
    let v = S.board[i];
    if (S.anim && now - S.anim[i] < 0) v = S.prev[i];
    if (!v) continue;
    const [r, g, b] = colours.rgb[v];
    ctx.shadowColor = `rgba(${r},${g},${b},0.6)`;
    ctx.shadowBlur = cs * 0.4 * dpr;
    ctx.fillStyle = `rgb(${r},${g},${b})`;
    const x = colOf(i) * cs + gap / 2;
    const y = rowOf(i) * cs + gap / 2;
    roundRect(x + 2, y + 2, cs - gap - 4, cs - gap - 4, radius);
    ctx.fill();
  }
  ctx.restore();
}

function hoverCells() {
  if (S.hover < 0 || S.edit || V.scale < 10 || S.playing || (!animated() && !zoomed())) return null;
  const list = reachedNow(S.hover);
  return list ? new Set(list) : null;
}

/** The font size that fits `text` inside a mark of radius `rr` (three-digit counts too). */
function markFont(text, rr) {
  let size = Math.round(rr * 1.2);
  ctx.font = `700 ${size}px system-ui, sans-serif`;
  const w = ctx.measureText(text).width;
  const room = rr * 1.6;
  if (w > room) {
    size = Math.max(6, Math.floor((size * room) / w));
    ctx.font = `700 ${size}px system-ui, sans-serif`;
  }
  return size;
}

function outlineCells(pattern, stroke, fill, cs, gap, radius) {
  const size = cs - gap;
  ctx.strokeStyle = stroke;
  ctx.lineWidth = Math.max(1.5, cs * 0.08);
  for (const i of cellsInView()) {
    if (!pattern[i]) continue;
    const x = colOf(i) * cs + gap / 2;
    const y = rowOf(i) * cs + gap / 2;
    if (fill && S.board[i] !== goalAt(i)) {
      ctx.fillStyle = fill;
      roundRect(x, y, size, size, radius);
      ctx.fill();
    }
    roundRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, size - ctx.lineWidth, size - ctx.lineWidth, radius);
    ctx.stroke();
  }
}

/** A dot of radius `r` at the centre of cell `i`, filled with `fill` and ringed by a
 * `line` wide `stroke`; returns its centre. */
function cellDot(i, cs, r, fill, line, stroke) {
  const cx = colOf(i) * cs + cs / 2;
  const cy = rowOf(i) * cs + cs / 2;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, 2 * Math.PI);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = line;
  ctx.strokeStyle = stroke;
  ctx.stroke();
  return [cx, cy];
}

function drawOverlays(now, cs, gap, radius) {
  const w = S.unsolvable && S.unsolvable.witness;
  if (w) outlineCells(w, 'rgba(255,79,216,0.95)', 'rgba(255,79,216,0.35)', cs, gap, radius);
  if (S.outline) outlineCells(S.outline, 'rgba(120,255,170,0.95)', null, cs, gap, radius);
  if (S.showPlan && S.plan) {
    for (const i of cellsInView()) {
      if (!S.plan[i]) continue;
      const rr = Math.max(1.5, cs * 0.2);
      const [cx, cy] = cellDot(i, cs, rr, '#3fe3ff', Math.max(1, cs * 0.045), 'rgba(4,20,30,0.85)');
      if (S.plan[i] > 1 && cs >= 24) {
        const text = String(S.plan[i]);
        markFont(text, rr);
        ctx.fillStyle = '#00202a';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(text, cx, cy + 0.5);
      }
    }
  }
  if (S.hint >= 0) {
    const i = S.hint;
    const x = colOf(i) * cs;
    const y = rowOf(i) * cs;
    const pulse = 0.5 + 0.5 * Math.sin(now / 160);
    ctx.strokeStyle = `rgba(63,227,255,${0.55 + 0.45 * pulse})`;
    ctx.lineWidth = Math.max(2, cs * (0.07 + 0.05 * pulse));
    roundRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, cs - ctx.lineWidth, cs - ctx.lineWidth, radius * 1.2);
    ctx.stroke();
  }
  if (S.showCursor && document.activeElement === canvas) {
    const i = S.cursor;
    const x = colOf(i) * cs;
    const y = rowOf(i) * cs;
    ctx.strokeStyle = 'rgba(255,255,255,0.95)';
    ctx.lineWidth = Math.max(2, cs * 0.06);
    ctx.setLineDash([Math.max(3, cs * 0.12), Math.max(2, cs * 0.08)]);
    roundRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, cs - ctx.lineWidth, cs - ctx.lineWidth, radius);
    ctx.stroke();
    ctx.setLineDash([]);
  }
}

/** Large boards: one pixel per cell, scaled up without smoothing. */
let pixelCanvas = null;
function pixelImage() {
  const n = cells();
  if (!pixelCanvas) pixelCanvas = document.createElement('canvas');
  if (pixelCanvas.width !== S.cols || pixelCanvas.height !== S.rows) {
    pixelCanvas.width = S.cols;
    pixelCanvas.height = S.rows;
  }
  const pctx = pixelCanvas.getContext('2d');
  const img = pctx.createImageData(S.cols, S.rows);
  const d = img.data;
  const plan = S.showPlan ? S.plan : null;
  const w = (S.unsolvable && S.unsolvable.witness) || S.outline;
  const bg = colours.rgb[0].map((v) => Math.round(v * 0.55));
  const layers = pixelLayers.map((f) => f()).filter(Boolean);
  for (let i = 0; i < n; i++) {
    let rgb = S.board[i] ? colours.rgb[S.board[i]] : bg;
    if (plan && plan[i]) rgb = S.board[i] ? [150, 240, 255] : [63, 227, 255];
    if (w && w[i]) rgb = S.board[i] ? [255, 120, 230] : [150, 40, 130];
    for (const layer of layers) if (layer.cells[i]) rgb = S.board[i] ? layer.on : layer.off;
    d[4 * i] = rgb[0];
    d[4 * i + 1] = rgb[1];
    d[4 * i + 2] = rgb[2];
    d[4 * i + 3] = 255;
  }
  pctx.putImageData(img, 0, 0);
  return pixelCanvas;
}

function drawPixels() {
  const image = pixelImage();
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(image, 0, 0, S.cols * V.scale, S.rows * V.scale);
}

// ------------------------------------------------------------------ minimap

const mini = $('minimap');
/** The minimap's longest side, CSS pixels: this share of the board's, within these bounds. */
const MINIMAP_SHARE = 0.2;
const MINIMAP_MIN = 44;
const MINIMAP_MAX = 120;

/** When zoomed in: the whole board, small, with the part in view framed. */
function drawMinimap() {
  const show = zoomed() && G.plain;
  $('minimap-box').hidden = !show;
  if (!show) return;
  // At most about a fifth of the board's shorter side (a phone's board is small).
  const side = Math.max(MINIMAP_MIN, Math.min(MINIMAP_MAX, Math.round(MINIMAP_SHARE * Math.min(V.width, V.height))));
  const k = Math.min(side / S.cols, side / S.rows);
  const w = Math.max(1, Math.round(S.cols * k));
  const h = Math.max(1, Math.round(S.rows * k));
  mini.style.width = `${w}px`;
  mini.style.height = `${h}px`;
  mini.width = Math.round(w * dpr);
  mini.height = Math.round(h * dpr);
  const m = mini.getContext('2d');
  m.imageSmoothingEnabled = S.cols > w;
  m.drawImage(pixelImage(), 0, 0, mini.width, mini.height);
  m.strokeStyle = '#ffffff';
  m.lineWidth = Math.max(1, dpr * 1.5);
  const f = (k * dpr) / V.scale;
  m.strokeRect(-V.x * f, -V.y * f, V.width * f, V.height * f);
}

/** The cell of the board under a point of the minimap (fractions of its size). */
export function miniCell(fx, fy) {
  const r = Math.min(S.rows - 1, Math.max(0, Math.floor(fy * S.rows)));
  const c = Math.min(S.cols - 1, Math.max(0, Math.floor(fx * S.cols)));
  return cellAtPlace(r, c);
}

// ------------------------------------------------------------------ screen readers

/** The words for a cell: place, state, goal, solution mark. */
export function cellWords(i) {
  const v = S.board[i];
  let state = S.K === 2 ? (v ? 'on' : 'off') : v === 0 ? 'off' : `state ${v}`;
  if (S.target) state += S.target[i] === v ? ', as the goal' : `, the goal is ${S.K === 2 ? (S.target[i] ? 'on' : 'off') : S.target[i]}`;
  let mark = '';
  if (S.showPlan && S.plan && S.plan[i]) mark = S.plan[i] === 1 ? ', press it' : `, press it ${S.plan[i]} times`;
  if (S.hint === i) mark += ', the hint';
  return `${placeName(i)}, ${state}${mark}`;
}

let a11yKey = '';
/** The grid's size and the cell under the cursor, as the board's grid role tells them. */
function updateA11y() {
  const i = Math.min(S.cursor, cells() - 1);
  const key = `${S.version}:${i}:${G.rows}x${G.cols}:${S.showPlan}:${S.hint}`;
  if (key === a11yKey) return;
  a11yKey = key;
  canvas.setAttribute('aria-rowcount', G.rows);
  canvas.setAttribute('aria-colcount', G.cols);
  const row = $('board-row');
  const cell = $('board-cell');
  row.setAttribute('aria-rowindex', rowOf(i) + 1);
  cell.setAttribute('aria-colindex', colOf(i) + 1);
  cell.setAttribute('aria-label', cellWords(i));
  cell.textContent = cellWords(i);
}

/** For tests: how the press count of cell `i`'s mark fits its circle. */
export function markMetrics(i, cs) {
  const rr = Math.max(1.5, cs * 0.2);
  const text = String(S.plan ? S.plan[i] : 0);
  const size = markFont(text, rr);
  return { text, fontSize: size, width: ctx.measureText(text).width, diameter: 2 * rr };
}
