//! The adapter between a room on the relays and the live game: it opens the
//! relays ([`relays`](super::relays)), seals and opens notes
//! ([`seal`](super::seal)), feeds them to the device's lobby
//! ([`room::Lobby`]) and carries out its steps with the browser's WebRTC.
//! What this page is in which room (host or guest, its device id, who holds
//! which seat) is kept in the tab's sessionStorage, so that a reload of the
//! same tab goes on in the same room: a host goes on hosting, a guest takes
//! its seat again.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::{json, Value};

use super::nostr::Keys;
use super::relays::{Heard, Pool};
pub use super::room::Relays;
use super::room::{self, Lobby, Note, PeerId, RoomKey, RoomView, SeatState, Step};
use super::seal::{self, Seal};
use super::signal::{Kind, Signal};
use super::{rtc, Device, Status};
use crate::model::link::base64url_encode;
use crate::state::AppState;

/// How long the relays have to answer before the page says none does and
/// offers the invitations by hand.
const ANSWER_WITHIN_MS: u32 = 10_000;
/// Where a tab keeps its room (sessionStorage: one tab, kept by a reload).
const ROOM_KEY: &str = "majesty.live.room";
/// Where a device keeps its own relay list, if it changed the default.
const RELAYS_KEY: &str = "majesty.live.relays";

/// The room's browser objects.
struct Wires {
    key: RoomKey,
    seal: Seal,
    pool: Pool,
    lobby: Lobby,
    /// The lobby's next wake (one at a time).
    wake: Option<leptos::prelude::TimeoutHandle>,
}

/// The room of this tab, once its relays are opened, and how many rooms
/// were opened (a room opened while its keys were being derived is
/// dropped when they are ready).
#[derive(Default)]
struct Room {
    opened: u64,
    wires: Option<Wires>,
}

/// The room, the part's slot in the page's registry (`crate::registry`):
/// the relays' callbacks, which run outside any owner, find it there.
#[derive(Clone, Default)]
struct Here(Rc<RefCell<Room>>);

fn with_room<R>(f: impl FnOnce(&RefCell<Room>) -> R) -> R {
    f(&crate::registry::kept::<Here>().0)
}

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    let _ = getrandom::fill(&mut bytes);
    bytes
}

/// The lobby's clock: the page's, which its timers keep to.
fn now() -> f64 {
    crate::browser::now_ms()
}

/// The time a note is written and read at (seconds since 1970: devices
/// compare it).
fn unix_seconds() -> u64 {
    (js_sys::Date::now() / 1000.0) as u64
}

fn later(ms: u64, f: impl FnOnce() + 'static) {
    leptos::prelude::set_timeout(f, std::time::Duration::from_millis(ms));
}

/// The relays this page uses: `relays=` in the address the tab was opened
/// with (`none`: no relay, the invitations by hand at once), else the list
/// saved on this device, else the shipped one.
pub fn relays_in_use() -> Vec<String> {
    let page = session().and_then(|s| s.get_item(super::gate::PAGE_RELAYS).ok()?);
    if page.as_deref() == Some("none") {
        return Vec::new();
    }
    page.and_then(|text| room::relay_list(&text).ok())
        .filter(|list| !list.is_empty())
        .or_else(|| saved_relays().and_then(|text| room::relay_list(&text).ok()))
        .filter(|list| !list.is_empty())
        .unwrap_or_else(shipped_relays)
}

fn shipped_relays() -> Vec<String> {
    room::DEFAULT_RELAYS.iter().map(|r| r.to_string()).collect()
}

/// The relay list saved on this device, as typed.
pub fn saved_relays() -> Option<String> {
    crate::browser::window()?
        .local_storage()
        .ok()??
        .get_item(RELAYS_KEY)
        .ok()?
}

/// Saves the relay list if every entry is a relay's address (empty: back
/// to the shipped list); else names the entry that is not.
pub fn save_relays(text: &str) -> Result<(), String> {
    room::relay_list(text)?;
    if let Some(s) = crate::browser::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = match text.trim() {
            "" => s.remove_item(RELAYS_KEY),
            text => s.set_item(RELAYS_KEY, text),
        };
    }
    Ok(())
}

