// A minimal static server for the release build: serves DIR under BASE on
// 127.0.0.1, as GitHub Pages serves a project site under /<repo>/, and
// gzip-compresses text and wasm when the browser accepts it, as Pages does.
// Usage: node scripts/serve.mjs --dir dist --base /majesty/ --port 4173
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => {
    if (arg.startsWith('--')) pairs.push([arg.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const root = resolve(args.dir ?? 'dist');
const base = args.base ?? '/';
const port = Number(args.port ?? 4173);

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  // The packed main module (scripts/post-build.mjs): served as it is, as Pages does.
  '.xz': 'application/x-xz',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.webmanifest', '.svg', '.txt']);
const cache = new Map();
const gzipped = (key, body) => {
  if (!cache.has(key)) cache.set(key, gzipSync(body, { level: 9 }));
  return cache.get(key);
};

createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === base.replace(/\/$/, '')) {
    res.writeHead(301, { location: base }).end();
    return;
  }
  if (!path.startsWith(base)) {
    res.writeHead(404).end('not found');
    return;
  }
  let file = normalize(join(root, path.slice(base.length)));
  if (!file.startsWith(root)) {
    res.writeHead(403).end();
    return;
  }
  try {
    if ((await stat(file)).isDirectory()) {
      // Like GitHub Pages: a folder's address ends with a slash, so that
      // its page's relative links resolve inside it (the manual, docs/).
      if (!path.endsWith('/')) {
        const asked = new URL(req.url, 'http://x');
        res.writeHead(301, { location: `${asked.pathname}/${asked.search}` }).end();
        return;
      }
      file = join(file, 'index.html');
    }
    const { mtimeMs } = await stat(file);
    let body = await readFile(file);
    const headers = {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
    };
    if (compressible.has(extname(file)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      body = gzipped(`${file}@${mtimeMs}`, body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(200, headers);
    res.end(body);
  } catch {
    // Like GitHub Pages: unknown paths get the site's 404.html.
    const page = await readFile(join(root, '404.html')).catch(() => 'not found');
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  }
}).listen(port, '127.0.0.1', () => {
  console.log(`serving ${root} at http://127.0.0.1:${port}${base}`);
});
