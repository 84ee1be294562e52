// What a first visit downloads, and the moments the load measurements read
// (scripts/measure-load.mjs): the User Timing marks "home-ready" and
// "board-ready".
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { test as plain } from '@playwright/test';
import { test, expect } from './fixtures.mjs';
import { fixtureRecord, holdFiles, partFiles, playFrontCard, recordPrefix, resumeRecord, slowConnection, startGame } from './helpers.mjs';

// A first visit: nothing cached by a service worker yet.
test.use({ serviceWorkers: 'block' });
plain.use({ serviceWorkers: 'block' });

const fileName = (url) => new URL(url).pathname.split('/').pop();
const markTime = (page, name) =>
  page.waitForFunction((n) => performance.getEntriesByName(n)[0]?.startTime, name).then((h) => h.jsonValue());

// One budget per part of the page's code, from e2e/budgets.json (how they
// are kept: that file's note).
const budgets = JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'));
const dist = new URL('../dist/', import.meta.url);
const kb = (bytes) => bytes / 1024;

/// A module of the build: packed with xz (scripts/pack-wasm.mjs), or not.
const isModule = (file) => /\.wasm(\.xz)?$/.test(file);
/// The xz decoder's own module (scripts/pack-wasm.mjs), not the page's code.
const isDecoder = (file) => /^unxz-[0-9a-f]+\.wasm$/.test(file);
/// A module of the page's code.
const isCode = (file) => isModule(file) && !isDecoder(file);

/// A part's modules in one file, which the page fetches when it first asks
/// for that part (scripts/split-wasm.mjs, `bundleClickedParts`).
const isClickedBundle = (file) => /^bundle_clicked_\w+-[0-9a-f]+\.bin\.xz$/.test(file);

/// The part a file of the build belongs to: its name without the hash of
/// its contents; the chunks that parts share count as one; a part's bundle
/// is its part's.
function partOf(file) {
  if (isClickedBundle(file)) return file.replace(/^bundle_clicked_(\w+)-.*$/, 'split_$1');
  const name = file.replace(/-[0-9a-f]{8,16}(_bg)?\.wasm(\.xz)?$/, '');
  return name.startsWith('chunk_') ? 'shared chunks' : name;
}

/// What every part of the build weighs as it travels, by part (KB): a
/// packed module as it is, any other gzip-compressed, as Pages serves it.
function partSizes() {
  const sizes = {};
  for (const file of readdirSync(dist).filter(isModule)) {
    const part = partOf(file);
    const bytes = readFileSync(new URL(file, dist));
    sizes[part] = (sizes[part] ?? 0) + kb(file.endsWith('.xz') ? bytes.length : gzipSync(bytes, { level: 9 }).length);
  }
  return sizes;
}

test('every part of the code keeps to its budget, each budget at most 5% above its part', () => {
  const sizes = partSizes();
  const problems = [];
  for (const [part, size] of Object.entries(sizes)) {
    const budget = budgets.parts[part];
    if (budget === undefined) problems.push(`${part} (${size.toFixed(1)} KB) has no budget`);
    else if (size > budget) problems.push(`${part} grew: ${size.toFixed(1)} KB, budget ${budget} KB`);
    else if (budget > size * budgets.headroom + 0.5) {
      problems.push(`${part} shrank to ${size.toFixed(1)} KB: lower its budget (${budget} KB) to at most ${(size * budgets.headroom).toFixed(1)}`);
    }
  }
  for (const part of Object.keys(budgets.parts)) if (!(part in sizes)) problems.push(`${part} has a budget but no file`);
  expect(problems).toEqual([]);
});

/// What the page fetched before the User Timing mark `mark` (gzip, as
/// served): the resources it started before the mark, and the page itself.
const transferredBefore = (page, mark) =>
  page.evaluate((m) => {
    const at = performance.getEntriesByName(m)[0].startTime;
    const [navigation] = performance.getEntriesByType('navigation');
    const resources = performance.getEntriesByType('resource').filter((r) => r.startTime < at);
    return {
      bytes: navigation.encodedBodySize + resources.reduce((sum, r) => sum + r.encodedBodySize, 0),
      files: resources.map((r) => r.name.split('/').pop()),
    };
  }, mark);

/// A first load within its budget, and the budget at most 5% above it.
function expectWithinBudget(page, size) {
  const budget = budgets.firstLoad[page];
  expect(size, `${page}: ${size.toFixed(1)} KB, budget ${budget} KB`).toBeLessThanOrEqual(budget);
  expect(budget, `${page}: ${size.toFixed(1)} KB: lower its first-load budget (${budget} KB)`)
    .toBeLessThanOrEqual(size * budgets.headroom + 0.5);
}

