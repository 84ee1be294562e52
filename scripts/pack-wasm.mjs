// Packs the release build's WebAssembly modules with xz for the journey.
//
// GitHub Pages compresses what it serves with gzip only; xz (LZMA2) makes
// these modules about a fifth smaller than gzip -9 (the main module 354 →
// 270 KB), and a slow connection's load time follows the bytes. So the
// release hook writes each module that gains a kilobyte or more as
// `<file>.wasm.xz` (served as is: Pages does not compress it again), and
// the page unpacks it once it has arrived, with xz-decompress (xz-embedded
// compiled to WebAssembly, an npm package), before compiling it.
//
// One classic script, `unxz-<hash>.js`, holds the decoder (its module,
// `unxz-<hash>.wasm`, beside it) and
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
  // One thread: the same bytes from every xz (5.6 and later split the
  // input into blocks for several threads by default).
  const args = ['--format=xz', '--check=crc32', '--threads=1', `--lzma2=${options}`, '--stdout', file];
  return execFileSync('xz', args, { maxBuffer: 256 << 20 });
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
  write(file, packed(file));
}

function write(file, xz) {
  writeFileSync(file + PACKED, xz);
  rmSync(file);
}

/// Packs `file` as `pack` does if that saves at least a kilobyte on the
/// gzip Pages would send, and says whether it did: the small chunks gain
/// nothing, and every packed module costs the page an unpacking (a few
/// milliseconds each on a slow phone, one at a time), which the parts' many
/// small chunks would add up.
export function packIfWorth(file) {
  const xz = packed(file);
  const worth = gzipSync(readFileSync(file), { level: 9 }).length - xz.length >= 1024;
  if (worth) write(file, xz);
  return worth;
}

// Appended to the decoder, which defines self['xz-decompress'] (its UMD
// wrapper's global, in a page, a worker and the service worker alike).
//
// The unpackings take turns: a stream holds its turn from its start to its
// end. So a part's packed file is downloaded first and unpacked whole
// before the module is handed on: the decoder waits only for work, never for
// the network, and no stream is left half read. Only the page's main module
// is unpacked as it arrives, and a link's bundle beside it, out of turn
// (the page waits for both). Each unpacking is cut into tasks (8 KB of packed
// input each): several modules arriving together (a part's chunks) would
// otherwise be unpacked in one long task, one after the other, and one
// part's bundle (50 KB packed, 160 KB unpacked) takes 40 ms on a CPU three
// times slower than a desktop's, long enough to hold a click. (A message
// to itself rather than a timer: a hidden tab holds its timers back to one
// a second.)
//
// Where the service worker keeps the modules unpacked (scripts/sw-template.js)
// the module is taken as it is, so a returning visit unpacks nothing and the
// browser can keep the code it compiled: a page it serves (the page's first
// script says so in `majestyServed`) asks for `<file>.wasm`, a worker looks
// in the caches. When that fails, the packed file.
const UNPACKED = `
/* The project's (scripts/pack-wasm.mjs). */
(function () {
  var turn = Promise.resolve();
  // Each message to the one channel is a task, which lets the first in
  // line go on; one message at a time.
  var waiting = [];
  var tasks = new MessageChannel();
  tasks.port1.onmessage = function () {
    var next = waiting.shift();
    if (waiting.length > 0) tasks.port2.postMessage(0);
    next();
  };
  function nextTask() {
    return new Promise(function (next) {
      if (waiting.push(next) === 1) tasks.port2.postMessage(0);
    });
  }
  function decoder() {
    return self['xz-decompress'].XzReadableStream;
  }
  // The packed file, handed to the decoder a slice at a time, each in a
  // task of its own.
  function slices(packed) {
    var bytes = new Uint8Array(packed);
    var at = 0;
    return new ReadableStream({
      pull: function (out) {
        return nextTask().then(function () {
          if (at < bytes.length) out.enqueue(bytes.subarray(at, (at += SLICE)));
          else out.close();
        });
      },
    }, { highWaterMark: 0 });
  }
  var SLICE = 8192;
  // The module, as a response WebAssembly compiles (and a cache keeps).
  function unpack(packed) {
    var XzReadableStream = decoder();
    return new Response(new XzReadableStream(slices(packed))).arrayBuffer().then(function (module) {
      return wasm(module);
    });
  }
  function wasm(body) {
    return new Response(body, { headers: { 'content-type': 'application/wasm' } });
  }
  // The module is handed on (and compiled) in a task after the one that
  // ended its unpacking.
  // A packed file's bytes, or why it could not be fetched.
  function packedBytes(response) {
    if (!response.ok) return Promise.reject(new Error('could not fetch ' + response.url + ': ' + response.status));
    return response.arrayBuffer();
  }
  self.majestyUnpack = function (response) {
    return packedBytes(response).then(function (packed) {
      var mine = turn.then(nextTask).then(function () { return unpack(packed); });
      turn = mine.catch(function () {});
      return mine.then(function (module) {
        return nextTask().then(function () { return module; });
      });
    });
  };
  // A link's bundle (scripts/split-wasm.mjs, \`preload\`), unpacked as
  // soon as it is in, beside the page's main module, which holds the turn
  // to its last byte: the bundle's modules are then ready to compile
  // before the page has started, rather than unpacked after it.
  self.majestyUnpackBeside = function (response) {
    return packedBytes(response).then(unpack);
  };
  // The page's main module, written into the page itself (majestyInline,
  // the stream the page's scripts feed as its text arrives:
  // scripts/split-wasm.mjs), is unpacked as it arrives (it takes the
  // decoder's turn to its end) and compiled as it is unpacked. Where the
  // page does not read it (a page the service worker serves, a browser
  // without streams), it is fetched as any module, its packed file with
  // its integrity digest.
  self.majestyStart = function (url, integrity) {
    var inline = self.majestyInline;
    if (!inline) return self.majestyModule(url, { integrity: integrity });
    var XzReadableStream = decoder();
    var unpacked = new TransformStream();
    var mine = turn.then(function () { return new XzReadableStream(inline).pipeTo(unpacked.writable); });
    turn = mine.catch(function () {});
    return Promise.resolve(wasm(unpacked.readable));
  };
})();
self.majestyModule = function (url, packedInit) {
  function packed() {
    return fetch(String(url) + '${PACKED}', packedInit).then(self.majestyUnpack);
  }
  function kept(response) {
    return response && response.ok ? response : packed();
  }
  if (self.majestyServed) return fetch(url).then(kept, packed);
  if (typeof document === 'undefined' && self.caches) return caches.match(String(url)).then(kept, packed);
  return packed();
};
`;

