//! A live game's room: where its devices find each other on public Nostr
//! relays, from one link. Pure: what a room's link says, the notes the
//! devices leave in the room, and what each device does on each note (its
//! lobby, [`Lobby`]); the relays and the encryption are `relays.rs` and
//! `seal.rs`.
//!
//! The host's link (`#room=<room>.<secret>`, after `#`: never sent to a
//! server) names the room and its secret. Every note is a Nostr event whose
//! tag `x` is derived from the room ([`Lobby`] never sees it) and whose
//! content is sealed with a key derived from the secret: a relay forwards
//! them but reads none.
//!
//! The notes (JSON, before sealing):
//!
//! ```text
//! {"v":3,"t":"here","from":P,"host":true|false}        a device is in the room, unconnected
//! {"v":3,"t":"offer","from":H,"to":P,"sdp":S}          the host's offer for guest P (S: signal.rs)
//! {"v":3,"t":"answer","from":P,"to":H,"sdp":S}         guest P's answer
//! {"v":3,"t":"full","from":H,"to":P}                   every seat is taken
//! ```
//!
//! A guest says `here` until its channel to the host opens (at once, then
//! after 2, 4 and 8 s, then every 10 s), and again when it drops; the host
//! says `here` once when it starts (a host back after a reload), and every
//! unconnected guest answers it at once. The host answers a guest's `here`
//! with an offer for the seat that guest holds (a guest is known by its
//! device's id, kept across reloads), or the first free one. So a page
//! publishes a handful of events in a whole game, none once connected.

use serde_json::{json, Value};

use crate::link::{base64url_decode, base64url_encode};

/// The notes' format.
pub const NOTE_VERSION: u64 = 3;
/// A note written further than this from the reader's clock is not taken
/// (seconds): devices' clocks differ by a little, a replayed note by more.
pub const NOTE_AGE_S: u64 = 300;
/// The Nostr kind of a room's notes: ephemeral (20000–29999, NIP-01), so
/// relays forward them but do not keep them.
pub const KIND: u16 = 21_212;
/// Bytes of a room's id and of its secret.
const ROOM_BYTES: usize = 9;
const SECRET_BYTES: usize = 16;

/// Public relays shipped as the default list (2026-12-07: relays that
/// widely used Nostr clients and Trystero's users ship by default; open to
/// anyone, no account). `node scripts/check-relays.mjs` checks that each
/// forwards a room's ephemeral notes (docs/live.md).
pub const DEFAULT_RELAYS: [&str; 5] = [
    "wss://relay.damus.io",
    "wss://nos.lol",
    "wss://relay.primal.net",
    "wss://nostr.mom",
    "wss://relay.nostr.band",
];

/// Public STUN servers in the default configuration (a STUN server sees
/// the device's public address, nothing of the game).
pub const DEFAULT_STUN: &str = "stun:stun.l.google.com:19302 stun:stun.cloudflare.com:3478";

/// A room's name and secret, as its link carries them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomKey {
    pub room: Vec<u8>,
    pub secret: Vec<u8>,
}

impl RoomKey {
    /// A new room from `random` bytes (at least 25).
    pub fn from_random(random: &[u8]) -> RoomKey {
        RoomKey {
            room: random[..ROOM_BYTES].to_vec(),
            secret: random[ROOM_BYTES..ROOM_BYTES + SECRET_BYTES].to_vec(),
        }
    }

    /// As written after `room=`.
    pub fn text(&self) -> String {
        format!(
            "{}.{}",
            base64url_encode(&self.room),
            base64url_encode(&self.secret)
        )
    }

    /// The room's name alone (what the relays' tag is derived from).
    pub fn room_text(&self) -> String {
        base64url_encode(&self.room)
    }

    /// Reads what follows `room=`.
    pub fn parse(text: &str) -> Option<RoomKey> {
        let (room, secret) = text.trim().split_once('.')?;
        let key = RoomKey {
            room: base64url_decode(room)?,
            secret: base64url_decode(secret)?,
        };
        (key.room.len() == ROOM_BYTES && key.secret.len() == SECRET_BYTES).then_some(key)
    }
}

