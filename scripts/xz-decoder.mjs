// The page's xz decoder (npm's xz-decompress, index.html) as two files: its
// script, and the WebAssembly module that the published script carries
// inline as a base64 `data:` address. Apart, the module travels as bytes
// that gzip packs (5.5 KB rather than 7.8 KB inline) and is fetched beside
// the script; the page hands its instance to the decoder before the first
// use. The package offers no build without the inline module: this is the
// one edit of its script, and it fails the build if the script changed.
import { replaceEvery } from './split-wasm.mjs';

/// `script` without its inline module (an empty address left in its
/// place), and that module's bytes.
export function decoderApart(script) {
  // (The script names the prefix once more, to strip it: the module is the
  // one address with a body.)
  const found = [...script.matchAll(/"data:application\/wasm;base64,([A-Za-z0-9+/=]+)"/g)];
  if (found.length !== 1) throw new Error('xz-decompress.js: expected one inline module (data:application/wasm;base64,…)');
  const module = Buffer.from(found[0][1], 'base64');
  if (module.length < 8 || module.readUInt32LE(0) !== 0x6d736100) throw new Error('xz-decompress.js: its inline module is not WebAssembly');
  return { script: replaceEvery(script, found[0][0], '""', 'xz-decompress.js'), module };
}
