// End-to-end tests against the release build (dist/), served under a
// sub-path like GitHub Pages, in Debian's Chromium (never a downloaded one).
//
// Environment:
//   E2E_NO_DEV_SERVER=1  do not start `trunk serve` (slow: a debug build);
//                        e2e/dev-server.spec.mjs then skips itself.
//   E2E_UPDATE_SNAPSHOTS=missing|changed|all
//                        write screenshot baselines (e2e/screens/); without
//                        it a missing or different baseline fails, on CI or
//                        not. `--update-snapshots` on the command line does
//                        the same (it overrides this file).
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const base = '/majesty/';
export const devServer = `http://127.0.0.1:${port + 2}/`;
export const withDevServer = !process.env.E2E_NO_DEV_SERVER;

const updateSnapshots = process.env.E2E_UPDATE_SNAPSHOTS ?? 'none';
if (!['none', 'missing', 'changed', 'all'].includes(updateSnapshots)) {
  throw new Error(`E2E_UPDATE_SNAPSHOTS=${updateSnapshots}: use missing, changed or all`);
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.mjs',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  // Two browsers on two cores: a page can be starved for seconds (a
  // module compiling beside the other worker's game), longer than
  // Playwright's default 5 s for an assertion to come true.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Never write a baseline silently: a missing one fails (see above).
  updateSnapshots,
  // Screenshot baselines: e2e/screens/<name given in the test>-<project>.png.
  snapshotPathTemplate: '{testDir}/screens/{arg}{-projectName}{ext}',
  // Tests that time the main thread (the Long Tasks API: the computers'
  // and the coach's work must stay off it) are tagged @alone: beside
  // another test's browser on a 2-core machine, a starved page shows long
  // tasks that are not its own. scripts/test.sh runs them after all the
  // others (`--project alone`), one at a time.
  projects: [
    // A test that fails beside another is run once more: if it then
    // passes, Playwright reports it "flaky", and scripts/test.sh names it
    // in its summary, so it is seen and fixed rather than hidden.
    { name: 'chromium', grepInvert: /@alone/, retries: 1 },
    { name: 'alone', grep: /@alone/, workers: 1 },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}${base}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node scripts/serve.mjs --dir dist --base ${base} --port ${port}`,
      cwd: '..',
      url: `http://127.0.0.1:${port}${base}`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    // The development server (`trunk serve`: a debug build, auto-reload),
    // building into its own folder so that dist/ stays the release.
    ...(withDevServer
      ? [
          {
            command: `trunk serve --port ${port + 2} --dist target/trunk-dev`,
            cwd: '..',
            url: `http://127.0.0.1:${port + 2}/`,
            reuseExistingServer: false,
            timeout: 600_000,
          },
        ]
      : []),
    {
      // Another origin: the example page of a site that embeds the game.
      command: `node scripts/serve.mjs --dir dist/examples --base / --port ${port + 1}`,
      cwd: '..',
      url: `http://127.0.0.1:${port + 1}/embed.html`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
  ],
});