/// A device's id in a room (random, kept by the page across reloads).
pub type PeerId = String;

/// One note left in the room.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// `page` is random for each load of the page: a device's `here`
    /// from a new page (a reload) is not one its connection already
    /// answered.
    Here {
        from: PeerId,
        host: bool,
        page: u32,
    },
    /// `offer` numbers the host's offers, so that an answer is taken only
    /// by the connection it answers.
    Offer {
        from: PeerId,
        to: PeerId,
        offer: u32,
        sdp: String,
    },
    Answer {
        from: PeerId,
        to: PeerId,
        offer: u32,
        sdp: String,
    },
    Full {
        from: PeerId,
        to: PeerId,
    },
}

impl Note {
    /// The note as sealed, written at `at` (Unix seconds).
    pub fn text(&self, at: u64) -> String {
        let mut v = match self {
            Note::Here { from, host, page } => {
                json!({"t": "here", "from": from, "host": host, "page": page})
            }
            Note::Offer {
                from,
                to,
                offer,
                sdp,
            } => json!({"t": "offer", "from": from, "to": to, "offer": offer, "sdp": sdp}),
            Note::Answer {
                from,
                to,
                offer,
                sdp,
            } => json!({"t": "answer", "from": from, "to": to, "offer": offer, "sdp": sdp}),
            Note::Full { from, to } => json!({"t": "full", "from": from, "to": to}),
        };
        v["v"] = NOTE_VERSION.into();
        v["at"] = at.into();
        v.to_string()
    }

    /// A note as read from the room at `now` (Unix seconds); None: not
    /// one of this version's, or written more than [`NOTE_AGE_S`] from now
    /// (a note a relay kept or sends again).
    pub fn read(text: &str, now: u64) -> Option<Note> {
        let v: Value = serde_json::from_str(text).ok()?;
        (v.get("v")?.as_u64()? == NOTE_VERSION).then_some(())?;
        (v.get("at")?.as_u64()?.abs_diff(now) <= NOTE_AGE_S).then_some(())?;
        let text = |key: &str| v.get(key)?.as_str().map(str::to_string);
        let offer = || u32::try_from(v.get("offer")?.as_u64()?).ok();
        Some(match v.get("t")?.as_str()? {
            "here" => Note::Here {
                from: text("from")?,
                host: v.get("host")?.as_bool()?,
                page: u32::try_from(v.get("page")?.as_u64()?).ok()?,
            },
            "offer" => Note::Offer {
                from: text("from")?,
                to: text("to")?,
                offer: offer()?,
                sdp: text("sdp")?,
            },
            "answer" => Note::Answer {
                from: text("from")?,
                to: text("to")?,
                offer: offer()?,
                sdp: text("sdp")?,
            },
            "full" => Note::Full {
                from: text("from")?,
                to: text("to")?,
            },
            _ => return None,
        })
    }

    fn from(&self) -> &str {
        match self {
            Note::Here { from, .. }
            | Note::Offer { from, .. }
            | Note::Answer { from, .. }
            | Note::Full { from, .. } => from,
        }
    }
}

/// How a guest seat stands for the host's lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatState {
    /// Not connected: its holder (if any) may come back, another device may
    /// take it if nobody holds it.
    Open,
    /// Connected, or waiting for the answer to an invitation by hand: no
    /// offer replaces its connection.
    Busy,
    /// Its holder left the game: a new device may take it.
    Left,
}

/// What a device's lobby asks the page to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Leave this note in the room.
    Publish(Note),
    /// The host: make a connection to `seat`, offer `offer`, and offer it
    /// to `peer`.
    Offer {
        seat: usize,
        peer: PeerId,
        offer: u32,
    },
    /// The host: the answer to offer `offer`, for `seat`'s connection.
    Accept {
        seat: usize,
        offer: u32,
        sdp: String,
    },
    /// A guest: answer the host's offer `offer`.
    Answer {
        host: PeerId,
        offer: u32,
        sdp: String,
    },
    /// A guest: the table is full.
    Full,
    /// Call [`Lobby::tick`] again in this many milliseconds.
    Wake(u32),
}

