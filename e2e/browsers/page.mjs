// A page of the app in a WebDriver session, with the few moves the
// cross-browser flows need. Clicks are WebDriver's own (the browser's real
// input), reading is done in the page.
import { By, until as ready } from 'selenium-webdriver';
import { until } from './engines.mjs';

export class AppPage {
  constructor(browser, base) {
    this.browser = browser;
    this.base = base;
  }

  /// Opens `path` (relative to the app) and waits until the app is up.
  async go(path) {
    await this.browser.get(new URL(path, this.base).href);
    await this.started();
  }

  async reload() {
    await this.browser.navigate().refresh();
    await this.started();
  }

  /// The app drew itself; from here on the page's errors are kept.
  async started() {
    await this.waitFor('.app', 30_000);
    await this.js(() => {
      if (window.__errors) return;
      window.__errors = [];
      addEventListener('error', (e) => window.__errors.push(`error: ${e.message}`));
      addEventListener('unhandledrejection', (e) => window.__errors.push(`rejection: ${e.reason}`));
      const log = console.error;
      console.error = (...args) => {
        window.__errors.push(`console: ${args.join(' ')}`);
        log.apply(console, args);
      };
    });
  }

  /// What the page reported since it started, and whether the boot
  /// fallback shows.
  async problems() {
    return this.js(() => [...(window.__errors ?? []), ...(document.querySelector('.boot-failure') ? ['boot failure'] : [])]);
  }

  /// Runs `fn(...args)` in the page; its result.
  js(fn, ...args) {
    return this.browser.executeScript(`return (${fn}).apply(null, arguments)`, ...args);
  }

  async waitFor(css, timeout = 20_000) {
    return this.browser.wait(ready.elementLocated(By.css(css)), timeout, `no ${css}`);
  }

  /// Waits until `check` (run in the page) is true.
  async waitUntil(check, timeout, message, ...args) {
    await until(() => this.js(check, ...args), timeout, message);
  }

  async text(css) {
    return this.js((css) => document.querySelector(css)?.textContent ?? null, css);
  }

  async waitText(css, pattern, timeout = 20_000) {
    await until(async () => pattern.test((await this.text(css)) ?? ''), timeout, `${css} never matched ${pattern}: "${await this.text(css)}"`);
  }

  async click(css) {
    const element = await this.waitFor(css);
    await this.browser.wait(ready.elementIsEnabled(element), 10_000);
    await element.click();
  }

  /// Clicks the enabled button whose text is `name`.
  async button(name) {
    const xpath = `//button[normalize-space(.)=${JSON.stringify(name)} and not(@disabled)]`;
    const element = await this.browser.wait(ready.elementLocated(By.xpath(xpath)), 20_000, `no button "${name}"`);
    await element.click();
  }

  /// Chooses `value` in the select named `label` (its aria-label).
  async select(label, value) {
    const element = await this.waitFor(`select[aria-label=${JSON.stringify(label)}]`);
    await element.findElement(By.css(`option[value=${JSON.stringify(value)}]`)).click();
    await until(async () => (await this.js((select) => select.value, element)) === value, 5_000, `${label} is not ${value}`);
  }

  /// The display and the cards in flight at rest (no animation running).
  async settled() {
    await this.waitUntil(() => document.getAnimations().every((a) => a.playState !== 'running'), 10_000, 'the table kept moving');
  }

  /// Plays one turn of the person: the front card, the first option of
  /// every choice, Confirm.
  async playFrontCard() {
    await this.settled();
    await this.click('.display .card[data-space="0"]');
    // What the chooser asks for, once it is drawn: nothing more (Confirm is
    // enabled), a choice (one not made yet), or not drawn yet. (A card with
    // one way to place it opens with that way chosen: asked before the
    // chooser was drawn, the test used to wait for a choice never offered.)
    const asks = () =>
      this.js(() => {
        const confirm = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Confirm');
        if (confirm && !confirm.disabled) return 'confirm';
        return document.querySelector('.chooser .choice:not([aria-pressed="true"])') ? 'choice' : 'drawing';
      });
    for (let look = 0; look < 20; look++) {
      const now = await asks();
      if (now === 'confirm') break;
      if (now === 'choice') await this.click('.chooser .choice:not([aria-pressed="true"])');
      else await new Promise((done) => setTimeout(done, 250));
    }
    await this.button('Confirm');
  }

  /// From now on, counts the animations that move something (keyframes of
  /// transform, translate, rotate or scale: the contract of
  /// e2e/motion.spec.mjs; opacity fades are not motion); `moved()` reads it.
  async watchMotion() {
    await this.js(() => {
      window.__moved = 0;
      const seen = new Set(document.getAnimations());
      const moving = ['transform', 'translate', 'rotate', 'scale'];
      const watch = () => {
        for (const a of document.getAnimations()) {
          if (seen.has(a)) continue;
          seen.add(a);
          const frames = a.effect?.getKeyframes?.() ?? [];
          if (frames.some((f) => Object.keys(f).some((p) => moving.includes(p)))) window.__moved++;
        }
        requestAnimationFrame(watch);
      };
      watch();
    });
  }

  /// The moving animations seen since `watchMotion`, two frames on.
  async moved() {
    await this.js(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    return this.js(() => window.__moved);
  }

  async screenshot(file) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, await this.browser.takeScreenshot(), 'base64');
  }
}
