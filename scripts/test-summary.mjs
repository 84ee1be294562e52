// What the browser suites' logs (target/test-logs/*.log, written by
// scripts/test.sh) say went wrong, for the end of the test command's
// output: CI shows only the end of a long log.
//
// - a Playwright test that failed: its title, its first error line and
//   where it was thrown (from the list reporter's numbered reports);
// - a Playwright test that failed once, then passed when run again: its
//   title, under "flaky" (a sign of a race to fix, even when all passed);
// - a node:test test that failed: its title;
// - a cross-browser flow run again because its browser died.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'target/test-logs';

/// Playwright's numbered reports: "1) [project] › file:line › title", then
/// the error, the code frame and "at file:line:column".
function reports(lines) {
  const out = [];
  let current = null;
  for (const line of lines) {
    const head = line.match(/^\s+\d+\) (\[.*)$/);
    if (head) {
      current = { title: clean(head[1]), error: null, stack: [], retried: false };
      out.push(current);
    } else if (current && /^\s+Retry #/.test(line)) {
      // The same test run again: its first run said enough.
      current.retried = true;
    } else if (current?.retried) {
      continue;
    } else if (current && !current.error && /^\s+Error/.test(line)) {
      current.error = line.trim();
    } else if (current && current.stack.length < 4 && /^\s+at .*\/e2e\/.*:\d+:\d+\)?$/.test(line)) {
      // "at fn (/path/to/e2e/helpers.mjs:46:43)": from the tests' folder on.
      current.stack.push(line.trim().replace(/\/\S*\/(e2e\/)/, '$1'));
    }
  }
  return out;
}

/// The titles under Playwright's closing "N flaky" line.
function flakyTitles(lines) {
  const start = lines.findIndex((line) => /^\s+\d+ flaky$/.test(line));
  if (start < 0) return [];
  const titles = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\[/.test(line)) break;
    titles.push(clean(line));
  }
  return titles;
}

/// A title without the reporter's trailing rule of "─".
const clean = (title) => title.replace(/\s*─+\s*$/, '').trim();

let files = [];
try {
  files = readdirSync(dir).filter((f) => f.endsWith('.log'));
} catch {
  process.exit(0);
}
for (const file of files.sort()) {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  const flaky = flakyTitles(lines);
  for (const report of reports(lines)) {
    // A report's title may end with the step that failed ("… › step").
    const passedAgain = flaky.some((t) => report.title === t || report.title.startsWith(`${t} › `));
    const label = passedAgain ? 'flaky test (passed when run again)' : 'failed test';
    console.log(`  ${label}: ${report.title}`);
    for (const detail of [report.error, ...report.stack]) if (detail) console.log(`      ${detail}`);
  }
  // node:test lists a failure twice; the second list is headed "✖ failing tests:".
  const failing = new Set(lines.filter((l) => /^\s*✖ /.test(l) && !/failing tests/.test(l)).map((l) => l.trim()));
  for (const title of failing) console.log(`  failed test: ${title}`);
  // A flow run again because its browser died (e2e/browsers/engines.mjs).
  for (const line of lines.filter((l) => /flaky: .*run again in a fresh browser/.test(l))) {
    console.log(`  flaky browser (its flow ran again in a fresh one): ${line.replace(/^.*?flaky: /, '')}`);
  }
}