/// The delays between a guest's `here`s while it is not connected.
const HERE_DELAYS: [u32; 4] = [2_000, 4_000, 8_000, 10_000];
/// A guest's repeated `here` within this long of an offer to it gets no
/// new offer (each side may gather candidates for up to 5 s).
const OFFER_GAP_MS: f64 = 12_000.0;
/// A guest that answered an offer says `here` again only after this long
/// (the connection is being made).
const ANSWERED_PAUSE_MS: f64 = 15_000.0;

/// One device's side of the room.
#[derive(Clone, Debug, PartialEq)]
pub struct Lobby {
    pub me: PeerId,
    /// This load of the page (random).
    pub page: u32,
    pub host: bool,
    /// The host: the guest seats and who holds each (by device id).
    pub seats: Vec<(usize, Option<PeerId>)>,
    /// The host: when each guest was last sent an offer (ms), and for
    /// which load of its page.
    offered: Vec<(PeerId, f64, u32)>,
    /// The host: the last offer's number (each seat's current one is
    /// in `offers`).
    last_offer: u32,
    offers: Vec<(usize, u32)>,
    /// Whether this device's channel(s) are all open (a guest: to the
    /// host; the host: to every seat).
    pub connected: bool,
    /// A guest: how many `here`s since it was last connected.
    heres: usize,
    /// When the next `here` is due (ms), if one is.
    due: Option<f64>,
}

impl Lobby {
    /// The host's lobby for `guest_seats`, some already held (a host back
    /// after a reload).
    pub fn hosting(me: PeerId, seats: Vec<(usize, Option<PeerId>)>) -> Lobby {
        Lobby {
            me,
            page: 0,
            host: true,
            seats,
            offered: Vec::new(),
            last_offer: 0,
            offers: Vec::new(),
            connected: false,
            heres: 0,
            due: None,
        }
    }

    /// A guest's lobby (its seat comes with the host's offer).
    pub fn joining(me: PeerId) -> Lobby {
        Lobby {
            host: false,
            ..Lobby::hosting(me, Vec::new())
        }
    }

    /// The relays answered: the device says it is here.
    pub fn opened(&mut self, now: f64) -> Vec<Step> {
        self.heres = 0;
        self.due = None;
        if self.host {
            vec![self.here()]
        } else {
            self.tick(now)
        }
    }

    fn here(&self) -> Step {
        Step::Publish(Note::Here {
            from: self.me.clone(),
            host: self.host,
            page: self.page,
        })
    }

    /// Time passed: a guest not connected says `here` when it is due.
    pub fn tick(&mut self, now: f64) -> Vec<Step> {
        if self.host || self.connected {
            self.due = None;
            return Vec::new();
        }
        if let Some(due) = self.due.filter(|due| now < *due) {
            // (Timers and the clock do not agree to the millisecond.)
            return vec![Step::Wake((due - now).ceil() as u32)];
        }
        let delay = HERE_DELAYS[self.heres.min(HERE_DELAYS.len() - 1)];
        self.heres += 1;
        self.due = Some(now + f64::from(delay));
        vec![self.here(), Step::Wake(delay)]
    }

    /// Whether this device is connected now (a guest: it stops saying
    /// `here`; dropped: it starts again at once).
    pub fn set_connected(&mut self, connected: bool, now: f64) -> Vec<Step> {
        let was = self.connected;
        self.connected = connected;
        if was && !connected && !self.host {
            self.heres = 0;
            self.due = None;
            return self.tick(now);
        }
        Vec::new()
    }

