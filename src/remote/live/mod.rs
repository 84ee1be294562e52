//! Play live: two to four browsers joined by WebRTC data channels, with no
//! server. The host holds one connection per guest (a star); each is made
//! by the host's offer and the guest's answer, passed as links, text or QR
//! codes ([`signal`]). What a message means ([`protocol`]), what this
//! device decides on each event (its state machine, [`device`]) and the
//! room on the relays ([`room`]) are majesty-model's, pure and unit tested;
//! this folder holds the browser's channels (`rtc`, `relays`, `seal`), and
//! here the thin adapter that feeds the state machine the
//! connections' events and carries out its effects; `screens` is what the
//! players see, `gate` what the rest of the page asks, `part` the split
//! points.
//!
//! A live game is a game by link (`state.by_link`, kept in
//! `majesty.link.<id>`): saved on every device after every turn, listed on
//! the home screen, and it can go on by link or live again.
//!
//! Leaving the live game (another game opened, the home screen, a new
//! game, the page closed) says `left` on every channel and closes them
//! ([`leave`]); a dropped connection is shown with the seat's name on every
//! device. There is no server to mend a dropped connection through (an ICE
//! restart needs a new offer and answer, and a star has no second route
//! between a guest and the host): a new invitation is the way back, and the
//! game goes on at the agreed turn.
//!
//! Test hook (the only one): while a live game is connected,
//! `window.majestyLive.send(text)` sends `text` as it is on this device's
//! channels (a guest: to the host; the host: to every guest), so that a
//! browser test can send a tampered message; `window.majestyLive.game` is
//! the live game's id as messages carry it.

pub mod gate;
pub mod meeting;
pub mod part;
mod relays;
mod rtc;
mod screens;
mod seal;

pub use majesty_model::live::{device, nostr, protocol, room, signal};

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use majesty_rules::correspondence::LinkGame;
use majesty_rules::Turn;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::BroadcastChannel;

use crate::i18n::Catalog;
use crate::model::by_link::{self, ByLink};
use crate::model::link::{base64url_decode, base64url_encode, LiveLink};
use crate::model::session::{random_seed, Session};
use crate::state::{AppState, Mode, Screen};
pub use device::SeatLink;
use device::{Device, Effect, Here, Notice, Proposal, Waiting};
pub use protocol::Status;
use protocol::{Change, Message, Presence, Refusal};
use rtc::{Event, Peer};
pub use screens::{LivePanel, LiveScreen};
use signal::{Kind, Signal, SignalError};

use gate::{ANSWER, OFFER};
/// Where this device keeps its STUN/TURN servers (`room::DEFAULT_STUN`
/// until changed).
const SERVERS_KEY: &str = "majesty.live.servers";

/// What the screens show of the live game: the state machine itself.
pub type Live = Device;

/// The browser's objects of the live game: its connections, the test hook
/// and the ear for answers opened in another tab (not reactive).
#[derive(Default)]
struct Wires {
    /// The live game's id and one connection per seat (a guest: one).
    net: Option<(u64, Vec<(usize, Peer)>)>,
    hook: Option<SendHook>,
    answers: Option<BroadcastChannel>,
}

/// The test hook's function (kept alive while the page lives).
type SendHook = Closure<dyn Fn(String)>;

// The two places the part keeps what it knows between the browser's
// callbacks, its slots in the page's registry (`crate::registry`): the
// page's hooks into the part are plain functions, made at run time (see
// gate.rs), so they cannot carry these with them.

/// The live game here, as its state machine (device.rs).
#[derive(Clone, Copy)]
struct View(RwSignal<Option<Device>>);

impl Default for View {
    fn default() -> View {
        View(RwSignal::new(None))
    }
}

/// The browser's objects of the live game.
#[derive(Clone, Default)]
struct Wired(Rc<RefCell<Wires>>);

fn with_view<R>(f: impl FnOnce(&RwSignal<Option<Device>>) -> R) -> R {
    f(&crate::registry::kept::<View>().0)
}

fn with_wires<R>(f: impl FnOnce(&RefCell<Wires>) -> R) -> R {
    f(&crate::registry::kept::<Wired>().0)
}