/// Writes the decoder into `stage`, its script and its WebAssembly, each
/// named by its contents; returns their names (`{ script, module }`).
///
/// xz-decompress carries its WebAssembly inside its script, as base64 (7.8
/// KB of the script's 9.4 KB gzip); as a file of its own it is 5.4 KB gzip.
/// So the decoder's module is taken out of the script, and the script
/// fetches it, from beside itself, the first time it unpacks something
/// (a page the service worker serves never does).
export function writeUnpacker(root, stage) {
  let library = readFileSync(join(root, 'node_modules/xz-decompress/dist/package/xz-decompress.js'), 'utf8');
  const inline = /module\.exports = "data:application\/wasm;base64,([A-Za-z0-9+/=]+)";/;
  const found = library.match(inline);
  if (!found) throw new Error('pack-wasm: xz-decompress does not carry its module as expected');
  const module = Buffer.from(found[1], 'base64');
  const moduleName = `unxz-${createHash('sha256').update(module).digest('hex').slice(0, 16)}.wasm`;
  writeFileSync(join(stage, moduleName), module);
  library = library.replace(inline, 'module.exports = "";');
  const bytes = /const base64Wasm = [^\n]*\n\s*const wasmBytes = Uint8Array\.from\(atob\(base64Wasm\), c => c\.charCodeAt\(0\)\)\.buffer;/;
  if (!bytes.test(library)) throw new Error('pack-wasm: xz-decompress does not read its module as expected');
  // A fetch that failed is tried again the next time (not kept failed).
  library = library.replace(bytes, `let wasmBytes;
        try {
            wasmBytes = await self.majestyDecoder();
        } catch (error) {
            XzReadableStream._moduleInstancePromise = undefined;
            throw error;
        }`);
  // Two streams unpacked at once (a link's bundle beside the page's main
  // module: `majestyUnpackBeside`): the library lets one context at a
  // time work, and reads its context through views of the decoder's
  // memory that another context's allocation (its dictionary) leaves
  // detached. Its turns are ours (`turn`, below), and each context reads
  // its views afresh before every use.
  const patches = [
    [/static _contextMutex = new ContextMutex\(\);/, 'static _contextMutex = { acquire() {}, release() {} };'],
    [/needsMoreInput\(\) \{/, 'needsMoreInput() {\n        this._refresh();'],
    [/resetOutputBuffer\(\) \{/, 'resetOutputBuffer() {\n        this._refresh();'],
  ];
  for (const [pattern, patched] of patches) {
    if (!pattern.test(library)) throw new Error(`pack-wasm: xz-decompress is not as expected (${pattern})`);
    library = library.replace(pattern, patched);
  }
  const decoder = execFileSync(join(root, 'node_modules/.bin/terser'), ['--compress', '--mangle', '--comments', 'some'], {
    input: library,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const script = `${decoder}
/* The project's (scripts/pack-wasm.mjs): the decoder's module, from beside this script. */
(function () {
  var here = (self.document && document.currentScript && document.currentScript.src) || self.location.href;
  self.majestyDecoder = function () {
    return fetch(new URL('./${moduleName}', here)).then(function (response) {
      if (!response.ok) throw new Error('could not fetch ' + response.url + ': ' + response.status);
      return response.arrayBuffer();
    });
  };
})();
${UNPACKED}`;
  const name = `unxz-${createHash('sha256').update(script).digest('hex').slice(0, 16)}.js`;
  writeFileSync(join(stage, name), script);
  return { script: name, module: moduleName };
}

/// JavaScript that fetches the page's main module (`url`: its address, as
/// Trunk's start script names it) with the packed file's `integrity`, once
/// the decoder's script is in (`majestyDecoderIn`, which defines
/// `majestyStart`). A page the service worker serves takes the module
/// unpacked from it without waiting for that script, which it only needs
/// where the service worker has no unpacked copy: a returning visit's
/// module is in the worker's cache before the decoder's script is read.
export const startFetch = (url, integrity) => {
  const packed = `self.majestyDecoderIn.then(() => self.majestyStart('${url}', '${integrity}'))`;
  const served = `fetch('${url}').then((r) => (r.ok ? r : null), () => null).then((r) => r || ${packed})`;
  return `(self.majestyServed ? ${served} : ${packed})`;
};

/// JavaScript that fetches a module (`url`: JavaScript that makes its
/// address, e.g. `"./part.wasm"`; `packedInit`: the fetch's options for its
/// packed file), giving the module's response.
export const moduleFetch = (url, packedInit) => `self.majestyModule(${url}${packedInit ? `, ${packedInit}` : ''})`;
