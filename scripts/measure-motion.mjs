// Measures how smoothly the board plays a whole game on its own: four
// computers (./?players=A:medium,B:medium,C:easy,D:easy#deal=1, a fixed
// deal, so every run plays the same game) in the release build (dist/,
// served under /majesty/ as GitHub Pages would), in Debian's Chromium at
// 1366×768, from the first paint until "Game over".
//
// Observed in the page from its very start (addInitScript):
//   long tasks      PerformanceObserver 'longtask' (buffered): every task of
//                   the main thread longer than 50 ms, its count and the
//                   longest; total blocking time = the sum of (task − 50 ms);
//   layout shift    PerformanceObserver 'layout-shift' (buffered): the sum
//                   of the shifts without recent input after the first
//                   paint (CLS as a plain sum, not session windows), with
//                   the elements that moved the most;
//   frames          requestAnimationFrame deltas while the game is played:
//                   median, 95th percentile and maximum.
//
// Usage (after `trunk build --release`):
//   node scripts/measure-motion.mjs [--no-fail] [--timeout 300]
//        [--players A:medium,B:medium,C:easy,D:easy] [--deal 1] [--port 4197]
// Prints the figures and a markdown table (for docs/play.md). Exits 1 if a
// task took longer than 50 ms or anything shifted (CLS > 0), unless
// --no-fail; exits 2 if the game did not end within --timeout seconds.
// Figures depend on the machine and its load: compare runs on one machine.
import { servedBrowser } from './measure-browser.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const fail = !args.includes('--no-fail');
const timeoutMs = Number(option('timeout', 300)) * 1000;
const players = option('players', 'A:medium,B:medium,C:easy,D:easy');
const deal = option('deal', '1');
const port = Number(option('port', 4197));
const path = `./?players=${players}#deal=${deal}`;
const viewport = { width: 1366, height: 768 };

const { base, browser, close } = await servedBrowser(port);

/// Runs in the page before any of its own scripts.
function observe() {
  const m = (window.__motion = { longTasks: [], shifts: [], firstPaint: null, frames: [], recording: false });
  const label = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName.toLowerCase() : '(removed)';
    const classes = [...node.classList].slice(0, 3).map((c) => `.${c}`).join('');
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) m.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      m.shifts.push({
        start: e.startTime,
        value: e.value,
        hadRecentInput: e.hadRecentInput,
        sources: (e.sources ?? []).map((s) => label(s.node)),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-paint') m.firstPaint = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  let last = null;
  const frame = (now) => {
    if (m.recording && last !== null) m.frames.push(now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

let data;
let gameMs;
let timedOut = false;
try {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(observe);
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  await page.goto(new URL(path, base).href);
  await page.locator('h1').filter({ hasText: /is playing|to play/ }).waitFor({ timeout: 30_000 });
  await page.evaluate(() => {
    window.__motion.recording = true;
    window.__motion.playStart = performance.now();
  });
  const start = Date.now();
  try {
    await page
      .locator('h1')
      .filter({ hasText: 'Game over' })
      .or(page.getByRole('region', { name: 'Final scoring' }))
      .first()
      .waitFor({ timeout: timeoutMs });
  } catch {
    timedOut = true;
  }
  gameMs = Date.now() - start;
  // A moment for the last turn's animations and observers to report.
  await page.waitForTimeout(1500);
  data = await page.evaluate(() => {
    window.__motion.recording = false;
    return window.__motion;
  });
  data.turns = await page.locator('.log > ol > li').count();
} finally {
  await close();
}

const percentile = (xs, p) => {
  if (!xs.length) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '—');

const tasks = data.longTasks;
const longest = tasks.reduce((max, t) => Math.max(max, t.duration), 0);
const tbt = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
const shifts = data.shifts.filter((s) => !s.hadRecentInput && s.start >= (data.firstPaint ?? 0));
const cls = shifts.reduce((sum, s) => sum + s.value, 0);
const bySource = new Map();
for (const s of shifts) {
  for (const source of new Set(s.sources)) bySource.set(source, (bySource.get(source) ?? 0) + s.value);
}
const frames = data.frames;

console.log(`game: ${path} at ${viewport.width}×${viewport.height}, ${data.turns} turns in ${(gameMs / 1000).toFixed(1)} s` +
  (timedOut ? ` — NOT OVER after ${timeoutMs / 1000} s` : ''));
const during = (xs) => xs.filter((x) => x.start >= data.playStart).length;
console.log(`long tasks: ${tasks.length} (${tasks.length - during(tasks)} before the board was up, ${during(tasks)} during the game), ` +
  `longest ${ms(longest)}, total blocking time ${ms(tbt)}`);
for (const t of tasks) console.log(`  ${ms(t.duration)} at ${ms(t.start)}`);
const clsDuring = shifts.filter((x) => x.start >= data.playStart).reduce((sum, x) => sum + x.value, 0);
console.log(`layout shifts after the first paint: ${shifts.length}, CLS ${cls.toFixed(4)} ` +
  `(${(cls - clsDuring).toFixed(4)} before the board was up, ${clsDuring.toFixed(4)} during the game)`);
for (const [source, value] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, 5)) {
  console.log(`  ${value.toFixed(4)} in shifts that moved ${source}`);
}
console.log(`frames: ${frames.length}, p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, max ${ms(Math.max(...frames))}`);
console.log();
console.log('| measure (4 computers, one whole game) | value | limit |');
console.log('| --- | --- | --- |');
console.log(`| long tasks (> 50 ms) | ${tasks.length} | 0 |`);
console.log(`| longest task | ${ms(longest)} | ≤ 50 ms |`);
console.log(`| total blocking time | ${ms(tbt)} | 0 ms |`);
console.log(`| cumulative layout shift after the first paint | ${cls.toFixed(4)} | 0 |`);
console.log(`| frame time p50 / p95 / max | ${ms(percentile(frames, 50))} / ${ms(percentile(frames, 95))} / ${ms(Math.max(...frames))} | — |`);

const problems = [];
if (tasks.length) problems.push(`${tasks.length} task(s) over 50 ms`);
if (cls > 0) problems.push(`layout shift ${cls.toFixed(4)}`);
if (timedOut) {
  console.log(`\nFAILED: the game was not over after ${timeoutMs / 1000} s`);
  process.exitCode = 2;
} else if (problems.length) {
  console.log(`\n${fail ? 'FAILED' : 'over the limits (--no-fail)'}: ${problems.join(', ')}`);
  process.exitCode = fail ? 1 : 0;
}
