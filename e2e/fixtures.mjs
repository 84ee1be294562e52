// A `page` that fails the test on any console error, uncaught exception,
// failed request or HTTP error response.
import { test as base, expect } from '@playwright/test';

export const test = base.extend({
  page: async ({ page }, use) => {
    const problems = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
    page.on('requestfailed', (req) => {
      const error = req.failure()?.errorText;
      // ERR_ABORTED: the test itself navigated away (goto, reload) mid-request.
      if (error !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.url()} (${error})`);
    });
    page.on('response', (res) => {
      if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
    });
    await use(page);
    expect(problems, 'console errors and failed requests').toEqual([]);
  },
});

export { expect };