/// Makes the live game's signal (the gate runs it under the app's owner:
/// made under a screen's owner, it would go with that screen).
fn make_view() {
    crate::registry::kept::<View>();
}

/// The live game's id, if there is one here (not tracked).
fn live_id() -> Option<u64> {
    with_view(|v| v.with_untracked(|l| l.as_ref().map(|l| l.id)))
}

/// Whether showing `screen` (with game `shown` by link) leaves live game
/// `live`: anything but its invitations, or its table.
fn leaves(screen: Screen, shown: Option<u64>, live: u64) -> bool {
    match screen {
        Screen::Live | Screen::Opening => false,
        Screen::Game => shown != Some(live),
        _ => true,
    }
}

/// The live game's view (reactive); None when no game is live here.
pub fn view() -> Option<Live> {
    with_view(|v| v.get())
}

/// Runs a transition of the live game here (if there is one) and carries
/// out its effects.
fn step(state: AppState, transition: impl FnOnce(&mut Device, Here) -> Vec<Effect>) {
    let Some(id) = live_id() else {
        return;
    };
    let playing = playing(state, id);
    let kept = playing.clone().or_else(|| kept(id));
    let here = Here {
        playing: playing.as_ref(),
        kept: kept.as_ref(),
    };
    let mut effects = Vec::new();
    with_view(|v| {
        // The screens are told only of a change.
        v.maybe_update(|device| {
            let Some(device) = device else {
                return false;
            };
            let before = device.clone();
            effects = transition(device, here);
            *device != before
        })
    });
    carry_out(state, id, effects);
}

fn set_status(state: AppState, seat: usize, status: Status) {
    step(state, |device, _| device.set_status(seat, status));
}

/// Whether the game shown is live on this device (reactive).
pub fn active(state: AppState) -> bool {
    let live = with_view(|v| v.with(|l| l.as_ref().map(|l| l.id)));
    live.is_some() && live == state.by_link.with(|b| b.as_ref().map(|b| b.id))
}

/// Whether this device hosts a live game (its answers are awaited).
pub fn hosting() -> bool {
    with_view(|v| v.with_untracked(|l| l.as_ref().is_some_and(|l| l.host)))
}

/// The STUN/TURN servers of this device, as typed: the default STUN
/// servers until the person changes them (an empty list stays empty).
pub fn saved_servers() -> String {
    crate::browser::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(SERVERS_KEY).ok().flatten())
        .unwrap_or_else(|| room::DEFAULT_STUN.to_string())
}

/// Saves the STUN/TURN servers if they can be read; else names the entry
/// that cannot.
pub fn save_servers(text: &str) -> Result<(), String> {
    signal::ice_servers(text)?;
    if let Some(s) = crate::browser::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = s.set_item(SERVERS_KEY, text.trim());
    }
    Ok(())
}

fn servers() -> Vec<signal::IceServer> {
    signal::ice_servers(&saved_servers()).unwrap_or_default()
}

/// The game being played here, as a link carries it, if it is game `id`.
fn playing(state: AppState, id: u64) -> Option<LinkGame> {
    let playing = state.by_link.with_untracked(|b| b.as_ref().map(|b| b.id));
    (playing == Some(id)).then_some(())?;
    state.session.with_untracked(|s| {
        s.as_ref().map(|s| LinkGame {
            id,
            record: s.record.clone(),
        })
    })
}

/// Game `id` as kept on this device's shelf.
fn kept(id: u64) -> Option<LinkGame> {
    by_link::shelf()
        .games
        .into_iter()
        .find_map(|kept| kept.save.game().filter(|g| g.id == id))
}

/// Starts hosting a new live game from the setup: this device plays the
/// first seat; an invitation is prepared for every other seat.
pub fn host(state: AppState, mut session: Session) {
    session.allow_undo = false;
    state.mode.set(Mode::ByLink(ByLink {
        id: random_seed(),
        key: None,
        me: Some(0),
        fork: None,
    }));
    state.session.set(Some(session));
    go_live(state);
}

