import { test, expect } from './fixtures.mjs';
import { startGame, playFrontCard } from './helpers.mjs';

test('switching language mid-game changes the board, log and tooltips, and the game goes on', async ({ page }) => {
  await startGame(page);
  await playFrontCard(page);
  await playFrontCard(page);
  const entries = page.locator('.log > ol > li');
  await expect(entries).toHaveCount(2);

  await page.getByLabel('Language').selectOption('de');
  await expect(page.locator('h1.status')).toContainText('ist am Zug — Zug 3 von 24');
  await expect(page.getByRole('heading', { name: 'Verlauf' })).toBeVisible();
  await expect(entries.last()).toContainText(/ nimmt (eine?n? |die Doppelkarte )/);
  await expect(page.locator('.realm.big .column[data-location="0"] .loc-card')).toHaveAttribute('aria-label', /^Mühle 1A\. \+2 je Müllerin\. Die meisten Personen hier bei Spielende: \+10\. (Die meisten hier zurzeit: .+|Noch niemand hier)\.$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(entries).toHaveCount(2);

  // The game goes on, in German, and the choice is remembered.
  await page.locator('.card[data-space="0"]').click();
  const confirm = page.getByRole('button', { name: 'Bestätigen' });
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await page.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
  }
  await confirm.click();
  await expect(entries).toHaveCount(3);
  await page.getByLabel('Sprache').selectOption('es');
  await expect(page.locator('h1.status')).toContainText('Turno de');
  await page.reload();
  // The game goes on after a reload, in the language chosen.
  await expect(page.locator('h1.status')).toContainText('Turno de');
  await page.getByRole('button', { name: 'Inicio' }).click();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeVisible();
});

test('the lang parameter chooses the language', async ({ page }) => {
  await page.goto('./?lang=fr');
  await expect(page.getByRole('button', { name: 'Nouvelle partie' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: 'Comment jouer' }).or(page.getByText('Comment jouer')).first().click();
  await expect(page.getByText('Quand chacun a 12 cartes')).toBeVisible();
});

// The service worker precaches every locale file: once installed it would
// serve fr.json past the aborted route, so it is kept out of this test.
test.describe(() => {
  test.use({ serviceWorkers: 'block' });

  test('a language is fetched when chosen; one that cannot be fetched leaves the page as it was, with a notice', async ({ page }) => {
    const fetched = [];
    page.on('request', (r) => { if (r.url().includes('/locales/')) fetched.push(new URL(r.url()).pathname.split('/').pop()); });
    await page.route('**/locales/fr.json*', (route) => route.abort('aborted'));
    await page.goto('./');
    await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
    // English is in the module: no locale file on the first load.
    expect(fetched).toEqual([]);

    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('alert')).toContainText('Français could not be loaded');
    await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByLabel('Language')).toHaveValue('en');

    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('button', { name: 'Nueva partida' })).toBeVisible();
    expect(fetched).toEqual(['fr.json', 'es.json']);
  });
});

test('the page language is fetched before the first paint; without it the page starts in English', async ({ page }) => {
  await page.route('**/locales/de.json*', (route) => route.abort('aborted'));
  await page.goto('./?lang=de');
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
