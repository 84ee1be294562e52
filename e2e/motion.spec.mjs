// The contract with the new board: motion and theme.
//
// Motion: when a card is taken, the app moves things with Web Animations
// (`element.animate`): the card travelling from the display to the realm,
// pawns moving. A moving animation is one whose keyframes animate
// `transform` (or the individual `translate`, `rotate`, `scale`). Under
// `prefers-reduced-motion: reduce` no such animation may run, only opacity
// fades, and the board still changes. Each test arms a collector in the
// page; the click on Confirm starts it, and for MOVE_WATCH_MS it records
// every animation that `document.getAnimations()` shows or
// `element.animate` starts and that was not already there: its kind
// (Animation for element.animate, CSSAnimation, CSSTransition), the
// properties its keyframes animate, and its element.
//
// Theme: the page's background follows `prefers-color-scheme` (dark:
// luminance < 0.2, light: > 0.6), and the theme switch in the header (a
// control labelled "Theme") is remembered across a reload.
import { test, expect } from './fixtures.mjs';
import {
  startGame,
  playFrontCard,
  realmCardCount,
  themeSwitch,
  chooseTheme,
  expectBackground,
} from './helpers.mjs';

const MOVE_WATCH_MS = 1000;

/// A new game whose moves play: the code that plays them is a part of the
/// page fetched in idle time once the board is up (before it is here a
/// turn shows its result at once).
async function startMovingGame(page) {
  await startGame(page, { players: 2 });
  await page.waitForFunction(() => performance.getEntriesByName('part:motion').length > 0);
}
const MOVING = ['transform', 'translate', 'rotate', 'scale'];