test('a first visit finds the main module in the page and fetches no other code, within the first-load budget; a game fetches only its later parts', async ({ page }) => {
  const fetched = [];
  page.on('request', (req) => fetched.push(fileName(req.url())));
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
  expect(await markTime(page, 'home-ready')).toBeGreaterThan(0);
  const home = await transferredBefore(page, 'home-ready');
  // The main module travels in the page itself (scripts/split-wasm.mjs),
  // not as a file of its own one round trip later,
  expect(home.files.filter(isCode)).toEqual([]);
  expect(await page.evaluate(() => self.majestyInline instanceof ReadableStream)).toBe(true);
  // and the decoder's module, which unpacks it.
  expect(home.files.filter(isDecoder)).toHaveLength(1);
  // One style sheet, the page's: the parts' own come with them.
  expect(home.files.filter((f) => f.endsWith('.css'))).toEqual([expect.stringMatching(/^app-[0-9a-f]+\.css$/)]);
  // The home screen is a part of its own, which a deal's board does
  // without: its modules come in one file, which the page's first script
  // asks for, with the parts' loader (not from the list of the files of
  // the links that open on other parts).
  const kinds = home.files.map((f) => f.match(/^bundle_\w+(?=-)|-parts-|^routes-/)?.[0]).filter(Boolean);
  expect(kinds.sort()).toEqual(['-parts-', 'bundle_home']);
  // And the home screen drawn before the app starts, in the page's language.
  expect(home.files.filter((f) => f.startsWith('home-shell-'))).toEqual([expect.stringMatching(/^home-shell-en-[0-9a-f]{10}\.html$/)]);
  expectWithinBudget('home', kb(home.bytes));

  // Setting up a game fetches no code; the board, once up, fetches the
  // final table in idle time (and the computers' worker at their turn).
  fetched.length = 0;
  await page.getByRole('button', { name: 'New game' }).click();
  const finalTable = page.waitForResponse(partFiles('final_table'));
  await page.getByRole('button', { name: 'Start the game' }).click();
  await expect(page.locator('h1.status')).toContainText('to play');
  await finalTable;
  await page.waitForLoadState('networkidle');
  const parts = fetched.filter((n) => (isCode(n) || isClickedBundle(n)) && !n.startsWith('search')).map(partOf);
  expect(parts).toContain('split_final_table');
  // (The setup, fetched in idle time on the home screen, may come late; the
  // board fetches the review under the final scoring, the whole-realm
  // view, the record reader and the motion in idle time too, and the
  // page's side of the search with a computer's first turn.)
  const later = ['split_setup', 'split_final_table', 'split_after_game', 'split_whole_realm', 'split_hint', 'split_reader', 'split_motion', 'split_search', 'shared chunks'];
  expect(parts.filter((p) => !later.includes(p))).toEqual([]);
});

test('the board of a shared deal comes within the first-load budget', async ({ page }) => {
  await page.goto('./?players=Ann,Bob#deal=1');
  await markTime(page, 'board-ready');
  const board = await transferredBefore(page, 'board-ready');
  expect(board.files.filter(isCode)).toEqual([]);
  // Nor the home screen's part, nor the parts' loader.
  expect(board.files.filter((f) => /home|-parts-|^routes-/.test(f))).toEqual([]);
  expectWithinBudget('board', kb(board.bytes));
});

test('a screen of its own part is fetched when opened, and marked when first drawn', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
  const fetched = [];
  page.on('request', (req) => fetched.push(partOf(fileName(req.url()))));
  await page.getByRole('button', { name: 'Scenario editor' }).click();
  await expect(page.locator('.editor-table')).toBeVisible();
  expect(fetched).toContain('split_editor');
  expect(await markTime(page, 'part:editor')).toBeGreaterThan(0);
  // Its style sheet (style/parts/editor.css) came with it, and holds from
  // the first paint of the screen.
  expect(fetched.filter((f) => /^editor-[0-9a-f]+\.css$/.test(f))).toHaveLength(1);
  await expect(page.locator('.editor-setup')).toHaveCSS('display', 'flex');
});

/// Fails every request of `page` for a file matching `pattern`, as a lost
/// connection would; returns what lets them through again.
async function blockFiles(page, pattern) {
  const block = (route) => route.abort('internetdisconnected');
  await page.route(pattern, block);
  return () => page.unroute(pattern, block);
}

/// The uncaught errors of `page`, as they come.
function pageErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

