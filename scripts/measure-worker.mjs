// Measures the computers' search in the browser's search worker against the
// same search natively: the expert's 2,000 iterations on the positions of
// `cargo bench`'s expert moves (every 4th turn of a game of random turns,
// all sides A and all sides B, 2 to 4 players), each position timed 3 times
// and the fastest kept, on both sides.
//
//   native: `cargo run --release -p majesty-ai --example search_speed`
//           (the release profile, as the command-line tool is built), which
//           also writes the positions as game records;
//   worker: the release build (dist/) in headless Chromium: the page starts
//           the search worker as the app does (search-loader.js) and sends
//           each record as the app's job; the time is from sending to the
//           answer (the JSON and the replay of the record included).
//
// Usage: node scripts/measure-worker.mjs   (after `trunk build --release`)
//        PROFILE=bench for the native side built with `--profile bench`.
import { execFileSync } from 'node:child_process';
import { servedBrowser } from './measure-browser.mjs';

const profile = process.env.PROFILE ?? 'release';
const nativeRun = execFileSync(
  'cargo',
  ['run', '--quiet', '--profile', profile, '-p', 'majesty-ai', '--example', 'search_speed'],
  { encoding: 'utf8', maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'inherit'] },
);
const { iterations, positions } = JSON.parse(nativeRun);

const { base, browser, close } = await servedBrowser(Number(process.env.PORT ?? 4198));
let workerMs;
try {
  const page = await browser.newPage();
  await page.goto(base);
  workerMs = await page.evaluate(async (positions) => {
    // The loader, in the build's folder (scripts/post-build.mjs).
    const loader = `${document.querySelector('meta[name=majesty-build]').content}search-loader.js`;
    const worker = new Worker(loader);
    let answer = null;
    worker.onmessage = (event) => answer?.(JSON.parse(event.data));
    worker.onerror = (event) => answer?.({ failed: { reason: event.message } });
    const reply = () => new Promise((resolve) => (answer = resolve));
    const ready = await reply();
    if (ready !== 'ready') throw new Error(`the worker did not start: ${JSON.stringify(ready)}`);
    const times = [];
    let id = 0;
    for (const { seed, record } of positions) {
      let fastest = Infinity;
      for (let run = 0; run < 3; run++) {
        const start = performance.now();
        worker.postMessage(JSON.stringify({ id: ++id, job: { bot_turn: { level: 'expert', seed, record } } }));
        const done = await reply();
        if (done.done?.id !== id) throw new Error(`job ${id}: ${JSON.stringify(done)}`);
        fastest = Math.min(fastest, performance.now() - start);
      }
      times.push(fastest);
    }
    worker.terminate();
    return times;
  }, positions);
} finally {
  await close();
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const perSecond = (ms) => Math.round((iterations * ms.length) / (ms.reduce((a, b) => a + b, 0) / 1000));
console.log(`expert, ${iterations} iterations a move, fastest of 3 runs per position; native: --profile ${profile}`);
for (const players of [2, 3, 4]) {
  const at = positions.flatMap((p, i) => (p.players === players ? [i] : []));
  const native = at.map((i) => positions[i].native_ms);
  const worker = at.map((i) => workerMs[i]);
  const ratio = perSecond(worker) / perSecond(native);
  console.log(
    `${players} players (${at.length} positions): native ${perSecond(native)} iterations/s ` +
      `(mean ${mean(native).toFixed(1)} ms, max ${Math.max(...native).toFixed(1)} ms); ` +
      `worker ${perSecond(worker)} iterations/s (mean ${mean(worker).toFixed(1)} ms, max ${Math.max(...worker).toFixed(1)} ms); ` +
      `worker/native ${(100 * ratio).toFixed(0)}%`,
  );
}
const ratio = perSecond(workerMs) / perSecond(positions.map((p) => p.native_ms));
console.log(`all: worker/native ${(100 * ratio).toFixed(0)}% (target 50%${ratio >= 0.5 ? '' : ', MISSED'})`);
process.exitCode = ratio >= 0.5 ? 0 : 1;
