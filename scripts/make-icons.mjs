// Renders public/icon.svg (our own drawing) to the PNG icons of the web app
// manifest. Run once by hand after changing the SVG: node scripts/make-icons.mjs
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const svg = readFileSync('public/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const [size, maskable] of [[192, false], [512, false], [512, true]]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // Maskable: the crown inside the 80% safe zone on a full-bleed background.
  const inner = maskable ? `<div style="width:100%;height:100%;background:#23304a;display:flex;align-items:center;justify-content:center"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="width:70%;height:70%"></div>`
                         : `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" style="width:100%;height:100%;display:block">`;
  await page.setContent(`<html><body style="margin:0;background:transparent">${inner}</body></html>`);
  await page.screenshot({ path: `public/icon-${size}${maskable ? '-maskable' : ''}.png`, omitBackground: !maskable });
  await page.close();
}
await browser.close();
