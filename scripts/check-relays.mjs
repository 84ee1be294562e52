// Checks the public relays play live ships by default (DEFAULT_RELAYS in
// model/src/live/room.rs), or those given as arguments: for each, whether
// a signed ephemeral note of a room's kind and tag, published on one
// connection, comes back on another subscribed to that tag within 5 s.
// Usage: node scripts/check-relays.mjs [wss://relay …]
// Exits 1 when fewer than two relays pass (a room needs one both sides
// reach; the list is there so that some always do).
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { finalizeEvent, generateSecretKey } from 'nostr-tools/pure';

const source = readFileSync(new URL('../model/src/live/room.rs', import.meta.url), 'utf8');
const list = source.match(/pub const DEFAULT_RELAYS: \[&str; \d+\] = \[([^\]]*)\]/)[1];
const shipped = [...list.matchAll(/"(wss:\/\/[^"]+)"/g)].map((m) => m[1]);
const kind = Number(source.match(/pub const KIND: u16 = ([\d_]+);/)[1].replaceAll('_', ''));
const relays = process.argv.length > 2 ? process.argv.slice(2) : shipped;

function open(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => (ws.terminate(), reject(new Error('no connection in 5 s'))), 5000);
    ws.on('open', () => (clearTimeout(timer), resolve(ws)));
    ws.on('error', (e) => (clearTimeout(timer), reject(e)));
  });
}

async function check(url) {
  const started = Date.now();
  const topic = randomBytes(32).toString('hex');
  const [reader, writer] = [await open(url), await open(url)];
  try {
    const heard = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the note did not come back in 5 s')), 5000);
      reader.on('message', (data) => {
        const [type, , event] = JSON.parse(data.toString());
        if (type === 'EVENT' && event.tags.some((t) => t[0] === 'x' && t[1] === topic)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    reader.send(JSON.stringify(['REQ', 'check', { kinds: [kind], '#x': [topic] }]));
    await new Promise((r) => setTimeout(r, 500));
    const event = finalizeEvent(
      { kind, created_at: Math.floor(Date.now() / 1000), tags: [['x', topic]], content: 'check' },
      generateSecretKey(),
    );
    const refused = new Promise((resolve) =>
      writer.on('message', (data) => {
        const [type, , ok, message] = JSON.parse(data.toString());
        if (type === 'OK' && !ok) resolve(message);
      }),
    );
    writer.send(JSON.stringify(['EVENT', event]));
    const outcome = await Promise.race([heard.then(() => null), refused]);
    if (outcome) throw new Error(`refused: ${outcome}`);
    return Date.now() - started;
  } finally {
    reader.close();
    writer.close();
  }
}

let passed = 0;
for (const url of relays) {
  try {
    const ms = await check(url);
    passed += 1;
    console.log(`ok    ${url} (${ms} ms)`);
  } catch (e) {
    console.log(`FAIL  ${url}: ${e.message}`);
  }
}
console.log(`${passed} of ${relays.length} relays forward a room's notes`);
process.exit(passed >= 2 ? 0 : 1);
