// Ad-hoc screenshots for the announcer work (not committed).
import { chromium } from 'playwright';
const base = process.env.BASE ?? 'http://127.0.0.1:4300/majesty/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const shots = [
  { w: 390, h: 844, scheme: 'dark', players: 'Ann,Bob:easy', name: 'phone390-dark-2p' },
  { w: 360, h: 740, scheme: 'light', players: 'Ann,Bob:easy,Cy:easy', name: 'phone360-light-3p' },
  { w: 1366, h: 768, scheme: 'light', players: 'Ann,Bob:easy,Cy:easy,Di:easy', name: 'desk-light-4p' },
  { w: 1366, h: 768, scheme: 'dark', players: 'Ann,Bob:easy', name: 'desk-dark-2p' },
];
for (const s of shots) {
  const ctx = await browser.newContext({ viewport: { width: s.w, height: s.h }, colorScheme: s.scheme, deviceScaleFactor: 1 });
  const page = await ctx.newPage();
  await page.goto(`${base}?players=${s.players}#deal=5`);
  await page.waitForSelector('.display .card.legal');
  await page.waitForTimeout(800);
  // Keyboard: Tab from the heading to the skip link.
  await page.locator('h1.status').focus();
  await page.keyboard.press('Tab');
  await page.screenshot({ path: `/tmp/shots/${s.name}-skip.png` });
  await page.keyboard.press('Enter');
  await page.keyboard.press('1');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/shots/${s.name}-picked.png` });
  const tree = await page.locator('.realms.mine').ariaSnapshot();
  const others = await page.locator('.realms.others').ariaSnapshot();
  console.log(s.name, '\n', tree.slice(0, 1500), '\n--others--\n', others.slice(0, 800));
  if (s.w === 1366) {
    await page.getByRole('button', { name: 'Keyboard' }).click();
    await page.screenshot({ path: `/tmp/shots/${s.name}-keys.png` });
  }
  await ctx.close();
}
await browser.close();
