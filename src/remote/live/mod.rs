//! Play live: two to four browsers joined by WebRTC data channels, with no
//! server. The host holds one connection per guest (a star); each is made
//! by the host's offer and the guest's answer, passed as links, text or QR
//! codes ([`crate::model::live::signal`]). What a message means and what is
//! decided on it is in [`crate::model::live`]; here are the connections,
//! the game they drive, and (in `screens`) what the players see.
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
pub mod part;
mod rtc;
mod screens;

use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use majesty_rules::correspondence::LinkGame;
use majesty_rules::Turn;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::BroadcastChannel;

use crate::i18n::Catalog;
use crate::model::by_link::{self, ByLink};
use crate::model::link::{base64url_decode, base64url_encode, LiveLink};
use crate::model::live::signal::{self, Kind, Signal, SignalError};
pub use crate::model::live::Status;
use crate::model::live::{self as protocol, Change, Message, Presence, Refusal};
use crate::model::session::{random_seed, Session};
use crate::state::{AppState, Mode, Screen};
use rtc::{Event, Peer};
pub use screens::{LivePanel, LiveScreen};

use gate::{ANSWER, OFFER};
/// Where this device keeps its STUN/TURN servers (none is built in).
const SERVERS_KEY: &str = "majesty.live.servers";

/// A connection to one seat (the host's) or to the host (a guest's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatLink {
    pub seat: usize,
    pub status: Status,
}

/// What the screens show of the live game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Live {
    pub host: bool,
    pub id: u64,
    /// The seat this device plays.
    pub seat: usize,
    /// The host: one per guest seat. A guest: one, its link to the host.
    pub links: Vec<SeatLink>,
    /// A guest: the host's last [`Message::Table`] (who is at the table).
    pub table: Option<Message>,
}

/// The connections themselves (not reactive: browser objects).
struct Net {
    id: u64,
    host: bool,
    peers: Vec<(usize, Peer)>,
}

/// The test hook's function (kept alive while the page lives).
type SendHook = Closure<dyn Fn(String)>;

thread_local! {
    static NET: RefCell<Option<Net>> = const { RefCell::new(None) };
    static VIEW: RwSignal<Option<Live>> = RwSignal::new(None);
    /// Set while a turn the host accepted is played here: it is not
    /// proposed again.
    static APPLYING: Cell<bool> = const { Cell::new(false) };
    /// The turn this guest proposed last (to say why, if it is refused).
    static PROPOSED: Cell<Option<Turn>> = const { Cell::new(None) };
    static HOOK: RefCell<Option<SendHook>> = const { RefCell::new(None) };
    /// The host's ear for answers opened in another tab of this browser.
    static ANSWERS: RefCell<Option<BroadcastChannel>> = const { RefCell::new(None) };
}

/// Makes the live game's signal (the gate runs it under the app's owner:
/// made under a screen's owner, it would go with that screen).
fn make_view() {
    VIEW.with(|_| ());
}

/// The live game's id, if there is one here (not tracked).
fn live_id() -> Option<u64> {
    VIEW.with(|v| v.with_untracked(|l| l.as_ref().map(|l| l.id)))
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
    VIEW.with(|v| v.get())
}

fn set_view(f: impl FnOnce(&mut Live)) {
    VIEW.with(|v| {
        v.update(|live| {
            if let Some(live) = live {
                f(live)
            }
        })
    });
}

fn set_status(seat: usize, status: Status) {
    set_view(|live| {
        for link in live.links.iter_mut().filter(|l| l.seat == seat) {
            link.status = status.clone();
        }
    });
}

/// Whether the game shown is live on this device (reactive).
pub fn active(state: AppState) -> bool {
    let live = VIEW.with(|v| v.with(|l| l.as_ref().map(|l| l.id)));
    live.is_some() && live == state.by_link.with(|b| b.as_ref().map(|b| b.id))
}

/// Whether this device hosts a live game (its answers are awaited).
pub fn hosting() -> bool {
    VIEW.with(|v| v.with_untracked(|l| l.as_ref().is_some_and(|l| l.host)))
}