/// Hosts the game by link being played: invitations for every seat but
/// this device's (a game by link, or a live game whose host came back).
pub fn go_live(state: AppState) {
    let Some(game) = state.by_link.get_untracked() else {
        return;
    };
    let seats = state
        .session
        .with_untracked(|s| s.as_ref().map_or(0, |s| s.record.players.len()));
    let me = game.me.unwrap_or(0);
    let guests = (0..seats).filter(|&s| s != me).map(|s| (s, None)).collect();
    let mut random = [0u8; 25];
    let _ = getrandom::fill(&mut random);
    let key = room::RoomKey::from_random(&random);
    host_in_room(state, (game.id, me, seats), key, guests);
    state.screen.set(Screen::Live);
}

/// This device hosts game `id` at `seat` of `players` in room `key`,
/// every guest seat waiting for a device (held as `guests` says).
fn host_in_room(
    state: AppState,
    (id, seat, players): (u64, usize, usize),
    key: room::RoomKey,
    guests: Vec<(usize, Option<room::PeerId>)>,
) {
    leave();
    let mut device = Device::hosting(id, seat, players);
    for link in &mut device.links {
        link.status = Status::Waiting;
    }
    start(id, device);
    listen_for_answers(state);
    meeting::host(state, key, guests);
}

/// Hosts again, after a reload of this tab, the live game it hosted in
/// room `key` (kept on this device as game `id`).
fn host_again(state: AppState, key: room::RoomKey, kept: meeting::Kept) {
    let Some(id) = kept.game else {
        return refuse_link(state, SignalProblem::OtherGame);
    };
    let Some(game) = self::kept(id) else {
        return refuse_link(state, SignalProblem::OtherGame);
    };
    let seat = kept.seat.unwrap_or(0);
    let players = game.record.players.len();
    welcome(state, game, seat);
    host_in_room(state, (id, seat, players), key, kept.seats);
}

/// Opens a room's link: this tab hosts it again (after a reload), or
/// joins it as a guest.
fn open_room(state: AppState, text: &str) {
    let Some(key) = room::RoomKey::parse(text) else {
        return refuse_link(state, SignalProblem::Signal(SignalError::Malformed));
    };
    // The game kept here (a host's, or a guest's so far) is read first.
    leptos::task::spawn_local(async move {
        let _ = crate::model::reader::load().await;
        enter_room(state, key);
    });
}

fn enter_room(state: AppState, key: room::RoomKey) {
    match meeting::kept(&key) {
        Some(kept) if kept.host => host_again(state, key, kept),
        kept => {
            leave();
            let id = kept.as_ref().and_then(|k| k.game).unwrap_or(0);
            let mut device = meeting::waiting_guest();
            device.id = id;
            start(id, device);
            state.screen.set(Screen::Live);
            meeting::join(state, key);
        }
    }
}

/// A new connection to `seat` (a guest: to the host, for that seat),
/// replacing any older one, the seat standing so meanwhile; its peer
/// connection, to offer or answer on.
fn new_peer_for(
    state: AppState,
    seat: usize,
    status: Status,
) -> Option<web_sys::RtcPeerConnection> {
    let host = hosting();
    set_status(state, seat, status);
    let peer = Peer::new(&servers(), move |e| {
        if host {
            host_event(state, seat, e)
        } else {
            guest_event(state, e)
        }
    });
    match peer {
        Ok(peer) => {
            let pc = peer.pc.clone();
            keep_peer(seat, peer);
            Some(pc)
        }
        Err(e) => {
            set_status(state, seat, Status::Failed(e));
            None
        }
    }
}

/// Whether `pc` is still the connection to `seat`.
fn is_peer(seat: usize, pc: &web_sys::RtcPeerConnection) -> bool {
    with_peer(seat, |p| p.pc == *pc) == Some(true)
}

fn peer_of(seat: usize) -> Option<web_sys::RtcPeerConnection> {
    with_peer(seat, |p| p.pc.clone())
}

/// A guest learns its game and seat from the host's offer (the same again
/// after a reconnection).
fn seat_guest(id: u64, seat: usize) {
    let same = with_view(|v| {
        v.with_untracked(|d| {
            d.as_ref()
                .is_some_and(|d| d.id == id && d.seat == seat && !d.links.is_empty())
        })
    });
    if same {
        return;
    }
    let room = view().and_then(|d| d.room);
    let mut device = Device::joining(id, seat);
    device.rejoins = true;
    device.room = room;
    start(id, device);
}

