// Shared steps for driving the app like a person would.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from './fixtures.mjs';

/// Opens the home screen: a page opened without a link goes straight on with
/// the one unfinished game, if there is one; "Home" leaves it.
export async function goHome(page) {
  await page.goto('./');
  await page.locator('.home, .board').first().waitFor();
  if (await page.locator('.board').count()) await page.getByRole('button', { name: 'Home' }).click();
  await expect(page.locator('.home')).toBeVisible();
}

export async function startGame(page, { players = 2 } = {}) {
  await goHome(page);
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: `${players} players` }).click();
  for (let seat = 2; seat <= players; seat++) {
    await page.getByLabel(`Who plays seat ${seat}`).selectOption('person');
  }
  await page.getByLabel('First player drawn at random').uncheck();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('h1.status')).toContainText('to play');
}

/// Plays one turn: the front card (always free), choosing the first option
/// of every choice the turn needs.
export async function playFrontCard(page) {
  await playCard(page, page.locator('.card[data-space="0"]'));
}

/// Plays one turn with `card` (a display card), choosing the first option
/// of every choice the turn needs; by touch when `tap`.
export async function playCard(page, card, { tap = false } = {}) {
  await displaySettled(page);
  await (tap ? card.tap() : card.click());
  await chooseAndConfirm(page, { tap });
}

/// With a card picked: the first option of every choice still open, then
/// Confirm.
export async function chooseAndConfirm(page, { tap = false } = {}) {
  const press = (target) => (tap ? target.tap() : target.click());
  const confirm = page.getByRole('button', { name: 'Confirm' });
  for (let i = 0; i < 3 && (await confirm.isDisabled()); i++) {
    await press(page.locator('.chooser .choice:not([aria-pressed="true"])').first());
  }
  await press(confirm);
}

/// Replays a game record with the game's command-line tool.
export function replayWithCli(recordJson) {
  const out = execFileSync(
    'cargo',
    ['run', '--quiet', '-p', 'majesty-cli', '--bin', 'majesty', '--', 'replay'],
    { input: recordJson, cwd: new URL('..', import.meta.url).pathname },
  );
  return JSON.parse(out.toString());
}

/// Keeps `json` (a saved game) at `key` in the page's storage and opens the
/// page again, which goes on with it: the one unfinished game opens at
/// once, showing `shown`.
async function openKeptGame(page, key, json, shown) {
  await page.goto('./');
  await page.evaluate(([key, json]) => localStorage.setItem(key, json), [key, json]);
  // (A visit goes on with the one kept game; a reload of the home screen
  // stays there.)
  await page.goto('./');
  await expect(page.locator(shown)).toBeVisible();
}

/// Puts a saved game into the page's storage: a record (with an explicit
/// deck, so that the test knows every card) and who plays each seat.
export async function injectSave(page, record, seats) {
  const json = JSON.stringify({ format: 1, saved_at: Date.now(), record, seats });
  await openKeptGame(page, 'majesty.save', json, '.board');
}

/// Opens `text` (a record's JSON, kept as text: its seed is above 2^53) as
/// a saved game with `seats` (null: a person), kept as
/// `majesty.game.resumed`, which a visit opens.
export async function resumeRecord(page, text, seats) {
  const json = `{"format":1,"saved_at":${Date.now()},"record":${text},"seats":${JSON.stringify(seats)}}`;
  await openKeptGame(page, 'majesty.game.resumed', json, 'h1.status');
}

/// The JSON text of a game record kept in e2e/fixtures/ (how each was
/// made: its README). Kept as text: a record's `seed` is a 64-bit integer
/// that JSON.parse would round (and so deal another game).
export function fixtureRecord(file) {
  return readFileSync(new URL(`fixtures/${file}`, import.meta.url), 'utf8').trim();
}

