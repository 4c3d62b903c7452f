// The static site's benchmark (scripts/bench-site runs it; not a test: it prints figures
// and checks nothing but that each answer came). One table from one run:
// - the all-on 1000x1000 and 2000x2000 boards solved in headless Chromium and natively:
//   the library's own solve (lightsout_wasm's libraryAllOnSolveMs: the engine alone,
//   timed inside WebAssembly in a worker, 10 solves a run) against the same function
//   natively; the API's
//   plain solve as the page sends it (POST /api/solve, presses asked as hexadecimal
//   rows), timed inside the page's Web Worker (JSON in, solve, JSON out) and as the page
//   gets it (the round trip: the request written from the board's values, posted,
//   answered, parsed and the presses flattened into values again), against the same API
//   function natively; natively in one process, one thread (given as JSON on the command
//   line by the caller); medians of 5, after 5 solves not counted on both sides; and the
//   page's first solve of each board, before V8 has optimized the engine;
// - the time to the first playable board from a static server (python3 -m http.server):
//   a fresh browser profile (nothing cached), and a reload once the service worker has
//   cached the site; medians of 5, after one round not counted (it also starts the
//   browser's helper processes);
// - the site's total weight, each file gzipped (-9).
//
//   node bench-site.mjs SITE_DIR '{"1000": {"api": ms, "library": ms}, ...}'

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';

const [siteArg, nativeArg] = process.argv.slice(2);
if (!siteArg || !nativeArg) {
  console.error('usage: node bench-site.mjs SITE_DIR NATIVE_JSON');
  process.exit(2);
}
const site = path.resolve(siteArg);
const native = JSON.parse(nativeArg);
const sides = Object.keys(native).map(Number);
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]);
}

// What the static server serves: the site, and beside it (in src/) the page's modules as
// written, which the site has only inside its bundle (js/app.js): the solves below write
// and read the requests with them, as the page does. Links, so the site is measured as
// built; src/ is outside its service worker's cache, so always fetched.
function servedDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lightsout-bench-site-'));
  for (const name of fs.readdirSync(site)) fs.symlinkSync(path.join(site, name), path.join(dir, name));
  fs.symlinkSync(fileURLToPath(new URL('../crates/lightsout-server/web/js', import.meta.url)), path.join(dir, 'src'));
  return dir;
}

function serve() {
  const dir = servedDir();
  const server = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/port (\d+)/);
      if (m) resolve({ server, dir, base: `http://127.0.0.1:${m[1]}` });
    });
    server.on('exit', (code) => reject(new Error(`http.server exited with ${code}`)));
  });
}

const READY = 'body[data-ready="true"]';
// Page loads counted, each way (after one not counted).
const LOADS = 5;