/// This device's live game is now `device`, with no connection yet.
fn start(id: u64, device: Device) {
    with_wires(|w| w.borrow_mut().net = Some((id, Vec::new())));
    with_view(|v| v.set(Some(device)));
    install_hook(id);
}

/// Prepares (again) the invitation for `seat`: a new connection and its
/// offer's link.
pub fn invite(state: AppState, seat: usize) {
    if !hosting() {
        return;
    }
    let Some(id) = live_id() else {
        return;
    };
    let Some(pc) = new_peer_for(state, seat, Status::Preparing) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let offer = rtc::offer_of(&pc).await.and_then(|sdp| {
            Signal::from_sdp(&sdp, Kind::Offer, id, seat).map_err(|e| e.to_string())
        });
        // Unless this invitation was replaced meanwhile.
        if !is_peer(seat, &pc) {
            return;
        }
        match offer {
            Ok(signal) => set_status(state, seat, Status::Ready(link(OFFER, &signal))),
            Err(e) => set_status(state, seat, Status::Failed(e)),
        }
    });
}

/// Keeps `peer` as the connection to `seat` (replacing an older one).
fn keep_peer(seat: usize, peer: Peer) {
    with_wires(|w| {
        if let Some((_, peers)) = w.borrow_mut().net.as_mut() {
            peers.retain(|(s, _)| *s != seat);
            peers.push((seat, peer));
        }
    });
}

fn with_peer<T>(seat: usize, f: impl FnOnce(&Peer) -> T) -> Option<T> {
    with_wires(|w| {
        w.borrow()
            .net
            .as_ref()
            .and_then(|(_, peers)| peers.iter().find(|(s, _)| *s == seat))
            .map(|(_, p)| f(p))
    })
}

/// Sends `text` on every open connection.
fn send_all(text: &str) {
    with_wires(|w| {
        if let Some((_, peers)) = w.borrow().net.as_ref() {
            for (_, peer) in peers.iter().filter(|(_, p)| p.is_open()) {
                peer.send(text);
            }
        }
    });
}

/// The page's link carrying `signal` under `parameter`.
fn link(parameter: &str, signal: &Signal) -> String {
    format!(
        "{}#{parameter}{}",
        crate::browser::page_address(),
        base64url_encode(&signal.encode())
    )
}

/// The signal in a pasted link or text (what follows `parameter`, or the
/// whole text).
fn read_signal(text: &str, parameter: &str) -> Result<Signal, SignalError> {
    let text = text.trim();
    let value = text
        .rsplit_once(parameter)
        .map_or(text, |(_, v)| v)
        .split(['&', ' '])
        .next()
        .unwrap_or_default();
    decode_signal(value)
}

/// A signal as written in a link's `live=` or `answer=`.
pub(super) fn decode_signal(value: &str) -> Result<Signal, SignalError> {
    let bytes = base64url_decode(value).ok_or(SignalError::Malformed)?;
    Signal::decode(&bytes)
}

/// Why an answer or an offer cannot be used, in words.
pub enum SignalProblem {
    Signal(SignalError),
    OtherGame,
    NotAnAnswer,
    NotAnOffer,
    NoSuchSeat,
}

pub fn signal_problem(t: Catalog, problem: &SignalProblem) -> String {
    match problem {
        SignalProblem::Signal(SignalError::NewerFormat(_)) => t.live_signal_newer().into(),
        SignalProblem::Signal(_) => t.live_signal_malformed().into(),
        SignalProblem::OtherGame => t.live_signal_other_game().into(),
        SignalProblem::NotAnAnswer => t.live_signal_not_answer().into(),
        SignalProblem::NotAnOffer => t.live_signal_not_offer().into(),
        SignalProblem::NoSuchSeat => t.live_signal_no_seat().into(),
    }
}

