// Play by link: two browser contexts are two devices that pass a game back
// and forth as links (src/remote/, model/src/by_link.rs).
import { test, expect } from './fixtures.mjs';
import { holdFiles, partFiles, playFrontCard } from './helpers.mjs';

// No service worker: a part's files are held on their way from the
// network, which a page a service worker serves would not ask.
test.use({ serviceWorkers: 'block' });

/// Sets up a game by link for `players` people on `page` (the host plays
/// the first seat, which moves first) and returns the invitation link.
async function invite(page, players = 2) {
  await page.goto('./');
  await page.getByRole('button', { name: 'Play by link' }).click();
  // A setup made for it: its own title, every seat a person, its button
  // the primary one.
  await expect(page.getByRole('heading', { name: 'Play by link', level: 1 })).toBeVisible();
  await expect(page.locator('.setup .actions .primary')).toHaveText('Play by link');
  await page.getByRole('button', { name: `${players} players` }).click();
  for (let seat = 2; seat <= players; seat++) {
    await expect(page.getByLabel(`Who plays seat ${seat}`)).toHaveValue('person');
  }
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Play by link' }).click();
  await expect(page.getByRole('heading', { name: 'Invite by link' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of the link' })).toBeVisible();
  await expect(page.locator('.reveals')).toContainText('compute the order of the deck');
  return page.locator('.game-link').inputValue();
}

/// Opens `link` on a device (a fresh navigation: a new fragment reloads).
async function open(page, link) {
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.locator('h1.status')).toBeVisible();
}

/// The link the device offers to send on.
const nextLink = (page) => page.locator('.by-link .game-link').inputValue();

/// A second device: a context of its own (its own localStorage).
async function device(browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test('two devices play a whole 2-player game by passing links', async ({ page, browser }) => {
  test.setTimeout(240_000);
  let link = await invite(page);
  expect(link).toMatch(/#play=[A-Za-z0-9_-]+$/);
  await page.getByRole('button', { name: 'Open the game' }).click();
  const bob = await device(browser);
  const devices = [page, bob];
  for (let turn = 1; turn <= 24; turn++) {
    const mover = devices[(turn - 1) % 2];
    if (turn > 1) await open(mover, link);
    if (turn === 2) {
      // Bob's device has never seen the game: it asks who plays here.
      await bob.getByRole('button', { name: 'I am Bob' }).click();
    }
    await expect(mover.locator('h1.status')).toContainText(turn % 2 ? 'Ann' : 'Bob');
    await playFrontCard(mover);
    if (turn < 24) {
      await expect(mover.locator('.by-link')).toContainText(
        `${turn % 2 ? 'Bob' : 'Ann'} is to play next: send them this link.`,
      );
      link = await nextLink(mover);
    }
    if (turn === 1) {
      // Not Ann's turn any more: she cannot take a card for Bob.
      await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    }
  }
  await expect(bob.locator('.final-box')).toBeVisible();
  await expect(bob.locator('.by-link')).toContainText('The game is over');
  // The last link shows Ann the final scoring too.
  await open(page, await nextLink(bob));
  await expect(page.locator('.final-box')).toBeVisible();
  await bob.context().close();
});

test('an older link is stale, another continuation is a fork, and nothing is overwritten', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const links = [await invite(page)];
  await page.getByRole('button', { name: 'Open the game' }).click();
  const bob = await device(browser);
  await playFrontCard(page); // turn 1, Ann
  links.push(await nextLink(page));
  await open(bob, links[1]);
  await bob.getByRole('button', { name: 'I am Bob' }).click();
  await playFrontCard(bob); // turn 2, Bob
  links.push(await nextLink(bob));
  await open(page, links[2]);
  await playFrontCard(page); // turn 3, Ann
  links.push(await nextLink(page));

  // The home screens say who is to move.
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page.locator('.link-games')).toContainText('Bob to play');
  await bob.getByRole('button', { name: 'Home' }).click();
  await expect(bob.locator('.link-games')).toContainText('turn 3 of 24');
  await open(bob, links[3]);
  await bob.getByRole('button', { name: 'Home' }).click();
  await expect(bob.locator('.link-games')).toContainText('your turn');

  // Ann opens the link after turn 1 again: she already has turn 3.
  await open(page, links[1]);
  await expect(page.getByRole('alert').first()).toContainText('you already have turn 3 (the link is at turn 1)');
  await expect(page.locator('.log > ol > li')).toHaveCount(3);

  // A third device plays Bob's turn 2 another way (the second card).
  const eve = await device(browser);
  await open(eve, links[1]);
  await eve.getByRole('button', { name: 'I am Bob' }).click();
  await eve.locator('.card[data-space="1"]').click();
  const confirm = eve.getByRole('button', { name: 'Confirm' });
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await eve.locator('.chooser .choice:not([aria-pressed="true"])').first().click();
  }
  await confirm.click();
  const fork = await nextLink(eve);

  const kept = () =>
    page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('majesty.link.'))
        .map((k) => localStorage.getItem(k)),
    );
  const before = await kept();
  await open(page, fork);
  await expect(page.locator('.by-link .fork')).toContainText(
    'the same up to turn 1, then the game here goes to turn 3 and the link’s to turn 2',
  );
  await expect(page.locator('.log > ol > li')).toHaveCount(3);
  expect(await kept()).toEqual(before);
  // The link's version can be watched; the kept game stays as it was. Its
  // replay is drawn whole: "Loading…" until its controls are here.
  const release = await holdFiles(page, partFiles('replay'));
  await page.getByRole('button', { name: 'See the link’s version' }).click();
  await expect(page.locator('p.loading')).toBeVisible();
  expect(await page.locator('.board').count()).toBe(0);
  release();
  await expect(page.getByText('After turn 2 of 2', { exact: true })).toBeVisible();
  expect(await page.getByRole('button', { name: 'To the deal' }).isVisible()).toBe(true);
  expect(await kept()).toEqual(before);
  await bob.context().close();
  await eve.context().close();
});

// The record reader (a part fetched in idle time) checks a save against
// the one in its place; an invitation's game has no place yet.
test('an invitation is kept at once, even before the record reader is here', async ({ page }) => {
  const release = await holdFiles(page, partFiles('reader'));
  await invite(page);
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('majesty.link.')));
  expect(kept).toHaveLength(1);
  release();
});

test('a damaged game link is reported and keeps nothing', async ({ page }) => {
  const link = await invite(page);
  const damaged = link.slice(0, -6) + (link.endsWith('A') ? 'BBBBBB' : 'AAAAAA');
  await page.goto('about:blank');
  await page.goto(damaged);
  await expect(page.getByRole('alert')).toContainText('This game link cannot be opened');
  // Only the host's own game is kept on this device.
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('majesty.link.')));
  expect(kept).toHaveLength(1);
});
