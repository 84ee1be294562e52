//! The relays a room's notes travel through: one WebSocket per relay, each
//! subscribed to the room's tag, each note published to every relay that is
//! open. Thin: what a note says and what a device does with it is
//! `room.rs`; the events' format and signature `nostr.rs`.
//!
//! Kind to the relays: a relay that fails is tried again after 1, 2, 4 …
//! up to 60 s; at most one event leaves the page every [`GAP_MS`]
//! (others wait their turn); the same event arriving from several relays is
//! taken once.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, WebSocket};

use super::nostr::{ClientMessage, Event, Filter, Keys, RelayMessage};

/// The least time between two events this page publishes.
pub const GAP_MS: f64 = 400.0;
/// A relay that fails waits this long at most before it is tried again.
const MAX_BACKOFF_MS: i32 = 60_000;
/// Ids of events already taken (the same event comes from every relay).
const SEEN: usize = 256;
const SUBSCRIPTION: &str = "majesty";

/// What the pool reports.
pub enum Heard {
    /// A relay answered (its subscription is open, or it took an event).
    Answered,
    /// A note's sealed content.
    Note(String),
}

struct Socket {
    url: String,
    ws: Option<WebSocket>,
    failures: u32,
    _handlers: Vec<Closure<dyn FnMut(JsValue)>>,
}

struct Inner {
    sockets: Vec<Socket>,
    keys: Keys,
    topic: String,
    report: Rc<dyn Fn(Heard)>,
    seen: VecDeque<String>,
    /// Events waiting for their turn, and when the last one left.
    queue: VecDeque<String>,
    last_sent: f64,
    flushing: bool,
    closed: bool,
}

/// The page's relays for one room; dropping it closes them.
pub struct Pool(Rc<RefCell<Inner>>);

impl Drop for Pool {
    fn drop(&mut self) {
        let mut inner = self.0.borrow_mut();
        inner.closed = true;
        let close = ClientMessage::Close(SUBSCRIPTION.into()).to_json();
        for socket in &mut inner.sockets {
            if let Some(ws) = socket.ws.take() {
                quiet(&ws);
                if ws.ready_state() == WebSocket::OPEN {
                    let _ = ws.send_with_str(&close);
                }
                let _ = ws.close();
            }
        }
    }
}

fn now() -> f64 {
    js_sys::Date::now()
}

fn later(ms: i32, f: impl FnOnce() + 'static) {
    leptos::prelude::set_timeout(f, std::time::Duration::from_millis(ms.max(0) as u64));
}

fn quiet(ws: &WebSocket) {
    ws.set_onopen(None);
    ws.set_onmessage(None);
    ws.set_onclose(None);
    ws.set_onerror(None);
}

impl Pool {
    /// Opens `urls`, subscribed to the notes tagged `topic`; `report` hears
    /// what arrives. `keys` sign this page's events (fresh for each game).
    pub fn open(
        urls: &[String],
        keys: Keys,
        topic: String,
        report: impl Fn(Heard) + 'static,
    ) -> Pool {
        let inner = Rc::new(RefCell::new(Inner {
            sockets: urls
                .iter()
                .map(|url| Socket {
                    url: url.clone(),
                    ws: None,
                    failures: 0,
                    _handlers: Vec::new(),
                })
                .collect(),
            keys,
            topic,
            report: Rc::new(report),
            seen: VecDeque::new(),
            queue: VecDeque::new(),
            last_sent: 0.0,
            flushing: false,
            closed: false,
        }));
        for index in 0..urls.len() {
            connect(Rc::downgrade(&inner), index);
        }
        Pool(inner)
    }

    /// Publishes `content` (sealed) as this page's event in the room.
    pub fn publish(&self, content: String, random: [u8; 32]) {
        let text = {
            let inner = self.0.borrow();
            let tags = vec![vec!["x".to_string(), inner.topic.clone()]];
            let created = (now() / 1000.0) as u64;
            let event = Event::sign(
                &inner.keys,
                created,
                super::room::KIND,
                tags,
                content,
                random,
            );
            ClientMessage::Event(event).to_json()
        };
        self.0.borrow_mut().queue.push_back(text);
        flush(Rc::downgrade(&self.0));
    }
}