/// The room's link to share, with the `relays` its pages meet on when
/// they are not the shipped ones.
fn share_link(key: &RoomKey, relays: &[String]) -> String {
    let mut link = format!("{}#room={}", crate::browser::page_address(), key.text());
    if relays != shipped_relays() {
        let list = relays.join(",");
        link.push_str("&relays=");
        link.push_str(
            &percent_encoding::utf8_percent_encode(&list, percent_encoding::NON_ALPHANUMERIC)
                .to_string(),
        );
    }
    link
}

/// What this tab keeps of its room.
#[derive(Clone, Debug, Default)]
pub struct Kept {
    pub key: String,
    pub host: bool,
    pub me: PeerId,
    pub game: Option<u64>,
    pub seat: Option<usize>,
    pub seats: Vec<(usize, Option<PeerId>)>,
}

fn session() -> Option<web_sys::Storage> {
    crate::browser::window()?.session_storage().ok()?
}

/// The room this tab was in, if it is `key`'s.
pub fn kept(key: &RoomKey) -> Option<Kept> {
    let text = session()?.get_item(ROOM_KEY).ok()??;
    let v: Value = serde_json::from_str(&text).ok()?;
    (v.get("key")?.as_str()? == key.text()).then_some(())?;
    let seats = v.get("seats")?.as_array()?.iter().filter_map(|s| {
        let seat = s.get(0)?.as_u64()? as usize;
        let holder = s.get(1).and_then(Value::as_str).map(str::to_string);
        Some((seat, holder))
    });
    Some(Kept {
        key: key.text(),
        host: v.get("host")?.as_bool()?,
        me: v.get("me")?.as_str()?.to_string(),
        game: v
            .get("game")
            .and_then(Value::as_str)
            .and_then(|g| u64::from_str_radix(g, 16).ok()),
        seat: v.get("seat").and_then(Value::as_u64).map(|s| s as usize),
        seats: seats.collect(),
    })
}

fn keep(kept: &Kept) {
    let seats: Vec<Value> = kept.seats.iter().map(|(s, p)| json!([s, p])).collect();
    let v = json!({
        "key": kept.key, "host": kept.host, "me": kept.me,
        "game": kept.game.map(super::protocol::id_text), "seat": kept.seat, "seats": seats,
    });
    if let Some(s) = session() {
        let _ = s.set_item(ROOM_KEY, &v.to_string());
    }
}

/// The tab leaves its room for good (another game, the home screen): a
/// reload no longer joins it.
pub fn forget() {
    if let Some(s) = session() {
        let _ = s.remove_item(ROOM_KEY);
    }
    close();
}

/// The relays of the room are closed (the room stays this tab's); one
/// being opened is not.
pub fn close() {
    let wires = with_room(|r| {
        let mut room = r.borrow_mut();
        room.opened += 1;
        room.wires.take()
    });
    if let Some(wake) = wires.and_then(|w| w.wake) {
        wake.clear();
    }
}

/// This tab is in a room now.
pub fn in_room() -> bool {
    with_room(|r| r.borrow().wires.is_some())
}

fn wires<T>(f: impl FnOnce(&Wires) -> T) -> Option<T> {
    with_room(|r| r.borrow().wires.as_ref().map(f))
}

/// The room's address fragment (`room=…`), which a reload opens again.
pub fn fragment() -> Option<String> {
    let view = super::view()?.room?;
    view.link.split_once('#').map(|(_, f)| f.to_string())
}