/// The host takes a guest's answer (its link or text): the connection to
/// that seat opens.
pub fn take_answer(state: AppState, text: &str) -> Result<usize, SignalProblem> {
    let signal = read_signal(text, ANSWER).map_err(SignalProblem::Signal)?;
    if signal.kind == Kind::Offer {
        return Err(SignalProblem::NotAnAnswer);
    }
    if !hosting() || live_id() != Some(signal.id) {
        return Err(SignalProblem::OtherGame);
    }
    let seat = signal.seat;
    let pc = with_peer(seat, |p| p.pc.clone()).ok_or(SignalProblem::NoSuchSeat)?;
    set_status(state, seat, Status::Connecting);
    leptos::task::spawn_local(async move {
        if let Err(e) = rtc::accept_on(&pc, &signal.sdp()).await {
            set_status(state, seat, Status::Failed(e));
        }
    });
    Ok(seat)
}

/// What the host does with an event of the connection to `seat`.
fn host_event(state: AppState, seat: usize, event: Event) {
    match event {
        Event::Message(text) => step(state, |d, here| d.received(seat, &text, here)),
        Event::Change(change) => step(state, |d, here| d.connection(seat, change, here)),
    }
}

/// What a guest does with an event of its connection to the host.
fn guest_event(state: AppState, event: Event) {
    match event {
        Event::Message(text) => step(state, |d, here| d.received(d.host_link(), &text, here)),
        Event::Change(change) => {
            step(state, |d, here| d.connection(d.host_link(), change, here));
            // In a room, the guest says it is here again when its link
            // drops (not once the host left the game).
            let status = view().and_then(|d| d.links.first().map(|l| l.status.clone()));
            match (change, status) {
                (Change::Open, _) => meeting::connected(state, true),
                (Change::Closed, Some(Status::Reconnecting)) => meeting::connected(state, false),
                _ => {}
            }
        }
    }
}

/// Carries out what the live game here decided.
fn carry_out(state: AppState, id: u64, effects: Vec<Effect>) {
    for effect in effects {
        match effect {
            Effect::Send { seat, message } => {
                let text = message.to_text(id);
                let sent = with_peer(seat, |p| p.is_open() && p.send(&text)) == Some(true);
                // A turn proposed on a channel that was closing: never
                // into the void.
                if !sent && matches!(message, Message::Propose { .. }) {
                    step(state, |device, _| device.proposal_not_sent());
                }
            }
            Effect::SendAll(message) => send_all(&message.to_text(id)),
            Effect::Notice(notice) => state.notice.set(Some(notice_text(state, &notice))),
            Effect::Play(turns) => apply_turns(state, &turns),
            Effect::Keep { game, seat } => welcome(state, game, seat),
            Effect::Rebase(game) => rebase(state, game),
            // (A room's address stays: a reload joins it again.)
            Effect::ForgetInvitation if meeting::in_room() => {}
            Effect::ForgetInvitation => crate::browser::replace_address(&page_path()),
            Effect::Leave => quit(),
            Effect::Close => close(),
        }
    }
}

fn name_of(state: AppState, seat: usize) -> String {
    state.session.with_untracked(|s| {
        s.as_ref()
            .map_or_else(|| format!("{}", seat + 1), |s| s.name(seat).to_string())
    })
}

/// What the live game tells the person, in words.
fn notice_text(state: AppState, notice: &Notice) -> String {
    let t = state.t_now();
    let name = |seat| name_of(state, seat);
    let host = || name(view().map_or(0, |l| l.host_seat()));
    match notice {
        Notice::SeatLost(seat) => t.live_gone_seat_lost(name(*seat)),
        Notice::SeatLeft(seat) => t.live_gone_seat_left(name(*seat)),
        Notice::TheirDeviceRefused { seat, reason } => {
            t.live_their_device_refused(name(*seat), refusal_text(state, reason))
        }
        Notice::HostLost => t.live_gone_host_lost_notice(host()),
        Notice::HostLeft => t.live_gone_host_left_notice(host()),
        Notice::RefusedFromHost(reason) => t.live_refused_from_host(refusal_text(state, reason)),
        Notice::TurnRefused { reason, illegal } => t.live_turn_refused(match illegal {
            Some(e) => t.turn_error(e),
            None => refusal_text(state, reason),
        }),
        Notice::MessageRefused(reason) => t.live_gone_message_refused(refusal_text(state, reason)),
        Notice::NotSent { host_left: true } => t.live_gone_not_sent_left(host()),
        Notice::NotSent { host_left: false } => t.live_not_connected().into(),
    }
}