// A part's style sheet that cannot be fetched is a part that cannot be:
// never a screen drawn without its style.
plain('a part whose style sheet cannot be fetched says so, and Retry opens it styled', async ({ page }) => {
  const unblock = await blockFiles(page, /editor-[0-9a-f]+\.css$/);
  await page.goto('./');
  await page.getByRole('button', { name: 'Scenario editor' }).click();
  const notice = page.locator('.part-missing');
  await expect(notice).toContainText('could not be loaded');
  await expect(page.locator('.editor-table')).toHaveCount(0);
  await unblock();
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('.editor-setup')).toHaveCSS('display', 'flex');
  await expect(notice).toHaveCount(0);
});

// The fixture's page fails a test on a failed request: here the failures
// are the point.
plain('a part that cannot be fetched says so in the language of the page, and Retry opens it', async ({ page }) => {
  const errors = pageErrors(page);
  let unblock = await blockFiles(page, partFiles('rules'));
  // A screen opened from home.
  await page.goto('./?lang=de');
  await page.getByRole('button', { name: 'Regeln, jede zum Ausprobieren' }).click();
  const notice = page.locator('.part-missing');
  await expect(notice).toContainText('konnte nicht geladen werden');
  // In place of a whole screen, the way home too.
  await expect(notice.getByRole('button', { name: 'Start', exact: true })).toBeVisible();
  await unblock();
  await notice.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.locator('section.rules')).toBeVisible();
  await expect(notice).toHaveCount(0);

  // An action opened by a link: the page goes home and says so; Retry opens
  // the scenario. (Such a link fetches its part in a bundle, and the part
  // alone when that fails: neither comes here.)
  const rules = /(split_rules-[0-9a-f]+\.wasm|bundle_rules-[0-9a-f]+\.bin)(\.xz)?$/;
  unblock = await blockFiles(page, rules);
  await page.goto('./?lang=de&rules=heal');
  await expect(notice).toContainText('konnte nicht geladen werden');
  await expect(page.locator('.home')).toBeVisible();
  await unblock();
  await notice.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.locator('.scenario[data-scenario="heal"]')).toBeVisible();
  expect(errors).toEqual([]);
});

// The parts' loader (which names every part's files) is fetched with the
// first part, not with the page: a page that cannot fetch it opens, and
// says so of the part it was asked for; Retry asks for it again.
plain('the parts\' loader is fetched with the first part, and Retry asks for it again', async ({ page }) => {
  const errors = pageErrors(page);
  const loader = /-parts-[0-9a-f]+\.js(\?\d+)?$/;
  const unblock = await blockFiles(page, loader);
  const fetched = [];
  page.on('request', (req) => fetched.push(fileName(req.url())));
  // The home screen is the first part a plain visit draws.
  await page.goto('./');
  const notice = page.locator('.part-missing');
  await expect(notice).toContainText('This part of the game could not be loaded');
  expect(fetched.filter((f) => /^split_/.test(f))).toEqual([]);
  await unblock();
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  // The loader is here now: another part opens at once.
  await page.getByRole('button', { name: 'Rules, each one live' }).click();
  await expect(page.locator('section.rules')).toBeVisible();
  expect(errors).toEqual([]);
});

// A link that opens on a part fetches that part's modules in one bundle
// (scripts/split-wasm.mjs), not one by one; without the bundle, one by one.
plain('a link that opens on a part fetches its modules together, or one by one without the bundle', async ({ page }) => {
  const errors = pageErrors(page);
  const fetched = [];
  page.on('request', (req) => fetched.push(fileName(req.url())));
  await page.goto('./?editor=1');
  await expect(page.locator('.editor-setup')).toHaveCSS('display', 'flex');
  expect(fetched.filter((f) => /^bundle_editor-[0-9a-f]+\.bin\.xz$/.test(f))).toHaveLength(1);
  expect(fetched.filter((f) => /^split_editor-/.test(f))).toEqual([]);

  const bundle = /bundle_editor-[0-9a-f]+\.bin\.xz$/;
  await blockFiles(page, bundle);
  fetched.length = 0;
  await page.reload();
  await expect(page.locator('.editor-setup')).toHaveCSS('display', 'flex');
  expect(fetched.filter((f) => /^split_editor-/.test(f))).toHaveLength(1);
  await expect(page.locator('.part-missing')).toHaveCount(0);
  expect(errors).toEqual([]);
});