/// The host meets its guests in room `key` (a new one, or the one it
/// hosted before a reload), its guests' seats held as `seats` says.
pub fn host(state: AppState, key: RoomKey, seats: Vec<(usize, Option<PeerId>)>) {
    let Some(device) = super::view() else { return };
    let me = kept(&key)
        .map(|k| k.me)
        .unwrap_or_else(|| room::peer_id(&random::<9>()));
    keep(&Kept {
        key: key.text(),
        host: true,
        me: me.clone(),
        game: Some(device.id),
        seat: Some(device.seat),
        seats: seats.clone(),
    });
    let lobby = Lobby::hosting(me, seats);
    open(state, key, lobby);
}

/// A guest joins room `key` (again, after a reload of this tab: as the same
/// device, so the host gives it its seat back).
pub fn join(state: AppState, key: RoomKey) {
    let me = kept(&key)
        .filter(|k| !k.host)
        .map(|k| k.me)
        .unwrap_or_else(|| room::peer_id(&random::<9>()));
    keep(&Kept {
        key: key.text(),
        host: false,
        me: me.clone(),
        ..Kept::default()
    });
    open(state, key, Lobby::joining(me));
}

/// Opens the relays for `key`'s room with `lobby`; says so if none answers
/// in time.
fn open(state: AppState, key: RoomKey, mut lobby: Lobby) {
    close();
    lobby.page = u32::from_le_bytes(random::<4>());
    let opened = with_room(|r| r.borrow().opened);
    let relays = relays_in_use();
    let link = share_link(&key, &relays);
    write_address(&link, lobby.host);
    super::step(state, |device, _| {
        device.rejoins = true;
        device.room = Some(RoomView {
            link,
            relays: Relays::Trying,
            full: false,
            by_hand: false,
        });
        Vec::new()
    });
    if relays.is_empty() {
        return silent(state);
    }
    leptos::task::spawn_local(async move {
        let (seal, topic) = match sealed(&key).await {
            Ok(found) => found,
            Err(_) => return silent(state),
        };
        // A fresh key for this game (a random scalar is valid but for
        // about one in 2^128).
        let Some(keys) = (0..4).find_map(|_| Keys::from_secret_bytes(random::<32>()).ok()) else {
            return silent(state);
        };
        let pool = Pool::open(&relays, keys, topic, move |heard| {
            // Handled after the socket's callback returns (it may close
            // the pool).
            leptos::task::spawn_local(async move { hear(state, heard).await })
        });
        with_room(|r| {
            let mut room = r.borrow_mut();
            // (Left meanwhile: this room is not opened.)
            if room.opened == opened {
                room.wires = Some(Wires {
                    key,
                    seal,
                    pool,
                    lobby,
                    wake: None,
                });
            }
        });
        later(ANSWER_WITHIN_MS as u64, move || {
            if relays_state() == Some(Relays::Trying) {
                silent(state);
            }
        });
    });
}

/// The page's address is the room's (a reload joins it again): a new
/// entry of the history for a host that just made it (Back leads to the
/// setup), the same for a page opened with it.
fn write_address(link: &str, host: bool) {
    let Some((_, fragment)) = link.split_once('#') else {
        return;
    };
    let hash = crate::browser::window().and_then(|w| w.location().hash().ok());
    let address = format!("#{fragment}");
    match hash {
        Some(hash) if hash == address => {}
        _ if host => crate::browser::push_address(&address),
        _ => crate::browser::replace_address(&address),
    }
}

async fn sealed(key: &RoomKey) -> Result<(Seal, String), String> {
    let seal = Seal::derive(&key.secret, &key.room_text()).await?;
    let topic = seal::sha256_hex(&room::topic_source(key)).await?;
    Ok((seal, topic))
}

fn relays_state() -> Option<Relays> {
    super::view()?.room.map(|r| r.relays)
}

fn set_relays(state: AppState, relays: Relays) {
    super::step(state, |device, _| {
        if let Some(room) = device.room.as_mut() {
            room.relays = relays;
        }
        Vec::new()
    });
}

/// No relay answered: the host's invitations by hand are made.
fn silent(state: AppState) {
    set_relays(state, Relays::Silent);
    if super::hosting() {
        by_hand(state);
    }
}

