// A Nostr relay on 127.0.0.1 for the tests of live play over public relays:
// rust-nostr's relay in memory (tools/nostr-test-relay, installed by
// `scripts/setup.sh test`), which verifies every event's id and BIP-340
// signature, behind a small WebSocket proxy of ours that only records what
// passes: every EVENT a client publishes with the relay's OK answer, and
// every REQ.
//
//   const relay = await startRelay();        // or startRelay({ port: 4300 })
//   relay.url                                // 'ws://127.0.0.1:PORT'
//   relay.events()    // accepted: { connection, id, pubkey, kind, tags, content, created_at, sig }
//   relay.rejected()  // refused (OK false): the same, and the relay's `message`
//   relay.subscriptions()                    // { connection, id, filters } of every REQ
//   await relay.stop();                      // the relay is down: url refuses connections
//
// `connection` numbers the clients' sockets from 1 in the order they opened,
// so that a test can tell one page's events from another's (or use pubkey).
// startRelay({ port }) on the port of a stopped relay brings it back (empty).
// The relay lets each socket publish 6000 events a minute, unless
// notesPerMinute says otherwise; past that it answers OK false
// "rate-limited: ...".
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { WebSocket, WebSocketServer } from 'ws';

const binary = process.env.NOSTR_TEST_RELAY ?? 'nostr-test-relay';

/// Starts the relay: resolves once its URL accepts connections.
export async function startRelay({ port = 0, notesPerMinute } = {}) {
  const upstream = await spawnRelay(notesPerMinute);
  const server = new WebSocketServer({ host: '127.0.0.1', port });
  try {
    await Promise.race([once(server, 'listening'), once(server, 'error').then(([e]) => Promise.reject(e))]);
  } catch (e) {
    await upstream.stop();
    throw e;
  }

  const accepted = [];
  const refused = [];
  const reqs = [];
  const sockets = new Set();
  let connections = 0;

  server.on('connection', (client) => {
    const connection = ++connections;
    const relay = new WebSocket(upstream.url);
    sockets.add(client).add(relay);
    // Published events waiting for the relay's OK, by id.
    const pending = new Map();
    const queued = [];

    client.on('message', (data, isBinary) => {
      const message = isBinary ? null : parse(data);
      if (message?.[0] === 'EVENT' && message[1] && typeof message[1] === 'object') {
        const event = message[1];
        pending.set(event.id, [...(pending.get(event.id) ?? []), event]);
      } else if (message?.[0] === 'REQ') {
        reqs.push({ connection, id: message[1], filters: message.slice(2) });
      }
      if (relay.readyState === WebSocket.OPEN) relay.send(data, { binary: isBinary });
      else queued.push([data, isBinary]);
    });
    relay.on('open', () => {
      for (const [data, binary] of queued.splice(0)) relay.send(data, { binary });
    });
    relay.on('message', (data, isBinary) => {
      const message = isBinary ? null : parse(data);
      if (message?.[0] === 'OK' && pending.has(message[1])) {
        const [event, ...rest] = pending.get(message[1]);
        if (rest.length) pending.set(message[1], rest);
        else pending.delete(message[1]);
        const record = {
          connection,
          id: event.id,
          pubkey: event.pubkey,
          kind: event.kind,
          tags: event.tags,
          content: event.content,
          created_at: event.created_at,
          sig: event.sig,
        };
        if (message[2] === true) accepted.push(record);
        else refused.push({ ...record, message: message[3] });
      }
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    });
    // Either side's end ends the other; an error is an end too.
    const end = () => {
      sockets.delete(client);
      sockets.delete(relay);
      if (client.readyState !== WebSocket.CLOSED) client.terminate();
      if (relay.readyState !== WebSocket.CLOSED) relay.terminate();
    };
    for (const socket of [client, relay]) {
      socket.on('close', end);
      socket.on('error', end);
    }
  });

  const url = `ws://127.0.0.1:${server.address().port}`;
  let stopped;
  return {
    url,
    events: () => structuredClone(accepted),
    rejected: () => structuredClone(refused),
    subscriptions: () => structuredClone(reqs),
    /// Takes the relay down: open sockets drop (as a relay's crash drops
    /// them) and the URL refuses connections.
    stop() {
      stopped ??= (async () => {
        for (const socket of sockets) socket.terminate();
        sockets.clear();
        await new Promise((resolve) => server.close(resolve));
        await upstream.stop();
      })();
      return stopped;
    },
  };
}

function parse(data) {
  try {
    const message = JSON.parse(String(data));
    return Array.isArray(message) ? message : null;
  } catch {
    return null;
  }
}

/// The relay's process on a free port: resolves with its URL (the first
/// line it prints) and a stop() that ends it. Its standard input is ours:
/// it ends with this process, however this one ends.
async function spawnRelay(notesPerMinute) {
  const args = ['--exit-on-stdin-close'];
  if (notesPerMinute !== undefined) args.push('--notes-per-minute', String(notesPerMinute));
  const child = spawn(binary, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`${binary} printed no URL within 10 s`)), 10_000);
    function fail(error) {
      clearTimeout(timer);
      child.kill();
      reject(error);
    }
    child.on('error', (e) =>
      fail(e.code === 'ENOENT' ? new Error(`${binary} is not installed: run scripts/setup.sh test`) : e),
    );
    child.on('exit', (code, signal) => fail(new Error(`${binary} ended (${signal ?? code}) before it listened`)));
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n');
      if (line.length > 1) {
        clearTimeout(timer);
        resolve(line[0].trim());
      }
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