// A part a person opens from a home screen fetches, in one file, those of
// its modules the home screen has not fetched (scripts/split-wasm.mjs);
// without that file, one by one.
plain('a part opened from a home screen fetches its modules together, or one by one without the bundle', async ({ page }) => {
  const errors = pageErrors(page);
  const fetched = [];
  page.on('request', (req) => fetched.push(fileName(req.url())));
  const openEditor = async () => {
    // (The new-game screen's part comes in idle time once the home
    // screen is up: a click finds it here.)
    const setup = page.waitForResponse(/(split_setup-[0-9a-f]+\.wasm|bundle_setup-[0-9a-f]+\.bin)(\.xz)?$/);
    await page.goto('./');
    await setup;
    await page.waitForLoadState('networkidle');
    fetched.length = 0;
    await page.getByRole('button', { name: 'Scenario editor' }).click();
    await expect(page.locator('.editor-setup')).toHaveCSS('display', 'flex');
  };
  await openEditor();
  expect(fetched.filter((f) => /^bundle_clicked_editor-[0-9a-f]+\.bin\.xz$/.test(f))).toHaveLength(1);
  // (Half a second after the editor is up, the record reader comes in
  // idle time, its modules one by one.)
  expect(fetched.filter((f) => /^split_editor-/.test(f))).toEqual([]);
  const alone = fetched.filter(isCode).length;

  await blockFiles(page, /bundle_clicked_editor-[0-9a-f]+\.bin\.xz$/);
  await openEditor();
  expect(fetched.filter((f) => /^split_editor-/.test(f))).toHaveLength(1);
  // The bundle held most of the modules.
  expect(alone).toBeLessThan(fetched.filter(isCode).length / 2);
  await expect(page.locator('.part-missing')).toHaveCount(0);
  expect(errors).toEqual([]);
});

// What a link's page needs before it can draw its screen is asked for
// beside the main module, not once the main module is in: a record's link
// brings the record reader in its bundle, a puzzle's link the puzzles, and
// nothing its first paint does without.
plain('a replay or puzzle link fetches its reader or its puzzles beside the main module', async ({ page }) => {
  const errors = pageErrors(page);
  const fetched = [];
  page.on('request', (req) => fetched.push(fileName(req.url())));
  /// When the file named by `pattern` was asked for, and when the main
  /// module had arrived, with the page that carries it (ms from the
  /// navigation's start).
  const timing = (pattern) =>
    page.evaluate((source) => {
      const [main] = performance.getEntriesByType('navigation');
      const file = performance.getEntriesByType('resource').find((e) => new RegExp(source).test(e.name));
      return { asked: file?.startTime, mainIn: main.responseEnd };
    }, pattern.source);

  // A slow phone's connection, so that the main module is still on its
  // way when the rest is asked for.
  await slowConnection(page);
  // How far what the page shows moves on its own (layout shifts).
  await page.addInitScript(() => {
    self.shifted = 0;
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries()) if (!shift.hadRecentInput) self.shifted += shift.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });

  // A finished game's record opens on its final scoring, first in the
  // table's column on a wide screen: it comes with the replay, not after
  // it, when it would push the table below it down.
  const record = Buffer.from(fixtureRecord('game-2p.json')).toString('base64url');
  await page.goto(`./#record=${record}`);
  await expect(page.getByRole('button', { name: 'To the deal' })).toBeVisible();
  await expect(page.locator('.final-layer.in-page section.final')).toBeVisible();
  expect(fetched.filter((f) => /^bundle_replay-[0-9a-f]+\.bin\.xz$/.test(f))).toHaveLength(1);
  expect(fetched.filter((f) => /^split_(replay|reader|final_table)-/.test(f))).toEqual([]);
  expect(fetched.filter((f) => /^bundle_clicked_final_table-/.test(f))).toEqual([]);
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))));
  expect(await page.evaluate(() => self.shifted)).toBeLessThan(0.05);
  let { asked, mainIn } = await timing(/bundle_replay-/);
  expect(asked).toBeLessThan(mainIn);

  fetched.length = 0;
  await page.goto('./?puzzle=5b700ff2');
  await expect(page.locator('section.puzzle')).toHaveAttribute('data-verdict', 'waiting');
  expect(fetched.filter((f) => /^bundle_puzzles-[0-9a-f]+\.bin\.xz$/.test(f))).toHaveLength(1);
  expect(fetched.filter((f) => /^split_puzzles-/.test(f))).toEqual([]);
  // Its own shard of the puzzles, once: the page's own fetch takes the
  // preloaded answer.
  expect(fetched.filter((f) => /^puzzles-.*\.json$/.test(f))).toEqual(['puzzles-5.json']);
  ({ asked, mainIn } = await timing(/puzzles-5\.json$/));
  expect(asked).toBeLessThan(mainIn);
  // What is said of an answer, the list's part and the whole list are not
  // in what it waits for: they come once the question is drawn (the list
  // may already be on its way as this test looks: asked after the mark).
  const listBeforeQuestion = await page.evaluate(() => {
    const drawn = performance.getEntriesByName('part:puzzle')[0].startTime;
    return performance.getEntriesByType('resource').filter((e) => /\/puzzles\.json$/.test(e.name) && e.startTime < drawn).length;
  });
  expect(listBeforeQuestion).toBe(0);
  await expect.poll(() => fetched.map(partOf).filter((p) => /^split_puzzle_(verdict|list)$/.test(p)).length).toBe(2);
  await expect.poll(() => fetched.filter((f) => f === 'puzzles.json').length).toBe(1);

  // The list's link brings the list's part in its own bundle.
  fetched.length = 0;
  await page.goto('./?puzzle=1');
  await expect(page.locator('.puzzle-list a[data-puzzle]').first()).toBeVisible();
  expect(fetched.filter((f) => /^bundle_puzzle_list-[0-9a-f]+\.bin\.xz$/.test(f))).toHaveLength(1);
  expect(fetched.filter((f) => /^(bundle|split)_puzzles-/.test(f))).toEqual([]);
  expect(fetched.filter((f) => /^split_puzzle_list-/.test(f))).toEqual([]);
  expect(fetched.filter((f) => /^puzzles.*\.json$/.test(f))).toEqual(['puzzles.json']);
  expect(errors).toEqual([]);
});

