// The browsers the cross-browser suite drives through WebDriver, besides
// the Chromium that Playwright drives: Firefox ESR (geckodriver) and
// WebKitGTK, the engine of Safari (WebKitWebDriver and its MiniBrowser,
// under Xvfb). Each is installed by scripts/setup.sh from Debian's packages
// (geckodriver from crates.io). selenium-webdriver talks to the driver it
// is given (`usingServer`): it never downloads one.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder } from 'selenium-webdriver';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const GECKODRIVER = [join(process.env.HOME ?? '', '.cargo/bin/geckodriver'), '/usr/local/bin/geckodriver']
  .find(existsSync) ?? 'geckodriver';

export const ENGINES = {
  firefox: {
    name: 'Firefox ESR',
    driver: (port) => [GECKODRIVER, ['--port', String(port), '--log', 'error']],
    capabilities: ({ reducedMotion }) => ({
      browserName: 'firefox',
      'moz:firefoxOptions': {
        binary: '/usr/bin/firefox-esr',
        args: ['-headless'],
        prefs: { 'ui.prefersReducedMotion': reducedMotion ? 1 : 0, 'intl.accept_languages': 'en-US' },
      },
    }),
  },
  webkit: {
    name: 'WebKitGTK',
    driver: (port) => ['WebKitWebDriver', [`--port=${port}`]],
    capabilities: () => ({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    }),
    // WebKitGTK's prefers-reduced-motion follows GTK's animation setting,
    // read from the driver's (and so the browser's) configuration folder.
    env: ({ reducedMotion }) => {
      if (!reducedMotion) return {};
      const home = mkdtempSync(join(tmpdir(), 'majesty-gtk-'));
      mkdirSync(join(home, 'gtk-3.0'));
      writeFileSync(join(home, 'gtk-3.0/settings.ini'), '[Settings]\ngtk-enable-animations=0\n');
      return { XDG_CONFIG_HOME: home };
    },
  },
};

/// Whether `engine`'s browser and driver are installed here.
export function installed(engine) {
  return engine === 'firefox'
    ? existsSync('/usr/bin/firefox-esr') && (GECKODRIVER !== 'geckodriver' || onPath('geckodriver'))
    : existsSync(MINIBROWSER) && onPath('WebKitWebDriver');
}

function onPath(command) {
  return (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, command)));
}

let nextPort = Number(process.env.WEBDRIVER_PORT ?? 4450);

/// A browser session of `engine` (its driver started for it); `close`
/// ends both.
export async function openBrowser(engine, { reducedMotion = false, display } = {}) {
  const spec = ENGINES[engine];
  const port = nextPort++;
  const [command, args] = spec.driver(port);
  const env = { ...process.env, ...(display ? { DISPLAY: display } : {}), ...(spec.env?.({ reducedMotion }) ?? {}) };
  const driver = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = `http://127.0.0.1:${port}`;
  await until(async () => (await fetch(`${server}/status`)).ok, 10_000, `${spec.name}'s driver did not start`);
  const browser = await new Builder().usingServer(server).withCapabilities(spec.capabilities({ reducedMotion })).build();
  await browser.manage().setTimeouts({ script: 30_000 });
  return {
    browser,
    close: async () => {
      await browser.quit().catch(() => {});
      driver.kill();
    },
  };
}

/// Whether `error` says the engine's page process died under the driver
/// (WebKitGTK's "session deleted because of page crash or hang"): the
/// browser went, the page gave no answer at all.
export function browserDied(error) {
  return error?.name === 'NoSuchSessionError' && /crash|hang/.test(error.message);
}

/// Runs `flow` in a browser of its own, closed after it. Only when that
/// browser's page process died (WebKitGTK's has, now and then, on a busy
/// CI machine), `flow` runs once more in a fresh one, and `tell` says so:
/// the test summary lists it as flaky. Any other failure is the test's.
export async function inOwnBrowser(engine, options, flow, tell) {
  for (let run = 1; ; run++) {
    const own = await openBrowser(engine, options);
    try {
      return await flow(own.browser);
    } catch (error) {
      if (run > 1 || !browserDied(error)) throw error;
      tell(`flaky: ${ENGINES[engine].name}'s page process died (${error.message.split('\n')[0]}); run again in a fresh browser`);
    } finally {
      await own.close();
    }
  }
}

/// Polls `check` until it is true (an exception counts as false).
export async function until(check, timeout, message) {
  const end = Date.now() + timeout;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > end) throw new Error(message);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/// An X display for WebKitGTK: the one the session has, else an Xvfb of
/// our own (stopped by `stop`).
export async function xDisplay() {
  if (process.env.DISPLAY) return { display: process.env.DISPLAY, stop: () => {} };
  const display = `:${90 + (process.pid % 9)}`;
  const xvfb = spawn('Xvfb', [display, '-screen', '0', '1600x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
  await until(() => existsSync(`/tmp/.X11-unix/X${display.slice(1)}`), 10_000, 'Xvfb did not start');
  return { display, stop: () => xvfb.kill() };
}
