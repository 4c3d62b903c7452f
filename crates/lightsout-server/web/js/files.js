// Board files: open a text, PBM or PNG file (picker or drop), save the board or the
// solution as PNG, PBM or text, copy the board as text. The server reads and writes
// the formats (the CLI's own), so files go both ways between the page and the CLI.

import { api, post } from './api.js';
import { S, rowsOf } from './state.js';

/** Reads a file into { rows, cols, board (flat), format }. */
export async function readBoardFile(file) {
  const bytes = await file.arrayBuffer();
  const res = await api(`/api/board/read?mod=${S.K}`, { method: 'POST', body: bytes });
  return res;
}

/** The file for `values` (the board, or press counts) in `format`, as a Blob. */
export function boardFile(values, format) {
  return post('/api/board/write', { board: rowsOf(values), mod: S.K, format });
}

/** Offers a Blob as a download called `name`. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export const EXTENSIONS = { text: 'txt', pbm: 'pbm', png: 'png' };

/** The board as the text format (one row per line). */
export async function boardText(values) {
  const blob = await boardFile(values, 'text');
  return blob.text();
}
