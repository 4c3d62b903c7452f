// Colour themes: the colours of the K states (the board, the goal, the colour key), a
// view only. Amber (the default), high contrast, and colour-blind safe (the Okabe-Ito
// colours, then a blue-to-yellow ramp). The choice is kept in this browser.

import { S } from './state.js';
import { $ } from './ui.js';

const KEY = 'lightsout.theme';

function hsl(h, s, l) {
  s /= 100;
  l /= 100;
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(255 * f(0)), Math.round(255 * f(8)), Math.round(255 * f(4))];
}

/** States 1..K-1 round the colour wheel from amber (two lightnesses above 8 states). */
function wheel(K, saturation, light, altLight) {
  const out = [];
  const span = K > 8 ? 330 : 360;
  for (let s = 1; s < K; s++) out.push(hsl((42 + ((s - 1) * span) / (K - 1)) % 360, saturation, K > 8 && s % 2 === 0 ? altLight : light));
  return out;
}

/** States 1..K-1 along a ramp through `stops` (for many states). */
function ramp(K, stops) {
  const out = [];
  for (let s = 1; s < K; s++) {
    const t = K === 2 ? 0 : ((s - 1) / (K - 2)) * (stops.length - 1);
    const i = Math.min(stops.length - 2, Math.floor(t));
    const f = t - i;
    out.push(stops[i].map((v, j) => Math.round(v + (stops[i + 1][j] - v) * f)));
  }
  return out;
}

const OKABE_ITO = [
  [230, 159, 0], // orange
  [86, 180, 233], // sky blue
  [0, 158, 115], // bluish green
  [240, 228, 66], // yellow
  [0, 114, 178], // blue
  [213, 94, 0], // vermilion
  [204, 121, 167], // reddish purple
];

/** Each theme: its name in the menu, and the colours of K states (0 first: off). */
export const THEMES = {
  amber: {
    label: 'Amber (warm)',
    states: (K) => {
      const off = [27, 35, 64];
      if (K === 2) return [off, [255, 200, 61]];
      if (K === 3) return [off, [255, 76, 96], [64, 224, 120]];
      return [off, ...wheel(K, 92, 58, 70)];
    },
  },
  contrast: {
    label: 'High contrast',
    states: (K) => {
      const off = [12, 12, 14];
      if (K === 2) return [off, [255, 255, 255]];
      if (K === 3) return [off, [255, 255, 255], [255, 214, 0]];
      return [off, ...wheel(K, 100, 62, 80)];
    },
  },
  colourblind: {
    label: 'Colour-blind safe',
    states: (K) => {
      const off = [24, 30, 52];
      if (K - 1 <= OKABE_ITO.length) return [off, ...OKABE_ITO.slice(0, K - 1)];
      return [off, ...ramp(K, [[0, 114, 178], [86, 180, 233], [0, 158, 115], [240, 228, 66], [230, 159, 0]])];
    },
  },
};

let theme = 'amber';
try {
  const saved = localStorage.getItem(KEY);
  if (saved && THEMES[saved]) theme = saved;
} catch (e) {
  // Storage disabled: the default theme.
}

export const themeName = () => theme;

/** The colours in use: rgb ([r, g, b] per state) and css (the same as CSS colours). */
export const colours = { rgb: [], css: [], K: 0, theme: '' };

/** The colours of the states for the rules and theme in play (and the colour key). */
export function buildPalette() {
  colours.rgb = THEMES[theme].states(S.K);
  colours.css = colours.rgb.map(([r, g, b]) => `rgb(${r},${g},${b})`);
  colours.K = S.K;
  colours.theme = theme;
  updateLegend();
}

/** The palette is for the rules and theme in play (built again when not). */
export function ensurePalette() {
  if (colours.K !== S.K || colours.theme !== theme) buildPalette();
}

/** Switches to theme `name` (kept in this browser); the caller redraws. */
export function setTheme(name) {
  if (!THEMES[name]) return;
  theme = name;
  try {
    localStorage.setItem(KEY, name);
  } catch (e) {
    // Storage full or disabled: the theme holds for this visit.
  }
  buildPalette();
}

/** The theme menu's entries, and the one in use. */
export function fillThemeMenu() {
  const menu = $('theme');
  menu.replaceChildren(
    ...Object.entries(THEMES).map(([name, t]) => {
      const o = document.createElement('option');
      o.value = name;
      o.textContent = t.label;
      return o;
    }),
  );
  menu.value = theme;
}

/** The colour key under the board, for more than two states. */
function updateLegend() {
  const el = $('legend');
  el.replaceChildren();
  el.hidden = S.K === 2;
  if (S.K === 2) return;
  // Built with the DOM and CSSOM: the page's content policy forbids inline styles.
  const add = (cls, text) => {
    const span = document.createElement('span');
    span.className = cls;
    if (text !== undefined) span.textContent = text;
    el.append(span);
    return span;
  };
  const swatch = (v) => {
    const sw = add('swatch', String(v));
    sw.style.setProperty('--c', colours.css[v]);
    sw.title = v === 0 ? 'state 0: off' : `state ${v}`;
  };
  add('legend-label', 'States');
  if (S.K <= 12) {
    for (let v = 0; v < S.K; v++) swatch(v);
  } else {
    swatch(0);
    swatch(1);
    const stops = [];
    for (let v = 1; v < S.K; v += Math.max(1, Math.floor(S.K / 24))) stops.push(colours.css[v]);
    add('ramp').style.setProperty('--ramp', `linear-gradient(90deg, ${stops.join(', ')})`);
    swatch(S.K - 1);
  }
  add('legend-label', `a press adds 1, mod ${S.K}`);
}