// A finished game's record opened on the home screen draws its final
// scoring and the replay's controls with its table, as its link does:
// either would push the table down if it came after it.
plain('a finished game opened from a file shows its final scoring and controls with its table', async ({ page }) => {
  const errors = pageErrors(page);
  const file = test.info().outputPath('game.json');
  writeFileSync(file, fixtureRecord('game-2p.json'));
  const openFile = () => page.getByLabel('Open a game record (file)').setInputFiles(file);

  // A final scoring that cannot be fetched does not hold the replay: it
  // opens, and the final scoring's place offers Retry.
  const unblock = await blockFiles(page, partFiles('final_table'));
  await page.goto('./');
  await openFile();
  await expect(page.getByRole('button', { name: 'To the deal' })).toBeVisible();
  await expect(page.locator('.final-box .part-missing')).toBeVisible();
  await expect(page.locator('.realm')).toHaveCount(2);
  await unblock();

  // Every part's file comes 800 ms late: the record reader's and the final
  // scoring's alike. The table is drawn once both are here.
  await page.goto('./');
  await page.waitForLoadState('networkidle');
  await page.route(/\/(bundle|split|chunk)_[^/]*$/, async (route) => {
    await new Promise((later) => setTimeout(later, 800));
    await route.continue();
  });
  await openFile();
  await expect(page.locator('.realm')).toHaveCount(2);
  expect(await page.locator('section.final').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'To the deal' }).isVisible()).toBe(true);
  expect(errors).toEqual([]);
});

// A game over offers its replay ("Replay this game", the review's turns):
// its controls are fetched in idle time during the game's last round, not
// before it; a click before they are here says "Loading…" until they are,
// then draws the replay whole rather than the table first and the controls
// after it.
plain('a game\'s replay controls are fetched in its last round, and wait for a click', async ({ page }) => {
  const errors = pageErrors(page);
  const release = await holdFiles(page, partFiles('replay'));
  const asked = [];
  page.on('request', (r) => partFiles('replay').test(r.url()) && asked.push(r.url()));
  // The fixture three turns before its end (2 players: the last round is
  // its last two turns), seat 1 (a person) to play, seat 0 a computer.
  await resumeRecord(page, recordPrefix(fixtureRecord('game-2p.json'), 21), ['easy', null]);
  // The board's other parts fetched in idle time (each a span that ends
  // once it is here: src/parts/mod.rs); not the replay's yet.
  await expect(page.locator('h1.status')).toContainText('turn 22 of 24');
  const idle = () => page.evaluate(() => [
    performance.getEntriesByName('majesty-prefetch').length >= 4,
    performance.getEntriesByType('mark').filter((m) => m.name.startsWith('majesty-prefetch-')).length,
  ]);
  await expect.poll(idle, { timeout: 30_000 }).toEqual([true, 0]);
  expect(asked).toEqual([]);

  const fetched = page.waitForRequest(partFiles('replay'));
  await playFrontCard(page);
  await fetched;
  // The computer's turn, then the person's last: asked before it.
  await expect(page.locator('h1.status')).toContainText('turn 24 of 24');
  expect(await page.getByRole('region', { name: 'Final scoring' }).count()).toBe(0);
  await playFrontCard(page);
  await expect(page.getByRole('region', { name: 'Final scoring' })).toBeVisible();

  await page.getByRole('button', { name: 'Replay this game' }).click();
  await expect(page.locator('p.loading')).toBeVisible();
  expect(await page.locator('.board').count()).toBe(0);
  release();
  await expect(page.locator('.board.watching')).toBeVisible();
  expect(await page.getByRole('button', { name: 'To the deal' }).isVisible()).toBe(true);
  await expect(page.getByText('Before turn 1 of 24', { exact: true })).toBeVisible();
  expect(errors).toEqual([]);
});