/// Plays the front card for the player to move (a person) and returns the
/// animations that started within MOVE_WATCH_MS of the click on Confirm.
async function takeFrontCardWatching(page) {
  await page.evaluate(
    ([watchMs, moving]) => {
      window.__moves = [];
      window.__movesDone = false;
      const label = (el) =>
        el
          ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`
          : null;
      const onConfirm = (event) => {
        const button = event.target.closest?.('button');
        const name = `${button?.textContent ?? ''} ${button?.getAttribute('aria-label') ?? ''}`;
        if (!button || !/confirm/i.test(name)) return;
        document.removeEventListener('click', onConfirm, true);
        // What was already running (a hover, an idle loop) is not the move.
        const seen = new Set(document.getAnimations());
        // Element.animate is watched too: on a starved page a short
        // animation can start and end between two frames, and an ended one
        // is no longer in document.getAnimations().
        const started = [];
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
          const animation = animate.apply(this, args);
          started.push(animation);
          return animation;
        };
        const start = performance.now();
        const poll = () => {
          for (const animation of [...started.splice(0), ...document.getAnimations()]) {
            if (seen.has(animation)) continue;
            seen.add(animation);
            const effect = animation.effect;
            const frames = effect?.getKeyframes?.() ?? [];
            const props = [...new Set(frames.flatMap((f) => Object.keys(f)))].filter(
              (p) => !['offset', 'computedOffset', 'easing', 'composite'].includes(p),
            );
            const target = effect?.target ?? null;
            window.__moves.push({
              kind: animation.constructor.name,
              name: animation.animationName ?? animation.transitionProperty ?? animation.id ?? '',
              props,
              moving: props.some((p) => moving.includes(p)),
              target: `${label(target)}${effect?.pseudoElement ?? ''}`,
              onClickedButton: Boolean(target && button.contains(target)),
              duration: effect?.getComputedTiming?.().duration ?? null,
              at: Math.round(performance.now() - start),
            });
          }
          if (performance.now() - start < watchMs) requestAnimationFrame(poll);
          else {
            Element.prototype.animate = animate;
            window.__movesDone = true;
          }
        };
        poll();
      };
      document.addEventListener('click', onConfirm, true);
    },
    [MOVE_WATCH_MS, MOVING],
  );
  await playFrontCard(page);
  await page.waitForFunction(() => window.__movesDone === true, null, { timeout: MOVE_WATCH_MS + 5_000 });
  return page.evaluate(() => window.__moves);
}

const summary = (animations) =>
  animations.length
    ? animations.map((a) => `${a.kind} ${a.name} [${a.props.join(', ')}] on ${a.target} (+${a.at} ms)`).join('; ')
    : 'none at all';

test.describe('motion', () => {
  // The collector itself: otherwise "nothing moves" could pass because it
  // sees nothing. The page is given two animations of its own on Confirm.
  test('the collector sees what Confirm starts: element.animate, moving or fading', async ({ page }) => {
    await startGame(page, { players: 2 });
    await page.evaluate(() =>
      document.addEventListener('click', (event) => {
        if (!/confirm/i.test(event.target.closest?.('button')?.textContent ?? '')) return;
        setTimeout(() => {
          const probe = (id) => document.body.appendChild(Object.assign(document.createElement('div'), { id }));
          probe('moves').animate([{ transform: 'translateX(0)' }, { transform: 'translateX(8px)' }], 300);
          probe('fades').animate([{ opacity: 1 }, { opacity: 0.5 }], 300);
        }, 100);
      }),
    );
    const animations = await takeFrontCardWatching(page);
    // (The app's own animations of the move are seen too; only the probes are checked here.)
    const mine = animations.filter((a) => a.kind === 'Animation' && /^div#(moves|fades)$/.test(a.target));
    expect(mine.map((a) => [a.target, a.props, a.moving])).toEqual([
      ['div#moves', ['transform'], true],
      ['div#fades', ['opacity'], false],
    ]);
  });

  test('taking a card moves it: a Web Animation with transform keyframes', async ({ page }) => {
    await startMovingGame(page);
    const before = await realmCardCount(page, 0);
    expect(before, "the first player's realm (realmCardCount in helpers.mjs)").toBe(0);
    const animations = await takeFrontCardWatching(page);
    // A hover effect on Confirm itself is not the card moving.
    const moving = animations.filter((a) => a.moving && !a.onClickedButton);
    expect(
      moving.length,
      `no moving animation (keyframes with ${MOVING.join('/')}) within ${MOVE_WATCH_MS} ms of Confirm; ` +
        `animations seen: ${summary(animations)}`,
    ).toBeGreaterThan(0);
    await expect.poll(() => realmCardCount(page, 0)).toBe(1);
  });

  test('with prefers-reduced-motion: reduce nothing moves (fades only), and the board still updates', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await startMovingGame(page);
    expect(await realmCardCount(page, 0), "the first player's realm (realmCardCount in helpers.mjs)").toBe(0);
    const animations = await takeFrontCardWatching(page);
    const moving = animations.filter((a) => a.moving);
    expect(
      moving.map((a) => `${a.kind} ${a.name} [${a.props.join(', ')}] on ${a.target}`),
      `animations with ${MOVING.join('/')} keyframes under prefers-reduced-motion: reduce`,
    ).toEqual([]);
    // The move still happened: the card is in the realm, the next turn is on.
    await expect.poll(() => realmCardCount(page, 0), { message: "cards in the first player's realm" }).toBe(1);
    await expect(page.locator('h1')).toContainText('turn 2 of 24');
  });
});

test.describe('theme', () => {
  for (const scheme of ['light', 'dark']) {
    test(`the page follows prefers-color-scheme: ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('./');
      await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
      await expectBackground(page, scheme);
    });
  }

  test('the theme switch in the header is remembered across a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('./');
    await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
    // Until the header has a theme switch (a select, radio group or button
    // labelled "Theme"), this test is a fixme; it runs once the switch is there.
    test.fixme(!(await themeSwitch(page)), 'no theme switch (a control labelled "Theme") in the header yet');

    // Dark chosen while the browser prefers light: still dark after a reload.
    await chooseTheme(page, 'dark');
    await page.reload();
    await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
    await expectBackground(page, 'dark');

    // Light chosen while the browser prefers dark: still light after a reload.
    await page.emulateMedia({ colorScheme: 'dark' });
    await chooseTheme(page, 'light');
    await page.reload();
    await expect(page.getByRole('button', { name: 'New game' })).toBeVisible();
    await expectBackground(page, 'light');
  });
});
