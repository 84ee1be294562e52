// Checks the documentation's links: every relative link of README.md,
// CONTRIBUTING.md, CHANGELOG.md, the crates' READMEs and docs/ (with its
// folders) names a file of the repository, every `#anchor` a heading of its
// page (GitHub's slugs), and every page of docs/ is listed in
// docs/SUMMARY.md.
//
// It also checks the paths written in inline code (`src/app.rs`) on the
// same pages but CHANGELOG.md, whose history names files since removed:
// each word of a code span outside fenced blocks whose first segment is a
// top-level file or folder of the repository and that has a `/` must name
// a file or folder, from the repository's root or from the page's own
// folder (a crate's README names `src/lib.rs`). Not checked: globs and
// placeholders (`src/*.rs`, `<code>`, `…`), URLs and addresses (`://`,
// `?`, `=`), and build outputs (`dist/`, `target/`, the test results).
// Prints each problem with its file and line; exits non-zero if there is
// one.
//
// Usage: node scripts/check-docs.mjs
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
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

/// Folders the build or the tests write, not kept in the repository: a
/// path in them is not checked.
const outputs = ['dist/', 'target/', 'node_modules/', 'e2e/test-results/', 'e2e/playwright-report/', '.tools/'];

/// The repository path a word of inline code names, or null when it names
/// none that can be checked. `tops` holds the repository's top-level names.
export function repoPath(word, tops) {
  // Quotes and punctuation around the word, a line (`:12`) or an anchor.
  const path = word
    .replace(/^[("'\[]+/, '')
    .replace(/['’]s$/, '')
    .replace(/[)"',.;:\]]+$/, '')
    .replace(/:\d+(-\d+)?$/, '')
    .replace(/#.*$/, '');
  if (!path.includes('/')) return null;
  if (/:\/\/|[*?<>{}\[\]$…=|~\\]|\.\.\./.test(path)) return null;
  if (outputs.some((o) => path === o.slice(0, -1) || path.startsWith(o))) return null;
  if (!tops.has(path.split('/')[0])) return null;
  return path;
}

/// The repository paths a page writes in inline code outside fenced blocks
/// (a code span may go on over a line's end), each with its line.
export function* codePaths(text, tops) {
  let fenced = false;
  const prose = text
    .split('\n')
    .map((line) => {
      const fence = line.trimStart().startsWith('```');
      if (fence) fenced = !fenced;
      return fence || fenced ? '' : line;
    })
    .join('\n');
  for (const span of prose.matchAll(/`([^`]+)`/g)) {
    let line = prose.slice(0, span.index).split('\n').length;
    for (const word of span[1].split(/( |\n)/)) {
      if (word === '\n') line += 1;
      const path = repoPath(word, tops);
      if (path) yield { line, path };
    }
  }
}

/// The problems of the pages: broken links and anchors, paths that name
/// nothing, pages of docs/ missing from docs/SUMMARY.md.
function problems() {
  const tops = new Set(readdirSync(root).filter((name) => name !== '.git' && !outputs.includes(`${name}/`)));
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
    if (page === 'CHANGELOG.md') continue; // history names files since removed
    for (const { line, path } of codePaths(text, tops)) {
      if (!existsSync(join(root, path)) && !existsSync(join(root, dirname(page), path))) {
        broken.push(`${page}:${line}: \`${path}\`: no such file or folder`);
      }
    }
  }

  const summary = readFileSync(join(root, 'docs/SUMMARY.md'), 'utf8');
  const listed = new Set([...links(summary)].map(({ target }) => target));
  for (const page of pages.filter((p) => p.startsWith('docs/') && p !== 'docs/SUMMARY.md')) {
    const name = relative('docs', page);
    if (!listed.has(name)) broken.push(`docs/SUMMARY.md: ${name} is not listed`);
  }
  return broken;
}

// Run as a script (not when a test imports it).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const broken = problems();
  for (const problem of broken) console.error(problem);
  console.log(`docs: ${pages.length} pages, ${broken.length} problem${broken.length === 1 ? '' : 's'}`);
  process.exitCode = broken.length ? 1 : 0;
}
