// The puzzle in the URL (after #): size, rules (with the player's per-cell patterns),
// and the board or the seed of a random one (a decimal string, never a double: seeds go
// up to 2^64). A link opened in the same tab (only the part after # changes) loads too:
// start.js listens for it.

import { S, cells, MAX_SIDE, CLASSIC } from './state.js';

/** Boards up to this many cells are written into the URL. */
export const URL_MAX_CELLS = 250000;

function b64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unb64(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

export function packBoard(board, K) {
  if (K !== 2) return b64(board);
  const bytes = new Uint8Array(Math.ceil(board.length / 8));
  for (let i = 0; i < board.length; i++) if (board[i]) bytes[i >> 3] |= 1 << (i & 7);
  return b64(bytes);
}

export function unpackBoard(text, n, K) {
  const bytes = unb64(text);
  const out = new Uint8Array(n);
  if (K === 2) {
    if (bytes.length !== Math.ceil(n / 8)) throw new Error('the board in the link does not fit its size');
    for (let i = 0; i < n; i++) out[i] = (bytes[i >> 3] >> (i & 7)) & 1;
  } else {
    if (bytes.length !== n) throw new Error('the board in the link does not fit its size');
    for (let i = 0; i < n; i++) {
      if (bytes[i] >= K) throw new Error('the board in the link has a value beyond its colours');
      out[i] = bytes[i];
    }
  }
  return out;
}

/**
 * Per-cell patterns as bytes: for each button, its index, the length of its list, and
 * the list as gaps from the previous cell, each an unsigned LEB128 number.
 */
export function packOwn(own) {
  const out = [];
  const put = (v) => {
    do {
      let byte = v & 0x7f;
      v = Math.floor(v / 128);
      if (v) byte |= 0x80;
      out.push(byte);
    } while (v);
  };
  for (const [button, list] of [...own.entries()].sort((a, b) => a[0] - b[0])) {
    put(button);
    put(list.length);
    let last = 0;
    for (const c of list) {
      put(c - last);
      last = c;
    }
  }
  return b64(Uint8Array.from(out));
}

export function unpackOwn(text, n) {
  const bytes = unb64(text);
  let at = 0;
  const get = () => {
    let v = 0;
    let scale = 1;
    for (;;) {
      if (at >= bytes.length) throw new Error('the rules in the link are cut short');
      const byte = bytes[at++];
      v += (byte & 0x7f) * scale;
      scale *= 128;
      if (!(byte & 0x80)) return v;
    }
  };
  const own = new Map();
  while (at < bytes.length) {
    const button = get();
    const len = get();
    if (button >= n || len > n) throw new Error('the rules in the link do not fit the board');
    const list = [];
    let last = 0;
    for (let k = 0; k < len; k++) {
      last += get();
      if (last >= n) throw new Error('the rules in the link do not fit the board');
      list.push(last);
    }
    own.set(button, list);
  }
  return own;
}

let urlTimer = 0;
let written = '';

export function saveUrlSoon() {
  clearTimeout(urlTimer);
  urlTimer = setTimeout(saveUrl, 300);
}

/** Drops a pending delayed URL save (a followed link replaces the state it saved). */
export function cancelUrlSave() {
  clearTimeout(urlTimer);
}

/** The hash this page wrote last (a hashchange to it is the page's own). */
export const lastWritten = () => written;

export function saveUrl() {
  clearTimeout(urlTimer);
  const p = new URLSearchParams();
  p.set('r', S.rows);
  p.set('c', S.cols);
  if (S.preset) p.set('preset', S.preset);
  else {
    p.set('edges', S.spec.boundary);
    p.set('shape', S.spec.shape);
    if (S.spec.no_self) p.set('noself', '1');
    if (Number(S.spec.mod) !== 2) p.set('k', S.spec.mod);
  }
  if (S.own && S.own.size) p.set('own', packOwn(S.own));
  if (S.moves === 0 && S.seed !== null) p.set('seed', S.seed);
  else if (cells() <= URL_MAX_CELLS) p.set('b', packBoard(S.board, S.K));
  written = `#${p}`;
  if (location.hash !== written) history.replaceState(null, '', written);
}

/** The puzzle a hash names, or null when it names none. Sizes are clamped, and said. */
export function readUrl(hash = location.hash) {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  if (!p.has('r')) return null;
  const notes = [];
  const side = (v, what) => {
    const n = parseInt(v, 10);
    if (!Number.isFinite(n) || n < 1) {
      notes.push(`the link's ${what} (${v}) is not a size; using 5`);
      return 5;
    }
    if (n > MAX_SIDE) {
      notes.push(`the link asks for ${n} ${what}; the page goes up to ${MAX_SIDE}`);
      return MAX_SIDE;
    }
    return n;
  };
  // A seed is a 64-bit number, kept as its decimal string (a double would round it).
  let seed = p.get('seed');
  if (seed !== null && !(/^\d{1,20}$/.test(seed) && BigInt(seed) < 2n ** 64n)) {
    notes.push(`the link's seed (${seed}) is not a seed; a new random puzzle instead`);
    seed = null;
  }
  const k = p.has('k') ? parseInt(p.get('k'), 10) : 2;
  const mod = Number.isFinite(k) ? Math.min(255, Math.max(2, k)) : 2;
  if (mod !== k) notes.push(`the link asks for ${p.get('k')} colours; the page offers 2 to 255`);
  return {
    rows: side(p.get('r'), 'rows'),
    cols: side(p.get('c') || p.get('r'), 'columns'),
    preset: p.get('preset') || '',
    spec: {
      boundary: p.get('edges') || CLASSIC.boundary,
      shape: p.get('shape') || CLASSIC.shape,
      no_self: p.get('noself') === '1',
      mod,
    },
    own: p.get('own'),
    board: p.get('b'),
    seed,
    notes,
  };
}
