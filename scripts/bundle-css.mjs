// Trunk's pre-build hook (Trunk.toml): the style sheets of style/, one per
// part of the page, joined in this order into one file for index.html, so
// the page loads a single style sheet. A missing part fails the build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const parts = ['theme', 'base', 'art', 'board', 'realm', 'final', 'coach', 'editor'];
const root = new URL('..', import.meta.url).pathname;
const css = parts
  .map((p) => `/* style/${p}.css */\n${readFileSync(`${root}style/${p}.css`, 'utf8')}`)
  .join('\n');
mkdirSync(`${root}target`, { recursive: true });
writeFileSync(`${root}target/app.css`, css);