    /// A note arrived (any device's, this one's own included). `seats`:
    /// the host's guest seats as its connections stand.
    pub fn heard(&mut self, note: Note, now: f64, seats: &[(usize, SeatState)]) -> Vec<Step> {
        if note.from() == self.me {
            return Vec::new();
        }
        match (self.host, note) {
            (
                true,
                Note::Here {
                    from,
                    host: false,
                    page,
                },
            ) => self.seat_guest(from, page, now, seats),
            (
                true,
                Note::Answer {
                    from,
                    to,
                    offer,
                    sdp,
                },
            ) if to == self.me => self
                .seat_of(&from)
                .filter(|seat| self.offers.contains(&(*seat, offer)))
                .map(|seat| vec![Step::Accept { seat, offer, sdp }])
                .unwrap_or_default(),
            (false, Note::Here { host: true, .. }) if !self.connected => {
                // A host (back) in the room: no need to wait for the next.
                self.due = None;
                self.heres = 0;
                self.tick(now)
            }
            (
                false,
                Note::Offer {
                    from,
                    to,
                    offer,
                    sdp,
                },
            ) if to == self.me && !self.connected => {
                // The connection is being made: no `here` meanwhile.
                self.due = Some(now + ANSWERED_PAUSE_MS);
                vec![Step::Answer {
                    host: from,
                    offer,
                    sdp,
                }]
            }
            (false, Note::Full { to, .. }) if to == self.me => {
                self.due = None;
                self.connected = true;
                vec![Step::Full]
            }
            _ => Vec::new(),
        }
    }

    fn seat_of(&self, peer: &str) -> Option<usize> {
        self.seats
            .iter()
            .find(|(_, p)| p.as_deref() == Some(peer))
            .map(|(s, _)| *s)
    }

    /// The host: a guest says it is here, unconnected: an offer for its
    /// seat (or the first free one: held by nobody, or by a device that
    /// left), unless its seat is connected or an offer just went to it.
    fn seat_guest(
        &mut self,
        peer: PeerId,
        page: u32,
        now: f64,
        seats: &[(usize, SeatState)],
    ) -> Vec<Step> {
        let state = |seat: usize| {
            seats
                .iter()
                .find(|(s, _)| *s == seat)
                .map_or(SeatState::Open, |(_, state)| *state)
        };
        let seat = match self.seat_of(&peer) {
            Some(seat) => seat,
            None => {
                let free = self.seats.iter_mut().find(|(seat, holder)| {
                    state(*seat) != SeatState::Busy
                        && (holder.is_none() || state(*seat) == SeatState::Left)
                });
                match free {
                    Some((seat, holder)) => {
                        *holder = Some(peer.clone());
                        *seat
                    }
                    None => {
                        return vec![Step::Publish(Note::Full {
                            from: self.me.clone(),
                            to: peer,
                        })]
                    }
                }
            }
        };
        // The same load of its page: a `here` sent before its connection
        // opened, or while the offer travels. A new load (a reload) is
        // offered its seat again at once.
        let same_page = |p: &(PeerId, f64, u32)| p.0 == peer && p.2 == page;
        let recent = self
            .offered
            .iter()
            .any(|p| same_page(p) && now - p.1 < OFFER_GAP_MS);
        let answered = self.offered.iter().any(same_page) && state(seat) == SeatState::Busy;
        if recent || answered {
            return Vec::new();
        }
        self.offered.retain(|(p, _, _)| *p != peer);
        self.offered.push((peer.clone(), now, page));
        self.last_offer += 1;
        let offer = self.last_offer;
        self.offers.retain(|(s, _)| *s != seat);
        self.offers.push((seat, offer));
        vec![Step::Offer { seat, peer, offer }]
    }

    /// The host: offer `offer` for `seat` is made; it goes to its holder
    /// (unless a newer offer replaced it meanwhile).
    pub fn offer_made(&self, seat: usize, offer: u32, sdp: String) -> Vec<Step> {
        let holder = self.seats.iter().find(|(s, _)| *s == seat);
        match holder {
            Some((_, Some(peer))) if self.offers.contains(&(seat, offer)) => {
                vec![Step::Publish(Note::Offer {
                    from: self.me.clone(),
                    to: peer.clone(),
                    offer,
                    sdp,
                })]
            }
            _ => Vec::new(),
        }
    }

    /// A guest: its answer to the host's offer `offer` is made.
    pub fn answer_made(&self, host: PeerId, offer: u32, sdp: String) -> Vec<Step> {
        vec![Step::Publish(Note::Answer {
            from: self.me.clone(),
            to: host,
            offer,
            sdp,
        })]
    }
}

