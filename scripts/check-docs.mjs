// Checks the documentation's links: every relative link of README.md,
// CONTRIBUTING.md, CHANGELOG.md, rules/README.md, ai/README.md and docs/
// (with its folders) names a file of the repository, every `#anchor` a heading of its page (GitHub's
// slugs), and every page of docs/ is listed in docs/SUMMARY.md. Prints each
// broken link with its file and line; exits non-zero if there is one.
//
// Usage: node scripts/check-docs.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  'CHANGELOG.md',
  'rules/README.md',
  'ai/README.md',
  'content/README.md',
  'cli/README.md',
  ...readdirSync(join(root, 'docs'), { recursive: true }).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`),
];

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces
/// to hyphens.
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');

/// The anchors of a page's headings (outside code blocks).
function anchors(text) {
  const found = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && line.match(/^#{1,6} (.*)$/);
    if (heading) found.add(slug(heading[1]));
  }
  return found;
}

/// Links of a page outside code blocks and inline code: [text](target).
function* links(text) {
  let fenced = false;
  for (const [i, line] of text.split('\n').entries()) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const prose = line.replace(/`[^`]*`/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) yield { line: i + 1, target: m[1] };
  }
}

const broken = [];
for (const page of pages) {
  const text = readFileSync(join(root, page), 'utf8');
  for (const { line, target } of links(text)) {
    if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
    const [path, anchor] = target.split('#');
    const file = path ? normalize(join(dirname(page), path)) : page;
    if (!existsSync(join(root, file))) {
      broken.push(`${page}:${line}: ${target}: no file ${file}`);
      continue;
    }
    if (anchor !== undefined && file.endsWith('.md')) {
      if (!anchors(readFileSync(join(root, file), 'utf8')).has(anchor)) {
        broken.push(`${page}:${line}: ${target}: no heading #${anchor} in ${file}`);
      }
    }
  }
}

const summary = readFileSync(join(root, 'docs/SUMMARY.md'), 'utf8');
const listed = new Set([...links(summary)].map(({ target }) => target));
for (const page of pages.filter((p) => p.startsWith('docs/') && p !== 'docs/SUMMARY.md')) {
  const name = relative('docs', page);
  if (!listed.has(name)) broken.push(`docs/SUMMARY.md: ${name} is not listed`);
}

for (const problem of broken) console.error(problem);
console.log(`docs: ${pages.length} pages, ${broken.length} broken link${broken.length === 1 ? '' : 's'}`);
process.exitCode = broken.length ? 1 : 0;