/// The STUN/TURN servers saved on this device, as typed.
pub fn saved_servers() -> String {
    crate::browser::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(SERVERS_KEY).ok().flatten())
        .unwrap_or_default()
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

/// Game `id` as this device has it: being played, or kept.
fn current_game(state: AppState, id: u64) -> Option<LinkGame> {
    if let Some(game) = playing(state, id) {
        return Some(game);
    }
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
    state.save();
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
    leave();
    NET.with(|n| {
        *n.borrow_mut() = Some(Net {
            id: game.id,
            host: true,
            peers: Vec::new(),
        })
    });
    let links = (0..seats)
        .filter(|&s| s != me)
        .map(|seat| SeatLink {
            seat,
            status: Status::Preparing,
        })
        .collect::<Vec<_>>();
    let guests: Vec<usize> = links.iter().map(|l| l.seat).collect();
    VIEW.with(|v| {
        v.set(Some(Live {
            host: true,
            id: game.id,
            seat: me,
            links,
            table: None,
        }))
    });
    install_hook();
    listen_for_answers();
    for seat in guests {
        invite(state, seat);
    }
    state.screen.set(Screen::Live);
}

/// Prepares (again) the invitation for `seat`: a new connection and its
/// offer's link.
pub fn invite(state: AppState, seat: usize) {
    let Some(id) = NET.with(|n| n.borrow().as_ref().filter(|n| n.host).map(|n| n.id)) else {
        return;
    };
    set_status(seat, Status::Preparing);
    let peer = match Peer::new(&servers(), move |e| host_event(state, seat, e)) {
        Ok(peer) => peer,
        Err(e) => return set_status(seat, Status::Failed(e)),
    };
    let pc = peer.pc.clone();
    NET.with(|n| {
        if let Some(net) = n.borrow_mut().as_mut() {
            net.peers.retain(|(s, _)| *s != seat);
            net.peers.push((seat, peer));
        }
    });
    leptos::task::spawn_local(async move {
        let offer = rtc::offer_of(&pc).await.and_then(|sdp| {
            Signal::from_sdp(&sdp, Kind::Offer, id, seat).map_err(|e| e.to_string())
        });
        // Unless this invitation was replaced meanwhile.
        if with_peer(seat, |p| p.pc == pc) != Some(true) {
            return;
        }
        match offer {
            Ok(signal) => set_status(seat, Status::Ready(link(OFFER, &signal))),
            Err(e) => set_status(seat, Status::Failed(e)),
        }
    });
}

