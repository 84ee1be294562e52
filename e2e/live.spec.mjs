// Play live: browser contexts on this machine are devices joined by WebRTC
// data channels (src/remote/live/). The offer and the answer
// go from page to page as their links, as people would send them.
import { test, expect } from './fixtures.mjs';
import { playFrontCard, playLiveTurns } from './helpers.mjs';
import config from './playwright.config.mjs';

// The local addresses as they are (not hidden behind mDNS names, which need
// multicast on a real network) and loopback allowed: the test needs nothing
// beyond this machine.
const launch = config.use.launchOptions;
test.use({
  launchOptions: {
    ...launch,
    args: [...launch.args, '--disable-features=WebRtcHideLocalIpsWithMdns', '--allow-loopback-in-peer-connection'],
  },
});

const NAMES = ['Ann', 'Bob', 'Cid', 'Dee'];

/// A device: a browser context of its own (its own storage).
async function device(browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/// Sets up a live game of `players` people on the host's page (Ann, seat 1,
/// moves first) and leaves it on the invitations.
async function hostGame(page, players) {
  // No relay: the invitations by hand at once (the relays' way is
  // e2e/live-room.spec.mjs).
  await page.goto('./?relays=none');
  await page.getByRole('button', { name: 'Play live' }).click();
  // A setup made for it: its own title, every seat a person, its button
  // the primary one. (Its part is the largest, with some 70 modules that
  // the tests' HTTP/1.1 server sends six at a time: beside another worker
  // on CI's two cores, 10 s was once not enough.)
  await expect(page.getByRole('heading', { name: 'Play live', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.setup .actions .primary')).toHaveText('Play live');
  await page.getByRole('button', { name: `${players} players` }).click();
  for (let seat = 2; seat <= players; seat++) {
    await expect(page.getByLabel(`Who plays seat ${seat}`)).toHaveValue('person');
  }
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Play live' }).click();
  await expect(page.getByRole('heading', { name: 'Play live: invite the players' })).toBeVisible();
}

/// The host's invitation link for `seat` (0-based), once it is ready.
async function invitation(host, seat) {
  const row = host.locator(`.live-seat[data-seat="${seat}"]`).first();
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
  return row.locator('.game-link').inputValue();
}

/// A guest opens the invitation; returns its answer's link.
async function answer(guest, offer) {
  await guest.goto('about:blank');
  await guest.goto(offer);
  await expect(guest.getByRole('heading', { name: 'Join a live game' })).toBeVisible();
  const field = guest.locator('.live-guest .game-link');
  await expect(field).toBeVisible({ timeout: 15_000 });
  return field.inputValue();
}

/// The host pastes the answer; the guest's board appears.
async function connect(host, guest, answerLink) {
  await host.getByLabel('A player’s answer (link or text)').first().fill(answerLink);
  await host.getByRole('button', { name: 'Connect' }).first().click();
  await expect(guest.locator('h1.status')).toBeVisible({ timeout: 15_000 });
  await expect(guest.locator('.live-panel')).toContainText('Live: connected to the host.');
}

/// The answer link opened in another tab of the host's browser (a guest's
/// QR code scanned with the host's phone): it goes to the host's tab.
async function connectByTab(host, guest, answerLink) {
  const tab = await host.context().newPage();
  await tab.goto(answerLink);
  await expect(tab.locator('p.notice')).toContainText('The answer went to the host’s tab in this browser');
  await tab.close();
  await expect(guest.locator('h1.status')).toBeVisible({ timeout: 15_000 });
}

/// A live game of `players`: the host and one device per guest, connected,
/// every board shown (the last guest's answer opened in a tab of the host's
/// browser when `byTab`, else pasted).
async function liveGame(page, browser, players, { byTab = false } = {}) {
  await hostGame(page, players);
  const devices = [page];
  for (let seat = 1; seat < players; seat++) {
    const guest = await device(browser);
    const offer = await invitation(page, seat);
    expect(offer).toMatch(/#live=[A-Za-z0-9_-]+$/);
    const reply = await answer(guest, offer);
    expect(reply).toMatch(/#answer=[A-Za-z0-9_-]+$/);
    if (byTab && seat === players - 1) await connectByTab(page, guest, reply);
    else await connect(page, guest, reply);
    devices.push(guest);
  }
  for (let seat = 1; seat < players; seat++) {
    await expect(page.locator(`.live-seat[data-seat="${seat}"]`)).toHaveAttribute('data-status', 'connected');
  }
  await page.getByRole('button', { name: 'Open the table' }).click();
  await expect(page.locator('.live-chips li')).toHaveCount(players - 1);
  return devices;
}

const turnsShown = (page) => page.locator('.log > ol > li');

const playTurns = (devices, from, to) => playLiveTurns(devices, NAMES, from, to);

/// Every kept game of a device (its localStorage), by link or live.
const kept = (page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('majesty.link.'))
      .map((k) => JSON.parse(localStorage.getItem(k)).record.turns),
  );

test('two devices play a whole game live', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const devices = await liveGame(page, browser, 2, { byTab: true });
  const bob = devices[1];
  // Bob cannot move for Ann.
  await expect(bob.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await playTurns(devices, 1, 24);
  for (const d of devices) await expect(d.locator('.final-box')).toBeVisible();
  // Both devices kept the same 24 turns.
  const [ours, theirs] = [await kept(page), await kept(bob)];
  expect(ours[0]).toHaveLength(24);
  expect(theirs).toEqual(ours);
  await bob.context().close();
});

test('four devices play a whole game live', async ({ page, browser }) => {
  test.setTimeout(480_000);
  const devices = await liveGame(page, browser, 4);
  await playTurns(devices, 1, 48);
  const games = [];
  for (const d of devices) {
    await expect(d.locator('.final-box')).toBeVisible();
    games.push(await kept(d));
  }
  expect(games[0][0]).toHaveLength(48);
  for (const game of games) expect(game).toEqual(games[0]);
  for (const d of devices.slice(1)) await d.context().close();
});

test('a guest that drops out comes back at the agreed turn', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const devices = await liveGame(page, browser, 2);
  await playTurns(devices, 1, 2);
  // Bob's page goes (a closed tab, a phone asleep).
  const context = devices[1].context();
  await devices[1].close();
  await expect(page.locator('.live-chips li')).toHaveAttribute('data-status', /lost|left/, { timeout: 20_000 });
  // Ann plays on meanwhile.
  await playFrontCard(page);
  await expect(turnsShown(page)).toHaveCount(3);
  // A new invitation; Bob opens it on the same device and answers.
  await page.getByRole('button', { name: 'Invite again' }).click();
  const bob = await context.newPage();
  const reply = await answer(bob, await invitation(page, 1));
  await connect(page, bob, reply);
  // Bob's device had 2 turns: the host sent the third.
  await expect(turnsShown(bob)).toHaveCount(3);
  await expect(bob.locator('h1.status')).toContainText('Bob');
  await playTurns([page, bob], 4, 6);
  expect(await kept(bob)).toEqual(await kept(page));
  await context.close();
});

test('a guest that closes its page is seen leaving by every device and comes back at the agreed turn', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const [ann, bob, cid] = await liveGame(page, browser, 3);
  await playTurns([ann, bob, cid], 1, 1);
  // Cid closes the page: it says goodbye as it goes.
  const context = cid.context();
  await cid.close({ runBeforeUnload: true });
  await expect(ann.locator('p.notice')).toContainText('Cid left the table.', { timeout: 20_000 });
  await expect(ann.locator('.live-chips li[data-status="left"]')).toContainText('Cid: left the table');
  // Bob, another guest, is told by the host.
  await expect(bob.locator('.live-panel')).toContainText('Cid left the table.');
  // Bob plays turn 2; then the game waits for Cid, and every device says so.
  await playFrontCard(bob);
  for (const d of [ann, bob]) await expect(turnsShown(d)).toHaveCount(2);
  await expect(ann.locator('.chooser-hint')).toContainText('Cid left the table: the game waits.');
  await expect(bob.locator('.chooser-hint')).toContainText(
    'Cid is not at the table: the game waits until the host invites Cid again.',
  );
  await expect(ann.locator('.live-panel')).toContainText('a new invitation is the way back');
  // Cid comes back on the same device by a new invitation: at turn 2, to move.
  await ann.locator('.live-seat[data-seat="2"]').getByRole('button', { name: 'Invite again' }).click();
  const back = await context.newPage();
  await connect(ann, back, await answer(back, await invitation(ann, 2)));
  await expect(turnsShown(back)).toHaveCount(2);
  await expect(bob.locator('.live-panel')).not.toContainText('Cid left the table.');
  await playTurns([ann, bob, back], 3, 4);
  const games = [await kept(ann), await kept(bob), await kept(back)];
  expect(games[0][0]).toHaveLength(4);
  for (const game of games) expect(game).toEqual(games[0]);
  await bob.context().close();
  await context.close();
});

test('the host going home ends the live game on every device, in words, and it resumes by a new invitation', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const [ann, bob] = await liveGame(page, browser, 2);
  await playTurns([ann, bob], 1, 1);
  // Ann goes to the home screen: her device leaves the live game.
  await ann.getByRole('button', { name: 'Majesty' }).click();
  await expect(bob.locator('p.notice')).toContainText('Ann, the host, left the game.');
  await expect(bob.locator('.live-panel')).toContainText(
    'Ann, the host, left the game. Your game is saved on this device: to go on, Ann opens it again',
  );
  await expect(bob.locator('.live-panel')).toHaveAttribute('data-status', 'left');
  // Bob's turn goes nowhere: he is told so, and nothing changes.
  await bob.getByRole('button', { name: 'Dismiss' }).click();
  await playFrontCard(bob);
  await expect(bob.locator('p.notice')).toContainText('Ann, the host, left the game: your turn was not sent.');
  await expect(turnsShown(bob)).toHaveCount(1);
  // Ann opens the game again from her list and invites Bob anew.
  await ann.locator('.link-games').getByRole('button', { name: 'Open' }).click();
  await ann.getByRole('button', { name: 'Play live' }).click();
  await connect(ann, bob, await answer(bob, await invitation(ann, 1)));
  await expect(turnsShown(bob)).toHaveCount(1);
  await expect(bob.locator('h1.status')).toContainText('Bob');
  await ann.getByRole('button', { name: 'Open the table' }).click();
  await playTurns([ann, bob], 2, 3);
  expect(await kept(bob)).toEqual(await kept(ann));
  await bob.context().close();
});

test('a tampered or illegal message is refused with a reason and changes nothing', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const [ann, bob] = await liveGame(page, browser, 2);
  // Every message carries the live game's id (first, as the app writes it).
  const send = (p, message) =>
    p.evaluate((m) => window.majestyLive.send(JSON.stringify({ game_id: window.majestyLive.game, ...m })), message);

  // Bob proposes a turn while Ann is to move.
  await send(bob, { type: 'propose', after: 0, turn: { take: 0, place: 'miller' } });
  await expect(bob.locator('p.notice')).toContainText('The host refused your turn: it is Ann’s turn. Nothing changed.');
  await bob.getByRole('button', { name: 'Dismiss' }).click();

  // A forged "played" from the host's side: Bob's engine refuses it.
  await send(ann, { type: 'played', number: 1, turn: { take: 5, place: 'noble' }, digest: '0000000000000000' });
  await expect(bob.locator('p.notice')).toContainText('A message from the host was refused');
  await expect(ann.locator('p.notice')).toContainText('Bob’s device refused a message');
  await expect(turnsShown(bob)).toHaveCount(0);
  await bob.getByRole('button', { name: 'Dismiss' }).click();

  await playTurns([ann, bob], 1, 1);
  // On his turn, Bob proposes a card beyond the display.
  await send(bob, { type: 'propose', after: 1, turn: { take: 7, place: 'noble' } });
  await expect(bob.locator('p.notice')).toContainText('The host refused your turn');
  // Garbage is refused too.
  await send(bob, { type: 'played', number: 2 });
  for (const d of [ann, bob]) await expect(turnsShown(d)).toHaveCount(1);
  expect(await kept(bob)).toEqual(await kept(ann));
  // The game goes on.
  await playTurns([ann, bob], 2, 3);
  expect(await kept(bob)).toEqual(await kept(ann));
  await bob.context().close();
});

test('a message of another game is refused with that reason, never judged', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const [ann, bob] = await liveGame(page, browser, 2);
  const send = (p, message) => p.evaluate((m) => window.majestyLive.send(JSON.stringify(m)), message);
  await playTurns([ann, bob], 1, 1);
  // Bob's legal-looking turn, but for another game.
  const other = '00000000000000ff';
  expect(await bob.evaluate(() => window.majestyLive.game)).not.toBe(other);
  await send(bob, { game_id: other, type: 'propose', after: 1, turn: { take: 0, place: 'Miller' } });
  await expect(bob.locator('p.notice')).toContainText(
    'The host refused a message from this device: it belongs to another game, not the one played live here. Nothing changed.',
  );
  await bob.getByRole('button', { name: 'Dismiss' }).click();
  // The host's "played" of another game: Bob's device refuses it.
  await send(ann, { game_id: other, type: 'played', number: 2, turn: { take: 0, place: 'Miller' }, digest: '0' });
  await expect(ann.locator('p.notice')).toContainText(
    'Bob’s device refused a message: it belongs to another game, not the one played live here.',
  );
  // A message without the game's id, as an older page sends it.
  await send(bob, { type: 'hello', version: 1, id: '', turns: 0, digest: '' });
  await expect(bob.locator('p.notice')).toContainText('it comes from an older version of the game');
  for (const d of [ann, bob]) await expect(turnsShown(d)).toHaveCount(1);
  await playTurns([ann, bob], 2, 2);
  expect(await kept(bob)).toEqual(await kept(ann));
  // Bob opens his home screen: he leaves the table, and Ann is told so.
  await bob.getByRole('button', { name: 'Majesty' }).click();
  await expect(ann.locator('p.notice')).toContainText('Bob left the table.');
  await expect(ann.locator('.live-chips li[data-status="left"]')).toContainText('Bob: left the table');
  await bob.context().close();
});