/// The host invites the players by hand (as well): an invitation for every
/// seat not connected.
pub fn by_hand(state: AppState) {
    super::step(state, |device, _| {
        if let Some(room) = device.room.as_mut() {
            room.by_hand = true;
            // A guest invited by hand is in no room: it comes back by a
            // new invitation.
            device.rejoins = false;
        }
        Vec::new()
    });
    if super::hosting() {
        let seats: Vec<usize> = super::view()
            .map(|d| {
                d.links
                    .iter()
                    .filter(|l| l.status != Status::Connected)
                    .map(|l| l.seat)
                    .collect()
            })
            .unwrap_or_default();
        for seat in seats {
            super::invite(state, seat);
        }
    }
}

/// What a relay said.
async fn hear(state: AppState, heard: Heard) {
    match heard {
        Heard::Answered => {
            if relays_state() != Some(Relays::Answered) {
                set_relays(state, Relays::Answered);
                let steps = with_lobby(|l| l.opened(now()));
                carry_out(state, steps);
            }
        }
        Heard::Note(sealed) => {
            let Some(seal) = wires(|w| w.seal.clone()) else {
                return;
            };
            // A note not sealed with this room's key is not of this room.
            let seconds = unix_seconds();
            let text = seal.open(&sealed).await.ok();
            let Some(note) = text.and_then(|t| Note::read(&t, seconds)) else {
                return;
            };
            let seats = seat_states();
            let steps = with_lobby(|l| l.heard(note, now(), &seats));
            carry_out(state, steps);
        }
    }
}

fn with_lobby(f: impl FnOnce(&mut Lobby) -> Vec<Step>) -> Vec<Step> {
    with_room(|r| r.borrow_mut().wires.as_mut().map(|w| f(&mut w.lobby))).unwrap_or_default()
}

/// The host's guest seats as its connections stand, for its lobby.
fn seat_states() -> Vec<(usize, SeatState)> {
    let Some(device) = super::view().filter(|d| d.host) else {
        return Vec::new();
    };
    device
        .links
        .iter()
        .map(|l| {
            let state = match l.status {
                Status::Connected | Status::Ready(_) => SeatState::Busy,
                Status::Left => SeatState::Left,
                _ => SeatState::Open,
            };
            (l.seat, state)
        })
        .collect()
}

/// The lobby asks to be woken in `ms`: the one wake replaces any other.
fn wake_in(state: AppState, ms: u32) {
    let wake = leptos::prelude::set_timeout_with_handle(
        move || {
            let steps = with_lobby(|l| l.tick(now()));
            carry_out(state, steps);
        },
        std::time::Duration::from_millis(u64::from(ms)),
    )
    .ok();
    let old = with_room(|r| {
        let mut room = r.borrow_mut();
        let w = room.wires.as_mut()?;
        std::mem::replace(&mut w.wake, wake)
    });
    if let Some(old) = old {
        old.clear();
    }
}

/// This device's channel(s) opened or dropped: a guest stops or starts
/// saying it is here.
pub fn connected(state: AppState, connected: bool) {
    if in_room() {
        let steps = with_lobby(|l| l.set_connected(connected, now()));
        carry_out(state, steps);
    }
}

fn carry_out(state: AppState, steps: Vec<Step>) {
    for step in steps {
        match step {
            Step::Publish(note) => publish(note),
            Step::Wake(ms) => wake_in(state, ms),
            Step::Offer { seat, offer: n, .. } => offer(state, seat, n),
            Step::Accept { seat, sdp, .. } => accept(state, seat, &sdp),
            Step::Answer {
                host,
                offer: n,
                sdp,
            } => answer(state, host, n, &sdp),
            Step::Full => super::step(state, |device, _| {
                if let Some(room) = device.room.as_mut() {
                    room.full = true;
                }
                Vec::new()
            }),
        }
    }
    remember_seats();
}