/// `text` (a game record's JSON) with only its first `step` turns. The
/// record is never re-serialised whole: its `seed` (above 2^53) stays as
/// written.
export function recordPrefix(text, step) {
  const { turns } = JSON.parse(text);
  if (!(Number.isInteger(step) && step >= 0 && step <= turns.length)) {
    throw new RangeError(`step ${step}: the record has ${turns.length} turns`);
  }
  const key = text.search(/"turns"\s*:\s*\[/);
  const open = text.indexOf('[', key);
  const close = text.lastIndexOf(']');
  if (key < 0 || close < open || !/^\s*\}\s*$/.test(text.slice(close + 1))) {
    throw new Error('expected a record whose last member is "turns": [...]');
  }
  return `${text.slice(0, open)}${JSON.stringify(turns.slice(0, step))}${text.slice(close + 1)}`;
}

/// The link (relative to the app's base URL) that opens `record` (a game
/// record's JSON text) in the replay viewer: `#record=<base64url JSON>`, as
/// `record_fragment` in model/src/link.rs writes it.
///
/// The viewer opens a record at its last turn and no link parameter names
/// another one, so with `step` the link carries only the first `step` turns:
/// it opens showing exactly the game after `step` turns ("Turn step of
/// step"), the position the viewer shows for that step of the whole record
/// (both replay the record's first `step` turns: `AppState::replay_to`).
/// `embed` adds `embed=1`, `lang` adds `lang=`.
export function recordLink(record, { step, embed = false, lang } = {}) {
  if (typeof record !== 'string') throw new TypeError('recordLink takes the JSON text of a record');
  const shown = step === undefined ? record : recordPrefix(record, step);
  const query = new URLSearchParams();
  if (lang) query.set('lang', lang);
  if (embed) query.set('embed', '1');
  const search = query.toString() ? `?${query}` : '';
  return `./${search}#record=${Buffer.from(shown).toString('base64url')}`;
}

/// Opens `record` (JSON text) in the replay viewer at `step` (default: its
/// end) and waits until that position is shown and the page has settled.
/// (A record of no turn and no note opens as a game to play instead.)
export async function openRecord(page, record, { step, embed, lang } = {}) {
  const { turns: all, notes } = JSON.parse(record);
  const turns = step ?? all.length;
  await page.goto(recordLink(record, { step, embed, lang }));
  if (turns === 0 && !notes?.length) {
    await expect(page.locator('h1.status')).toBeVisible();
  } else if (!lang || lang === 'en') {
    const last = turns === 0 ? 'Before turn 1 of 0' : `After turn ${turns} of ${turns}`;
    await expect(page.getByText(last, { exact: true })).toBeVisible();
  } else {
    await expect(page.locator('main h1')).toBeVisible();
  }
  await settle(page);
}

/// Waits for the web fonts and for every animation to have finished (or
/// paused): the page as a person sees it once the board is still. An
/// endless animation (a pulsing marker) never ends: it is not waited for
/// (screenshots with `animations: 'disabled'` show its first frame).
export async function settle(page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

/// How many cards `seat`'s realm shows (the infirmary not counted). The one
/// place that knows how the board draws a realm: adapt it when that changes.
/// Null when no realm of that seat is found.
export async function realmCardCount(page, seat) {
  return page.evaluate((seat) => {
    const realm = document.querySelector(`.realm[data-seat="${seat}"]`);
    if (!realm) return null;
    // Cards at locations 1-7 (the Infirmary is column 8).
    return realm.querySelectorAll('.column:not(.infirmary) .stack > li').length;
  }, seat);
}

/// The relative luminance (WCAG, 0 black to 1 white) of the page's
/// background: the body's background colour, else the root element's, else
/// the canvas (white, or Chromium's dark canvas under `color-scheme: dark`).
/// Any CSS colour syntax (oklch() too) is read by painting it on a canvas.
export async function backgroundLuminance(page) {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const rgba = (color) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return ctx.getImageData(0, 0, 1, 1).data;
    };
    const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminance = ([r, g, b]) =>
      0.2126 * linear(r / 255) + 0.7152 * linear(g / 255) + 0.0722 * linear(b / 255);
    for (const element of [document.body, document.documentElement]) {
      const color = getComputedStyle(element).backgroundColor;
      if (rgba(color)[3] > 0) return luminance(rgba(color));
    }
    const dark = getComputedStyle(document.documentElement).colorScheme.includes('dark');
    return dark ? luminance([18, 18, 18]) : 1;
  });
}