test('a connection that drops without a goodbye is shown interrupted, then lost, with the seat named', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const [ann, bob] = await liveGame(page, browser, 2);
  await playTurns([ann, bob], 1, 1);
  // Every state Bob's chip goes through on Ann's board.
  await ann.evaluate(() => {
    window.seen = [];
    const note = () => {
      const status = document.querySelector('.live-chips li')?.dataset.status;
      if (status && window.seen.at(-1) !== status) window.seen.push(status);
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
    // (From the state it is in now: the page may not change before the crash.)
    note();
  });
  // Bob's page dies at once (its renderer crashes): no goodbye is sent.
  await bob.goto('chrome://crash').catch(() => {});
  const chip = ann.locator('.live-chips li');
  await expect(chip).toHaveAttribute('data-status', 'lost', { timeout: 90_000 });
  // First interrupted (ICE "disconnected"), then lost ("failed").
  expect(await ann.evaluate(() => window.seen)).toEqual(['connected', 'interrupted', 'lost']);
  await expect(chip).toContainText('Bob: connection lost');
  await expect(ann.locator('p.notice')).toContainText('The connection to Bob is lost.');
  await expect(ann.locator('.chooser-hint')).toContainText('Bob is not connected: the game waits.');
  await bob.context().close();
});

test('a browser without WebRTC is told it cannot play live, from home and from an invitation', async ({ page }) => {
  await page.addInitScript(() => {
    delete window.RTCPeerConnection;
    delete window.webkitRTCPeerConnection;
  });
  await page.goto('./');
  await page.getByRole('button', { name: 'Play live' }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'This browser cannot play live: it has no WebRTC. Play by link works here' });
  await expect(notice).toBeVisible();
  await expect(page.locator('.setup')).toHaveCount(0);
  await page.goto('./#live=AQAHAAAAAAAAAAEAAKurq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urAQDAqAECiBM');
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
});
