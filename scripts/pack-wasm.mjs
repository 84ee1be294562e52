// Packs the release build's WebAssembly modules with xz for the journey.
//
// GitHub Pages compresses what it serves with gzip only; xz (LZMA2) makes
// these modules about a fifth smaller than gzip -9 (the main module 354 →
// 270 KB), and a slow connection's load time follows the bytes. So the
// release hook writes each module that gains a kilobyte or more as
// `<file>.wasm.xz` (served as is: Pages does not compress it again) and the page unpacks it as it arrives, with
// xz-decompress (xz-embedded compiled to WebAssembly, an npm package), and
// hands it to WebAssembly.instantiateStreaming.
//
// One classic script, `unxz-<hash>.js`, holds the decoder and
// `self.majestyModule(url)`, the one function its three users call: the
// page's start (index.html), the parts' loader (__wasm_split.js) and the
// search worker's loader (search-loader.js); the service worker imports it
// to keep the modules unpacked. Debug builds are not packed.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/// What a packed file's name ends with.
export const PACKED = '.xz';

// pb=0: WebAssembly's code is a byte stream with no 2- or 4-byte alignment
// for the position bits to find (0.2% smaller than the default). The
// dictionary no larger than the module: the decoder allocates the whole
// dictionary the file names (preset 9's is 64 MiB), and a larger one finds
// nothing more.
const packed = (file) => {
  const options = `preset=9e,pb=0,dict=${dictionaryFor(statSync(file).size)}`;
  return execFileSync('xz', ['--format=xz', '--check=crc32', `--lzma2=${options}`, '--stdout', file], { maxBuffer: 256 << 20 });
};

/// The smallest dictionary size xz can write (2^n or 3·2^(n-1), from 4 KiB)
/// that holds `size` bytes.
export function dictionaryFor(size) {
  for (let n = 12; ; n++) {
    if (2 ** n >= size) return 2 ** n;
    if (3 * 2 ** (n - 1) >= size) return 3 * 2 ** (n - 1);
  }
}

/// Packs `file` (a path) into `file.xz` beside it and removes the original.
export function pack(file) {
  writeFileSync(file + PACKED, packed(file));
  rmSync(file);
}

/// Whether packing `file` saves at least a kilobyte on the gzip Pages would
/// send: the small chunks gain nothing, and every packed module costs the
/// page an unpacking (a few milliseconds each on a slow phone, one at a
/// time), which the parts' many small chunks would add up.
export const worthPacking = (file) => gzipSync(readFileSync(file), { level: 9 }).length - packed(file).length >= 1024;

// Appended to the decoder, which defines self['xz-decompress'] (its UMD
// wrapper's global, in a page, a worker and the service worker alike).
//
// The decoder unpacks one stream at a time: a stream holds it from its start
// to its end. So a module is unpacked whole (as it arrives) before it is
// handed on, never left half read (the parts' loader holds a part's response
// until the chunks it needs are in, and those wait for the decoder).
//
// A page the service worker serves asks for the module itself (`<file>.wasm`):
// the service worker keeps every module unpacked (scripts/sw-template.js),
// and the browser keeps the machine code it compiled from a cached module,
// so a returning visit neither unpacks nor compiles again.
const UNPACKED = `
/* The project's (scripts/pack-wasm.mjs). */
self.majestyUnpack = function (response) {
  if (!response.ok) return Promise.reject(new Error('could not fetch ' + response.url + ': ' + response.status));
  var XzReadableStream = self['xz-decompress'].XzReadableStream;
  return new Response(new XzReadableStream(response.body)).arrayBuffer();
};
self.majestyModule = function (url, packedInit) {
  var container = self.navigator.serviceWorker;
  if (container && container.controller) return fetch(url);
  return fetch(String(url) + '${PACKED}', packedInit).then(self.majestyUnpack).then(function (module) {
    return new Response(module, { headers: { 'content-type': 'application/wasm' } });
  });
};
`;

/// Writes the decoder script into `stage`, named by its contents; returns
/// its name.
export function writeUnpacker(root, stage) {
  const decoder = readFileSync(join(root, 'node_modules/xz-decompress/dist/package/xz-decompress.min.js'), 'utf8');
  const script = decoder + UNPACKED;
  const name = `unxz-${createHash('sha256').update(script).digest('hex').slice(0, 16)}.js`;
  writeFileSync(join(stage, name), script);
  return name;
}

/// JavaScript that fetches a module (`url`: JavaScript that makes its
/// address, e.g. `"./part.wasm"`; `packedInit`: the fetch's options for its
/// packed file), giving the module's response.
export const moduleFetch = (url, packedInit) => `self.majestyModule(${url}${packedInit ? `, ${packedInit}` : ''})`;
