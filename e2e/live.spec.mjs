// Play live: browser contexts on this machine are devices joined by WebRTC
// data channels (src/remote/live/, src/model/live/). The offer and the answer
// go from page to page as their links, as people would send them.
import { test, expect } from './fixtures.mjs';
import { playFrontCard } from './helpers.mjs';
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
  await page.goto('./');
  await page.getByRole('button', { name: 'Play live' }).click();
  await page.getByRole('button', { name: `${players} players` }).click();
  for (let seat = 2; seat <= players; seat++) {
    await page.getByLabel(`Who plays seat ${seat}`).selectOption('person');
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

/// Plays turns `from`..=`to` (1-based), each on the device of the player to
/// move, and checks that every device shows it.
async function playTurns(devices, from, to) {
  const n = devices.length;
  for (let turn = from; turn <= to; turn++) {
    const mover = devices[(turn - 1) % n];
    await expect(mover.locator('h1.status')).toContainText(NAMES[(turn - 1) % n]);
    await playFrontCard(mover);
    for (const d of devices) await expect(turnsShown(d)).toHaveCount(turn);
  }
}

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
  await expect(page.locator('.live-chips li')).toHaveAttribute('data-status', 'lost', { timeout: 20_000 });
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

test('a tampered or illegal message is refused with a reason and changes nothing', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const [ann, bob] = await liveGame(page, browser, 2);
  const send = (p, message) => p.evaluate((m) => window.majestyLive.send(JSON.stringify(m)), message);

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