// Why something could not be done is told in words of a part of their
// own: a page that cannot fetch them says so, and Retry tells the problem.
plain('a problem whose words cannot be fetched offers Retry, which tells it', async ({ page }) => {
  const errors = pageErrors(page);
  const problems = partFiles('problems');
  const unblock = await blockFiles(page, problems);
  await page.goto('./?sides=XYZ');
  const notice = page.locator('.part-missing');
  await expect(notice).toContainText('This part of the game could not be loaded');
  await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
  await unblock();
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'parameters of this link' })).toContainText('sides');
  await expect(notice).toHaveCount(0);
  expect(errors).toEqual([]);
});

// The page's side of the search (asking the worker, reading its answer) is
// a part of its own: a computer whose part cannot be fetched does not play,
// the page says so, and Retry has it play.
plain('a computer whose search cannot be fetched waits for Retry, then plays', async ({ page }) => {
  const errors = pageErrors(page);
  const search = partFiles('search');
  const unblock = await blockFiles(page, search);
  await page.goto('./?players=Ann,Bob:easy#deal=1');
  const status = page.locator('h1.status');
  await expect(status).toContainText('Ann to play');
  await playFrontCard(page);
  const notice = page.locator('.part-missing');
  await expect(notice).toContainText('This part of the game could not be loaded');
  await expect(status).toContainText('Bob (computer, easy) is playing');
  await unblock();
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(status).toContainText('Ann to play');
  await expect(notice).toHaveCount(0);
  expect(errors).toEqual([]);
});

// The record reader is a part of its own: a returning visitor's page
// fetches it before the first paint, to list the games it keeps; a page
// that cannot fetch it lists none and writes over none, and says so.
plain('kept games are read with the record reader: fetched first, and never lost without it', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto('./?players=Ann,Bob#deal=3');
  await playFrontCard(page);
  await playFrontCard(page);
  // Two games kept: the home screen lists them.
  await page.goto('./?players=Ann,Bob#deal=4');
  await playFrontCard(page);
  const saves = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('majesty.game.')).sort()
    .map((k) => [k, localStorage.getItem(k)]));
  const kept = await saves();
  expect(kept).toHaveLength(2);
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(2);
  const home = await transferredBefore(page, 'home-ready');
  expect(home.files).toContainEqual(expect.stringMatching(/^bundle_reader-[0-9a-f]+\.bin\.xz$/));

  // (Its bundle, and its modules one by one, which the loader asks for
  // where the bundle cannot be fetched.)
  const reader = /(split_reader-[0-9a-f]+\.wasm(\.xz)?|bundle_reader-[0-9a-f]+\.bin(\.xz)?)$/;
  const unblock = await blockFiles(page, reader);
  await page.reload();
  const notice = page.locator('.part-missing');
  await expect(notice).toContainText('could not be loaded');
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  // A new game meanwhile is kept in a place of its own (its first save
  // reads none), and no kept game is written over.
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await playFrontCard(page);
  const now = await saves();
  expect(now).toHaveLength(3);
  expect(now).toEqual(expect.arrayContaining(kept));
  await page.getByRole('button', { name: 'Home' }).click();
  await unblock();
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(3);
  expect(errors).toEqual([]);
});

// The editor's part does not hold the record reader: an editor's link
// would carry it for a record pasted later. A pasted record waits for it;
// if it cannot be fetched, Retry opens the record.
plain('a record pasted into the editor waits for the record reader, which Retry fetches if it could not be', async ({ page }) => {
  const errors = pageErrors(page);
  const reader = /split_reader-[0-9a-f]+\.wasm(\.xz)?$/;
  const unblock = await blockFiles(page, reader);
  await page.goto('./?editor=1');
  const editor = page.locator('section.editor');
  await expect(editor).toHaveAttribute('data-valid', 'true');
  const text = await editor.getAttribute('data-record');
  await page.getByRole('button', { name: 'Clear the table' }).click();
  await expect(editor).not.toHaveAttribute('data-record', text);
  await page.locator('textarea.import-text').fill(text);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  const notice = page.locator('.part-missing');
  await expect(notice).toContainText('could not be loaded');
  await expect(editor).not.toHaveAttribute('data-record', text);
  await unblock();
  await notice.getByRole('button', { name: 'Retry' }).click();
  await expect(editor).toHaveAttribute('data-record', text);
  await expect(page.locator('.import-problem')).toHaveCount(0);
  expect(errors).toEqual([]);
});

