// Play live from one link: the host shares one link, every guest who opens
// it is in the game; the offer and the answer travel as sealed Nostr events
// through a relay on 127.0.0.1 (a kept relay implementation, e2e/relay.mjs),
// which every page is pointed at with `relays=`. Each browser context is a
// device.
import { webcrypto } from 'node:crypto';
import { test, expect } from './fixtures.mjs';
import { playLiveTurns } from './helpers.mjs';
import { startRelay } from './relay.mjs';
import config from './playwright.config.mjs';

const launch = config.use.launchOptions;
test.use({
  launchOptions: {
    ...launch,
    args: [...launch.args, '--disable-features=WebRtcHideLocalIpsWithMdns', '--allow-loopback-in-peer-connection'],
  },
});
test.describe.configure({ mode: 'serial' });

const NAMES = ['Ann', 'Bob', 'Cid', 'Dee'];
/// The most events one page publishes in a whole game without a drop
/// (docs/live.md): a guest says it is here (1–3) and answers (1); the host
/// says it is here (1) and offers each guest a seat (1–2 each).
const MOST_EVENTS = 10;

let relay;
test.beforeEach(async () => {
  relay = await startRelay();
});
test.afterEach(async () => {
  await relay?.stop();
});

/// No STUN server (the default ones are out of this machine's reach: each
/// side would wait for them for its 5 s of gathering).
const noStun = () => localStorage.setItem('majesty.live.servers', '');

async function device(browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.addInitScript(noStun);
  return context.newPage();
}

/// The host sets up a live game of `players` people (Ann moves first) and
/// returns the one link it shares.
async function hostRoom(page, players) {
  await page.addInitScript(noStun);
  await page.goto(`./?relays=${encodeURIComponent(relay.url)}`);
  await page.getByRole('button', { name: 'Play live' }).click();
  await page.getByRole('button', { name: `${players} players` }).click();
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Play live' }).click();
  await expect(page.getByRole('heading', { name: 'Play live: share the link' })).toBeVisible();
  await expect(page.locator('.live-relays')).toHaveAttribute('data-relays', 'answered', { timeout: 10_000 });
  const link = await page.locator('.live-host .game-link').inputValue();
  expect(link).toMatch(/#room=[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{22}&relays=/);
  // The host's own address is the room: a reload goes on hosting it.
  expect(new URL(page.url()).hash).toContain('room=');
  return link;
}

/// A guest opens the link and is in the game, with nothing else done.
async function join(guest, link) {
  await guest.goto(link);
  await expect(guest.locator('h1.status')).toBeVisible({ timeout: 20_000 });
  await expect(guest.locator('.live-panel')).toContainText('Live: connected to the host.');
}

const turnsShown = (page) => page.locator('.log > ol > li');

const playTurns = (devices, from, to) => playLiveTurns(devices, NAMES, from, to);

/// Events published per page (by its Nostr key).
function eventsPerKey() {
  const counts = new Map();
  for (const e of relay.events()) counts.set(e.pubkey, (counts.get(e.pubkey) ?? 0) + 1);
  return [...counts.values()];
}

test('one link: a guest who opens it is in the game, the host does nothing more', async ({ page, browser }) => {
  const link = await hostRoom(page, 2);
  const guest = await device(browser);
  await join(guest, link);
  await expect(page.locator('.live-seat[data-seat="1"]')).toHaveAttribute('data-status', 'connected');
  await page.getByRole('button', { name: 'Open the table' }).click();
  await playTurns([page, guest], 1, 4);
  // The relay carried only sealed, tagged, ephemeral events.
  const events = relay.events();
  expect(events.length).toBeGreaterThanOrEqual(3);
  for (const e of events) {
    expect(e.kind).toBeGreaterThanOrEqual(20000);
    expect(e.kind).toBeLessThan(30000);
    expect(e.content).not.toMatch(/here|offer|answer|sdp/);
  }
  for (const count of eventsPerKey()) expect(count).toBeLessThanOrEqual(MOST_EVENTS);
});

test('the notes open with the key the docs describe, and are tagged as they say', async ({ page, browser }) => {
  const link = await hostRoom(page, 2);
  const guest = await device(browser);
  await join(guest, link);
  const [room, secret] = new URL(link).hash.match(/room=([^&]+)/)[1].split('.');
  const bytes = (b64) => Buffer.from(b64, 'base64url');
  const subtle = webcrypto.subtle;
  const base = await subtle.importKey('raw', bytes(secret), 'HKDF', false, ['deriveKey']);
  const key = await subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: Buffer.from('majesty-live'), info: Buffer.from(room) },
    base, { name: 'AES-GCM', length: 256 }, false, ['decrypt']);
  const topic = Buffer.from(await subtle.digest('SHA-256', Buffer.from(`majesty-live/${room}`))).toString('hex');
  const kinds = new Set();
  for (const e of relay.events()) {
    expect(e.tags).toContainEqual(['x', topic]);
    const data = bytes(e.content);
    const plain = await subtle.decrypt({ name: 'AES-GCM', iv: data.subarray(0, 12) }, key, data.subarray(12));
    const note = JSON.parse(Buffer.from(plain).toString());
    expect(note.v).toBe(3);
    kinds.add(note.t);
  }
  expect([...kinds].sort()).toEqual(['answer', 'here', 'offer']);
});

