// The tests' Nostr relay (e2e/relay.mjs) does what the browser tests of
// live play over public relays count on: a signed ephemeral event reaches
// the live subscriptions whose #x filter names its room and no other, an
// event whose signature or id is wrong is refused with OK false, a few
// pages publishing at once are not rate-limited, and a stopped relay
// refuses connections. Signed here with nostr-tools, independently of the
// relay's own checks.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WebSocket } from 'ws';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { startRelay } from './relay.mjs';

// An ephemeral kind (20000-29999: forwarded, never stored).
const KIND = 21_059;
const ROOM = 'a1'.repeat(32);
const OTHER_ROOM = 'b2'.repeat(32);
const now = () => Math.floor(Date.now() / 1000);

/// A client of the relay: every message it receives, parsed, in `seen`.
async function connect(url) {
  const ws = new WebSocket(url);
  ws.seen = [];
  ws.on('message', (data) => ws.seen.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return ws;
}

async function until(what, check, ms = 5000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sign = (key, room, content) =>
  finalizeEvent({ kind: KIND, created_at: now(), tags: [['x', room]], content }, key);

/// Publishes `event` on `ws` and resolves with the relay's OK for it.
async function publish(ws, event) {
  ws.send(JSON.stringify(['EVENT', event]));
  const ok = await until(`OK for ${event.content}`, () => ws.seen.find((m) => m[0] === 'OK' && m[1] === event.id));
  return { accepted: ok[2], message: ok[3] };
}

/// Subscribes `ws` to the room's events from now on; resolves at EOSE.
async function subscribe(ws, id, room) {
  ws.send(JSON.stringify(['REQ', id, { kinds: [KIND], '#x': [room], since: now() - 5 }]));
  await until(`EOSE of ${id}`, () => ws.seen.some((m) => m[0] === 'EOSE' && m[1] === id));
}

const received = (ws, id) => ws.seen.filter((m) => m[0] === 'EVENT' && m[1] === id).map((m) => m[2].content);

describe('the tests’ Nostr relay', () => {
  let relay;
  let alice;
  let bob;
  const key = generateSecretKey();

  before(async () => {
    relay = await startRelay();
    alice = await connect(relay.url);
    bob = await connect(relay.url);
    await subscribe(bob, 'room', ROOM);
  });
  after(async () => {
    alice?.close();
    bob?.close();
    await relay?.stop();
  });

  it('listens on 127.0.0.1', () => {
    assert.match(relay.url, /^ws:\/\/127\.0\.0\.1:\d+$/);
  });

  it('forwards a signed ephemeral event to the subscription of its room only', async () => {
    const event = sign(key, ROOM, 'offer');
    assert.deepEqual(await publish(alice, event), { accepted: true, message: '' });
    assert.deepEqual(await publish(alice, sign(key, OTHER_ROOM, 'elsewhere')), { accepted: true, message: '' });
    await until('the offer at bob', () => received(bob, 'room').includes('offer'));
    // The other room's event went out after the offer: give it time to
    // arrive, were the relay to forward it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(received(bob, 'room'), ['offer']);

    const recorded = relay.events().find((e) => e.id === event.id);
    assert.deepEqual(recorded, {
      connection: 1,
      id: event.id,
      pubkey: getPublicKey(key),
      kind: KIND,
      tags: [['x', ROOM]],
      content: 'offer',
      created_at: event.created_at,
      sig: event.sig,
    });
    assert.deepEqual(
      relay.subscriptions().map(({ connection, id, filters }) => [connection, id, Object.keys(filters[0])]),
      [[2, 'room', ['kinds', '#x', 'since']]],
    );
  });

  it('refuses an event whose signature is wrong', async () => {
    const event = sign(key, ROOM, 'forged');
    // Another valid signature hex, of another message: wrong for this id.
    event.sig = sign(key, ROOM, 'something else').sig;
    const { accepted, message } = await publish(alice, event);
    assert.equal(accepted, false);
    assert.match(message, /^invalid: .*signature/);
    const refused = relay.rejected().find((e) => e.id === event.id);
    assert.equal(refused.content, 'forged');
    assert.equal(refused.message, message);
    assert.ok(!relay.events().some((e) => e.id === event.id));
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(!received(bob, 'room').includes('forged'));
  });

  it('refuses an event whose id does not match its content', async () => {
    const event = sign(key, ROOM, 'original');
    event.content = 'tampered';
    const { accepted, message } = await publish(alice, event);
    assert.equal(accepted, false);
    assert.match(message, /^invalid: .*id/i);
    assert.ok(relay.rejected().some((e) => e.id === event.id && e.content === 'tampered'));
  });

  it('lets four pages publish a burst each at once', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map(() => connect(relay.url)));
    try {
      const keys = pages.map(() => generateSecretKey());
      const results = await Promise.all(
        pages.map((ws, p) =>
          Promise.all(Array.from({ length: 15 }, (_, n) => publish(ws, sign(keys[p], ROOM, `page ${p} note ${n}`)))),
        ),
      );
      assert.ok(results.flat().every((r) => r.accepted), JSON.stringify(results.flat().find((r) => !r.accepted)));
      await until('all 60 notes at bob', () => received(bob, 'room').filter((c) => c.startsWith('page ')).length === 60);
      for (const k of keys) {
        assert.equal(relay.events().filter((e) => e.pubkey === getPublicKey(k)).length, 15);
      }
    } finally {
      for (const ws of pages) ws.close();
    }
  });
});

describe('a stopped relay', () => {
  it('drops its sockets and refuses connections until started again on its port', async () => {
    const relay = await startRelay();
    const ws = await connect(relay.url);
    const dropped = new Promise((resolve) => ws.once('close', resolve));
    await relay.stop();
    await dropped;
    await assert.rejects(connect(relay.url), { code: 'ECONNREFUSED' });

    const again = await startRelay({ port: Number(new URL(relay.url).port) });
    try {
      assert.equal(again.url, relay.url);
      const back = await connect(again.url);
      await subscribe(back, 'back', ROOM);
      back.close();
    } finally {
      await again.stop();
    }
  });

  it('says how to install it when it is missing', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `import('${new URL('./relay.mjs', import.meta.url)}').then(m => m.startRelay())`],
      { env: { ...process.env, NOSTR_TEST_RELAY: 'no-such-relay-binary' }, encoding: 'utf8' },
    );
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /no-such-relay-binary is not installed: run scripts\/setup\.sh test/);
  });
});
