// Annotated replays: a record's comments and marks shown as its
// turns are stepped, the language they fall back to, a record whose notes
// cannot all be shown, and a teacher writing notes and sharing them.
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures.mjs';
import { fixtureRecord, goHome, openRecord, recordLink, settle } from './helpers.mjs';

// Kept as text: its seed is above 2^53 (see fixtureRecord).
const example = readFileSync(new URL('../public/examples/annotated-game.json', import.meta.url), 'utf8');
const plain = fixtureRecord('game-2p.json');

/// `record` (JSON text) with `notes` (JSON text) before its turns.
function withNotes(record, notes) {
  return record.replace('"turns":', `"notes":${notes},"turns":`);
}

const ringed = (page) => page.locator('.note-mark');
const arrows = (page) => page.locator('.note-arrows line.note-arrow');

/// Clicks the middle of `locator`'s box as a mouse would (display cards let
/// clicks through to the display while annotating).
async function clickMiddle(page, locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('an annotated record opens at its deal and shows each comment and mark as the turns are stepped', async ({ page }) => {
  await page.goto(recordLink(example));
  await expect(page.getByText('Before turn 1 of 10', { exact: true })).toBeVisible();
  const comment = page.locator('.note-text');
  await expect(comment).toContainText('The deal. A card costs one meeple');
  await expect(comment).toHaveAttribute('aria-live', 'polite');
  await expect(page.locator('.display .card[data-space="0"]')).toHaveClass(/note-mark/);
  await expect(arrows(page)).toHaveCount(1, { timeout: 15_000 });
  // The slider's ticks and the list name the noted turns.
  await expect(page.locator('#note-ticks option')).toHaveCount(8);
  await expect(page.locator('.note-turns button')).toHaveText(['Start', '2', '3', '4', '5', '6', '7', '10']);

  await page.getByRole('button', { name: 'Next turn' }).click();
  await expect(page.getByText('After turn 1 of 10', { exact: true })).toBeVisible();
  await expect(comment).toHaveText('');
  await expect(ringed(page)).toHaveCount(0);
  await expect(arrows(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Next turn' }).click();
  await expect(comment).toContainText('Bob pays 2 meeples for the Innkeeper');
  await expect(page.locator('.realm[data-seat="1"] .column[data-location="5"]')).toHaveClass(/note-mark/);
  await expect(page.locator('.note-turns button[aria-current]')).toHaveText('2');

  await page.locator('.note-turns button', { hasText: '3' }).click();
  await expect(page.getByText('After turn 3 of 10', { exact: true })).toBeVisible();
  await expect(comment).toContainText('A Knight attacks');
  await expect(arrows(page)).toHaveCount(1, { timeout: 15_000 });
  // The arrow runs from Ann's Barracks to Bob's Infirmary.
  const line = arrows(page).first();
  const [x1, x2] = [Number(await line.getAttribute('x1')), Number(await line.getAttribute('x2'))];
  const from = await page.locator('.realm[data-seat="0"] .column[data-location="4"]').boundingBox();
  expect(x1).toBeGreaterThanOrEqual(from.x - 1);
  expect(x1).toBeLessThanOrEqual(from.x + from.width + 1);
  const to = await page.locator('.realm[data-seat="1"] .column[data-location="7"]').boundingBox();
  expect(x2).toBeGreaterThanOrEqual(to.x - 1);
  expect(x2).toBeLessThanOrEqual(to.x + to.width + 1);
});

test('the annotated example opens from the home screen, in German too', async ({ page }) => {
  await goHome(page);
  await page.getByRole('button', { name: 'Annotated example game' }).click();
  await expect(page.getByText('Before turn 1 of 10', { exact: true })).toBeVisible();
  await expect(page.locator('.note-text')).toContainText('The deal.');
  await page.goto(recordLink(example, { lang: 'de' }));
  await expect(page.locator('.note-text')).toContainText('Die Auslage. Eine Karte kostet ein Meeple');
  await expect(page.locator('.note-text')).toHaveAttribute('lang', 'de');
});

test('a record with English notes only shows them in German, marked as English', async ({ page }) => {
  const record = withNotes(plain, '{"0":{"text":{"en":"Only in English."}}}');
  await page.goto(recordLink(record, { lang: 'de' }));
  await expect(page.getByRole('button', { name: 'Anmerken' })).toBeVisible();
  await expect(page.locator('.note-text')).toHaveText('Only in English.');
  await expect(page.locator('.note-text')).toHaveAttribute('lang', 'en');
});

test('an old record without notes opens at its end, with no notes shown', async ({ page }) => {
  await openRecord(page, plain);
  await expect(page.locator('.notes')).toHaveCount(0);
  await expect(page.locator('.notice')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Annotate' })).toBeVisible();
});

test('a record with notes it cannot show opens, and says which', async ({ page }) => {
  const notes = '{"1":{"text":{"en":"Kept."},"marks":[{"realm":4},{"realm":2}]},"99":{"text":{"en":"Lost."}},"2":{"text":"no language"}}';
  await page.goto(recordLink(withNotes(plain, notes)));
  const notice = page.locator('.notice');
  await expect(notice).toContainText('Some notes of this record are not shown');
  await expect(notice).toContainText('note 99 comes after the last turn');
  await expect(notice).toContainText('note 1 marks seat 4 in a game of 2');
  await expect(notice).toContainText('note 2 cannot be read');
  await expect(page.getByText('Before turn 1 of', { exact: false })).toBeVisible();
  await page.locator('.note-turns button', { hasText: '1' }).click();
  await expect(page.locator('.note-text')).toHaveText('Kept.');
  await expect(page.locator('.realm[data-seat="1"]')).toHaveClass(/note-mark/);
});

test('on a desk the replay panel is a column beside the table: annotating never moves the realms', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await openRecord(page, plain, { step: 6 });
  const realm = page.locator('.realm[data-seat="0"]');
  const before = await realm.boundingBox();
  const panel = await page.locator('.panel.replay').boundingBox();
  const display = await page.locator('.display').boundingBox();
  // Beside the display and the realm, not above or below them.
  expect(panel.x).toBeGreaterThan(display.x + display.width);
  expect(panel.x).toBeGreaterThan(before.x + before.width);
  // The realm is in sight with the display, under it.
  expect(before.y + 40).toBeLessThan(768);
  await page.getByRole('button', { name: 'Annotate' }).click();
  await expect(page.getByLabel('Comment on this position (English)')).toBeVisible();
  expect(await realm.boundingBox()).toEqual(before);
  // What the panel holds below the fold is reached by scrolling, and Done
  // closes it with the realm still in place.
  const done = page.getByRole('button', { name: 'Done' });
  await done.scrollIntoViewIfNeeded();
  await done.click();
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await realm.boundingBox()).toEqual(before);
});

test('a teacher writes a note with a ring and an arrow, and its link shows them again', async ({ page }) => {
  await openRecord(page, plain, { step: 6 });
  await page.getByRole('button', { name: 'Annotate' }).click();
  await page.getByRole('button', { name: 'To the deal' }).click();
  await page.getByLabel('Comment on this position (English)').fill('Take the free card first.');
  await clickMiddle(page, page.locator('.display .card[data-space="0"]'));
  await expect(page.locator('.display .card[data-space="0"]')).toHaveClass(/note-mark/);
  await page.getByRole('button', { name: 'Arrow', exact: true }).click();
  await expect(page.getByText('Click where the arrow starts.')).toBeVisible();
  await clickMiddle(page, page.locator('.display .card[data-space="1"]'));
  await expect(page.getByText('Now click where it points.')).toBeVisible();
  await clickMiddle(page, page.locator('.realm[data-seat="1"] .column[data-location="1"]'));
  await expect(page.locator('.note-marks')).toHaveText('2 marks');
  await expect(arrows(page)).toHaveCount(1, { timeout: 15_000 });

  // Kept in the address: a reload loses nothing.
  await expect.poll(() => page.url()).toContain('#record=');
  const kept = () => Buffer.from(page.url().split('#record=')[1] ?? '', 'base64url').toString();
  await expect.poll(kept).toContain('Take the free card first.');
  await expect.poll(kept).toContain('"from"');
  await page.reload();
  await expect(page.locator('.note-text')).toHaveText('Take the free card first.');

  await page.getByRole('button', { name: 'Annotate' }).click();
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  const link = await page.locator('.note-share').inputValue();
  await page.getByRole('button', { name: 'Embed code' }).click();
  // The script with its element (one line), then a plain frame.
  await expect(page.locator('.note-share').first()).toHaveValue(
    /^<script src="[^"]*\/majesty-embed\.js" defer><\/script> <div data-majesty="#record=[^"]+"><\/div>$/,
  );
  await expect(page.locator('.note-share').last()).toHaveValue(/^<iframe src=".*\?embed=1#record=/);
  const file = await page.getByRole('link', { name: 'Download record' }).getAttribute('href');
  expect(decodeURIComponent(file)).toContain('"notes"');
  await page.getByRole('button', { name: 'Done' }).click();

  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByText('Before turn 1 of 6', { exact: true })).toBeVisible();
  await expect(page.locator('.note-text')).toHaveText('Take the free card first.');
  await expect(page.locator('.display .card[data-space="0"]')).toHaveClass(/note-mark/);
  await expect(arrows(page)).toHaveCount(1, { timeout: 15_000 });
  await settle(page);
});

test('a note is marked with the keyboard alone, and each mark is listed in words with Remove', async ({ page }) => {
  await openRecord(page, plain, { step: 2 });
  await page.getByRole('button', { name: 'Annotate' }).click();
  const keys = page.getByRole('group', { name: 'Or mark with the keyboard' });
  const marks = page.getByRole('list', { name: 'Marks on this position' });
  // A ring: the first list down one (the display's second space), then Add.
  await page.getByLabel('Comment on this position (English)').focus();
  for (const _ of ['Ring', 'Arrow', 'Clear marks', 'On']) await page.keyboard.press('Tab');
  await expect(keys.getByLabel('On')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(keys.getByRole('button', { name: 'Add the ring' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.display .card[data-space="1"]')).toHaveClass(/note-mark/);
  await expect(marks.locator('li > span')).toHaveText(['Ring on Display, space 2']);

  // An arrow: the Arrow tool, From the first space To the last target.
  await page.getByRole('button', { name: 'Arrow', exact: true }).focus();
  await page.keyboard.press('Enter');
  await keys.getByLabel('From').focus();
  await page.keyboard.press('Home');
  await keys.getByLabel('To').focus();
  await page.keyboard.press('End');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(arrows(page)).toHaveCount(1, { timeout: 15_000 });
  await expect(marks.locator('li > span').last()).toHaveText('Arrow from Display, space 1 to Player 2: Infirmary');
  await expect(page.locator('.note-marks')).toHaveText('2 marks');

  // Remove, by its name in words: the ring goes, the arrow stays.
  await marks.getByRole('button', { name: 'Remove: Ring on Display, space 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.display .card[data-space="1"]')).not.toHaveClass(/note-mark/);
  await expect(page.locator('.note-marks')).toHaveText('1 mark');
  await expect(arrows(page)).toHaveCount(1);
  await expect.poll(() => page.url()).toContain('#record=');
});

test('an annotated record in an embed shows its comments', async ({ page }) => {
  await page.goto(recordLink(example, { embed: true }));
  await expect(page.locator('.note-text')).toContainText('The deal.');
  await expect(page.getByRole('button', { name: 'Annotate' })).toHaveCount(0);
});