test('four players from the same link, each in a seat of their own', async ({ page, browser }) => {
  const link = await hostRoom(page, 4);
  const guests = [];
  for (let i = 0; i < 3; i++) {
    const guest = await device(browser);
    await join(guest, link);
    guests.push(guest);
  }
  for (let seat = 1; seat < 4; seat++) {
    await expect(page.locator(`.live-seat[data-seat="${seat}"]`)).toHaveAttribute('data-status', 'connected');
  }
  await page.getByRole('button', { name: 'Open the table' }).click();
  // Seats are given in the order the guests came.
  const devices = [page, ...guests];
  await playTurns(devices, 1, 4);
  for (const count of eventsPerKey()) expect(count).toBeLessThanOrEqual(MOST_EVENTS);
  // A fifth device is told the table is full.
  const late = await device(browser);
  await late.goto(link);
  await expect(late.locator('.live-guest .live-status')).toHaveText('This table is full: every seat is taken.', { timeout: 20_000 });
});

test('a guest who reloads is back in the game by itself; the host says it is reconnecting', async ({ page, browser }) => {
  const link = await hostRoom(page, 2);
  const guest = await device(browser);
  await join(guest, link);
  await page.getByRole('button', { name: 'Open the table' }).click();
  await playTurns([page, guest], 1, 2);
  const started = Date.now();
  await guest.reload();
  await expect(page.locator('.live-chips li')).toHaveAttribute('data-status', /reconnecting|connecting/);
  await expect(page.locator('.live-panel')).not.toContainText('left');
  await expect(guest.locator('.live-panel')).toContainText('Live: connected to the host.', { timeout: 15_000 });
  expect(Date.now() - started).toBeLessThan(15_000);
  await expect(turnsShown(guest)).toHaveCount(2);
  await expect(page.locator('.live-chips li')).toHaveAttribute('data-status', 'connected');
  await playTurns([page, guest], 3, 4);
});

test('a host who reloads goes on hosting, and its guests come back to it', async ({ page, browser }) => {
  const link = await hostRoom(page, 3);
  const guests = [await device(browser), await device(browser)];
  for (const g of guests) await join(g, link);
  await page.getByRole('button', { name: 'Open the table' }).click();
  await playTurns([page, ...guests], 1, 3);
  const started = Date.now();
  await page.reload();
  for (const g of guests) {
    await expect(g.locator('.live-panel')).toContainText('Live: connected to the host.', { timeout: 15_000 });
  }
  expect(Date.now() - started).toBeLessThan(15_000);
  await expect(page.locator('h1.status')).toBeVisible();
  await expect(turnsShown(page)).toHaveCount(3);
  await expect(page.locator('.live-chips li[data-status="connected"]')).toHaveCount(2, { timeout: 15_000 });
  await playTurns([page, ...guests], 4, 6);
});

