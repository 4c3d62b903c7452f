// Lights Out in the browser. Presses are played here, with exactly the server's rules:
// the list of cells each press reaches that GET /api/rules reports for boards up to
// 100x100 (and for every per-cell rule and graph), or the shape's offsets and boundary
// for larger boards. Solving, hints and explanations come from the server's exact
// solver. Boards that are not a plain grid (the Lights Out Cube) are drawn where the
// server's layout puts each cell.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);

  /** Boards with a side above this are drawn without animations or hover previews. */
  const INTERACTIVE_MAX = 100;
  const MAX_SIDE = 1000;
  /** Boards up to this many cells get their par (minimal solution) fetched up front. */
  const PAR_MAX_CELLS = 10000;
  /** Longest the server searches for the fewest presses of one board (then it answers
   * with the best found, marked not proven). */
  const SEARCH_SECONDS = 3;
  /** Boards up to this many cells are written into the URL. */
  const URL_MAX_CELLS = 250000;

  // ---------------------------------------------------------------- state

  const S = {
    caps: null,
    rows: 5,
    cols: 5,
    K: 2,
    board: new Uint8Array(25),
    target: null, // Uint8Array, or null for "all off"
    preset: '', // name of the active preset, '' for custom rules
    spec: { boundary: 'open', shape: 'plus', no_self: false, mod: 2 },
    info: null, // GET /api/rules answer
    seed: null, // seed of an untouched random board
    moves: 0,
    undo: [],
    redo: [],
    edit: false,
    plan: null, // Uint8Array of press counts that solve the board, or null
    planMinimal: false, // the plan is a proven minimal solution
    planBest: false, // the plan is the server's answer for this board (minimal, or the best its search found in time)
    planMeta: null, // the solve answer's numbers
    showPlan: false,
    par: null,
    unsolvable: null, // { reason, witness: Uint8Array|null }
    hint: -1,
    cursor: 0,
    showCursor: false,
    hover: -1,
    won: false,
    version: 0, // bumped on every board change
    playing: null,
    anim: null, // Float64Array of change times (small boards)
    prev: null, // Uint8Array of values before the last change (small boards)
  };

  // ---------------------------------------------------------------- server

  async function api(path, options) {
    let res;
    try {
      res = await fetch(path, options);
    } catch (e) {
      throw new Error('cannot reach the server (is lightsout serve still running?)');
    }
    let body = null;
    try {
      body = await res.json();
    } catch (e) {
      body = null;
    }
    if (!res.ok) {
      throw new Error((body && body.error) || `the server answered ${res.status}`);
    }
    return body;
  }

  const post = (path, obj) =>
    api(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(obj),
    });

  function rulesParams(spec) {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(spec)) {
      if (v !== null && v !== undefined) p.set(k, String(v));
    }
    return p;
  }

  /** Rows for a request: digit strings when every value is one digit (compact). */
  function rowsOf(cells) {
    const out = [];
    const digits = S.K <= 10;
    for (let r = 0; r < S.rows; r++) {
      const row = cells.subarray(r * S.cols, (r + 1) * S.cols);
      out.push(digits ? row.join('') : Array.from(row));
    }
    return out;
  }

  function flatten(rows) {
    const m = rows.length;
    const n = rows[0].length;
    const out = new Uint8Array(m * n);
    for (let r = 0; r < m; r++) for (let c = 0; c < n; c++) out[r * n + c] = rows[r][c];
    return out;
  }

  // ---------------------------------------------------------------- rules

  /**
   * The cell a shape offset lands on, or -1 off an open edge: the same steps as the
   * library's `Game::wrap`, so the page plays exactly the server's rules.
   */
  function wrap(boundary, r, c, m, n) {
    if (boundary === 'open') return r >= 0 && r < m && c >= 0 && c < n ? r * n + c : -1;
    const flipCols = boundary === 'klein' || boundary === 'projective';
    const flipRows = boundary === 'projective';
    if (!flipCols && boundary !== 'torus') throw new Error(`this page does not know the boundary '${boundary}'`);
    while (!(r >= 0 && r < m && c >= 0 && c < n)) {
      if (r < 0 || r >= m) {
        r += r < 0 ? m : -m;
        if (flipCols) c = n - 1 - c;
      }
      if (c < 0 || c >= n) {
        c += c < 0 ? n : -n;
        if (flipRows) r = m - 1 - r;
      }
    }
    return r * n + c;
  }

  /** The distinct cells a press of `cell` changes, sorted: the server's list. */
  function reached(cell) {
    if (S.info.reach) return S.info.reach[cell];
    return reachedByShape(cell);
  }

  /** Presses as the shape's offsets and boundary say, without the reach lists (boards
   * above 100x100 have none; the browser test checks both agree). */
  function reachedByShape(cell) {
    const n = S.cols;
    const r = Math.floor(cell / n);
    const c = cell % n;
    const out = [];
    for (const [dr, dc] of S.info.offsets) {
      const t = wrap(S.info.boundary, r + dr, c + dc, S.rows, n);
      if (t >= 0) out.push(t);
    }
    out.sort((a, b) => a - b);
    return out.filter((v, i) => i === 0 || v !== out[i - 1]);
  }

  // ---------------------------------------------------------------- where cells are drawn

  /**
   * The picture the board is drawn in: G.rows x G.cols places. A plain board is its own
   * picture; a board with a layout (the cube's net) has cell i at (G.r[i], G.c[i]) and
   * holes where G.at[place] is -1.
   */
  let G = { rows: 5, cols: 5, plain: true, faces: [] };

  function makeGeometry() {
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

  const rowOf = (i) => (G.plain ? Math.floor(i / S.cols) : G.r[i]);
  const colOf = (i) => (G.plain ? i % S.cols : G.c[i]);

  /** The cell drawn at place (r, c) of the picture, or -1 (outside, or a hole). */
  function cellAtPlace(r, c) {
    if (r < 0 || r >= G.rows || c < 0 || c >= G.cols) return -1;
    return G.plain ? r * S.cols + c : G.at[r * G.cols + c];
  }

  /** The face of the net a cell is on, or null. */
  function faceOf(i) {
    const r = rowOf(i);
    const c = colOf(i);
    return G.faces.find((f) => r >= f.row && r < f.row + f.rows && c >= f.col && c < f.col + f.cols) || null;
  }

  /** "row 2, column 3" (of the face, on a net). */
  function placeName(i) {
    const f = faceOf(i);
    if (f) return `the ${f.name} face, row ${rowOf(i) - f.row + 1}, column ${colOf(i) - f.col + 1}`;
    return `row ${rowOf(i) + 1}, column ${colOf(i) + 1}`;
  }

  // ---------------------------------------------------------------- board changes

  const cells = () => S.rows * S.cols;
  const animated = () => S.rows <= INTERACTIVE_MAX && S.cols <= INTERACTIVE_MAX;

  function markChanged(cell, before) {
    if (!S.anim) return;
    S.prev[cell] = before;
    S.anim[cell] = performance.now();
  }

  function addAt(cell, delta) {
    const before = S.board[cell];
    S.board[cell] = (before + delta) % S.K;
    markChanged(cell, before);
  }

  /** Presses `cell` `times` times (times < K), keeping the plan a valid solution. */
  function applyPress(cell, times) {
    for (const t of reached(cell)) addAt(t, times);
    if (S.plan) S.plan[cell] = (S.plan[cell] + S.K - times) % S.K;
  }

  function lightsOn() {
    let on = 0;
    const goal = S.target;
    for (let i = 0; i < S.board.length; i++) if (S.board[i] !== (goal ? goal[i] : 0)) on++;
    return on;
  }

  /** A player's presses (one undo step). */
  function press(list, fromPlay) {
    if (!fromPlay) stopPlay();
    let onPlan = true;
    for (const cell of list) {
      if (!S.plan || S.plan[cell] === 0) onPlan = false;
      applyPress(cell, 1);
    }
    // Dropping presses of a minimal solution leaves a minimal solution; others do not.
    const was = { wasMinimal: S.planMinimal, wasBest: S.planBest };
    if (!onPlan) S.planMinimal = S.planBest = false;
    S.undo.push({ kind: 'press', cells: list, ...was });
    S.redo.length = 0;
    S.moves += list.length;
    S.hint = -1;
    boardChanged({ pressed: true });
    // A press never changes whether the board can be solved: an explanation stays true.
    if (S.unsolvable && !fromPlay) explainUnsolvable();
    if (S.showPlan && !S.planBest) scheduleSolve();
  }

  /** Edit-mode changes: `changes` is a list of [cell, before, after]. */
  function edit(changes) {
    if (!changes.length) return;
    stopPlay();
    for (const [cell, before, after] of changes) {
      S.board[cell] = after;
      markChanged(cell, before);
    }
    S.undo.push({ kind: 'edit', changes });
    S.redo.length = 0;
    puzzleEdited();
  }

  function puzzleEdited() {
    S.plan = null;
    S.planMinimal = S.planBest = false;
    S.par = null;
    S.seed = null;
    S.hint = -1;
    S.unsolvable = null;
    boardChanged({});
    if (S.showPlan) scheduleSolve();
  }

  function undo() {
    stopPlay();
    const step = S.undo.pop();
    if (!step) return;
    if (step.kind === 'press') {
      for (let i = step.cells.length - 1; i >= 0; i--) applyPress(step.cells[i], S.K - 1);
      S.moves -= step.cells.length;
      S.planMinimal = step.wasMinimal && !!S.plan;
      S.planBest = step.wasBest && !!S.plan;
      S.redo.push(step);
      S.hint = -1;
      boardChanged({});
    } else {
      for (const [cell, before] of step.changes) {
        markChanged(cell, S.board[cell]);
        S.board[cell] = before;
      }
      S.redo.push(step);
      puzzleEdited();
    }
  }

  function redo() {
    stopPlay();
    const step = S.redo.pop();
    if (!step) return;
    if (step.kind === 'press') {
      let onPlan = true;
      for (const cell of step.cells) {
        if (!S.plan || S.plan[cell] === 0) onPlan = false;
        applyPress(cell, 1);
      }
      if (!onPlan) S.planMinimal = S.planBest = false;
      S.moves += step.cells.length;
      S.undo.push(step);
      S.hint = -1;
      boardChanged({ pressed: true });
    } else {
      for (const [cell, , after] of step.changes) {
        markChanged(cell, S.board[cell]);
        S.board[cell] = after;
      }
      S.undo.push(step);
      puzzleEdited();
    }
  }

  function boardChanged({ pressed }) {
    S.version++;
    const on = lightsOn();
    const wasWon = S.won;
    S.won = on === 0 && S.moves > 0 && !S.edit;
    updateHud();
    if (pressed && S.won && !wasWon) celebrate();
    if (!S.won) $('banner').hidden = true;
    $('board-wrap').classList.toggle('won', S.won);
    updateSolutionInfo();
    saveUrlSoon();
    render();
  }

  // ---------------------------------------------------------------- new puzzles

  function resetGame(board, { seed = null, keepHistory = false } = {}) {
    stopPlay();
    S.board = board;
    S.seed = seed;
    S.moves = 0;
    if (!keepHistory) {
      S.undo = [];
      S.redo = [];
    }
    S.plan = null;
    S.planMinimal = S.planBest = false;
    S.planMeta = null;
    S.par = null;
    S.unsolvable = null;
    S.hint = -1;
    S.won = false;
    S.cursor = Math.min(S.cursor, cells() - 1);
    if (animated()) {
      S.anim = new Float64Array(cells());
      S.prev = new Uint8Array(cells());
    } else {
      S.anim = null;
      S.prev = null;
    }
    $('banner').hidden = true;
    layout();
    boardChanged({});
    if (S.showPlan) scheduleSolve();
    else fetchPar();
  }

  async function newPuzzle(seed) {
    const p = rulesParams(S.preset ? { preset: S.preset } : S.spec);
    p.set('rows', S.rows);
    p.set('cols', S.cols);
    p.set('solvable', 'true');
    if (seed !== undefined && seed !== null) p.set('seed', seed);
    setBusy('new', true);
    try {
      const r = await api(`/api/random?${p}`);
      if (r.rows !== S.rows || r.cols !== S.cols) return;
      resetGame(flatten(r.board), { seed: r.seed });
      const what = S.preset ? shortTitle(presetByName(S.preset)) : `${S.rows} × ${S.cols}`;
      say(`A new ${what} puzzle. Turn ${S.target ? 'the lights to the goal shown above' : 'every light off'}.`);
      // Light up the new board with a quick sweep from the top-left corner.
      if (S.anim) {
        const now = performance.now();
        const step = 500 / (G.rows + G.cols);
        for (let i = 0; i < cells(); i++) {
          S.prev[i] = 0;
          S.anim[i] = now + (colOf(i) + rowOf(i)) * step;
        }
        render();
      }
    } catch (e) {
      sayError(e.message);
    } finally {
      setBusy('new', false);
    }
  }

  /** The minimal number of presses from the start position (shown as "par"). */
  async function fetchPar() {
    if (cells() > PAR_MAX_CELLS || S.unsupported || lightsOn() === 0) return;
    const version = S.version;
    try {
      const res = await solveRequest();
      if (version !== S.version || !res.solvable) return;
      takeSolution(res);
      if (res.minimal) S.par = res.press_count;
      updateHud();
    } catch (e) {
      // The par is a nicety; an error shows when the player asks for a solution.
    }
  }

  // ---------------------------------------------------------------- solving

  function solveRequest() {
    const body = {
      board: rowsOf(S.board),
      rules: S.preset ? { preset: S.preset } : S.spec,
      min: true,
      time_limit: SEARCH_SECONDS,
    };
    if (S.target) body.target = rowsOf(S.target);
    return post('/api/solve', body);
  }

  function takeSolution(res) {
    S.planMeta = res;
    if (res.solvable) {
      S.plan = flatten(res.presses);
      S.planMinimal = !!res.minimal;
      S.planBest = true;
      S.unsolvable = null;
    } else {
      S.plan = null;
      S.planMinimal = S.planBest = false;
      S.unsolvable = { reason: res.reason, witness: res.witness ? flatten(res.witness) : null };
    }
  }

  let solving = null;
  let solveTimer = 0;

  function scheduleSolve() {
    clearTimeout(solveTimer);
    solveTimer = setTimeout(() => ensurePlan().then(afterPlan, () => {}), 250);
  }

  function afterPlan() {
    if (S.showPlan && !S.plan) explainUnsolvable();
    updateSolutionInfo();
    render();
  }

  const haveAnswer = () => (S.plan && S.planBest) || !!S.unsolvable;

  /** Makes sure the server's plan (or the reason there is none) is known for this board. */
  function ensurePlan() {
    if (haveAnswer()) return Promise.resolve();
    if (solving) return solving;
    solving = (async () => {
      setBusy('solve', true);
      try {
        for (;;) {
          const version = S.version;
          const started = performance.now();
          const res = await solveRequest();
          if (version !== S.version) {
            // The board changed meanwhile: ask again for the board as it is now.
            if (haveAnswer()) return;
            continue;
          }
          takeSolution(res);
          S.planMeta.ms = Math.round(performance.now() - started);
          if (S.moves === 0 && res.solvable && res.minimal) S.par = res.press_count;
          updateHud();
          updateSolutionInfo();
          return;
        }
      } catch (e) {
        sayError(e.message);
        throw e;
      } finally {
        setBusy('solve', false);
        solving = null;
      }
    })();
    return solving;
  }

  function explainUnsolvable() {
    const u = S.unsolvable;
    if (!u) return;
    if (!u.witness) {
      sayHtml(`<strong>No solution.</strong> ${escapeHtml(u.reason || '')}`, 'witness');
      return;
    }
    let size = 0;
    let odd = 0;
    for (let i = 0; i < u.witness.length; i++) {
      if (!u.witness[i]) continue;
      size++;
      if (S.board[i] !== (S.target ? S.target[i] : 0)) odd++;
    }
    const goal = S.target ? (odd === 1 ? 'differs from the goal' : 'differ from the goal') : odd === 1 ? 'is on' : 'are on';
    sayHtml(
      `<strong>No solution.</strong> Pressing all ${fmt(size)} outlined buttons changes nothing (a quiet pattern), ` +
        `so every press flips an even number of the outlined lights. ${fmt(odd)} of them ${goal}: an odd number, which can never reach zero.`,
      'witness',
    );
  }

  async function toggleSolve() {
    stopPlay();
    if (S.showPlan) {
      S.showPlan = false;
      $('solve').setAttribute('aria-pressed', 'false');
      updateSolutionInfo();
      render();
      return;
    }
    S.showPlan = true;
    $('solve').setAttribute('aria-pressed', 'true');
    try {
      await ensurePlan();
    } catch (e) {
      S.showPlan = false;
      $('solve').setAttribute('aria-pressed', 'false');
      return;
    }
    if (!S.plan) explainUnsolvable();
    else {
      const n = planPresses();
      say(n === 0 ? 'Nothing to press: the board is already solved.' : `Press the ${fmt(n)} marked ${n === 1 ? 'button' : 'buttons'} (in any order).`);
    }
    updateSolutionInfo();
    render();
  }

  const fmt = (n) => Number(n).toLocaleString('en-US');

  function planPresses() {
    let n = 0;
    if (S.plan) for (let i = 0; i < S.plan.length; i++) n += S.plan[i];
    return n;
  }

  /** The plan for this board, or null: after explaining why there is none, or after a
   *  failed request (already reported). */
  async function planOrExplain() {
    try {
      await ensurePlan();
    } catch (e) {
      return null;
    }
    if (!S.plan) {
      explainUnsolvable();
      render();
      return null;
    }
    return S.plan;
  }

  async function hint() {
    stopPlay();
    if (lightsOn() === 0) {
      say('Every light is already ' + (S.target ? 'at the goal.' : 'off.'));
      return;
    }
    if (!(await planOrExplain())) return;
    // The first press in reading order: the way light chasing works through a board.
    const cell = S.plan.findIndex((v) => v > 0);
    if (cell < 0) return;
    S.hint = cell;
    S.cursor = cell;
    say(`Hint: press ${placeName(cell)}.`);
    render();
  }

  // ---------------------------------------------------------------- play the solution

  async function togglePlay() {
    if (S.playing) {
      stopPlay();
      return;
    }
    if (S.edit) setEdit(false);
    if (!(await planOrExplain())) return;
    const queue = [];
    for (let i = 0; i < S.plan.length; i++) for (let k = 0; k < S.plan[i]; k++) queue.push(i);
    if (!queue.length) {
      say('Nothing to play: the board is already solved.');
      return;
    }
    // At most 4 presses a second, and about 4 s in all for long solutions (then
    // several presses a frame).
    const interval = Math.min(250, 4000 / queue.length);
    S.playing = { queue, next: 0, interval, last: performance.now() - interval };
    $('play-label').textContent = 'Stop';
    $('play').setAttribute('aria-pressed', 'true');
    say(`Playing ${fmt(queue.length)} ${queue.length === 1 ? 'press' : 'presses'}…`);
    requestAnimationFrame(playStep);
  }

  function playStep(now) {
    const p = S.playing;
    if (!p) return;
    const due = Math.floor((now - p.last) / p.interval);
    if (due > 0) {
      const batch = p.queue.slice(p.next, p.next + due);
      p.next += batch.length;
      p.last += due * p.interval;
      S.cursor = batch[batch.length - 1];
      press(batch, true);
    }
    if (p.next >= p.queue.length) {
      stopPlay();
      return;
    }
    requestAnimationFrame(playStep);
  }

  function stopPlay() {
    if (!S.playing) return;
    S.playing = null;
    $('play-label').textContent = 'Play';
    $('play').setAttribute('aria-pressed', 'false');
  }

  // ---------------------------------------------------------------- drawing

  const canvas = $('board');
  const ctx = canvas.getContext('2d');
  let cellPx = 40; // CSS pixels per cell
  let dpr = 1;
  let palette = [];
  let paletteRgb = [];

  function hsl(h, s, l) {
    s /= 100;
    l /= 100;
    const k = (n) => (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
    return [Math.round(255 * f(0)), Math.round(255 * f(8)), Math.round(255 * f(4))];
  }

  /**
   * Colours of the K states: off is dark; two states light up amber; three are Lights
   * Out 2000's off, red and green; more go round the colour wheel from amber (with two
   * alternating lightnesses above 8 states, so neighbouring states stay apart).
   */
  function buildPalette() {
    const off = [27, 35, 64];
    if (S.K === 2) paletteRgb = [off, [255, 200, 61]];
    else if (S.K === 3) paletteRgb = [off, [255, 76, 96], [64, 224, 120]];
    else {
      paletteRgb = [off];
      const span = S.K > 8 ? 330 : 360;
      for (let s = 1; s < S.K; s++) {
        const light = S.K > 8 && s % 2 === 0 ? 70 : 58;
        paletteRgb.push(hsl((42 + ((s - 1) * span) / (S.K - 1)) % 360, 92, light));
      }
    }
    palette = paletteRgb.map(([r, g, b]) => `rgb(${r},${g},${b})`);
    updateLegend();
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
      sw.style.setProperty('--c', palette[v]);
      sw.title = v === 0 ? 'state 0: off' : `state ${v}`;
    };
    add('legend-label', 'States');
    if (S.K <= 12) {
      for (let v = 0; v < S.K; v++) swatch(v);
    } else {
      swatch(0);
      swatch(1);
      const stops = [];
      for (let v = 1; v < S.K; v += Math.max(1, Math.floor(S.K / 24))) stops.push(palette[v]);
      add('ramp').style.setProperty('--ramp', `linear-gradient(90deg, ${stops.join(', ')})`);
      swatch(S.K - 1);
    }
    add('legend-label', `a press adds 1, mod ${S.K}`);
  }

  /** A small picture of the goal, when it is not every light off. */
  function drawGoal() {
    const box = $('goal-stat');
    box.hidden = !S.target;
    box.parentElement.classList.toggle('has-goal', !!S.target);
    if (!S.target) return;
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
      g.fillStyle = palette[S.target[i]];
      g.fillRect(colOf(i) * cs + 0.5, rowOf(i) * cs + 0.5, cs - 1, cs - 1);
    }
    box.title = `The goal: ${S.target.some((v) => v === 0) ? 'these lights on, the others off' : 'every light on'}`;
  }

  function layout() {
    // The frame fits the board, so the room comes from the column around it.
    const wrapEl = $('board-wrap');
    const style = getComputedStyle(wrapEl);
    const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 2;
    const availW = Math.max(60, wrapEl.parentElement.clientWidth - padX);
    const narrow = window.innerWidth <= 880;
    const top = wrapEl.getBoundingClientRect().top + window.scrollY;
    const availH = narrow ? availW * 1.15 : Math.max(260, window.innerHeight - top - 170);
    makeGeometry();
    let size = Math.min(availW / G.cols, availH / G.rows, 92);
    if (size >= 3) size = Math.floor(size);
    cellPx = size;
    dpr = window.devicePixelRatio || 1;
    const w = size * G.cols;
    const h = size * G.rows;
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    canvas.width = Math.max(1, Math.round(w * dpr));
    canvas.height = Math.max(1, Math.round(h * dpr));
    drawGoal();
    render();
  }

  let frameQueued = false;
  function render() {
    if (frameQueued) return;
    frameQueued = true;
    requestAnimationFrame((now) => {
      frameQueued = false;
      const again = draw(now);
      if (again) render();
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

  /** Draws the board; returns true while something is still animating. */
  function draw(now) {
    const W = canvas.width;
    const H = canvas.height;
    const cs = W / G.cols; // device pixels per cell
    ctx.clearRect(0, 0, W, H);
    // A frame can come before the rules have loaded (a resize at start-up).
    if (paletteRgb.length !== S.K) buildPalette();
    if (cs < 4 && G.plain) {
      drawPixels();
      return false;
    }
    let animating = false;
    const gap = cs >= 14 ? Math.max(2, cs * 0.08) : 1;
    const radius = cs >= 10 ? cs * 0.2 : 0;
    const glow = S.K >= 2 && cs >= 18 && cells() <= 900;
    const goal = S.target;
    const hoverSet = hoverCells();
    drawFaces(cs, gap, radius);
    if (glow) drawGlows(now, cs, gap, radius);
    for (let i = 0; i < S.board.length; i++) {
      const r = rowOf(i);
      const c = colOf(i);
      let rgb = paletteRgb[S.board[i]];
      let scale = 1;
      if (S.anim) {
        const t = (now - S.anim[i]) / 190;
        if (t < 0) {
          rgb = paletteRgb[S.prev[i]];
          animating = true;
        } else if (t < 1) {
          const e = 1 - (1 - t) * (1 - t);
          rgb = mix(paletteRgb[S.prev[i]], rgb, e);
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
      if (goal && goal[i] !== 0 && cs >= 12) {
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
        ctx.font = `600 ${Math.round(cs * 0.28)}px system-ui, sans-serif`;
        ctx.textAlign = 'right';
        ctx.textBaseline = 'bottom';
        ctx.fillText(String(S.board[i]), x + size - cs * 0.1, y + size - cs * 0.06);
      }
      if (hoverSet && hoverSet.has(i)) {
        ctx.strokeStyle = 'rgba(255,255,255,0.55)';
        ctx.lineWidth = Math.max(1, cs * 0.05);
        roundRect(x + 1, y + 1, size - 2, size - 2, radius);
        ctx.stroke();
      }
    }
    drawOverlays(now, cs, gap, radius);
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
      const [r, g, b] = paletteRgb[v];
      ctx.shadowColor = `rgba(${r},${g},${b},0.6)`;
      ctx.shadowBlur = cs * 0.4;
      ctx.fillStyle = `rgb(${r},${g},${b})`;
      const x = colOf(i) * cs + gap / 2;
      const y = rowOf(i) * cs + gap / 2;
      roundRect(x + 2, y + 2, cs - gap - 4, cs - gap - 4, radius);
      ctx.fill();
    }
    ctx.restore();
  }

  function hoverCells() {
    if (S.hover < 0 || S.edit || !animated() || cellPx < 10 || S.playing) return null;
    return new Set(reached(S.hover));
  }

  function drawOverlays(now, cs, gap, radius) {
    const size = cs - gap;
    const w = S.unsolvable && S.unsolvable.witness;
    if (w) {
      ctx.strokeStyle = 'rgba(255,79,216,0.95)';
      ctx.lineWidth = Math.max(1.5, cs * 0.08);
      for (let i = 0; i < w.length; i++) {
        if (!w[i]) continue;
        const x = colOf(i) * cs + gap / 2;
        const y = rowOf(i) * cs + gap / 2;
        const differs = S.board[i] !== (S.target ? S.target[i] : 0);
        if (differs) {
          ctx.fillStyle = 'rgba(255,79,216,0.35)';
          roundRect(x, y, size, size, radius);
          ctx.fill();
        }
        roundRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, size - ctx.lineWidth, size - ctx.lineWidth, radius);
        ctx.stroke();
      }
    }
    if (S.showPlan && S.plan) {
      for (let i = 0; i < S.plan.length; i++) {
        if (!S.plan[i]) continue;
        const cx = colOf(i) * cs + cs / 2;
        const cy = rowOf(i) * cs + cs / 2;
        const rr = Math.max(1.5, cs * 0.17);
        ctx.beginPath();
        ctx.arc(cx, cy, rr, 0, 2 * Math.PI);
        ctx.fillStyle = '#3fe3ff';
        ctx.fill();
        ctx.lineWidth = Math.max(1, cs * 0.045);
        ctx.strokeStyle = 'rgba(4,20,30,0.85)';
        ctx.stroke();
        if (S.plan[i] > 1 && cs >= 24) {
          ctx.fillStyle = '#00202a';
          ctx.font = `700 ${Math.round(rr * 1.2)}px system-ui, sans-serif`;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(String(S.plan[i]), cx, cy + 0.5);
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
  function drawPixels() {
    const n = cells();
    if (!pixelCanvas) pixelCanvas = document.createElement('canvas');
    pixelCanvas.width = S.cols;
    pixelCanvas.height = S.rows;
    const pctx = pixelCanvas.getContext('2d');
    const img = pctx.createImageData(S.cols, S.rows);
    const d = img.data;
    const plan = S.showPlan ? S.plan : null;
    const w = S.unsolvable && S.unsolvable.witness;
    const bg = [14, 19, 36];
    for (let i = 0; i < n; i++) {
      let rgb = S.board[i] ? paletteRgb[S.board[i]] : bg;
      if (plan && plan[i]) rgb = S.board[i] ? [150, 240, 255] : [63, 227, 255];
      if (w && w[i]) rgb = S.board[i] ? [255, 120, 230] : [150, 40, 130];
      d[4 * i] = rgb[0];
      d[4 * i + 1] = rgb[1];
      d[4 * i + 2] = rgb[2];
      d[4 * i + 3] = 255;
    }
    pctx.putImageData(img, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(pixelCanvas, 0, 0, canvas.width, canvas.height);
  }

  // ---------------------------------------------------------------- input

  function cellAt(e) {
    const rect = canvas.getBoundingClientRect();
    const c = Math.floor(((e.clientX - rect.left) / rect.width) * G.cols);
    const r = Math.floor(((e.clientY - rect.top) / rect.height) * G.rows);
    return cellAtPlace(r, c);
  }

  let painting = null; // edit-mode stroke: { value, changes, seen }

  function paint(cell) {
    if (cell < 0 || painting.seen.has(cell)) return;
    painting.seen.add(cell);
    const before = S.board[cell];
    if (painting.value === null) painting.value = (before + 1) % S.K;
    if (before === painting.value) return;
    S.board[cell] = painting.value;
    markChanged(cell, before);
    painting.changes.push([cell, before, painting.value]);
    render();
    updateHud();
  }

  function endPaint() {
    if (!painting) return;
    const changes = painting.changes;
    painting = null;
    // The cells already show the new values; record the stroke as one undo step.
    if (changes.length) {
      S.undo.push({ kind: 'edit', changes });
      S.redo.length = 0;
      puzzleEdited();
    }
  }

  function act(cell) {
    if (cell < 0) return;
    S.cursor = cell;
    if (S.edit) {
      const before = S.board[cell];
      edit([[cell, before, (before + 1) % S.K]]);
    } else {
      press([cell]);
    }
  }

  canvas.addEventListener('pointerdown', (e) => {
    S.showCursor = false;
    const cell = cellAt(e);
    if (S.edit) {
      e.preventDefault();
      canvas.setPointerCapture(e.pointerId);
      stopPlay();
      painting = { value: null, changes: [], seen: new Set() };
      paint(cell);
      return;
    }
    // Mice press on the way down (snappy); touches wait for the tap, so a scroll that
    // starts on the board presses nothing.
    if (e.pointerType === 'mouse' && e.button === 0) act(cell);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (painting) {
      paint(cellAt(e));
      return;
    }
    if (e.pointerType !== 'mouse') return;
    const cell = cellAt(e);
    if (cell !== S.hover) {
      S.hover = cell;
      render();
    }
  });
  canvas.addEventListener('pointerup', endPaint);
  canvas.addEventListener('pointercancel', endPaint);
  canvas.addEventListener('pointerleave', () => {
    if (S.hover !== -1) {
      S.hover = -1;
      render();
    }
  });
  canvas.addEventListener('click', (e) => {
    if (S.edit || lastPointerType === 'mouse') return;
    act(cellAt(e));
  });
  let lastPointerType = 'mouse';
  canvas.addEventListener('pointerdown', (e) => (lastPointerType = e.pointerType), true);
  canvas.addEventListener('contextmenu', (e) => S.edit && e.preventDefault());

  canvas.addEventListener('keydown', (e) => {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      const [dr, dc] = moves[e.key];
      // The next cell that way in the picture (over the holes of a net), if any.
      let r = rowOf(S.cursor) + dr;
      let c = colOf(S.cursor) + dc;
      while (r >= 0 && r < G.rows && c >= 0 && c < G.cols && cellAtPlace(r, c) < 0) {
        r += dr;
        c += dc;
      }
      const next = cellAtPlace(r, c);
      if (next >= 0) S.cursor = next;
      S.showCursor = true;
      render();
    } else if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      S.showCursor = true;
      act(S.cursor);
    }
  });
  canvas.addEventListener('focus', render);
  canvas.addEventListener('blur', render);

  document.addEventListener('keydown', (e) => {
    const tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if (e.altKey || e.metaKey) return;
    const key = e.key.toLowerCase();
    const ctrl = e.ctrlKey;
    if (key === 'z' && !e.shiftKey) {
      e.preventDefault();
      undo();
    } else if (key === 'y' || (ctrl && e.shiftKey && key === 'z')) {
      e.preventDefault();
      redo();
    } else if (ctrl) {
      return;
    } else if (key === 'h') hint();
    else if (key === 's') toggleSolve();
    else if (key === 'p') togglePlay();
    else if (key === 'e') setEdit(!S.edit);
    else if (key === 'n') newPuzzle();
    else if (key.startsWith('arrow') && document.activeElement !== canvas) {
      canvas.focus();
      S.showCursor = true;
      render();
      e.preventDefault();
    }
  });

  function setEdit(on) {
    stopPlay();
    S.edit = on;
    $('edit').setAttribute('aria-pressed', String(on));
    $('board-wrap').classList.toggle('editing', on);
    if (on) {
      S.hint = -1;
      S.won = false;
      $('banner').hidden = true;
      say('Edit mode: click (or drag over) lights to switch them. Press Edit again to play.');
    } else {
      say('Play: a press switches the light and its neighbours.');
      boardChanged({});
    }
    render();
  }

  // ---------------------------------------------------------------- HUD and messages

  function updateHud() {
    const moves = $('moves');
    if (moves.textContent !== fmt(S.moves)) {
      moves.textContent = fmt(S.moves);
      moves.classList.remove('bump');
      void moves.offsetWidth;
      moves.classList.add('bump');
    }
    const on = lightsOn();
    $('lights').textContent = fmt(on);
    $('lights-label').textContent = S.target ? 'Off target' : 'Lights on';
    $('par').textContent = S.par === null ? '–' : fmt(S.par);
    $('undo').disabled = S.undo.length === 0;
    $('redo').disabled = S.redo.length === 0;
    canvas.setAttribute(
      'aria-label',
      `Lights Out board, ${S.rows} by ${S.cols}, ${on} lights to switch, ${S.moves} moves. Arrows move, space presses.`,
    );
  }

  function bigNumber(s) {
    if (s.length <= 15) return Number(s).toLocaleString('en-US');
    return `${s[0]}.${s.slice(1, 4)}e${s.length - 1}`;
  }

  function updateSolutionInfo() {
    const box = $('solution-info');
    const m = S.planMeta;
    if (!S.showPlan || !m) {
      box.hidden = true;
      return;
    }
    const chips = [];
    if (m.solvable && S.plan) {
      const n = planPresses();
      const label = S.planMinimal ? 'minimal' : S.planBest ? 'best found, not proven minimal' : 'updating…';
      chips.push(`<span class="chip">${fmt(n)} ${n === 1 ? 'press' : 'presses'} · ${label}</span>`);
    } else if (!m.solvable) {
      chips.push('<span class="chip bad">no solution</span>');
    }
    chips.push(`<span class="chip">nullity ${m.nullity}</span>`);
    chips.push(`<span class="chip" title="${m.solutions}">${bigNumber(m.solutions)} ${m.solutions === '1' ? 'solution' : 'solutions'}</span>`);
    chips.push(`<span class="chip">method ${escapeHtml(m.method)}${m.ms !== undefined ? ` · ${m.ms} ms` : ''}</span>`);
    box.innerHTML = chips.join('');
    box.hidden = false;
  }

  function celebrate() {
    const par = S.par;
    let text = `${fmt(S.moves)} ${S.moves === 1 ? 'move' : 'moves'}`;
    if (par !== null) text += S.moves <= par ? ' · perfect, that is par!' : ` · par is ${fmt(par)}`;
    $('banner-title').textContent = 'Solved!';
    $('banner-text').textContent = text;
    $('banner').hidden = false;
    say(`Solved in ${text}.`, 'ok');
    if (S.anim) {
      const now = performance.now();
      const cr = (G.rows - 1) / 2;
      const cc = (G.cols - 1) / 2;
      for (let i = 0; i < cells(); i++) {
        const d = Math.hypot(rowOf(i) - cr, colOf(i) - cc);
        S.prev[i] = 1 % S.K;
        S.anim[i] = now + 120 + d * 45;
      }
      render();
    }
  }

  function say(text, kind) {
    const m = $('message');
    m.className = `message${kind ? ` ${kind}` : ''}`;
    m.textContent = text;
  }
  function sayHtml(html, kind) {
    const m = $('message');
    m.className = `message${kind ? ` ${kind}` : ''}`;
    m.innerHTML = html;
  }
  function sayError(text) {
    say(text, 'error');
  }
  function escapeHtml(s) {
    return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  }

  function setBusy(id, busy) {
    $(id).classList.toggle('busy', busy);
  }

  // ---------------------------------------------------------------- rules panel

  function fillControls() {
    const caps = S.caps;
    const boundaryNames = {
      open: 'Open (edges stop a press)',
      torus: 'Torus (wrap around)',
      klein: 'Klein bottle',
      projective: 'Projective plane',
    };
    $('boundary').innerHTML = caps.boundaries
      .map((b) => `<option value="${b}">${escapeHtml(boundaryNames[b] || b)}</option>`)
      .join('');
    const shapeNames = {
      plus: 'Plus: itself and 4 neighbours',
      x: 'X: itself and 4 diagonals',
      king: 'King: itself and 8 neighbours',
      knight: 'Knight: itself and 8 knight moves',
    };
    $('shape').innerHTML =
      caps.shapes.map((s) => `<option value="${s.name}">${escapeHtml(shapeNames[s.name] || s.name)}</option>`).join('') +
      '<option value="custom">Custom shape…</option>';
    $('preset').innerHTML =
      '<option value="">Custom rules</option>' +
      caps.presets.map((p) => `<option value="${p.name}">${escapeHtml(presetTitle(p))}</option>`).join('');
    $('mod').max = caps.mod.max;
    $('version').textContent = `lightsout ${caps.version}`;
  }

  /** The puzzle's name without its maker. */
  function shortTitle(p) {
    return (p.title || p.name).replace(/\s*\(.*\)\s*$/, '');
  }

  function presetTitle(p) {
    const size = p.layout ? `${p.layout.faces.length} faces` : `${p.rows}×${p.cols}`;
    return `${shortTitle(p)} (${size})`;
  }

  function showSpec() {
    const fixed = !!S.preset && !!(presetByName(S.preset) || {}).fixed_size;
    for (const id of ['rows', 'cols']) $(id).disabled = fixed;
    $('preset').value = S.preset;
    const p = presetByName(S.preset);
    $('preset-text').textContent = p ? `${p.title}: ${p.description}.` : '';
    // Per-cell rules have no edges or shape to choose.
    $('rule-fields').hidden = fixed;
    $('rules-note').hidden = !fixed;
    $('rules-note').textContent = fixed
      ? `Each button of ${shortTitle(p)} has its own pattern: point at a button to see what it switches.`
      : '';
    if (fixed) return;
    $('boundary').value = S.spec.boundary;
    const named = S.caps.shapes.some((s) => s.name === S.spec.shape);
    $('shape').value = named ? S.spec.shape : 'custom';
    $('mask-field').hidden = named;
    if (!named) $('mask').value = S.spec.shape;
    $('noself').checked = !!S.spec.no_self;
    $('mod').value = S.spec.mod;
  }

  function presetByName(name) {
    return S.caps.presets.find((p) => p.name === name) || null;
  }

  function shapePreview() {
    const el = $('shape-preview');
    if (!S.info || !S.info.offsets) {
      el.innerHTML = '';
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const offs = S.info.offsets;
    const rr = Math.max(1, ...offs.map(([r]) => Math.abs(r)));
    const rc = Math.max(1, ...offs.map(([, c]) => Math.abs(c)));
    const set = new Set(offs.map(([r, c]) => `${r},${c}`));
    el.style.gridTemplateColumns = `repeat(${2 * rc + 1}, 12px)`;
    let html = '';
    for (let r = -rr; r <= rr; r++) {
      for (let c = -rc; c <= rc; c++) {
        const cls = [set.has(`${r},${c}`) ? 'on' : '', r === 0 && c === 0 ? 'self' : ''].join(' ').trim();
        html += `<i class="${cls}"></i>`;
      }
    }
    el.innerHTML = html;
  }

  /** Fetches what a press does under the current rules and size; false on error. */
  async function loadRules() {
    const p = rulesParams(S.preset ? { preset: S.preset } : S.spec);
    p.set('rows', S.rows);
    p.set('cols', S.cols);
    try {
      const info = await api(`/api/rules?${p}`);
      if (!info.reach && !info.offsets) throw new Error('the server describes these rules in a way this page does not know');
      if (info.layout && info.layout.cells.length !== cells()) throw new Error('the layout the server sent does not fit the board');
      if (info.offsets) wrap(info.boundary, 0, 0, 1, 1); // unknown boundaries fail here
      S.info = info;
      S.K = info.mod;
      for (let i = 0; i < S.board.length; i++) S.board[i] %= S.K;
      S.unsupported = !!info.refused;
      buildPalette();
      layout();
      $('rules-label').textContent = rulesLabel();
      $('rules-label').title = info.description;
      const solver = $('solver-text');
      solver.className = `hint-text${info.refused ? ' warn' : ''}`;
      solver.textContent = info.refused ? `Solver: ${info.refused}` : `Solved by the ${methodName(info.method)}.`;
      $('mask').classList.remove('invalid');
      shapePreview();
      return true;
    } catch (e) {
      sayError(e.message);
      if (!$('mask-field').hidden) $('mask').classList.add('invalid');
      return false;
    }
  }

  function methodName(m) {
    return (
      {
        poly: 'polynomial method',
        chase: 'symbolic light chase',
        gauss: 'Gaussian elimination',
        rows: 'first-row enumeration',
        brute: 'full enumeration',
      }[m] || `${m} method`
    );
  }

  function rulesLabel() {
    if (S.preset) return shortTitle(presetByName(S.preset));
    const s = S.spec;
    const parts = [];
    parts.push(s.no_self && s.shape === 'plus' ? 'σ' : s.shape.includes('/') ? 'custom' : s.shape);
    if (s.no_self && s.shape !== 'plus') parts.push('no self');
    parts.push(s.boundary);
    if (Number(s.mod) !== 2) parts.push(`${s.mod} colours`);
    const text = parts.join(' · ');
    return text === 'plus · open' ? 'classic' : text;
  }

  /** Rules or size changed: load the rules, then start a new puzzle. */
  async function rulesChanged({ newBoard = true } = {}) {
    stopPlay();
    S.showPlan = false;
    $('solve').setAttribute('aria-pressed', 'false');
    const p = presetByName(S.preset);
    S.target = p && p.target && p.rows === S.rows && p.cols === S.cols ? flatten(p.target) : null;
    if (!(await loadRules())) return false;
    if (newBoard) await newPuzzle();
    return true;
  }

  function readSpecFromControls() {
    const shape = $('shape').value === 'custom' ? $('mask').value.trim() : $('shape').value;
    const mod = Math.round(Number($('mod').value));
    S.spec = {
      boundary: $('boundary').value,
      shape,
      no_self: $('noself').checked,
      mod: Number.isFinite(mod) ? Math.min(255, Math.max(2, mod)) : 2,
    };
    S.preset = '';
    $('preset').value = '';
    $('preset-text').textContent = '';
  }

  for (const id of ['boundary', 'shape', 'noself', 'mod']) {
    $(id).addEventListener('change', () => {
      $('mask-field').hidden = $('shape').value !== 'custom';
      readSpecFromControls();
      showSpec();
      rulesChanged();
    });
  }
  $('mask').addEventListener('change', () => {
    readSpecFromControls();
    rulesChanged();
  });

  $('preset').addEventListener('change', async () => {
    const p = presetByName($('preset').value);
    if (!p) {
      readSpecFromControls();
      showSpec();
      rulesChanged();
      return;
    }
    S.preset = p.name;
    resize(p.rows, p.cols);
    $('rows').value = p.rows;
    $('cols').value = p.cols;
    if (p.rules) S.spec = { ...S.spec, ...p.rules };
    showSpec();
    // The puzzle's own start position (New puzzle deals random ones).
    if (!(await rulesChanged({ newBoard: false }))) return;
    resetGame(flatten(p.start));
    say(`${shortTitle(p)}: its start position. Turn ${S.target ? 'the lights to the goal shown above' : 'every light off'}.`);
  });

  /** A blank board of the new size until the new puzzle arrives, so the state is always consistent. */
  function resize(rows, cols) {
    if (rows === S.rows && cols === S.cols) return;
    S.rows = rows;
    S.cols = cols;
    resetGame(new Uint8Array(rows * cols));
  }

  function sizeChanged() {
    const clamp = (v) => Math.min(MAX_SIDE, Math.max(1, Math.round(Number(v)) || 1));
    const rows = clamp($('rows').value);
    const cols = clamp($('cols').value);
    $('rows').value = rows;
    $('cols').value = cols;
    if (rows === S.rows && cols === S.cols) return;
    resize(rows, cols);
    // A preset keeps its name only at its own size.
    const p = presetByName(S.preset);
    if (p && (p.rows !== rows || p.cols !== cols)) {
      S.preset = '';
      showSpec();
    }
    rulesChanged();
  }
  $('rows').addEventListener('change', sizeChanged);
  $('cols').addEventListener('change', sizeChanged);

  // ---------------------------------------------------------------- buttons

  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('solve').addEventListener('click', toggleSolve);
  $('play').addEventListener('click', togglePlay);
  $('edit').addEventListener('click', () => setEdit(!S.edit));
  $('new').addEventListener('click', () => newPuzzle());
  $('banner-new').addEventListener('click', () => newPuzzle());
  $('clear').addEventListener('click', () => setAll(0));
  $('allon').addEventListener('click', () => setAll(1));
  $('share').addEventListener('click', share);

  function setAll(value) {
    const changes = [];
    for (let i = 0; i < S.board.length; i++) {
      if (S.board[i] !== value) changes.push([i, S.board[i], value]);
    }
    edit(changes);
  }

  async function share() {
    saveUrl();
    const url = location.href;
    try {
      await navigator.clipboard.writeText(url);
      say(cells() > URL_MAX_CELLS && S.seed === null ? 'Link copied (this board is too large for a link: it shares size and rules).' : 'Link copied: it opens this very puzzle.', 'ok');
    } catch (e) {
      say(`Share this link: ${url}`);
    }
  }

  // ---------------------------------------------------------------- the URL

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
  function packBoard() {
    if (S.K !== 2) return b64(S.board);
    const bytes = new Uint8Array(Math.ceil(S.board.length / 8));
    for (let i = 0; i < S.board.length; i++) if (S.board[i]) bytes[i >> 3] |= 1 << (i & 7);
    return b64(bytes);
  }
  function unpackBoard(text, n, K) {
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

  let urlTimer = 0;
  function saveUrlSoon() {
    clearTimeout(urlTimer);
    urlTimer = setTimeout(saveUrl, 300);
  }
  function saveUrl() {
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
    if (S.moves === 0 && S.seed !== null) p.set('seed', S.seed);
    else if (cells() <= URL_MAX_CELLS) p.set('b', packBoard());
    history.replaceState(null, '', `#${p}`);
  }

  function readUrl() {
    const p = new URLSearchParams(location.hash.slice(1));
    if (!p.has('r')) return null;
    const side = (v) => Math.min(MAX_SIDE, Math.max(1, parseInt(v, 10) || 5));
    return {
      rows: side(p.get('r')),
      cols: side(p.get('c')),
      preset: p.get('preset') || '',
      spec: {
        boundary: p.get('edges') || 'open',
        shape: p.get('shape') || 'plus',
        no_self: p.get('noself') === '1',
        mod: Math.min(255, Math.max(2, parseInt(p.get('k'), 10) || 2)),
      },
      board: p.get('b'),
      seed: p.get('seed'),
    };
  }

  // ---------------------------------------------------------------- start

  let resizeTimer = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(layout, 80);
  });

  async function start() {
    try {
      S.caps = await api('/api/capabilities');
    } catch (e) {
      sayError(e.message);
      return;
    }
    fillControls();
    const saved = readUrl();
    if (saved) {
      S.rows = saved.rows;
      S.cols = saved.cols;
      const p = presetByName(saved.preset);
      S.preset = p ? saved.preset : '';
      // A preset's rules and size come from the preset, not the link.
      S.spec = p && p.rules ? { ...saved.spec, ...p.rules } : saved.spec;
      if (p) {
        S.rows = p.rows;
        S.cols = p.cols;
      }
    }
    $('rows').value = S.rows;
    $('cols').value = S.cols;
    showSpec();
    const p = presetByName(S.preset);
    S.target = p && p.target && p.rows === S.rows && p.cols === S.cols ? flatten(p.target) : null;
    if (!(await loadRules())) {
      // Rules from a bad link: fall back to the classic game.
      S.preset = '';
      S.spec = { boundary: 'open', shape: 'plus', no_self: false, mod: 2 };
      showSpec();
      if (!(await loadRules())) return;
    }
    let board = null;
    if (saved && saved.board) {
      try {
        board = unpackBoard(saved.board, cells(), S.K);
      } catch (e) {
        sayError(e.message);
      }
    }
    if (board) {
      resetGame(board);
      say(`The shared puzzle. Turn ${S.target ? 'the lights to the goal shown above' : 'every light off'}.`);
    } else {
      await newPuzzle(saved && saved.seed);
    }
    document.body.dataset.ready = 'true';
  }

  // A small read-only window for tests and the curious: the page's state.
  window.lightsout = {
    state: () => ({
      rows: S.rows,
      cols: S.cols,
      mod: S.K,
      board: Array.from(S.board),
      target: S.target ? Array.from(S.target) : null,
      plan: S.plan ? Array.from(S.plan) : null,
      planMinimal: S.planMinimal,
      planBest: S.planBest,
      showPlan: S.showPlan,
      witness: S.unsolvable && S.unsolvable.witness ? Array.from(S.unsolvable.witness) : null,
      moves: S.moves,
      lightsOn: lightsOn(),
      won: S.won,
      hint: S.hint,
      rules: S.info,
      busy: !!solving,
    }),
    /** The same without the per-cell arrays (cheap enough to poll on big boards). */
    summary: () => ({
      rows: S.rows,
      cols: S.cols,
      moves: S.moves,
      lightsOn: lightsOn(),
      won: S.won,
      hint: S.hint,
      hasPlan: S.plan !== null,
      hasWitness: !!(S.unsolvable && S.unsolvable.witness),
      busy: !!solving,
      loading: document.getElementById('new').classList.contains('busy'),
    }),
    reached: (cell) => Array.from(reached(cell)),
    /** What the page would press from the shape's offsets alone (big boards' way). */
    reachedByShape: (cell) => (S.info.offsets ? reachedByShape(cell) : null),
    /** Where cell i is drawn: the centre of its place, as fractions of the board's width and height. */
    cellCenter: (i) => ({ x: (colOf(i) + 0.5) / G.cols, y: (rowOf(i) + 0.5) / G.rows }),
    picture: () => ({ rows: G.rows, cols: G.cols, faces: G.faces.map((f) => f.name) }),
  };

  start();
})();