/// The app's own theme switch in the page header (a select, a group of
/// radio buttons or a button labelled "Theme"), or null if there is none.
export async function themeSwitch(page) {
  const header = page.locator('header').first();
  const control = header
    .getByRole('combobox', { name: /theme/i })
    .or(header.getByRole('radiogroup', { name: /theme/i }))
    .or(header.getByRole('button', { name: /theme/i }))
    .or(header.getByLabel(/theme/i));
  return (await control.count()) > 0 ? control.first() : null;
}

/// Chooses the app's `dark` or `light` theme with its switch, and checks
/// that the page's background follows.
export async function chooseTheme(page, theme) {
  const control = await themeSwitch(page);
  if (!control) throw new Error('no theme switch (a control labelled "Theme") in the header');
  const wanted = theme === 'dark' ? (l) => l < 0.2 : (l) => l > 0.6;
  const pattern = new RegExp(theme, 'i');
  const tag = await control.evaluate((el) => el.tagName);
  const role = await control.getAttribute('role');
  if (tag === 'SELECT') {
    const options = await control.locator('option').evaluateAll((os) =>
      os.map((o) => ({ value: o.value, label: o.textContent.trim() })),
    );
    const option = options.find((o) => pattern.test(o.label) || pattern.test(o.value));
    if (!option) throw new Error(`the theme switch offers no ${theme} theme: ${JSON.stringify(options)}`);
    await control.selectOption(option.value);
  } else if (role === 'radiogroup' || tag === 'FIELDSET') {
    await control.getByRole('radio', { name: pattern }).click();
  } else {
    // A button that toggles or cycles the themes: press it until it is there.
    for (let i = 0; i < 3 && !wanted(await backgroundLuminance(page)); i++) await control.click();
  }
  await expectBackground(page, theme);
}

/// Checks that the page's background is dark (luminance < 0.2) or light
/// (> 0.6), waiting a little for a theme to be applied.
export async function expectBackground(page, theme) {
  const luminance = expect.poll(() => backgroundLuminance(page), {
    message: `luminance of the page's background (body), ${theme} expected`,
    timeout: 2_000,
  });
  if (theme === 'dark') await luminance.toBeLessThan(0.2);
  else await luminance.toBeGreaterThan(0.6);
}

/// The final scoring plays out step by step: show every step at once.
export async function showAllFinal(page) {
  const final = page.getByRole('region', { name: 'Final scoring' });
  await expect(final).toBeVisible();
  const all = page.getByRole('button', { name: 'Show all' });
  if (await all.isVisible()) await all.click();
  await expect(final.locator('.winners')).toContainText(/wins!|Shared victory/);
  return final;
}

/// Waits until the display's cards have stopped sliding (after a turn, the
/// display closes its gap with an animation: a card is clicked where it
/// rests, as a person would). Still for 100 ms: the last turn's slide may
/// start a frame after the status says whose turn it is, and a card tapped
/// while it moves is scrolled to by Playwright, which moves the page.
export async function displaySettled(page) {
  await page.evaluate(() => {
    window.__displayStill = undefined;
  });
  await page.waitForFunction(() => {
    const moving = document
      .getAnimations()
      .some((a) => a.playState === 'running' && a.effect?.target?.closest?.('.display'));
    const now = performance.now();
    if (moving) window.__displayStill = undefined;
    else window.__displayStill ??= now;
    return !moving && now - window.__displayStill >= 100;
  });
}

/// Holds the search workers' answers (the computers' and the coach's)
/// while `window.__hold` is set (in `window.__held`, to release later), as
/// a slow device would.
export async function holdAnswers(page) {
  await page.addInitScript(() => {
    window.__hold = false;
    window.__held = [];
    const Real = window.Worker;
    window.Worker = class extends Real {
      set onmessage(handler) {
        super.onmessage = (event) => {
          if (window.__hold && JSON.parse(event.data).done) window.__held.push(() => handler(event));
          else handler(event);
        };
      }
    };
  });
}

