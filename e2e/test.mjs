// End-to-end test of the web app: the real `lightsout serve` binary, driven in Debian's
// headless Chromium through playwright-core. Run with `npm test` in this folder (or
// ./scripts/test from the repository root, which installs what is missing).
//
// LIGHTSOUT_BIN   the binary (default: ../target/release/lightsout)
// SCREENSHOTS     folder for the screenshots (default: ./out)
// CHROMIUM        the browser (default: /usr/bin/chromium)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = process.env.LIGHTSOUT_BIN || path.join(here, '..', 'target', 'release', 'lightsout');
const shots = path.resolve(process.env.SCREENSHOTS || path.join(here, 'out'));
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';

const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let server;
let base;
let profile;
let context;

before(async () => {
  fs.mkdirSync(shots, { recursive: true });
  server = spawn(bin, ['serve', '--addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: 'warn' },
  });
  server.stderr.on('data', (d) => process.stderr.write(`[server] ${d}`));
  base = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/serving (http:\/\/\S+)/);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`lightsout serve exited with ${code} before listening`)));
    setTimeout(() => reject(new Error('lightsout serve did not print its address')), 15000);
  });
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lightsout-e2e-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: browserPath,
    headless: true,
    args: BROWSER_ARGS,
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
  });
});

after(async () => {
  if (context) await context.close();
  if (server && server.exitCode === null) {
    server.kill('SIGINT');
    const [code] = await once(server, 'exit');
    assert.equal(code, 0, 'the server stops cleanly on Ctrl-C');
  }
  if (profile) fs.rmSync(profile, { recursive: true, force: true });
});

// ------------------------------------------------------------------ helpers