/// A refusal in words.
pub fn refusal_text(state: AppState, reason: &Refusal) -> String {
    let t = state.t_now();
    match reason {
        Refusal::NotYourTurn { seat } => t.live_refusal_not_your_turn(name_of(state, *seat)),
        Refusal::OutOfStep { have, sent } => t.live_refusal_out_of_step(*have, *sent),
        Refusal::Illegal => t.live_refusal_illegal().into(),
        Refusal::GameOver => t.live_refusal_game_over().into(),
        Refusal::DigestMismatch => t.live_refusal_digest().into(),
        Refusal::Unreadable => t.live_refusal_unreadable().into(),
        Refusal::NewerVersion { .. } => t.live_refusal_newer().into(),
        Refusal::OlderVersion { .. } => t.live_gone_refusal_older().into(),
        Refusal::OtherGame => t.live_gone_refusal_other_game().into(),
    }
}

/// Plays turns the host accepted, on the board when it is shown (with the
/// usual moves: not proposed again meanwhile), else straight into the game.
fn apply_turns(state: AppState, turns: &[Turn]) {
    let confirm = gate::confirm();
    match confirm.filter(|_| state.screen.get_untracked() == Screen::Game) {
        Some(confirm) => {
            let applying = |on| {
                with_view(|v| {
                    v.update_untracked(|d| {
                        if let Some(d) = d {
                            d.set_applying(on)
                        }
                    })
                })
            };
            for &turn in turns {
                applying(true);
                confirm.run(turn);
                applying(false);
            }
        }
        None => {
            for &turn in turns {
                state.session.update(|s| {
                    if let Some(s) = s {
                        let _ = s.play(turn);
                    }
                });
                played(state);
            }
        }
    }
}

/// A turn was played on this device's board: a guest proposes it to the
/// host instead (true: the board plays nothing now). A turn the host
/// accepted is not proposed again.
pub fn forward(state: AppState, turn: Turn) -> bool {
    let after = state
        .session
        .with_untracked(|s| s.as_ref().map_or(0, |s| s.record.turns.len()));
    let mut held = false;
    step(state, |device, here| {
        match device.propose(turn, after, here) {
            Proposal::PlayHere => Vec::new(),
            Proposal::Held(effects) => {
                held = true;
                effects
            }
        }
    });
    held
}

/// In a live game, when `mover` is to move on another device: whom the
/// game waits for, in words (a player who is not at the table is named).
pub fn waiting(state: AppState, mover: usize) -> String {
    let t = state.t();
    let name = |seat| name_of(state, seat);
    let live = with_view(|v| v.get());
    let rejoins = live.as_ref().is_some_and(|l| l.rejoins);
    match live.map(|live| live.waits_for(mover)) {
        None | Some(Waiting::Mover(_)) => t.live_waiting(name(mover)),
        // Met on relays: whoever is away comes back by themselves.
        Some(Waiting::Host(seat) | Waiting::AwaySeat(seat) | Waiting::AwayGuest(seat))
            if rejoins =>
        {
            t.live_room_waits_reconnecting(name(seat))
        }
        Some(Waiting::Host(seat)) => t.live_gone_waits_host(name(seat)),
        Some(Waiting::LeftSeat(seat)) => t.live_gone_waits_left(name(seat)),
        Some(Waiting::AwaySeat(seat)) => t.live_gone_waits_away(name(seat)),
        Some(Waiting::AwayGuest(seat)) => t.live_gone_waits_guest(name(seat)),
    }
}

/// A guest's words for its link to the host (`host` its name).
pub fn guest_host_text(t: Catalog, host: &str, presence: Presence, live: &Live) -> String {
    match (presence, live.links.first().map(|l| &l.status)) {
        (Presence::Here, _) => t.live_connected_to_host().into(),
        (Presence::Left, _) => t.live_gone_host_left(host),
        (_, Some(Status::Interrupted)) => t.live_gone_host_interrupted(host),
        (_, Some(Status::Reconnecting | Status::Connecting)) => t.live_room_host_reconnecting(host),
        _ => t.live_gone_host_lost(host),
    }
}