fn with_peer<T>(seat: usize, f: impl FnOnce(&Peer) -> T) -> Option<T> {
    NET.with(|n| {
        n.borrow()
            .as_ref()
            .and_then(|net| net.peers.iter().find(|(s, _)| *s == seat))
            .map(|(_, p)| f(p))
    })
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
fn decode_signal(value: &str) -> Result<Signal, SignalError> {
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
pub fn take_answer(text: &str) -> Result<usize, SignalProblem> {
    let signal = read_signal(text, ANSWER).map_err(SignalProblem::Signal)?;
    if signal.kind == Kind::Offer {
        return Err(SignalProblem::NotAnAnswer);
    }
    let id = NET.with(|n| n.borrow().as_ref().filter(|n| n.host).map(|n| n.id));
    if id != Some(signal.id) {
        return Err(SignalProblem::OtherGame);
    }
    let seat = signal.seat;
    let pc = with_peer(seat, |p| p.pc.clone()).ok_or(SignalProblem::NoSuchSeat)?;
    set_status(seat, Status::Connecting);
    leptos::task::spawn_local(async move {
        if let Err(e) = rtc::accept_on(&pc, &signal.sdp()).await {
            set_status(seat, Status::Failed(e));
        }
    });
    Ok(seat)
}

/// How this device's connection to `seat` stands.
fn status_of(seat: usize) -> Option<Status> {
    view()?
        .links
        .into_iter()
        .find(|l| l.seat == seat)
        .map(|l| l.status)
}

/// What the host does with an event of the connection to `seat`.
fn host_event(state: AppState, seat: usize, event: Event) {
    let change = match event {
        Event::Message(text) => return host_receive(state, seat, &text),
        Event::Change(change) => change,
    };
    if let Some(status) = protocol::after(status_of(seat).as_ref(), change) {
        if status == Status::Lost {
            let t = state.t_now();
            state
                .notice
                .set(Some(t.live_gone_seat_lost(name_of(state, seat))));
        }
        host_status(seat, status);
    }
}

/// The host's link to `seat` now stands so: every guest is told who is at
/// the table.
fn host_status(seat: usize, status: Status) {
    set_status(seat, status);
    let Some(live) = view().filter(|l| l.host) else {
        return;
    };
    let seats: Vec<(usize, Presence)> = live
        .links
        .iter()
        .map(|l| (l.seat, l.status.presence()))
        .collect();
    let table = protocol::table(live.seat, &seats).to_text(live.id);
    NET.with(|n| {
        if let Some(net) = n.borrow().as_ref() {
            for (_, peer) in net.peers.iter().filter(|(_, p)| p.is_open()) {
                peer.send(&table);
            }
        }
    });
}

fn send_to(seat: usize, message: &Message) {
    let Some(id) = NET.with(|n| n.borrow().as_ref().map(|n| n.id)) else {
        return;
    };
    with_peer(seat, |p| p.send(&message.to_text(id)));
}

/// The host's answer to a guest's message.
fn host_receive(state: AppState, seat: usize, text: &str) {
    let Some(id) = view().map(|v| v.id) else {
        return;
    };
    let refuse = |reason| send_to(seat, &Message::Refused { reason });
    let read = protocol::read(text, id);
    let message = match read {
        Ok(m) => m,
        Err(reason) => return refuse(reason),
    };
    // This device no longer shows the live game: it left it (never judge a
    // turn against another game).
    let Some(game) = playing(state, id) else {
        return leave();
    };
    match message {
        Message::Hello { version, .. } if version > protocol::PROTOCOL => {
            refuse(Refusal::NewerVersion { version })
        }
        hello @ Message::Hello { .. } => send_to(seat, &protocol::greet(&game, seat, &hello)),
        Message::Propose { after, turn } => match protocol::judge(&game, seat, after, turn) {
            Ok(()) => apply_turns(state, &[turn]),
            Err(reason) => refuse(reason),
        },
        Message::Refused { reason } => {
            let t = state.t_now();
            let name = name_of(state, seat);
            let why = refusal_text(state, &reason);
            state
                .notice
                .set(Some(t.live_their_device_refused(name, why)));
        }
        Message::Left => {
            let t = state.t_now();
            state
                .notice
                .set(Some(t.live_gone_seat_left(name_of(state, seat))));
            host_status(seat, Status::Left);
        }
        _ => refuse(Refusal::Unreadable),
    }
}

fn name_of(state: AppState, seat: usize) -> String {
    state.session.with_untracked(|s| {
        s.as_ref()
            .map_or_else(|| format!("{}", seat + 1), |s| s.name(seat).to_string())
    })
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
/// usual moves), else straight into the game.
fn apply_turns(state: AppState, turns: &[Turn]) {
    let confirm = gate::confirm();
    match confirm.filter(|_| state.screen.get_untracked() == Screen::Game) {
        Some(confirm) => {
            for &turn in turns {
                APPLYING.with(|a| a.set(true));
                confirm.run(turn);
                APPLYING.with(|a| a.set(false));
            }
        }
        None => {
            for &turn in turns {
                state.session.update(|s| {
                    if let Some(s) = s {
                        let _ = s.play(turn);
                    }
                });
                state.save();
                played(state);
            }
        }
    }
}

/// A turn was played on this device's board: a guest proposes it to the
/// host instead (true: the board plays nothing now). A turn the host
/// accepted is not proposed again.
pub fn forward(state: AppState, turn: Turn) -> bool {
    if APPLYING.with(Cell::get) {
        return false;
    }
    let Some(live) = view().filter(|v| !v.host) else {
        return false;
    };
    if playing(state, live.id).is_none() {
        return false;
    }
    let after = state
        .session
        .with_untracked(|s| s.as_ref().map_or(0, |s| s.record.turns.len()));
    PROPOSED.with(|p| p.set(Some(turn)));
    let message = Message::Propose { after, turn }.to_text(live.id);
    // Never into the void: only on a link that stands.
    let status = live.links.first().map(|l| l.status.clone());
    let sent = status == Some(Status::Connected)
        && with_peer(live.seat, |p| p.is_open() && p.send(&message)) == Some(true);
    if !sent {
        let t = state.t_now();
        let host = name_of(state, host_seat(&live));
        state.notice.set(Some(match status {
            Some(Status::Left) => t.live_gone_not_sent_left(host),
            _ => t.live_not_connected().into(),
        }));
    }
    true
}

/// The host's seat as a guest knows it (from the host's table).
fn host_seat(live: &Live) -> usize {
    match live.table {
        Some(Message::Table { host, .. }) => host,
        _ => 0,
    }
}

/// In a live game, when `mover` is to move on another device: whom the
/// game waits for, in words (a player who is not at the table is named).
pub fn waiting(state: AppState, mover: usize) -> String {
    let t = state.t();
    let live = VIEW.with(|v| v.get());
    let name = |seat| name_of(state, seat);
    let Some(live) = live else {
        return t.live_waiting(name(mover));
    };
    let host = if live.host {
        live.seat
    } else {
        host_seat(&live)
    };
    let link = (!live.host).then(|| {
        live.links
            .first()
            .map_or(Presence::Away, |l| l.status.presence())
    });
    // The host knows its links; a guest knows what the host's table says.
    let presence = |seat: usize| {
        if live.host {
            status_of_in(&live, seat).map_or(Presence::Here, |s| s.presence())
        } else {
            live.table
                .as_ref()
                .map_or(Presence::Here, |table| protocol::presence_in(table, seat))
        }
    };
    match protocol::holds_up(Some(mover), host, link, presence) {
        None => t.live_waiting(name(mover)),
        Some((seat, _)) if seat == host => t.live_gone_waits_host(name(seat)),
        Some((seat, Presence::Left)) if live.host => t.live_gone_waits_left(name(seat)),
        Some((seat, _)) if live.host => t.live_gone_waits_away(name(seat)),
        Some((seat, _)) => t.live_gone_waits_guest(name(seat)),
    }
}

fn status_of_in(live: &Live, seat: usize) -> Option<Status> {
    live.links
        .iter()
        .find(|l| l.seat == seat)
        .map(|l| l.status.clone())
}

/// A guest's words for its link to the host (`host` its name).
pub fn guest_host_text(t: Catalog, host: &str, presence: Presence, live: &Live) -> String {
    match (presence, live.links.first().map(|l| &l.status)) {
        (Presence::Here, _) => t.live_connected_to_host().into(),
        (Presence::Left, _) => t.live_gone_host_left(host),
        (_, Some(Status::Interrupted)) => t.live_gone_host_interrupted(host),
        _ => t.live_gone_host_lost(host),
    }
}

/// A turn was played here: the host tells every guest.
pub fn played(state: AppState) {
    let Some(live) = view().filter(|v| v.host) else {
        return;
    };
    let Some(game) = playing(state, live.id) else {
        return;
    };
    let Some(&turn) = game.record.turns.last() else {
        return;
    };
    let message = Message::Played {
        number: game.record.turns.len(),
        turn,
        digest: protocol::digest(&game),
    }
    .to_text(live.id);
    NET.with(|n| {
        if let Some(net) = n.borrow().as_ref() {
            for (_, peer) in &net.peers {
                if peer.is_open() {
                    peer.send(&message);
                }
            }
        }
    });
}

/// Opens the page's `#live=` offer: this device joins as the seat invited
/// and prepares its answer. (An `#answer=` link opened here goes to the
/// host's tab in this browser, if there is one.)
pub fn open_link(state: AppState, opened: LiveLink) {
    let offer = match opened {
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
    leave();
    NET.with(|n| {
        *n.borrow_mut() = Some(Net {
            id,
            host: false,
            peers: Vec::new(),
        })
    });
    VIEW.with(|v| {
        v.set(Some(Live {
            host: false,
            id,
            seat,
            links: vec![SeatLink {
                seat,
                status: Status::Preparing,
            }],
            table: None,
        }))
    });
    install_hook();
    state.screen.set(Screen::Live);
    let peer = match Peer::new(&servers(), move |e| guest_event(state, e)) {
        Ok(peer) => peer,
        Err(e) => return set_status(seat, Status::Failed(e)),
    };
    let pc = peer.pc.clone();
    NET.with(|n| {
        if let Some(net) = n.borrow_mut().as_mut() {
            net.peers.push((seat, peer));
        }
    });
    leptos::task::spawn_local(async move {
        let answer = rtc::answer_on(&pc, &offer.sdp()).await.and_then(|sdp| {
            Signal::from_sdp(&sdp, Kind::Answer { passive: false }, id, seat)
                .map_err(|e| e.to_string())
        });
        match answer {
            Ok(signal) => set_status(seat, Status::Ready(link(ANSWER, &signal))),
            Err(e) => set_status(seat, Status::Failed(e)),
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

/// What a guest does with an event of its connection to the host.
fn guest_event(state: AppState, event: Event) {
    let Some(live) = view() else { return };
    match event {
        Event::Change(Change::Open) => {
            set_status(live.seat, Status::Connected);
            // A reload starts afresh, not from this (used) invitation.
            crate::browser::replace_address(&page_path());
            let game = current_game(state, live.id);
            send_to(live.seat, &protocol::hello(game.as_ref()));
        }
        Event::Message(text) => guest_receive(state, live, &text),
        Event::Change(change) => {
            let now = live.links.first().map(|l| &l.status);
            if let Some(status) = protocol::after(now, change) {
                if status == Status::Lost {
                    let t = state.t_now();
                    let host = name_of(state, host_seat(&live));
                    state.notice.set(Some(t.live_gone_host_lost_notice(&host)));
                }
                set_status(live.seat, status);
            }
        }
    }
}

fn page_path() -> String {
    crate::browser::window()
        .and_then(|w| w.location().pathname().ok())
        .unwrap_or_else(|| "./".into())
}

/// A guest's handling of the host's message: nothing changes unless it
/// follows on from the game here and leads to the host's digest.
fn guest_receive(state: AppState, live: Live, text: &str) {
    let t = state.t_now();
    let to_host = |message: &Message| send_to(live.seat, message);
    let refuse = |reason: Refusal| {
        let why = refusal_text(state, &reason);
        state.notice.set(Some(t.live_refused_from_host(why)));
        to_host(&Message::Refused {
            reason: reason.clone(),
        });
        // Out of step or astray: the whole game is asked for again.
        if matches!(reason, Refusal::DigestMismatch | Refusal::OutOfStep { .. }) {
            to_host(&protocol::hello(None));
        }
    };
    let read = protocol::read(text, live.id);
    if !protocol::answerable(&read) {
        return guest_hears(state, &live, read);
    }
    let message = match read {
        Ok(m) => m,
        Err(reason) => return refuse(reason),
    };
    let game = current_game(state, live.id);
    let follow = |from: usize, turns: &[Turn], digest: &str| match &game {
        Some(game) => protocol::follow(game, from, turns, digest),
        None => Err(Refusal::OutOfStep {
            have: 0,
            sent: from,
        }),
    };
    match message {
        Message::Welcome { version, .. } if version > protocol::PROTOCOL => {
            refuse(Refusal::NewerVersion { version })
        }
        Message::Welcome { seat, game, .. } => match protocol::welcome_game(&game) {
            Ok(game) => welcome(state, game, seat),
            Err(reason) => refuse(reason),
        },
        Message::Catchup {
            from,
            turns,
            digest,
        } => match follow(from, &turns, &digest) {
            Ok(_) => {
                show_live_game(state, live.id, live.seat);
                apply_turns(state, &turns)
            }
            Err(reason) => refuse(reason),
        },
        Message::Played {
            number,
            turn,
            digest,
        } => match playing(state, live.id)
            .ok_or(Refusal::OutOfStep {
                have: 0,
                sent: number,
            })
            .and_then(|game| protocol::follow(&game, number.saturating_sub(1), &[turn], &digest))
        {
            Ok(_) => apply_turns(state, &[turn]),
            Err(reason) => refuse(reason),
        },
        Message::Table { .. } => set_view(|l| l.table = Some(message)),
        _ => refuse(Refusal::Unreadable),
    }
}

/// A guest hears what it never answers: a refusal, or the host leaving.
fn guest_hears(state: AppState, live: &Live, message: Result<Message, Refusal>) {
    let t = state.t_now();
    match message {
        Ok(Message::Refused { reason }) => {
            // An illegal turn: this device's engine says why.
            let proposed = PROPOSED.with(Cell::take);
            let why = match (&reason, proposed, playing(state, live.id)) {
                (Refusal::Illegal, Some(turn), Some(game)) => protocol::why_illegal(&game, turn)
                    .map(|e| t.turn_error(&e))
                    .unwrap_or_else(|| refusal_text(state, &reason)),
                _ => refusal_text(state, &reason),
            };
            let text = match reason {
                Refusal::OtherGame
                | Refusal::Unreadable
                | Refusal::NewerVersion { .. }
                | Refusal::OlderVersion { .. } => t.live_gone_message_refused(why),
                _ => t.live_turn_refused(why),
            };
            state.notice.set(Some(text));
        }
        Ok(Message::Left) => {
            let host = name_of(state, host_seat(live));
            state.notice.set(Some(t.live_gone_host_left_notice(&host)));
            set_status(live.seat, Status::Left);
        }
        _ => {}
    }
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
            state.save();
            set_view(|live| live.seat = seat);
            state.screen.set(Screen::Game);
        }
        Err(e) => state.notice.set(Some(state.t_now().cannot_open_record(&e))),
    }
}

/// Shows the live game kept here (a guest back after a reconnection).
fn show_live_game(state: AppState, id: u64, seat: usize) {
    let playing = state.by_link.with_untracked(|b| b.as_ref().map(|b| b.id));
    if playing == Some(id) && state.screen.get_untracked() == Screen::Game {
        return;
    }
    if let Some(game) = current_game(state, id) {
        welcome(state, game, seat);
    }
}

/// Leaves the live game: says `left` on every open channel, then closes
/// every connection of this device.
pub fn leave() {
    if let Some(net) = NET.with(|n| n.borrow_mut().take()) {
        let last = Message::Left.to_text(net.id);
        for (_, peer) in net.peers {
            peer.part(&last);
        }
    }
    VIEW.with(|v| v.set(None));
}

/// `window.majestyLive.send(text)`: the test hook (see the module's notes).
fn install_hook() {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let send = Closure::<dyn Fn(String)>::new(|text: String| {
        NET.with(|n| {
            if let Some(net) = n.borrow().as_ref() {
                for (_, peer) in &net.peers {
                    peer.send(&text);
                }
            }
        })
    });
    let hook = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&hook, &"send".into(), send.as_ref().unchecked_ref());
    if let Some(id) = NET.with(|n| n.borrow().as_ref().map(|n| n.id)) {
        let _ = js_sys::Reflect::set(&hook, &"game".into(), &protocol::id_text(id).into());
    }
    let _ = js_sys::Reflect::set(&window, &"majestyLive".into(), &hook);
    HOOK.with(|h| *h.borrow_mut() = Some(send));
}

/// The channel between this browser's tabs on which answers travel.
const TABS: &str = "majesty-live";

/// The host listens for answers opened in another tab of this browser (a
/// guest's QR code scanned with the host's phone opens a new tab), takes
/// them and says so.
fn listen_for_answers() {
    if ANSWERS.with(|a| a.borrow().is_some()) {
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
            if let Ok(seat) = take_answer(&text) {
                let _ = reply.post_message(&JsValue::from_str(&format!("taken {seat}")));
            }
        });
    channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Lives as long as the page (one per page).
    on_message.forget();
    ANSWERS.with(|a| *a.borrow_mut() = Some(channel));
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