async function open(hash = '', ctx = context) {
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.errors = errors;
  await page.goto(`${base}/${hash}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  return page;
}

const state = (page) => page.evaluate(() => window.lightsout.state());

/** Clicks cell (r, c) of the board with the mouse (or taps it). */
async function clickCell(page, r, c, { tap = false } = {}) {
  const box = await page.locator('#board').boundingBox();
  const s = await page.evaluate(() => window.lightsout.summary());
  const x = box.x + ((c + 0.5) * box.width) / s.cols;
  const y = box.y + ((r + 0.5) * box.height) / s.rows;
  if (tap) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

async function waitFor(page, predicate, arg, timeout = 20000) {
  await page.waitForFunction(predicate, arg, { timeout });
}

/** Shows the solution and waits for it (or for the page's explanation). */
async function solve(page, { full = true } = {}) {
  await page.click('#solve');
  await waitFor(page, () => {
    const s = window.lightsout.summary();
    return !s.busy && (s.hasPlan || s.hasWitness || document.querySelector('#message.error'));
  });
  // The full state carries every cell: too slow to ship out of a 10^6-cell page.
  return full ? state(page) : page.evaluate(() => window.lightsout.summary());
}

/** Clicks every press of the shown plan, each as often as it says. */
async function clickPlan(page, s) {
  for (let i = 0; i < s.plan.length; i++) {
    for (let k = 0; k < s.plan[i]; k++) await clickCell(page, Math.floor(i / s.cols), i % s.cols);
  }
}

/** The classic rules, written out independently of the page: the lights a set of presses lights. */
function classicEffect(rows, cols, presses) {
  const board = new Array(rows * cols).fill(0);
  for (const [r, c] of presses) {
    for (const [dr, dc] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) board[rr * cols + cc] ^= 1;
    }
  }
  return board;
}

async function setSize(page, rows, cols) {
  await page.fill('#rows', String(rows));
  await page.fill('#cols', String(cols));
  await page.locator('#cols').dispatchEvent('change');
  await page.locator('#rows').dispatchEvent('change');
  await waitFor(page, ([r, c]) => {
    const s = window.lightsout.summary();
    return s.rows === r && s.cols === c && !s.loading && document.body.dataset.ready;
  }, [rows, cols], 60000);
}

// ------------------------------------------------------------------ tests

test('enter a 5x5 board in edit mode, solve it, click the shown presses: every light goes off', async () => {
  const page = await open();
  let s = await state(page);
  assert.equal(s.rows, 5);
  assert.equal(s.cols, 5);
  assert.ok(s.lightsOn > 0, 'the default board is a random puzzle');

  await page.click('#clear');
  await page.click('#edit');
  const wanted = classicEffect(5, 5, [[0, 0], [2, 2], [4, 1], [1, 4]]);
  for (let i = 0; i < 25; i++) if (wanted[i]) await clickCell(page, Math.floor(i / 5), i % 5);
  await page.click('#edit');
  s = await state(page);
  assert.deepEqual(s.board, wanted, 'the board entered by clicks in edit mode');

  s = await solve(page);
  assert.ok(s.plan, 'a solvable board gets a plan');
  assert.ok(s.planMinimal, 'Solve shows a minimal solution');
  const count = s.plan.reduce((a, b) => a + b, 0);
  assert.ok(count <= 4, `at most the 4 presses that made it (got ${count})`);
  const info = await page.textContent('#solution-info');
  assert.match(info, new RegExp(`${count} press(es)? · minimal`));
  assert.match(info, /nullity 2/);
  assert.match(info, /4 solutions/);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, '5x5.png') });

  await clickPlan(page, s);
  s = await state(page);
  assert.equal(s.lightsOn, 0);
  assert.ok(s.board.every((v) => v === 0), 'every light is off');
  assert.equal(s.moves, count);
  assert.ok(s.won);
  await page.waitForSelector('#banner:not([hidden])');
  await page.waitForTimeout(900);
  await page.screenshot({ path: path.join(shots, '5x5-solved.png') });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the page presses exactly as the server rules say, for every boundary and shape', async () => {
  const caps = await (await fetch(`${base}/api/capabilities`)).json();
  const shapes = [...caps.shapes.map((s) => s.name), '011/110/000'];
  let checked = 0;
  for (const edges of caps.boundaries) {
    for (const shape of shapes) {
      for (const noself of [false, true]) {
        const hash = `#r=5&c=6&edges=${edges}&shape=${encodeURIComponent(shape)}${noself ? '&noself=1' : ''}&seed=${checked}`;
        const page = await open(hash);
        let s = await state(page);
        assert.equal(s.rules.boundary, edges);
        s = await solve(page);
        assert.ok(s.plan, `${hash}: a board made by presses is solvable`);
        await clickPlan(page, s);
        s = await state(page);
        assert.equal(s.lightsOn, 0, `${hash}: the server's solution, pressed by the page, clears the board`);
        assert.deepEqual(page.errors, []);
        await page.close();
        checked++;
      }
    }
  }
  // Per-cell rules with a goal: Merlin's Magic Square.
  const page = await open('#r=3&c=3&preset=merlin');
  let s = await solve(page);
  assert.deepEqual(s.target, [1, 1, 1, 1, 0, 1, 1, 1, 1]);
  await clickPlan(page, s);
  s = await state(page);
  assert.deepEqual(s.board, s.target, 'Merlin: the ring is lit');
  assert.ok(s.won);
  await page.close();
  assert.equal(checked, caps.boundaries.length * shapes.length * 2);
});

test('an unsolvable board says so and outlines a quiet pattern with an odd overlap', async () => {
  const page = await open('#r=4&c=4');
  await page.click('#clear');
  await page.click('#edit');
  await clickCell(page, 0, 0);
  await page.click('#edit');
  const s = await solve(page);
  assert.equal(s.plan, null);
  assert.ok(s.witness, 'a witness comes with the answer');
  const overlap = s.witness.reduce((n, w, i) => n + (w && s.board[i] ? 1 : 0), 0);
  assert.equal(overlap % 2, 1, 'the outlined pattern overlaps the lights oddly');
  const text = await page.textContent('#message');
  assert.match(text, /No solution/);
  assert.match(text, /quiet pattern/);
  assert.match(await page.textContent('#solution-info'), /no solution/);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, 'unsolvable.png') });
  await page.close();
});

