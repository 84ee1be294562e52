// Measures how fast the release build (dist/, from `trunk build --release`)
// becomes usable, for a first visit on a slow phone connection and for a
// returning visitor.
//
//   cold: a fresh browser context (no HTTP cache, no service worker) on
//         Chromium's emulation of slow 4G: 1.6 Mbps down, 750 kbps up,
//         150 ms round trip; the server gzips as GitHub Pages does
//         (scripts/serve.mjs);
//   warm: the same emulation, after a first visit to the home screen
//         installed the service worker (it serves the app from its cache).
//
// The times are read off the page's own clock: the User Timing marks the app
// sets when the home screen is up ("home-ready") and when the board first
// accepts a choice ("board-ready"), counted from the navigation's start.
// Pages: home (./), board (a shared deal: ./?players=Ann,Bob#deal=1) and the
// embedded board (the same with embed=1). Prints the median of RUNS runs
// (default 5) and what a cold load transfers.
//
// Usage: node scripts/measure-load.mjs   (after `trunk build --release`)
import { servedBrowser } from './measure-browser.mjs';

const runs = Number(process.env.RUNS ?? 5);
const port = Number(process.env.PORT ?? 4199);
const slow4g = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const targets = { 'home cold': 1200, 'board cold': 1500, 'board warm': 250 };
const pages = [
  { name: 'home', path: './', mark: 'home-ready' },
  { name: 'board', path: './?players=Ann,Bob#deal=1', mark: 'board-ready' },
  { name: 'embedded board', path: './?embed=1&players=Ann,Bob#deal=1', mark: 'board-ready' },
];

const { base, browser, close } = await servedBrowser(port);

/// Opens `path` in `page` on slow 4G; the time of `mark` and the bytes that
/// came over the network (encoded, as transferred).
async function visit(page, path, mark) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', slow4g);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  await page.goto(new URL(path, base).href, { waitUntil: 'commit' });
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark, { timeout: 30_000 });
  const at = await page.evaluate((m) => performance.getEntriesByName(m)[0].startTime, mark);
  await page.waitForLoadState('networkidle');
  return { at, bytes };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = [];
try {
  for (const { name, path, mark } of pages) {
    const cold = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const r = await visit(await context.newPage(), path, mark);
      cold.push(r.at);
      bytes = r.bytes;
      await context.close();
    }
    const warm = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      const first = await context.newPage();
      // The first visit installs the service worker (an embedded page never
      // registers it, but one installed by a visit to the site serves it).
      await first.goto(base);
      await first.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active.state;
      });
      await first.close();
      warm.push((await visit(await context.newPage(), path, mark)).at);
      await context.close();
    }
    results.push({ name, cold, warm, bytes });
  }
} finally {
  await close();
}

const ms = (x) => `${Math.round(x)} ms`;
console.log(`slow 4G (1.6 Mbps, 150 ms RTT), gzip, median of ${runs} runs; runs in brackets`);
let missed = 0;
for (const { name, cold, warm, bytes } of results) {
  const line = [];
  for (const [kind, xs] of [['cold', cold], ['warm', warm]]) {
    const target = targets[`${name} ${kind}`];
    const ok = target === undefined || median(xs) <= target;
    if (!ok) missed++;
    line.push(`${kind} ${ms(median(xs))} [${xs.map(Math.round).join(', ')}]${target ? ` (target ${target} ms${ok ? '' : ', MISSED'})` : ''}`);
  }
  console.log(`${name}: ${line.join('; ')}; cold transfer ${(bytes / 1024).toFixed(1)} KB`);
}
process.exitCode = missed ? 1 : 0;