// Tagged @alone (timing the main thread). The later parts come while the
// person looks at the board, or while a computer thinks: fetching,
// unpacking and linking them is cut into tasks short enough that a click
// is never held, even on a CPU three times slower than this machine's.
test('the parts a board fetches in idle time never hold the page for 50 ms, on a CPU three times slower', { tag: '@alone' }, async ({ page }) => {
  await page.addInitScript(() => {
    const longTasks = [];
    const keep = (entries) => entries.forEach((e) => longTasks.push({ start: e.startTime, end: e.startTime + e.duration }));
    const observer = new PerformanceObserver((list) => keep(list.getEntries()));
    observer.observe({ type: 'longtask', buffered: true });
    // Every long task so far, those not yet handed to the observer too
    // (the task that ends a prefetch is reported after it).
    window.__longTasks = () => (keep(observer.takeRecords()), longTasks);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 3 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('./?players=Ann,Bob#deal=1');
  await markTime(page, 'board-ready');
  // The final table, the whole-realm view, the record reader… (src/play/board/mod.rs),
  // all of them: started together, each a mark until it ends (src/browser.rs).
  const spans = () => performance.getEntriesByName('majesty-prefetch').map((e) => ({ start: e.startTime, end: e.startTime + e.duration }));
  const running = () => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('majesty-prefetch-')).length;
  await expect.poll(() => page.evaluate(spans).then((s) => s.length), { timeout: 30_000 }).toBeGreaterThanOrEqual(4);
  await expect.poll(() => page.evaluate(running), { timeout: 30_000 }).toBe(0);
  // A frame later, so that the last task of a prefetch has ended.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  const [prefetches, longTasks] = await Promise.all([page.evaluate(spans), page.evaluate(() => window.__longTasks())]);
  // Any task that overlaps a prefetch: the one that starts it too.
  const held = longTasks.filter((t) => prefetches.some((s) => t.end > s.start && t.start < s.end));
  const ms = (xs) => xs.map((t) => Math.round(t.end - t.start));
  console.log(`prefetches ${ms(prefetches).join(', ')} ms; tasks over 50 ms meanwhile: ${JSON.stringify(ms(held))}`);
  expect(ms(held)).toEqual([]);
});

test('a browser that keeps games asks for the record reader with the page, not once the game has started', async ({ page }) => {
  await startGame(page);
  await playFrontCard(page);
  // (A plain visit goes on with the one unfinished game; a deal's link
  // opens its own board.)
  for (const address of ['./', './?players=Cy,Di#deal=2']) {
    await page.goto(address);
    await markTime(page, 'board-ready');
    const reader = await page.evaluate(() =>
      performance.getEntriesByType('resource').filter((r) => /\/(split_reader|bundle_reader)-[0-9a-f]+\./.test(r.name))
        .map((r) => [r.name.split('/').pop().replace(/-[0-9a-f]+\./, '-<hash>.'), r.initiatorType]),
    );
    // Asked for by the page's first script, once: its modules in one
    // packed file, which the reader's part takes them from.
    expect(reader, address).toEqual([['bundle_reader-<hash>.bin.xz', 'fetch']]);
    // And the parts' loader, which starts it, with it (not once the main
    // module imports it).
    const loader = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel=modulepreload]')].filter((l) => /-parts-[0-9a-f]+\.js$/.test(l.href)).length,
    );
    expect(loader, address).toBe(1);
  }
  await expect(page.locator('h1.status')).toContainText(/(Cy|Di) to play/);
});

