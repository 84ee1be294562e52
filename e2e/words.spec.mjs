// The words of the page in each language: dates written as the page's
// language writes them (not the system's), and the coach's bubble beside
// what it points at, never over it.
import { test, expect } from './fixtures.mjs';
import { fixtureRecord, recordPrefix, stillBox } from './helpers.mjs';

// The system speaks American English in UTC: a date in another form comes
// from the page's language.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

/// 6 December 2026, 15:41 UTC.
const SAVED_AT = Date.UTC(2026, 11, 6, 15, 41);

/// Opens the home screen in `lang` with one saved game, kept at SAVED_AT.
async function homeWithSave(page, lang) {
  const record = recordPrefix(fixtureRecord('game-2p.json'), 4);
  await page.goto(`./?lang=${lang}`);
  await page.evaluate(
    ([record, at]) => localStorage.setItem('majesty.save', `{"format": 1, "saved_at": ${at}, "record": ${record}, "seats": [null, null]}`),
    [record, SAVED_AT],
  );
  await page.goto(`./?lang=${lang}`);
  // A visit goes on with the one kept game: the crown leads home.
  await page.locator('.home, .board').first().waitFor();
  if (await page.locator('.board').count()) await page.locator('header button.brand').click();
  await expect(page.locator('.saved-game')).toHaveCount(1);
}

const DAY = { en: '12/6/2026', de: '6.12.2026', fr: '06/12/2026', es: '6/12/2026' };
const SAVED = { en: 'Saved', de: 'Gespeichert am', fr: 'Enregistrée le', es: 'Guardada el' };

for (const lang of ['en', 'de', 'fr', 'es']) {
  test(`a saved game's date is written as ${lang} writes it`, async ({ page }) => {
    await homeWithSave(page, lang);
    const written = page.locator('.saved-game .saved-about p.muted');
    // The browser's own Intl in the page's language, date and time.
    const expected = await page.evaluate(
      ([lang, at]) =>
        new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
          new Date(at),
        ),
      [lang, SAVED_AT],
    );
    await expect(written).toHaveText(`${SAVED[lang]} ${expected}`);
    await expect(written).toContainText(DAY[lang]);
    if (lang !== 'en') await expect(written).not.toContainText(DAY.en);
    // No seconds, and no English "PM" outside English.
    await expect(written).not.toContainText(':41:');
    if (lang !== 'en') await expect(written).not.toContainText('PM');
  });
}

const overlap = (a, b) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

for (const [width, height] of [
  [1280, 720],
  [1024, 768],
  [1440, 900],
]) {
  test(`the coach's bubble leaves the free card, its cost and its Mill in sight (${width}×${height})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('./?tutorial=1&lang=en');
    const bubble = page.locator('.coach-bubble');
    for (const step of ['welcome', 'display', 'meeples']) {
      await expect(bubble).toHaveAttribute('data-step', step, { timeout: 20_000 });
      await stillBox(bubble);
      await bubble.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await expect(bubble).toHaveAttribute('data-step', 'take_free');
    await expect(bubble).toHaveAttribute('data-now', 'true');
    await expect(bubble).toHaveAttribute('data-index', '4');
    const box = await stillBox(bubble);
    const space = await page.locator('.display .space').filter({ has: page.locator('.card[data-space="0"]') }).boundingBox();
    const cost = await page.locator('.display .space').first().locator('.cost').boundingBox();
    const mill = await page.locator('.realm[data-seat="0"] .column[data-location="0"]').boundingBox();
    for (const [name, target] of [
      ['the free card and its space', space],
      ['its cost row', cost],
      ['the Mill', mill],
    ]) {
      expect(overlap(box, target), `the bubble ${JSON.stringify(box)} covers ${name} ${JSON.stringify(target)}`).toBe(0);
    }
    // In the window.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    // The card picked, the chooser's preview and Confirm stay in sight too.
    await page.locator('.display .card[data-space="0"]').click();
    const confirm = page.getByRole('button', { name: 'Confirm', exact: true });
    await expect(confirm).toBeVisible();
    const moved = await stillBox(bubble);
    const chooser = await page.locator('.play-area .chooser').boundingBox();
    expect(overlap(moved, chooser), `the bubble ${JSON.stringify(moved)} covers the chooser ${JSON.stringify(chooser)}`).toBe(0);
    await confirm.click();
    await expect(bubble).not.toHaveAttribute('data-step', 'take_free');
  });
}