/// Sends the queued events, one every [`GAP_MS`], to every open relay
/// (they wait while none is open).
fn flush(pool: Weak<RefCell<Inner>>) {
    let Some(rc) = pool.upgrade() else { return };
    let mut inner = rc.borrow_mut();
    if inner.flushing || inner.closed {
        return;
    }
    let open: Vec<WebSocket> = inner
        .sockets
        .iter()
        .filter_map(|s| s.ws.clone())
        .filter(|ws| ws.ready_state() == WebSocket::OPEN)
        .collect();
    if open.is_empty() || inner.queue.is_empty() {
        return;
    }
    let wait = inner.last_sent + GAP_MS - now();
    if wait > 0.0 {
        inner.flushing = true;
        let pool = pool.clone();
        later(wait.ceil() as i32, move || {
            if let Some(rc) = pool.upgrade() {
                rc.borrow_mut().flushing = false;
            }
            flush(pool);
        });
        return;
    }
    let Some(text) = inner.queue.pop_front() else {
        return;
    };
    for ws in &open {
        let _ = ws.send_with_str(&text);
    }
    inner.last_sent = now();
    let more = !inner.queue.is_empty();
    drop(inner);
    if more {
        flush(pool);
    }
}

/// Opens relay `index`'s socket and subscribes to the room.
fn connect(pool: Weak<RefCell<Inner>>, index: usize) {
    let Some(rc) = pool.upgrade() else { return };
    if rc.borrow().closed {
        return;
    }
    let url = rc.borrow().sockets[index].url.clone();
    let ws = match WebSocket::new(&url) {
        Ok(ws) => ws,
        Err(_) => return failed(pool, index),
    };
    let topic = rc.borrow().topic.clone();
    let on_open = {
        let (pool, ws) = (pool.clone(), ws.clone());
        Closure::<dyn FnMut(JsValue)>::new(move |_| {
            // Only what comes from now on (`limit` 0: nothing kept; no
            // `since`, which a device whose clock is behind would miss).
            let filter = Filter {
                kinds: vec![super::room::KIND],
                tags: vec![('x', vec![topic.clone()])],
                since: None,
                limit: Some(0),
            };
            let req = ClientMessage::Req {
                subscription: SUBSCRIPTION.into(),
                filter,
            };
            let _ = ws.send_with_str(&req.to_json());
            flush(pool.clone());
        })
    };
    let on_message = {
        let pool = pool.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let text = e
                .dyn_into::<MessageEvent>()
                .ok()
                .and_then(|e| e.data().as_string());
            if let Some(text) = text {
                heard(&pool, index, &text);
            }
        })
    };
    let on_close = {
        let pool = pool.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |_| failed(pool.clone(), index))
    };
    ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
    let mut inner = rc.borrow_mut();
    let socket = &mut inner.sockets[index];
    socket.ws = Some(ws);
    socket._handlers = vec![on_open, on_message, on_close];
}

/// Relay `index` failed or closed: it is tried again later.
fn failed(pool: Weak<RefCell<Inner>>, index: usize) {
    let Some(rc) = pool.upgrade() else { return };
    let delay = {
        let mut inner = rc.borrow_mut();
        if inner.closed {
            return;
        }
        let socket = &mut inner.sockets[index];
        if let Some(ws) = socket.ws.take() {
            quiet(&ws);
        }
        socket.failures += 1;
        (1000_i32 << socket.failures.min(7).saturating_sub(1)).min(MAX_BACKOFF_MS)
    };
    later(delay, move || connect(pool, index));
}

/// A relay's message (relay `index`'s): a note of the room (once), or a
/// sign that it answers (its subscription open, or an event taken).
fn heard(pool: &Weak<RefCell<Inner>>, index: usize, text: &str) {
    let Some(rc) = pool.upgrade() else { return };
    let report = rc.borrow().report.clone();
    let answers = || {
        rc.borrow_mut().sockets[index].failures = 0;
        report(Heard::Answered);
    };
    match RelayMessage::parse(text) {
        Ok(RelayMessage::Event { event, .. }) => {
            let fresh = {
                let mut inner = rc.borrow_mut();
                let fresh = event.verify().is_ok()
                    && event.kind == super::room::KIND
                    && !inner.seen.contains(&event.id);
                if fresh {
                    inner.seen.push_back(event.id.clone());
                    if inner.seen.len() > SEEN {
                        inner.seen.pop_front();
                    }
                }
                fresh
            };
            if fresh {
                answers();
                report(Heard::Note(event.content));
            }
        }
        Ok(RelayMessage::Eose { .. } | RelayMessage::Ok { accepted: true, .. }) => answers(),
        _ => {}
    }
}