/// The relays in a list typed by a person or given by `relays=`
/// (separated by commas, spaces or lines): each a `ws://` or `wss://` URL;
/// else the entry that is not one.
pub fn relay_list(text: &str) -> Result<Vec<String>, String> {
    let mut relays = Vec::new();
    for entry in text.split([',', ' ', '\n', '\t']).filter(|e| !e.is_empty()) {
        let rest = entry
            .strip_prefix("wss://")
            .or_else(|| entry.strip_prefix("ws://"));
        match rest {
            Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => {
                if !relays.iter().any(|r| r == entry) {
                    relays.push(entry.to_string());
                }
            }
            _ => return Err(entry.to_string()),
        }
    }
    Ok(relays)
}

/// The room's tag value is derived from this text (SHA-256, in hex).
pub fn topic_source(key: &RoomKey) -> String {
    format!("majesty-live/{}", key.room_text())
}

/// A new device id from random bytes.
pub fn peer_id(random: &[u8]) -> PeerId {
    base64url_encode(&random[..9])
}

/// How the relays stand, as the screens say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relays {
    Trying,
    Answered,
    /// None answered in time: the invitations by hand are the way.
    Silent,
}

/// The room as the screens show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomView {
    /// The link to share (the host's), with `relays=` when this page does
    /// not use the default list.
    pub link: String,
    pub relays: Relays,
    /// A guest: every seat is taken.
    pub full: bool,
    /// The host: the invitations by hand are shown (asked for, or no relay
    /// answered).
    pub by_hand: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn host() -> Lobby {
        Lobby::hosting("H".into(), vec![(1, None), (2, None)])
    }

    fn here(from: &str) -> Note {
        here_from_page(from, 1)
    }

    fn here_from_page(from: &str, page: u32) -> Note {
        Note::Here {
            from: from.into(),
            host: false,
            page,
        }
    }

    /// Every guest seat open (nobody connected).
    const OPEN: &[(usize, SeatState)] = &[];

    fn offer(seat: usize, peer: &str, offer: u32) -> Step {
        Step::Offer {
            seat,
            peer: peer.into(),
            offer,
        }
    }

    #[test]
    fn a_room_key_reads_back_from_its_link() {
        let key = RoomKey::from_random(&(0..25).collect::<Vec<u8>>());
        assert_eq!(RoomKey::parse(&key.text()), Some(key.clone()));
        assert_eq!(key.text().len(), 12 + 1 + 22);
        assert_eq!(RoomKey::parse("abc"), None);
        assert_eq!(RoomKey::parse("AAAA.AAAA"), None, "too short a secret");
        assert_eq!(RoomKey::parse(""), None);
    }

    #[test]
    fn every_note_reads_back_and_an_old_or_other_version_does_not() {
        let notes = [
            here("a\"b"),
            Note::Here {
                from: "H".into(),
                host: true,
                page: 7,
            },
            Note::Offer {
                from: "H".into(),
                to: "P".into(),
                offer: 3,
                sdp: "AQ".into(),
            },
            Note::Answer {
                from: "P".into(),
                to: "H".into(),
                offer: 3,
                sdp: "AQ".into(),
            },
            Note::Full {
                from: "H".into(),
                to: "P".into(),
            },
        ];
        let now = 1_800_000_000;
        for note in notes {
            assert_eq!(Note::read(&note.text(now), now + 10), Some(note.clone()));
            // Written long before (a note a relay sends again) or after.
            assert_eq!(Note::read(&note.text(now), now + 301), None);
            assert_eq!(Note::read(&note.text(now + 301), now), None);
        }
        let at = format!(r#""at":{now}"#);
        let other = format!(r#"{{"v":2,"t":"here","from":"P","host":false,{at}}}"#);
        assert_eq!(Note::read(&other, now), None);
        assert_eq!(Note::read("not json", now), None);
        assert_eq!(
            Note::read(&format!(r#"{{"v":3,"t":"dance",{at}}}"#), now),
            None
        );
        assert_eq!(
            Note::read(r#"{"v":3,"t":"here","from":"P","host":false}"#, now),
            None
        );
    }

    #[test]
    fn the_host_seats_guests_in_order_and_says_when_the_table_is_full() {
        let mut lobby = host();
        assert_eq!(lobby.heard(here("A"), 0.0, OPEN), vec![offer(1, "A", 1)]);
        assert_eq!(lobby.heard(here("B"), 0.0, OPEN), vec![offer(2, "B", 2)]);
        assert_eq!(
            lobby.heard(here("C"), 0.0, OPEN),
            vec![Step::Publish(Note::Full {
                from: "H".into(),
                to: "C".into()
            })]
        );
    }

    #[test]
    fn a_seat_whose_holder_left_goes_to_the_next_device() {
        let mut lobby = host();
        lobby.heard(here("A"), 0.0, OPEN);
        lobby.heard(here("B"), 0.0, OPEN);
        let left = [(1, SeatState::Left), (2, SeatState::Busy)];
        assert_eq!(lobby.heard(here("C"), 0.0, &left), vec![offer(1, "C", 3)]);
        assert_eq!(
            lobby.seats,
            vec![(1, Some("C".into())), (2, Some("B".into()))]
        );
    }

    #[test]
    fn a_guest_back_after_a_reload_gets_its_own_seat_again() {
        let mut lobby = Lobby::hosting("H".into(), vec![(1, None), (2, Some("B".into()))]);
        assert_eq!(lobby.heard(here("B"), 0.0, OPEN), vec![offer(2, "B", 1)]);
        // Its repeated `here` while the connection is made: no new offer.
        assert_eq!(lobby.heard(here("B"), 5_000.0, OPEN), Vec::new());
        assert_eq!(
            lobby.heard(here("B"), 13_000.0, OPEN),
            vec![offer(2, "B", 2)]
        );
        // Connected: a late `here` of the same page never replaces the
        // connection; one from the device's page loaded again does, at once.
        let busy = [(2, SeatState::Busy)];
        assert_eq!(lobby.heard(here("B"), 60_000.0, &busy), Vec::new());
        assert_eq!(
            lobby.heard(here_from_page("B", 2), 61_000.0, &busy),
            vec![offer(2, "B", 3)]
        );
        assert_eq!(
            lobby.heard(here_from_page("B", 2), 62_000.0, &busy),
            Vec::new()
        );
    }

    #[test]
    fn the_host_takes_only_the_answer_to_a_seats_current_offer() {
        let mut lobby = host();
        lobby.heard(here("A"), 0.0, OPEN);
        let answer = |to: &str, from: &str, offer: u32| Note::Answer {
            from: from.into(),
            to: to.into(),
            offer,
            sdp: "S".into(),
        };
        assert_eq!(
            lobby.heard(answer("H", "A", 1), 0.0, OPEN),
            vec![Step::Accept {
                seat: 1,
                offer: 1,
                sdp: "S".into()
            }]
        );
        assert_eq!(lobby.heard(answer("X", "A", 1), 0.0, OPEN), Vec::new());
        assert_eq!(lobby.heard(answer("H", "Z", 1), 0.0, OPEN), Vec::new());
        // A newer offer to the seat: the answer to the older is stale.
        lobby.heard(here("A"), 20_000.0, OPEN);
        assert_eq!(lobby.heard(answer("H", "A", 1), 20_000.0, OPEN), Vec::new());
        assert_eq!(lobby.heard(answer("H", "A", 2), 20_000.0, OPEN).len(), 1);
    }

    #[test]
    fn an_offer_goes_to_the_seat_holder_unless_a_newer_replaced_it() {
        let mut lobby = host();
        lobby.heard(here("A"), 0.0, OPEN);
        assert_eq!(
            lobby.offer_made(1, 1, "S".into()),
            vec![Step::Publish(Note::Offer {
                from: "H".into(),
                to: "A".into(),
                offer: 1,
                sdp: "S".into()
            })]
        );
        assert_eq!(lobby.offer_made(2, 1, "S".into()), Vec::new());
        lobby.heard(here("A"), 20_000.0, OPEN);
        assert_eq!(lobby.offer_made(1, 1, "S".into()), Vec::new());
    }

    fn heres(steps: &[Step]) -> usize {
        steps
            .iter()
            .filter(|s| matches!(s, Step::Publish(Note::Here { .. })))
            .count()
    }

    #[test]
    fn a_guest_says_here_with_growing_gaps_and_stops_once_connected() {
        let mut lobby = Lobby::joining("P".into());
        assert_eq!(heres(&lobby.opened(0.0)), 1);
        // Woken early (timers and clocks differ): woken again, later.
        assert_eq!(lobby.tick(1_990.0), vec![Step::Wake(10)]);
        assert_eq!(heres(&lobby.tick(2_000.0)), 1);
        assert_eq!(heres(&lobby.tick(5_000.0)), 0);
        assert_eq!(heres(&lobby.tick(6_000.0)), 1);
        // At most one a second however often it is woken.
        let mut count = 0;
        for ms in (6_000..60_000).step_by(100) {
            count += heres(&lobby.tick(f64::from(ms)));
        }
        assert!(count <= 6, "{count} heres in 54 s");
        lobby.set_connected(true, 60_000.0);
        assert_eq!(lobby.tick(120_000.0), Vec::new());
    }

    #[test]
    fn a_dropped_guest_says_here_at_once_and_answers_a_host_back() {
        let mut lobby = Lobby::joining("P".into());
        lobby.opened(0.0);
        lobby.set_connected(true, 100.0);
        assert_eq!(heres(&lobby.set_connected(false, 30_000.0)), 1);
        // The host, reloaded, says it is here: the guest answers at once.
        let host_here = Note::Here {
            from: "H".into(),
            host: true,
            page: 1,
        };
        assert_eq!(heres(&lobby.heard(host_here.clone(), 30_500.0, OPEN)), 1);
        lobby.set_connected(true, 31_000.0);
        assert_eq!(lobby.heard(host_here, 32_000.0, OPEN), Vec::new());
    }

    #[test]
    fn a_guest_answers_offers_for_it_then_waits_and_hears_a_full_table() {
        let mut lobby = Lobby::joining("P".into());
        lobby.opened(0.0);
        let offer = |to: &str| Note::Offer {
            from: "H".into(),
            to: to.into(),
            offer: 4,
            sdp: "S".into(),
        };
        assert_eq!(
            lobby.heard(offer("P"), 1_000.0, OPEN),
            vec![Step::Answer {
                host: "H".into(),
                offer: 4,
                sdp: "S".into()
            }]
        );
        // The connection is being made: no `here` for 15 s.
        assert_eq!(heres(&lobby.tick(14_000.0)), 0);
        assert_eq!(heres(&lobby.tick(16_000.0)), 1);
        assert_eq!(lobby.heard(offer("Q"), 0.0, OPEN), Vec::new());
        // Connected: an offer (a stale one) is not answered.
        lobby.set_connected(true, 17_000.0);
        assert_eq!(lobby.heard(offer("P"), 18_000.0, OPEN), Vec::new());
        let mut lobby = Lobby::joining("P".into());
        let full = Note::Full {
            from: "H".into(),
            to: "P".into(),
        };
        assert_eq!(lobby.heard(full, 0.0, OPEN), vec![Step::Full]);
        assert_eq!(
            heres(&lobby.tick(100_000.0)),
            0,
            "a full table: no more here"
        );
    }

    #[test]
    fn a_device_ignores_its_own_notes() {
        let mut lobby = host();
        let own = here("H");
        assert_eq!(lobby.heard(own, 0.0, OPEN), Vec::new());
    }

    #[test]
    fn relay_lists_take_websocket_urls_only() {
        assert_eq!(
            relay_list("wss://a.example, ws://127.0.0.1:7000\nwss://a.example"),
            Ok(vec![
                "wss://a.example".to_string(),
                "ws://127.0.0.1:7000".to_string()
            ])
        );
        assert_eq!(
            relay_list("https://a.example"),
            Err("https://a.example".into())
        );
        assert_eq!(relay_list("wss://"), Err("wss://".into()));
        assert_eq!(relay_list(""), Ok(Vec::new()));
        assert!(DEFAULT_RELAYS.iter().all(|r| relay_list(r).is_ok()));
    }
}
