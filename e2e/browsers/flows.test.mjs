// The project's essential flows in Firefox ESR and WebKitGTK (Safari's
// engine), through WebDriver: the same flows the Chromium suite checks in
// depth, here once per engine. Run by scripts/test.sh against the
// release build (dist/); ENGINES=firefox or webkit runs one engine.
// Screenshots of the board (desk and phone, light and dark) are written to
// e2e/test-results/browsers/ to be looked at.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { ENGINES, inOwnBrowser, installed, openBrowser, until, xDisplay } from './engines.mjs';
import { AppPage } from './page.mjs';

const port = Number(process.env.BROWSERS_PORT ?? 4260);
const base = `http://127.0.0.1:${port}/majesty/`;
const shots = new URL('../test-results/browsers/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const engines = (process.env.ENGINES ?? 'firefox,webkit').split(',');

/// The release build served as GitHub Pages serves it; `stop` ends it.
async function serve() {
  const server = spawn('node', ['scripts/serve.mjs', '--dir', 'dist', '--base', '/majesty/', '--port', String(port)], {
    stdio: 'ignore',
  });
  await until(async () => (await fetch(base)).ok, 10_000, 'the static server did not start');
  return () => server.kill();
}

for (const engine of engines) {
  describe(ENGINES[engine].name, { skip: !installed(engine) && `${engine} is not installed (scripts/setup.sh test)` }, () => {
    let stopServer;
    let x;
    let session;
    let page;

    before(async () => {
      stopServer = await serve();
      x = engine === 'webkit' ? await xDisplay() : null;
      session = await openBrowser(engine, { display: x?.display });
      page = new AppPage(session.browser, base);
      await session.browser.manage().window().setRect({ width: 1366, height: 768 });
    });

    after(async () => {
      await session?.close();
      x?.stop();
      stopServer?.();
    });

    /// Each flow ends with no error reported by the page.
    async function clean() {
      assert.deepEqual(await page.problems(), []);
    }

    it('home screen', async () => {
      await page.go('./?lang=en');
      // The app's home screen, not the drawing the page shows before it
      // (index.html), which the app may take away between finding a
      // button and clicking it.
      await page.waitFor('body > .app .home');
      await page.button('New game');
      await page.waitFor('.setup');
      // (The home screen drawn before the app, where it came first, is
      // gone: one page, the app's.)
      assert.deepEqual(await page.js(() => [document.querySelectorAll('.app').length, !!document.getElementById('home-shell')]), [1, false]);
      await clean();
    });

    it('a whole game against a computer, thinking in the search worker, to the final scoring', async () => {
      await page.go('./?lang=en&players=Ann,Bob:hard#deal=7');
      const status = 'h1.status';
      for (let turn = 0; turn < 40; turn++) {
        await page.waitText(status, /Ann to play|Game over/, 30_000);
        if (/Game over/.test(await page.text(status))) break;
        await page.playFrontCard();
      }
      await page.waitFor('.panel.final.done', 30_000);
      assert.equal(await page.js(() => document.documentElement.dataset.search), 'worker');
      // The page still answers once the game is over (the main thread is
      // not caught in a loop): a while later, "Play again" deals anew.
      await new Promise((done) => setTimeout(done, 3_000));
      const start = Date.now();
      await page.click('.panel.final button.primary');
      await page.waitUntil(() => !document.querySelector('.panel.final'), 5_000, 'the final scoring stayed');
      assert.ok(Date.now() - start < 5_000, `the page took ${Date.now() - start} ms to answer a click`);
      await clean();
    });

    it('Back and Forward move between screens in the page, and a reload reopens the screen shown', async () => {
      await page.go('./?lang=en');
      await page.waitFor('body > .app .home');
      await page.js(() => { window.samePage = true; });
      const search = () => page.js(() => location.search);
      await page.button('Rules, each one live');
      await page.waitFor('.rules-topic a');
      assert.equal(await search(), '?rules=1&lang=en');
      await page.click('.rules-topic a[data-scenario="heal"]');
      await page.waitFor('section.scenario');
      assert.equal(await search(), '?rules=heal&lang=en');
      await page.browser.navigate().back();
      await page.waitUntil(() => !document.querySelector('section.scenario') && !!document.querySelector('.rules-topic a'), 10_000, 'Back did not show the rules');
      await page.browser.navigate().back();
      await page.waitFor('.app .home');
      assert.equal(await search(), '?lang=en');
      await page.browser.navigate().forward();
      await page.waitFor('.rules-topic a');
      assert.equal(await page.js(() => window.samePage === true), true, 'Back and Forward loaded the page again');
      await page.reload();
      await page.waitFor('.rules-topic a');
      assert.equal(await search(), '?rules=1&lang=en');
      await clean();
    });

    it('a reload mid-game resumes the game', async () => {
      await page.go('./?lang=en&players=Ann,Cy#deal=11');
      for (let i = 0; i < 3; i++) await page.playFrontCard();
      await page.waitUntil(() => document.querySelectorAll('.log > ol > li').length === 3, 10_000, 'three turns in the log');
      await page.reload();
      await page.waitUntil(() => document.querySelectorAll('.log > ol > li').length === 3, 10_000, 'the game did not resume');
      await clean();
    });

    it('an animated turn', async () => {
      await page.go('./?lang=en&players=Ann,Dee#deal=12');
      await page.settled();
      await page.watchMotion();
      await page.playFrontCard();
      await page.waitUntil(() => window.__moved > 0, 5_000, 'nothing moved on a turn');
      await clean();
    });

    it('nothing moves on a turn when the reader asks for less motion (fades only)', async (t) => {
      const calm = { display: x?.display, reducedMotion: true };
      await inOwnBrowser(engine, calm, async (browser) => {
        const still = new AppPage(browser, base);
        await still.go('./?lang=en&players=Ann,Dee#deal=12');
        assert.equal(await still.js(() => matchMedia('(prefers-reduced-motion: reduce)').matches), true, 'the browser asks for less motion');
        await still.watchMotion();
        await still.playFrontCard();
        await still.waitUntil(() => document.querySelectorAll('.log > ol > li').length === 1, 5_000, 'the turn was not played');
        assert.equal(await still.moved(), 0, 'nothing moves (fades only)');
        assert.deepEqual(await still.problems(), []);
      }, (message) => t.diagnostic(message));
    });

    it('dark theme, desk and phone: screenshots of the board', async () => {
      await page.go('./?lang=en&players=Ann,Bob:medium#deal=3');
      await page.playFrontCard();
      await page.waitText('h1.status', /Ann to play/, 30_000);
      await page.settled();
      await page.screenshot(`${shots}${engine}-desk-light.png`);
      await page.select('Theme', 'dark');
      await page.waitUntil(() => document.documentElement.dataset.theme === 'dark', 5_000, 'no dark theme');
      const background = await page.js(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = background.match(/\d+/g).map(Number);
      assert.ok(r + g + b < 200, `a dark page is dark (${background})`);
      await page.screenshot(`${shots}${engine}-desk-dark.png`);
      await session.browser.manage().window().setRect({ width: 390, height: 844 });
      await page.reload();
      await page.settled();
      assert.ok(await page.js(() => document.documentElement.scrollWidth <= innerWidth + 1), 'the phone page is no wider than its window');
      await page.screenshot(`${shots}${engine}-phone-dark.png`);
      await page.select('Theme', 'light');
      await page.settled();
      await page.screenshot(`${shots}${engine}-phone-light.png`);
      await session.browser.manage().window().setRect({ width: 1366, height: 768 });
      await clean();
    });

    it('the tutorial\'s first steps', async () => {
      await page.go('./?lang=en&tutorial=1');
      await page.waitFor('.coach-bubble');
      const first = await page.text('.coach-bubble');
      await page.button('Next');
      await until(async () => (await page.text('.coach-bubble')) !== first, 10_000, 'the tutorial did not go on');
      await clean();
    });

    it('a Rules scenario', async () => {
      await page.go('./?lang=en&rules=heal');
      await page.waitFor('.scenario[data-scenario="heal"]');
      await clean();
    });

    it('the scenario editor', async () => {
      await page.go('./?lang=en&editor=1');
      await page.waitFor('.editor-table');
      await clean();
    });

    it('play live: the invitation (a WebRTC data channel\'s offer) is made, or the browser is said to lack WebRTC', async () => {
      await page.go('./?lang=en');
      await page.waitFor('body > .app .home');
      if (!(await page.js(() => 'RTCPeerConnection' in window))) {
        // Debian's WebKitGTK is built without WebRTC (Safari has it).
        const notice = /This browser cannot play live: it has no WebRTC/;
        await page.button('Play live');
        await page.waitText('.notice[role="alert"]', notice, 5_000);
        assert.equal(await page.js(() => document.querySelector('.setup') === null), true, 'no setup for a game it cannot play');
        await page.go('./?lang=en#live=AQAHAAAAAAAAAAEAAKurq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urAQDAqAECiBM');
        await page.waitText('.notice[role="alert"]', notice, 5_000);
        await clean();
        return;
      }
      await page.button('Play live');
      await page.select('Who plays seat 2', 'person');
      await page.button('Play live');
      await page.waitText('h1', /Play live: share the link/);
      await page.button('Invite by hand instead');
      await page.waitText('h1', /Play live: invite the players/);
      await page.waitUntil(() => document.querySelector('.live-seat[data-seat="1"]')?.dataset.status === 'ready', 20_000, 'no invitation');
      const link = await page.js(() => document.querySelector('.live-seat[data-seat="1"] .game-link').value);
      assert.match(link, /#live=[\w-]{40,}/);
      await clean();
    });

    it('a language switch', async () => {
      await page.go('./?lang=en');
      await page.waitFor('body > .app .home');
      await page.select('Language', 'de');
      await page.waitUntil(() => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Neues Spiel'), 10_000, 'no German');
      await page.select('Sprache', 'en');
      await page.waitFor('.home');
      await clean();
    });

    it('offline after the first visit', async () => {
      await page.go('./?lang=en');
      assert.equal(await page.js(() => 'serviceWorker' in navigator), true, 'a service worker');
      await page.waitUntil(() => navigator.serviceWorker.controller != null, 20_000, 'the service worker never took the page');
      stopServer();
      stopServer = null;
      await page.go('./?lang=en&players=Ann,Eve#deal=5');
      await page.playFrontCard();
      await page.waitUntil(() => document.querySelectorAll('.log > ol > li').length === 1, 10_000, 'no turn offline');
      await clean();
    });
  });
}
