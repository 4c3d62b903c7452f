// Board files: open a text, PBM or PNG file (picker or drop), save the board or the
// solution as PNG, PBM or text, copy the board as text. The engine reads and writes
// the formats (the CLI's own), so files go both ways between the page and the CLI.

import { call } from './api.js';
import { report } from './errors.js';
import { S, rowsOf, flatten, presetByName } from './state.js';
import { replaceBoard } from './history.js';
import { planOrExplain } from './solve.js';
import { applyRules, current, shortTitle } from './controls.js';
import { $, say, sayError } from './ui.js';

/** Reads a file into { rows, cols, board (rows), format }. */
export async function readBoardFile(file) {
  const bytes = await file.arrayBuffer();
  return call('board/read', { query: { mod: S.K }, body: bytes });
}

/** The file for `values` (the board, or press counts) in `format`, as a Blob. */
export function boardFile(values, format) {
  return call('board/write', { body: { board: rowsOf(values), mod: S.K, format } });
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

// ------------------------------------------------------------------ the buttons

$('open-file').addEventListener('click', () => $('file-input').click());
$('file-input').addEventListener('change', async () => {
  const file = $('file-input').files[0];
  $('file-input').value = '';
  if (file) await openFile(file);
});

const wrapEl = $('board-wrap');
wrapEl.addEventListener('dragover', (e) => {
  if (![...e.dataTransfer.types].includes('Files')) return;
  e.preventDefault();
  $('drop-hint').hidden = false;
});
wrapEl.addEventListener('dragleave', () => ($('drop-hint').hidden = true));
wrapEl.addEventListener('drop', async (e) => {
  e.preventDefault();
  $('drop-hint').hidden = true;
  const file = e.dataTransfer.files[0];
  if (file) await openFile(file);
});

/** Opens a board file: at its own size (the rules kept), as one undo step. */
async function openFile(file) {
  try {
    const res = await readBoardFile(file);
    const board = flatten(res.board);
    if (res.rows === S.rows && res.cols === S.cols) {
      replaceBoard(board, 'file');
    } else {
      const fixed = presetByName(S.preset) && presetByName(S.preset).fixed_size;
      if (fixed) {
        sayError(`${file.name} is ${res.rows} × ${res.cols}, but ${shortTitle(presetByName(S.preset))} is ${S.rows} × ${S.cols}.`);
        return;
      }
      if (!(await applyRules({ ...current(), rows: res.rows, cols: res.cols, preset: '', own: null }, { board }))) return;
    }
    say(`Opened ${file.name}: a ${res.rows} × ${res.cols} board (${res.format}).`, 'ok');
  } catch (e) {
    report(e);
  }
}

$('save').addEventListener('click', async () => {
  const what = $('save-what').value;
  const format = $('save-format').value;
  try {
    let values = S.board;
    if (what === 'solution') {
      if (!(await planOrExplain())) return;
      values = S.plan;
    }
    if (S.K !== 2 && format !== 'text') {
      say('PNG and PBM hold two-colour boards only: saved as text.', 'warn');
    }
    const f = S.K !== 2 ? 'text' : format;
    const blob = await boardFile(values, f);
    download(blob, `lightsout-${S.rows}x${S.cols}-${what}.${EXTENSIONS[f]}`);
    lastSaved = { what, format: f, size: blob.size };
  } catch (e) {
    report(e);
  }
});
let lastSaved = null;

$('copy-text').addEventListener('click', async () => {
  try {
    const text = await boardText(S.board);
    lastCopied = text;
    await navigator.clipboard.writeText(text);
    say('The board is copied as text.', 'ok');
  } catch (e) {
    if (e.kind !== undefined) report(e);
    else say('Copying is not allowed here; use Save instead.', 'warn');
  }
});
let lastCopied = null;

/** For tests: the last file saved and the last text copied. */
export const fileState = () => ({ lastSaved, lastCopied });