/// The host keeps who holds which seat (for its own reload).
fn remember_seats() {
    let Some((key, seats)) = with_room(|r| {
        let r = r.borrow();
        let w = r.wires.as_ref().filter(|w| w.lobby.host)?;
        Some((w.key.clone(), w.lobby.seats.clone()))
    }) else {
        return;
    };
    if let Some(mut kept) = kept(&key) {
        if kept.seats != seats {
            kept.seats = seats;
            keep(&kept);
        }
    }
}

fn publish(note: Note) {
    let Some(seal) = wires(|w| w.seal.clone()) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let text = note.text(unix_seconds());
        let Ok(sealed) = seal.seal(&text).await else {
            return;
        };
        wires(|w| w.pool.publish(sealed, random::<32>()));
    });
}

/// The host: a connection to `seat`, its offer number `n` published to
/// the seat's holder.
fn offer(state: AppState, seat: usize, n: u32) {
    let Some(pc) = super::new_peer_for(state, seat, Status::Connecting) else {
        return;
    };
    let id = super::live_id().unwrap_or_default();
    leptos::task::spawn_local(async move {
        let offer = rtc::offer_of(&pc).await;
        // (Unless a newer connection replaced this one meanwhile.)
        if super::is_peer(seat, &pc) {
            let signal = signal(offer, Kind::Offer, id, seat);
            made(state, seat, signal, |lobby, sdp| {
                lobby.offer_made(seat, n, sdp)
            });
        }
    });
}

/// The compact signal of a description this device made.
fn signal(sdp: Result<String, String>, kind: Kind, id: u64, seat: usize) -> Result<Signal, String> {
    sdp.and_then(|sdp| Signal::from_sdp(&sdp, kind, id, seat).map_err(|e| e.to_string()))
}

/// An offer or an answer for `seat` is made: the lobby says where it goes
/// (`publish`, given it as a note's text); a failure is shown on the seat.
fn made(
    state: AppState,
    seat: usize,
    signal: Result<Signal, String>,
    publish: impl FnOnce(&Lobby, String) -> Vec<Step>,
) {
    match signal {
        Ok(signal) => {
            let sdp = base64url_encode(&signal.encode());
            let steps = with_lobby(|lobby| publish(lobby, sdp));
            carry_out(state, steps);
        }
        Err(e) => super::set_status(state, seat, Status::Failed(e)),
    }
}

/// The host: `seat`'s answer arrived.
fn accept(state: AppState, seat: usize, sdp: &str) {
    let answer = super::decode_signal(sdp).ok();
    let Some(signal) = answer.filter(|s| s.kind != Kind::Offer && s.seat == seat) else {
        return;
    };
    let Some(pc) = super::peer_of(seat) else {
        return;
    };
    leptos::task::spawn_local(async move {
        if let Err(e) = rtc::accept_on(&pc, &signal.sdp()).await {
            super::set_status(state, seat, Status::Failed(e));
        }
    });
}

/// A guest: the host's offer `n` arrived, for the seat it names.
fn answer(state: AppState, host: PeerId, n: u32, sdp: &str) {
    let offer = super::decode_signal(sdp).ok();
    let Some(offer) = offer.filter(|s| s.kind == Kind::Offer) else {
        return;
    };
    let (id, seat) = (offer.id, offer.seat);
    if let Some(key) = wires(|w| w.key.clone()) {
        if let Some(mut kept) = kept(&key) {
            kept.game = Some(id);
            kept.seat = Some(seat);
            keep(&kept);
        }
    }
    super::seat_guest(id, seat);
    let Some(pc) = super::new_peer_for(state, seat, Status::Connecting) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let answer = rtc::answer_on(&pc, &offer.sdp()).await;
        let signal = signal(answer, Kind::Answer { passive: false }, id, seat);
        made(state, seat, signal, |lobby, sdp| {
            lobby.answer_made(host, n, sdp)
        });
    });
}

/// A new live device for a guest (in no room yet: its seat and game come
/// with the host's offer).
pub fn waiting_guest() -> Device {
    let mut device = Device::joining(0, 0);
    device.links.clear();
    device
}
