// Start patterns: pictures of lights, not rules (whether one can be solved is the
// server's to say, and the live par says it).

import { S } from './state.js';

/** The pattern names, in menu order, with their labels. */
export const PATTERNS = [
  ['random', 'Random, solvable'],
  ['any', 'Random, maybe unsolvable'],
  ['checker', 'Checkerboard'],
  ['border', 'Border'],
  ['corners', 'Corners'],
  ['cross', 'Cross'],
  ['invert', 'Invert the board'],
  ['clear', 'All off'],
  ['allon', 'All on'],
];

/** The board of pattern `name` (null for 'random', which the server deals). */
export function pattern(name) {
  const { rows, cols, K } = S;
  const out = new Uint8Array(rows * cols);
  const at = (r, c, v = 1) => (out[r * cols + c] = v % K);
  switch (name) {
    case 'checker':
      for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if ((r + c) % 2 === 0) at(r, c);
      return out;
    case 'border':
      for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (r === 0 || c === 0 || r === rows - 1 || c === cols - 1) at(r, c);
      return out;
    case 'corners':
      for (const [r, c] of [[0, 0], [0, cols - 1], [rows - 1, 0], [rows - 1, cols - 1]]) at(r, c);
      return out;
    case 'cross':
      for (let r = 0; r < rows; r++) at(r, Math.floor(cols / 2));
      for (let c = 0; c < cols; c++) at(Math.floor(rows / 2), c);
      return out;
    case 'invert':
      // Two states: on <-> off; K states: v -> K-1-v.
      for (let i = 0; i < out.length; i++) out[i] = K - 1 - S.board[i];
      return out;
    case 'clear':
      return out;
    case 'allon':
      return out.fill(1);
    case 'any': {
      const bytes = new Uint8Array(out.length);
      for (let i = 0; i < bytes.length; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
      for (let i = 0; i < out.length; i++) out[i] = bytes[i] % K;
      return out;
    }
    default:
      return null;
  }
}