/// A turn was played here: the host tells every guest.
pub fn played(state: AppState) {
    step(state, |device, here| device.played(here));
}

/// Opens the page's `#live=` offer: this device joins as the seat invited
/// and prepares its answer. (An `#answer=` link opened here goes to the
/// host's tab in this browser, if there is one.)
pub fn open_link(state: AppState, opened: LiveLink) {
    let offer = match opened {
        LiveLink::Room(text) => return open_room(state, &text),
        LiveLink::Offer(offer) => offer,
        LiveLink::Answer(answer) => {
            state.screen.set(Screen::Home);
            return pass_answer(state, format!("{ANSWER}{answer}"));
        }
    };
    let offer = match decode_signal(&offer) {
        Ok(s) if s.kind == Kind::Offer => s,
        Ok(_) => return refuse_link(state, SignalProblem::NotAnOffer),
        Err(e) => return refuse_link(state, SignalProblem::Signal(e)),
    };
    let (id, seat) = (offer.id, offer.seat);
    quit();
    start(id, Device::joining(id, seat));
    state.screen.set(Screen::Live);
    let Some(pc) = new_peer_for(state, seat, Status::Preparing) else {
        return;
    };
    leptos::task::spawn_local(async move {
        let answer = rtc::answer_on(&pc, &offer.sdp()).await.and_then(|sdp| {
            Signal::from_sdp(&sdp, Kind::Answer { passive: false }, id, seat)
                .map_err(|e| e.to_string())
        });
        match answer {
            Ok(signal) => set_status(state, seat, Status::Ready(link(ANSWER, &signal))),
            Err(e) => set_status(state, seat, Status::Failed(e)),
        }
    });
}

fn refuse_link(state: AppState, problem: SignalProblem) {
    let t = state.t_now();
    state
        .notice
        .set(Some(t.live_cannot_open(signal_problem(t, &problem))));
    state.screen.set(Screen::Home);
}

fn page_path() -> String {
    crate::browser::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_else(|| "./".into())
}

/// The host's whole game arrives: it is the game here from now on (a game
/// kept here that went on differently stays in its place).
fn welcome(state: AppState, game: LinkGame, seat: usize) {
    let key = state.by_link.with_untracked(|b| {
        b.as_ref()
            .filter(|b| b.id == game.id)
            .and_then(|b| b.key.clone())
    });
    match Session::from_record(game.record, Vec::new()) {
        Ok(mut session) => {
            session.allow_undo = false;
            state.mode.set(Mode::ByLink(ByLink {
                id: game.id,
                key,
                me: Some(seat),
                fork: None,
            }));
            state.session.set(Some(session));
            keep_as_told(state);
            state.screen.set(Screen::Game);
        }
        Err(e) => state.notice.set(Some(state.t_now().cannot_open_record(&e))),
    }
}

/// The game here is now `game`: the same table, made again from the
/// host's view with the next refills in its deck (a guest's, before the
/// turns the host told it are played on it).
fn rebase(state: AppState, game: LinkGame) {
    let seats = state
        .session
        .with_untracked(|s| s.as_ref().map(|s| s.seats.clone()));
    match Session::from_record(game.record, seats.unwrap_or_default()) {
        Ok(mut session) => {
            session.allow_undo = false;
            state.session.set(Some(session));
            keep_as_told(state);
        }
        Err(e) => state.notice.set(Some(state.t_now().cannot_open_record(&e))),
    }
}

/// Keeps the game here as the host told it, in its place whatever was kept
/// there (a guest's deck is a guess made anew with each turn told).
fn keep_as_told(state: AppState) {
    let Some(mut game) = state.by_link.get_untracked() else {
        return;
    };
    let kept = state.session.with_untracked(|s| {
        let save = by_link::save_of(&game, s.as_ref()?, crate::model::storage::now());
        by_link::replace(&save).ok()
    });
    if let Some(key) = kept.filter(|k| game.key.as_ref() != Some(k)) {
        game.key = Some(key);
        state.mode.set(Mode::ByLink(game));
    }
}