test('keyboard play, undo and redo, and the puzzle in the URL', async () => {
  const page = await open('#r=5&c=5&seed=7');
  const start = await state(page);
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight'); // cursor (0, 1)
  await page.keyboard.press('ArrowDown'); // cursor (1, 1)
  await page.keyboard.press('Space');
  let s = await state(page);
  assert.equal(s.moves, 1);
  const changed = s.board.map((v, i) => (v !== start.board[i] ? i : -1)).filter((i) => i >= 0);
  assert.deepEqual(changed, [1, 5, 6, 7, 11], 'space pressed (1, 1): itself and its 4 neighbours');
  await page.keyboard.press('z');
  s = await state(page);
  assert.deepEqual(s.board, start.board, 'undo');
  assert.equal(s.moves, 0);
  await page.keyboard.press('y');
  s = await state(page);
  assert.equal(s.moves, 1, 'redo');
  // The link opens the same position.
  await page.waitForTimeout(500);
  const url = page.url();
  assert.match(url, /[#&]b=/);
  const copy = await open(url.slice(url.indexOf('#')));
  assert.deepEqual((await state(copy)).board, s.board);
  await copy.close();
  await page.close();
});

test('hint points at a press of a minimal solution; play animates it to the end', async () => {
  const page = await open('#r=6&c=6&seed=11');
  await page.click('#hint');
  await waitFor(page, () => window.lightsout.summary().hint >= 0);
  let s = await state(page);
  assert.ok(s.plan[s.hint] > 0, 'the hint is a press of the plan');
  assert.match(await page.textContent('#message'), /Hint: press row \d+, column \d+/);
  await clickCell(page, Math.floor(s.hint / 6), s.hint % 6);
  const after = await state(page);
  assert.equal(after.moves, 1);
  assert.notDeepEqual(after.board, s.board, 'the hinted press changed the board');
  await page.click('#play');
  await waitFor(page, () => window.lightsout.summary().won);
  s = await state(page);
  assert.equal(s.lightsOn, 0);
  assert.equal(s.moves, 1 + after.plan.reduce((a, b) => a + b, 0), 'play pressed the rest of the plan');
  await page.close();
});

test('a 100x100 board: solve, screenshot, play the solution to the end', async () => {
  const page = await open();
  await setSize(page, 100, 100);
  let s = await solve(page);
  assert.ok(s.plan);
  assert.equal(s.plan.length, 10000);
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, '100x100.png') });
  await page.click('#play');
  await waitFor(page, () => window.lightsout.summary().won, undefined, 60000);
  s = await state(page);
  assert.equal(s.lightsOn, 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a 1000x1000 board is drawn on the canvas and solved', async () => {
  const page = await open();
  await setSize(page, 1000, 1000);
  let s = await solve(page, { full: false });
  assert.ok(s.hasPlan);
  const presses = await page.evaluate(() => {
    const plan = window.lightsout.state().plan;
    return { cells: plan.length, presses: plan.reduce((a, b) => a + b, 0) };
  });
  assert.equal(presses.cells, 1000000);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, '1000x1000.png') });
  await page.click('#play');
  await waitFor(page, () => window.lightsout.summary().won, undefined, 120000);
  s = await page.evaluate(() => window.lightsout.summary());
  assert.equal(s.lightsOn, 0, 'the page applied all presses of the 1000x1000 solution');
  assert.equal(s.moves, presses.presses);
  await page.close();
});

test('on a phone: the page fits the screen and taps press', async () => {
  const phoneProfile = fs.mkdtempSync(path.join(os.tmpdir(), 'lightsout-e2e-phone-'));
  const phone = await chromium.launchPersistentContext(phoneProfile, {
    executablePath: browserPath,
    headless: true,
    args: BROWSER_ARGS,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await open('#r=5&c=5&seed=3', phone);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (overflow ${overflow}px)`);
    await clickCell(page, 2, 2, { tap: true });
    const s = await state(page);
    assert.equal(s.moves, 1, 'a tap presses');
    await page.tap('#solve');
    await waitFor(page, () => window.lightsout.summary().hasPlan);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shots, 'phone.png') });
    assert.deepEqual(page.errors, []);
  } finally {
    await phone.close();
    fs.rmSync(phoneProfile, { recursive: true, force: true });
  }
});
