// Measures the release build (dist/): what the first screen transfers,
// gzip-compressed (HTML, JS, wasm, CSS, icons it loads), and the time from
// navigation to the first interactive screen (the "New game" button enabled)
// in headless Chromium on localhost, median of several runs.
// Usage: node scripts/measure-load.mjs  (after `node scripts/build.mjs`)
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const port = 4199;
const base = `http://127.0.0.1:${port}/majesty/`;
const server = spawn('node', ['scripts/serve.mjs', '--dir', 'dist', '--base', '/majesty/', '--port', String(port)], {
  stdio: 'ignore',
});
await new Promise((r) => setTimeout(r, 500));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // Sizes: every response of a first visit, gzipped as a server would.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const sizes = [];
  page.on('response', async (res) => {
    try {
      const body = await res.body();
      sizes.push({ url: res.url().replace(base, ''), raw: body.length, gz: gzipSync(body, { level: 9 }).length });
    } catch {}
  });
  await page.goto(base);
  await page.getByRole('button', { name: 'New game' }).waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const kind = (u) => (u.endsWith('.wasm') ? 'wasm' : u.endsWith('.js') ? 'js' : u.endsWith('.css') ? 'css' : /\.(png|svg|ico)$/.test(u) ? 'icons' : u.endsWith('.webmanifest') ? 'manifest' : 'html');
  const totals = {};
  for (const s of sizes) totals[kind(s.url)] = (totals[kind(s.url)] ?? 0) + s.gz;
  const all = sizes.reduce((n, s) => n + s.gz, 0);
  for (const s of sizes.sort((a, b) => b.gz - a.gz)) {
    console.log(`  ${s.url || 'index.html'}: ${(s.raw / 1024).toFixed(1)} KB, gzip ${(s.gz / 1024).toFixed(1)} KB`);
  }
  console.log(
    `first load, gzip: ${(all / 1024).toFixed(1)} KB in all (` +
      Object.entries(totals).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)} KB`).join(', ') + ')',
  );

  // Time to the first interactive screen, fresh context each run: from the
  // navigation's start to the moment the enabled "New game" button is in
  // the page, read off the page's own clock (performance.now()), so the
  // test driver's polling does not add to it.
  const runs = [];
  for (let i = 0; i < 15; i++) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'New game');
        if (button && !button.disabled) {
          window.__interactiveAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(base, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'New game' }).waitFor({ state: 'visible' });
    runs.push(Math.round(await page.evaluate(() => window.__interactiveAt)));
    await context.close();
  }
  runs.sort((a, b) => a - b);
  console.log(`first interactive screen: median ${runs[Math.floor(runs.length / 2)]} ms (runs: ${runs.join(', ')} ms)`);
} finally {
  await browser.close();
  server.kill();
}