/// Leaves the live game: says `left` on every open channel, then closes
/// every connection of this device.
pub fn leave() {
    let Some(device) = with_view(|v| v.get_untracked()) else {
        return close();
    };
    for effect in device.leave() {
        match effect {
            Effect::SendAll(message) => send_all(&message.to_text(device.id)),
            Effect::Close => close(),
            _ => {}
        }
    }
}

/// Leaves the live game for good: this tab's room is forgotten too.
pub fn quit() {
    meeting::forget();
    leave();
}

/// The page goes (closed or reloaded): a game met by relays is not left
/// (this tab comes back to it from its address, and the others wait for
/// it: they see its connection drop); any other live game is.
pub fn page_hidden() {
    if meeting::in_room() {
        // Closed at once, with no goodbye to wait for: the other side sees
        // the connection drop now, not when ICE gives up on it.
        drop(with_wires(|w| w.borrow_mut().net.take()));
        close();
    } else {
        leave();
    }
}

/// Closes every connection of this device (their queued messages go
/// first); no game is live here any more.
fn close() {
    meeting::close();
    if let Some((_, peers)) = with_wires(|w| w.borrow_mut().net.take()) {
        for (_, peer) in peers {
            peer.part();
        }
    }
    with_view(|v| v.set(None));
}

/// `window.majestyLive.send(text)`: the test hook (see the module's notes).
fn install_hook(id: u64) {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let send = Closure::<dyn Fn(String)>::new(|text: String| {
        with_wires(|w| {
            if let Some((_, peers)) = w.borrow().net.as_ref() {
                for (_, peer) in peers {
                    peer.send(&text);
                }
            }
        })
    });
    let hook = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&hook, &"send".into(), send.as_ref().unchecked_ref());
    let _ = js_sys::Reflect::set(&hook, &"game".into(), &protocol::id_text(id).into());
    let _ = js_sys::Reflect::set(&window, &"majestyLive".into(), &hook);
    with_wires(|w| w.borrow_mut().hook = Some(send));
}

/// The channel between this browser's tabs on which answers travel.
const TABS: &str = "majesty-live";

/// The host listens for answers opened in another tab of this browser (a
/// guest's QR code scanned with the host's phone opens a new tab), takes
/// them and says so.
fn listen_for_answers(state: AppState) {
    if with_wires(|w| w.borrow().answers.is_some()) {
        return;
    }
    let Ok(channel) = BroadcastChannel::new(TABS) else {
        return;
    };
    let reply = channel.clone();
    let on_message =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let Some(text) = e.data().as_string() else {
                return;
            };
            if let Ok(seat) = take_answer(state, &text) {
                let _ = reply.post_message(&JsValue::from_str(&format!("taken {seat}")));
            }
        });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Lives as long as the page (one per page).
    on_message.forget();
    with_wires(|w| w.borrow_mut().answers = Some(channel));
}

/// A tab opened with an answer passes it to the host's tab in this
/// browser, if there is one; else says where the answer goes.
fn pass_answer(state: AppState, fragment: String) {
    let t = state.t_now();
    let Ok(channel) = BroadcastChannel::new(TABS) else {
        state.notice.set(Some(t.live_answer_opened().into()));
        return;
    };
    let taken = std::rc::Rc::new(Cell::new(false));
    let heard = taken.clone();
    let on_reply =
        Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            if e.data().as_string().is_some_and(|d| d.starts_with("taken")) {
                heard.set(true);
                state
                    .notice
                    .set(Some(state.t_now().live_answer_passed().into()));
            }
        });
    channel.set_onmessage(Some(on_reply.as_ref().unchecked_ref()));
    let _ = channel.post_message(&JsValue::from_str(&fragment));
    leptos::task::spawn_local(async move {
        sleep_ms(1500).await;
        if !taken.get() {
            state
                .notice
                .set(Some(state.t_now().live_answer_opened().into()));
        }
        channel.set_onmessage(None);
        channel.close();
        drop(on_reply);
    });
}

/// Waits `ms` milliseconds (a browser timer).
async fn sleep_ms(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}
