// Tests of scripts/pack-wasm.mjs: the decoder's script, as the page runs
// it, unpacks what the build packed.
//
// Run: node --test scripts/pack-wasm.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import test, { after } from 'node:test';
import { PACKED, pack, writeUnpacker } from './pack-wasm.mjs';

const root = new URL('..', import.meta.url).pathname;

// The decoder's script starts a task of its own by a message to itself,
// on a channel it keeps open (here it would keep the tests' process
// running). In a page each message is a task; Node.js may hand several on
// in one, so the tests count the messages.
const channels = [];
let messages = 0;
globalThis.MessageChannel = class extends MessageChannel {
  constructor() {
    super();
    channels.push(this);
    const post = this.port2.postMessage.bind(this.port2);
    this.port2.postMessage = (message) => {
      messages += 1;
      post(message);
    };
  }
};
after(() => channels.forEach((channel) => channel.port1.close()));

/// The decoder's script run here as in a page (`self`), its module read
/// from `stage` rather than fetched.
function decoderIn(stage) {
  const { script, module } = writeUnpacker(root, stage);
  globalThis.self = globalThis;
  globalThis.location = { href: 'https://example.org/majesty/' };
  runInThisContext(readFileSync(join(stage, script), 'utf8'), { filename: script });
  const bytes = readFileSync(join(stage, module));
  self.majestyDecoder = () => Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}

/// 192 KB that packs to about half, as a module does to a third: bytes of
/// sixteen values, in an order a seeded generator picks.
function somethingToPack() {
  const bytes = Buffer.alloc(192 * 1024);
  let seed = 7;
  for (let i = 0; i < bytes.length; i++) {
    // (xorshift32)
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    bytes[i] = 65 + ((seed >>> 0) % 16);
  }
  return bytes;
}

// (Its script is written once: terser takes seconds.)
const stage = mkdtempSync(join(tmpdir(), 'pack-wasm-'));
after(() => rmSync(stage, { recursive: true, force: true }));
decoderIn(stage);

test('a packed module is unpacked a slice at a time, each in a task of its own, so the page is never held long', async () => {
  const original = somethingToPack();
  const file = join(stage, 'part.wasm');
  writeFileSync(file, original);
  pack(file);
  const packed = readFileSync(file + PACKED);
  assert.ok(packed.length > 3 * 8192, `packed into ${packed.length} bytes: too few to be cut`);

  const before = messages;
  const response = await self.majestyUnpack(new Response(packed));
  const unpacked = Buffer.from(await response.arrayBuffer());
  const tasks = messages - before;

  assert.equal(response.headers.get('content-type'), 'application/wasm');
  assert.ok(unpacked.equals(original), 'unpacked as it was packed');
  // A task for its turn, then one for each slice, one to end, and one to
  // hand the module on.
  const slices = Math.ceil(packed.length / 8192);
  assert.equal(tasks, 1 + slices + 1 + 1);
});

test('an unpacking that fails says why, and the next one is unpacked', async () => {
  await assert.rejects(self.majestyUnpack(new Response('not xz at all')), /failed|error|format/i);
  await assert.rejects(self.majestyUnpack(new Response('gone', { status: 404 })), /could not fetch/);
  const file = join(stage, 'small.wasm');
  writeFileSync(file, somethingToPack().subarray(0, 20_000));
  pack(file);
  const response = await self.majestyUnpack(new Response(readFileSync(file + PACKED)));
  assert.equal((await response.arrayBuffer()).byteLength, 20_000);
});

test('a link\'s bundle is unpacked beside the main module while that is still arriving, and both come whole', { timeout: 20_000 }, async () => {
  const packedFile = (name, bytes) => {
    const file = join(stage, name);
    writeFileSync(file, bytes);
    pack(file);
    return readFileSync(file + PACKED);
  };
  const module = somethingToPack();
  // (Larger than the decoder's memory holds beside the module's context:
  // its dictionary makes that memory grow, which leaves the views the
  // module's context reads its own through detached.)
  const bundle = Buffer.concat(Array(12).fill(somethingToPack())).reverse();
  const [packedModule, packedBundle] = [packedFile('main.wasm', module), packedFile('bundle.bin', bundle)];

  // The main module's stream, as the page's text feeds it: its first half
  // now, the rest only once the bundle is unpacked; and read only then, so
  // that its decoding stops halfway, with input and output left.
  let feed;
  self.majestyInline = new ReadableStream({ start: (controller) => (feed = controller) });
  const main = await self.majestyStart('./main.wasm', 'sha384-unused');
  const half = packedModule.length >> 1;
  feed.enqueue(packedModule.subarray(0, half));
  await new Promise((later) => setTimeout(later, 50));
  const beside = await self.majestyUnpackBeside(new Response(packedBundle));
  assert.ok(Buffer.from(await beside.arrayBuffer()).equals(bundle), 'the bundle unpacked as it was packed');
  feed.enqueue(packedModule.subarray(half));
  feed.close();
  assert.ok(Buffer.from(await main.arrayBuffer()).equals(module), 'the main module unpacked as it was packed');
  delete self.majestyInline;
});