test('with every relay down the page says so and the invitations by hand work', async ({ browser }) => {
  await relay.stop();
  // (Not the test's own page, which fails on the console's errors: the
  // browser logs each refused connection to the relay.)
  const page = await device(browser);
  await page.goto(`./?relays=${encodeURIComponent(relay.url)}`);
  await page.getByRole('button', { name: 'Play live' }).click();
  await page.getByRole('button', { name: '2 players' }).click();
  await page.getByRole('button', { name: 'Play live' }).click();
  await expect(page.locator('.live-relays')).toHaveAttribute('data-relays', 'silent', { timeout: 15_000 });
  await expect(page.locator('.live-relays')).toContainText('No relay answers');
  // The invitation by hand, and the guest's answer back, as before.
  const row = page.locator('.live-seat[data-seat="1"]');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 15_000 });
  const offer = await row.locator('.game-link').inputValue();
  const guest = await device(browser);
  await guest.goto(offer);
  const reply = await guest.locator('.live-guest .game-link').inputValue({ timeout: 15_000 });
  await page.getByLabel('A player’s answer (link or text)').first().fill(reply);
  await page.getByRole('button', { name: 'Connect' }).first().click();
  await expect(guest.locator('h1.status')).toBeVisible({ timeout: 15_000 });
});

test('a guest receives its seat’s view: no deal number, no card before it is turned up', async ({ page, browser }) => {
  const link = await hostRoom(page, 2);
  const guest = await device(browser);
  // Every message the guest's data channel receives.
  await guest.addInitScript(() => {
    window.received = [];
    const slot = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
    Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
      get() {
        return slot.get.call(this);
      },
      set(handler) {
        slot.set.call(this, handler && ((e) => (window.received.push(e.data), handler(e))));
      },
    });
  });
  await join(guest, link);
  await page.getByRole('button', { name: 'Open the table' }).click();
  await playTurns([page, guest], 1, 3);
  // The host keeps the whole game, its deal number included.
  const seed = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('majesty.link.')) return String(JSON.parse(localStorage.getItem(key)).record.seed);
    }
  });
  expect(seed).toMatch(/^\d+$/);
  const received = await guest.evaluate(() => window.received);
  expect(received.length).toBeGreaterThan(3);
  for (const text of received) {
    expect(text).not.toContain(seed);
    expect(text).not.toContain('"seed"');
  }
  // The view names the opening display and one refill per turn, nothing else.
  const messages = received.map((t) => JSON.parse(t));
  const welcome = messages.find((m) => m.type === 'welcome');
  expect(welcome.version).toBe(3);
  expect(Object.keys(welcome.view).sort()).toEqual(
    expect.arrayContaining(['deck_size', 'display', 'players', 'seat']));
  for (const key of Object.keys(welcome.view)) {
    expect(['seat', 'players', 'sides', 'deck', 'meeple_tiebreak', 'first_player', 'start', 'display', 'deck_size', 'backs', 'turns']).toContain(key);
  }
  expect(welcome.view.display).toHaveLength(6);
  const played = messages.filter((m) => m.type === 'played');
  expect(played.map((m) => m.number)).toEqual([1, 2, 3]);
  for (const m of played) expect(Object.keys(m.seen).sort()).toEqual(['refill', 'top', 'turn']);
  // The guest's kept game has no deal number either.
  const guestKept = await guest.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith('majesty.link.')).map((k) => localStorage.getItem(k)));
  expect(guestKept).toHaveLength(1);
  expect(guestKept[0]).not.toContain(seed);
});

test('two public STUN servers are set by default, and can be changed', async ({ page }) => {
  await page.goto('./?relays=none');
  await page.getByRole('button', { name: 'Play live' }).click();
  await page.getByRole('button', { name: '2 players' }).click();
  await page.getByRole('button', { name: 'Play live' }).click();
  await page.locator('summary', { hasText: 'Connection settings' }).click();
  const servers = page.getByLabel('STUN/TURN servers');
  await expect(servers).toHaveValue('stun:stun.l.google.com:19302 stun:stun.cloudflare.com:3478');
  await servers.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved: used from the next invitation or answer.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('majesty.live.servers'))).toBe('');
  await expect(page.getByLabel('Relays (wss://…)')).toHaveValue(/^wss:\/\/relay\.damus\.io /);
});