// A plain visit goes on with the one kept game: its page asks for no home
// screen beside the main module, which the board would wait behind, and
// fetches it in idle time once the board is up, so that Home waits for
// nothing: in one file, the bundle a home screen's own link fetches, not
// module by module. With two games kept, the home screen lists them and
// comes first.
test('a plain visit that goes on with the one kept game fetches the home screen only once its board is up', async ({ page }) => {
  await startGame(page);
  await playFrontCard(page);
  await page.goto('./');
  const ready = await markTime(page, 'board-ready');
  const homeFiles = () => page.evaluate(() =>
    performance.getEntriesByType('resource').filter((r) => /\/(split_home|bundle_home)-[0-9a-f]+/.test(r.name)).map((r) => r.startTime),
  );
  await expect.poll(homeFiles).not.toEqual([]);
  const starts = await homeFiles();
  expect(Math.min(...starts)).toBeGreaterThan(ready);
  const homeFileNames = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((r) => r.name.split('/').pop()).filter((n) => /^(split_home|bundle_home)-/.test(n)),
  );
  expect(homeFileNames).toEqual([expect.stringMatching(/^bundle_home-[0-9a-f]+\.bin(\.xz)?$/)]);
  await page.getByRole('button', { name: 'Home' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(1);

  await page.goto('./?players=Cy,Di#deal=2');
  await playFrontCard(page);
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(2);
  const home = await transferredBefore(page, 'home-ready');
  expect(home.files).toContainEqual(expect.stringMatching(/^bundle_home-/));
});

test('a shared deal opens straight on a board that accepts a choice, marked board-ready', async ({ page }) => {
  await page.goto('./?players=Ann,Bob#deal=1');
  const ready = await markTime(page, 'board-ready');
  expect(ready).toBeGreaterThan(0);
  await expect(page.locator('h1.status')).toContainText('to play');
  await expect(page.locator('.card[data-space="0"]')).toBeEnabled();
  // Set once: playing on does not move it.
  await page.locator('.card[data-space="0"]').click();
  expect(await page.evaluate(() => performance.getEntriesByName('board-ready').length)).toBe(1);
});

test('the page runs under its Content-Security-Policy: the loader is allowed by its hash', async ({ page }) => {
  const violations = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const response = await page.goto('./');
  const html = await response.text();
  expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="[^"]*'sha256-[A-Za-z0-9+/=]+'/);
  expect(html).not.toContain('unsafe-inline');
  expect(html).not.toContain('TRUNK NONCE');
  await expect(page.getByRole('button', { name: 'New game' })).toBeEnabled();
  expect(violations).toEqual([]);
});

// The page carries its main module and unpacks it as it arrives; where it
// does not (a browser without streams), it fetches the packed file with
// its integrity digest (scripts/pack-wasm.mjs, `majestyStart`). Either way
// a module that is not the page's own, or not whole, never starts, and the
// page says so in its words. Not the fixture's page: the failure is the point.
plain('a main module that is not the one the page names never starts: the page says so', async ({ page }) => {
  const uncaught = [];
  page.on('pageerror', (e) => uncaught.push(e.message));
  // Another packed module of the build, in its place: well packed, wrong bytes.
  const other = readFileSync(new URL(readdirSync(dist).find((f) => /^split_\w+-[0-9a-f]+\.wasm\.xz$/.test(f)), dist));
  const failure = page.getByRole('alert');

  // In the page: its text carries the other module.
  const main = readFileSync(new URL(readdirSync(dist).find((f) => /^majesty-web-[0-9a-f]+_bg\.wasm\.xz$/.test(f)), dist));
  const pieces = (bytes) => bytes.toString('base64').match(/.{1,8192}/g);
  await page.route(/\/\?lang=de$/, async (route) => {
    const html = await (await route.fetch()).text();
    const own = pieces(main);
    expect(html).toContain(own[0]);
    // Only the pieces: the scripts that read them are the page's own.
    let swapped = html;
    own.forEach((piece, at) => (swapped = swapped.replace(`>${piece}<`, `>${at ? '' : other.toString('base64')}<`)));
    await route.fulfill({ body: swapped, contentType: 'text/html' });
  });
  await page.goto('./?lang=de');
  await expect(failure).toContainText('Das Spiel konnte nicht starten');
  await expect(page.locator('.app')).toHaveCount(0);
  await page.unroute(/\/\?lang=de$/);

  // A page cut short after its first piece: its module is never whole.
  await page.route(/\/\?lang=de$/, async (route) => {
    const html = await (await route.fetch()).text();
    const feed = '<script>majestyFeed()</script>';
    await route.fulfill({ body: html.slice(0, html.indexOf(feed) + feed.length), contentType: 'text/html' });
  });
  await page.goto('./?lang=de');
  await expect(failure).toContainText('Das Spiel konnte nicht starten');
  await expect(page.locator('.app')).toHaveCount(0);
  await page.unroute(/\/\?lang=de$/);

  // In a file, fetched where the page cannot read a stream.
  await page.addInitScript(() => delete self.TransformStream);
  await page.route(/majesty-web-[0-9a-f]+_bg\.wasm\.xz$/, (route) => route.fulfill({ body: other }));
  await page.goto('./?lang=de');
  expect(await page.evaluate(() => self.majestyInline)).toBeUndefined();
  await expect(failure).toContainText('Das Spiel konnte nicht starten');
  await expect(page.locator('.app')).toHaveCount(0);
  expect(uncaught).toEqual([]);
  // The right module: the game starts.
  await page.unroute(/majesty-web-[0-9a-f]+_bg\.wasm\.xz$/);
  await failure.getByRole('button', { name: 'Neu laden' }).click();
  await expect(page.getByRole('button', { name: 'Neues Spiel' })).toBeVisible();
});
