// JSON without losing digits: the engine's answers carry 64-bit integers (the seed of a
// random board); JSON.parse would round those above 2^53 to the nearest double, so a
// share link would name another puzzle. Here every integer a double cannot hold exactly
// becomes its decimal string; smaller ones stay numbers. Transports parse with this.

/** A string token, or an integer token of 16 digits or more (a double holds all of 15). */
const STRING_OR_LONG_INTEGER = /"(?:[^"\\]|\\.)*"|(?<=[[,:]\s*)-?\d{16,}(?=\s*[,\]}])/g;

/** `JSON.parse(text)`, with integers beyond 2^53 kept exact as decimal strings. */
export function parseJson(text) {
  // Most answers hold no integer of 16 digits: nothing to protect. (An integer token
  // follows '[', ',' or ':'; a string of digits, such as a row of presses, follows '"'.)
  if (!/[[,:]\s*-?\d{16}/.test(text)) return JSON.parse(text);
  const exact = text.replace(STRING_OR_LONG_INTEGER, (token) =>
    token.charCodeAt(0) === 34 || Number.isSafeInteger(Number(token)) ? token : `"${token}"`,
  );
  return JSON.parse(exact);
}

/**
 * Cell values (row-major, a Uint8Array) to send as a grid: `["0110", ...]` when `digits`
 * (every value below 10), else lists of numbers. JSON.stringify writes it through
 * toJSON; `jsonBytes` writes its digits straight into the request's bytes, with no
 * string per row or cell (a 2000 x 2000 board is 4 MB of digits, and building and
 * encoding them as strings cost more than the engine's solve).
 */
export class GridRows {
  constructor(values, rows, cols, digits) {
    this.values = values;
    this.rows = rows;
    this.cols = cols;
    this.digits = digits;
  }

  toJSON() {
    // Inside jsonBytes: a mark, and the grid is written from its values after.
    if (gridsBeingWritten && this.digits) {
      gridsBeingWritten.push(this);
      return GRID_MARK;
    }
    const out = [];
    for (let r = 0; r < this.rows; r++) {
      const row = this.values.subarray(r * this.cols, (r + 1) * this.cols);
      out.push(this.digits ? row.join('') : Array.from(row));
    }
    return out;
  }
}

/** What jsonBytes writes in a grid's place first: no string of the page holds it. */
const GRID_MARK = '\u0000grid\u0000';
/** The grids met while jsonBytes runs JSON.stringify (null otherwise). */
let gridsBeingWritten = null;

/**
 * `["0110",...]` for `grid` into `out` from `at`; returns the index after it. Four cells
 * at a time (adding '0' to each byte of a word of values below 10 carries nothing): three
 * times faster than a byte at a time in V8.
 */
function writeDigitRows(out, at, { values, rows, cols }) {
  const from = new DataView(values.buffer, values.byteOffset, values.byteLength);
  const to = new DataView(out.buffer, out.byteOffset, out.byteLength);
  out[at++] = 91; // [
  for (let r = 0; r < rows; r++) {
    if (r > 0) out[at++] = 44; // ,
    out[at++] = 34; // "
    let i = r * cols;
    const end = i + cols;
    for (; i + 4 <= end; i += 4, at += 4) to.setUint32(at, from.getUint32(i, true) + 0x30303030, true);
    for (; i < end; i++) out[at++] = 48 + values[i];
    out[at++] = 34;
  }
  out[at++] = 93; // ]
  return at;
}

/** The UTF-8 bytes of `value` as JSON, each GridRows of digits in it written from its values. */
export function jsonBytes(value) {
  const grids = [];
  gridsBeingWritten = grids;
  let text;
  try {
    text = JSON.stringify(value);
  } finally {
    gridsBeingWritten = null;
  }
  const encoder = new TextEncoder();
  const parts = text.split(JSON.stringify(GRID_MARK));
  // A string of the caller's own holding the mark: the plain way.
  if (parts.length !== grids.length + 1) return encoder.encode(JSON.stringify(value));
  const encoded = parts.map((part) => encoder.encode(part));
  let size = encoded.reduce((n, part) => n + part.length, 0);
  for (const g of grids) size += g.rows * (g.cols + 3) + 1;
  const out = new Uint8Array(size);
  let at = 0;
  encoded.forEach((part, i) => {
    out.set(part, at);
    at += part.length;
    if (i < grids.length) at = writeDigitRows(out, at, grids[i]);
  });
  return out;
}
