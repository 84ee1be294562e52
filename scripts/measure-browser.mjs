// What the measurement scripts share: the release build (dist/) served under
// /majesty/ as GitHub Pages would (scripts/serve.mjs, gzip), and Debian's
// Chromium, headless. `close()` stops both. DIST=<folder> serves another
// build instead (to measure two builds one after the other).
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

export async function servedBrowser(port) {
  const server = spawn('node', ['scripts/serve.mjs', '--dir', process.env.DIST ?? 'dist', '--base', '/majesty/', '--port', String(port)], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 500));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const close = async () => {
    await browser.close();
    server.kill();
  };
  return { base: `http://127.0.0.1:${port}/majesty/`, browser, close };
}