async function main() {
  const gz = files(site).reduce((n, f) => n + zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length, 0);
  const raw = files(site).reduce((n, f) => n + fs.statSync(f).size, 0);
  const { server, dir, base } = await serve();
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // First playable board: a new profile each time (nothing cached), then reloads
    // served by the service worker. The first round is not counted: it also starts the
    // browser's own helper processes, which a player's running browser has already.
    const cold = [];
    const warm = [];
    let page;
    for (let k = 0; k <= LOADS; k++) {
      const context = await browser.newContext();
      page = await context.newPage();
      let t = Date.now();
      await page.goto(`${base}/#r=5&c=5&seed=1`);
      await page.waitForSelector(READY, { timeout: 60000 });
      if (k > 0) cold.push(Date.now() - t);
      await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60000 });
      t = Date.now();
      await page.reload();
      await page.waitForSelector(READY, { timeout: 60000 });
      if (k > 0) warm.push(Date.now() - t);
      if (k < LOADS) await context.close();
    }
    // The solves, on the last page.
    const solves = await page.evaluate(async (sides) => {
      const at = (p) => new URL(p, document.baseURI).href;
      // (Importing it also starts its own page transport's worker, from src/worker.js;
      // that one stays idle once it has loaded the engine.)
      const { workerTransport } = await import(at('src/transport-worker.js'));
      const { GridRows } = await import(at('src/json.js'));
      const { flattenHex } = await import(at('src/state.js'));
      const worker = workerTransport(new URL(at('js/worker.js')));
      const out = {};
      for (const n of sides) {
        // As the page sends a board (its values, written as digits by the transport).
        const board = new GridRows(new Uint8Array(n * n).fill(1), n, n, true);
        const viaWorker = [];
        const inWorker = [];
        let first = null;
        // Five solves first, not counted (as natively): V8 compiles the engine quickly
        // at first, then again optimized, function by function, once it has run a
        // while. The first solve (the engine as a player's first Solve meets it) is
        // printed on its own.
        for (let k = 0; k < 10; k++) {
          const t = performance.now();
          const r = await worker.request('solve', { method: 'POST', query: null, body: { board, grid: 'hex' }, signal: null });
          if (r.status !== 200 || !r.json.solvable) throw new Error(`${n}: worker status ${r.status}`);
          // And as the page takes the presses in.
          if (flattenHex(r.json.presses, n).length !== n * n) throw new Error(`${n}: presses of another size`);
          const roundTrip = performance.now() - t;
          if (k === 0) first = { roundTrip, engine: r.engineMs };
          if (k < 5) continue;
          viaWorker.push(roundTrip);
          inWorker.push(r.engineMs);
        }
        out[n] = { viaWorker, inWorker, first };
      }
      // The library alone: its solve of each board timed inside the WebAssembly module
      // (lightsout_wasm's libraryAllOnSolveMs), in a worker of its own.
      const source = `
        import init, { libraryAllOnSolveMs } from ${JSON.stringify(at('wasm/lightsout_wasm.js'))};
        const ready = init({ module_or_path: ${JSON.stringify(at('wasm/lightsout_wasm_bg.wasm'))} });
        self.onmessage = async ({ data: n }) => {
          await ready;
          self.postMessage(Array.from({ length: 10 }, () => libraryAllOnSolveMs(n, 10)));
        };`;
      const library = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module' });
      for (const n of sides) {
        library.postMessage(n);
        const times = await new Promise((resolve) => (library.onmessage = ({ data }) => resolve(data)));
        if (times.some((t) => !(t >= 0))) throw new Error(`${n}: the library's solve failed`);
        out[n].library = times.slice(5);
      }
      library.terminate();
      return out;
    }, sides);

    const rows = [];
    const ms = (x) => `${x.toFixed(x < 10 ? 2 : 0)} ms`;
    for (const n of sides) {
      const viaWorker = median(solves[n].viaWorker);
      const inWorker = median(solves[n].inWorker);
      const library = median(solves[n].library);
      const { api: nativeApi, library: nativeLibrary } = native[n];
      const against = (x, base) => `native ${ms(base)}: ${(x / base).toFixed(2)} x`;
      rows.push([`all-on ${n}x${n}, the library's solve in a worker`, ms(library), against(library, nativeLibrary), '<= 2 x']);
      rows.push([`all-on ${n}x${n}, the API's solve in the worker`, ms(inWorker), against(inWorker, nativeApi), '']);
      rows.push([`all-on ${n}x${n}, the page's round trip`, ms(viaWorker), against(viaWorker, nativeApi), '']);
      const { first } = solves[n];
      rows.push([`all-on ${n}x${n}, the page's first solve`, ms(first.roundTrip), `the engine ${ms(first.engine)} of it`, '']);
    }
    rows.push(['first playable board, nothing cached', ms(median(cold)), `runs ${cold.join(', ')} ms`, '<= 1 s']);
    rows.push(['first playable board, service worker', ms(median(warm)), `runs ${warm.join(', ')} ms`, '']);
    rows.push(['site weight, gzipped (-9)', `${(gz / 1024).toFixed(0)} KB`, `${(raw / 1024).toFixed(0)} KB raw, ${files(site).length} files`, '<= 600 KB']);
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), ['what', 'figure', 'beside', 'target'][i].length));
    const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    console.log(line(['what', 'figure', 'beside', 'target']));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const r of rows) console.log(line(r));
  } finally {
    await browser.close();
    server.kill();
    fs.rmSync(dir, { recursive: true }); // the links, not what they point to
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