/// Lets the held answers through, and the next ones.
export const releaseAnswers = (page) =>
  page.evaluate(() => {
    window.__hold = false;
    for (const answer of window.__held.splice(0)) answer();
  });

/// The file of a part's own module (`split_<part>.wasm`, in the build's
/// folder: scripts/post-build.mjs).
export const partFiles = (part) => new RegExp(`/build-[0-9a-f]+/split_${part}\\.wasm$`);

/// Holds back every request for `files` (a pattern of their addresses)
/// until the function it gives is called: what a slow connection does,
/// but for as long as the test needs.
export async function holdFiles(page, files) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route(files, async (route) => {
    await held;
    // (A page left meanwhile has dropped its request.)
    await route.continue().catch(() => {});
  });
  return release;
}

/// A slow phone's connection for `page`, as scripts/measure-load.mjs
/// emulates it: the page's main module is on its way for about a second.
export async function slowConnection(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 2e5, uploadThroughput: 9e4 });
}

/// Runs in the page before its own scripts (`page.addInitScript`): every
/// layout shift, with the elements it moved, and whether it is the
/// player's own realm growing (or shrinking) on a phone. There a stack is
/// as tall as its cards, so a card landing in the realm's first row (or
/// leaving it for the Infirmary) moves its second row and what lies under
/// the realm straight down (or up); every other shift is the board
/// jumping.
export function observeShifts() {
  const seen = (window.__shifts = { list: [], firstPaint: null });
  const label = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName.toLowerCase() : '(removed)';
    const classes = [...node.classList].slice(0, 3).map((c) => `.${c}`).join('');
    return `${node.tagName.toLowerCase()}${classes}`;
  };
  const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  const growth = (source) => {
    const own = document.querySelector('.realm.big');
    const node = source.node;
    if (!own || !node || innerWidth > 600) return false;
    // Gone from the page (the actions row emptied): nothing seen moves.
    const gone = source.currentRect.width === 0 && source.currentRect.height === 0;
    const upOrDown = Math.round(source.previousRect.x) === Math.round(source.currentRect.x);
    if (!gone && !upOrDown) return false;
    if (!own.contains(node)) return Boolean(own.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING);
    // Inside the realm only what lay under its first row of locations.
    const first = own.querySelector('.column .loc-card')?.getBoundingClientRect();
    return Boolean(first) && source.previousRect.y >= first.bottom;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const sources = e.sources ?? [];
      seen.list.push({
        start: e.startTime,
        value: e.value,
        sources: sources.map((s) => label(s.node)),
        rects: sources.map((s) => `${label(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`),
        growth: sources.length > 0 && sources.every(growth),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-paint') seen.firstPaint = e.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/// The layout shifts observed since the first paint, by `observeShifts`.
export async function shiftsAfterFirstPaint(page) {
  const { list, firstPaint } = await page.evaluate(() => window.__shifts);
  return list.filter((s) => s.start >= (firstPaint ?? 0));
}

/// What the Web Vitals call a good cumulative layout shift: the most the
/// own realm's growth on a phone may add up to over a game.
export const GOOD_SHIFT = 0.1;

/// The bubble's box once it stands still (it glides to its place).
export async function stillBox(bubble) {
  let last = null;
  let still = 0;
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await bubble.boundingBox());
        still = box === last ? still + 1 : 0;
        last = box;
        return still;
      },
      { intervals: [100], timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(9);
  return JSON.parse(last);
}

/// Plays turns `from`..=`to` (1-based) of a live game, each on the device
/// of the player to move (`devices` and `names` in seat order, the first
/// seat moving first), and checks that every device shows it.
export async function playLiveTurns(devices, names, from, to) {
  const n = devices.length;
  for (let turn = from; turn <= to; turn++) {
    const mover = devices[(turn - 1) % n];
    await expect(mover.locator('h1.status')).toContainText(names[(turn - 1) % n]);
    await playFrontCard(mover);
    for (const d of devices) await expect(d.locator('.log > ol > li')).toHaveCount(turn, { timeout: 10_000 });
  }
}
