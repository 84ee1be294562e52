//! What the rest of the page asks of play live, in the page's first
//! module. Play live is a part of its own (src/parts/), fetched when a
//! live game is hosted or joined: until then there is no live game, and
//! every question here has its answer without it. Once fetched, the part
//! answers them itself ([`open`]).

use leptos::prelude::*;
use majesty_rules::Turn;

use crate::state::{AppState, Screen};

/// The fragment parameters: the host's offer, the guest's answer.
pub const OFFER: &str = "live=";
pub const ANSWER: &str = "answer=";

/// The live part's answers, made by the part's code when it runs (see
/// [`open`]), in the page's registry (`crate::registry`).
#[derive(Clone, Copy)]
pub struct Hooks {
    pub active: fn(AppState) -> bool,
    pub hosting: fn() -> bool,
    pub forward: fn(AppState, Turn) -> bool,
    pub played: fn(AppState),
    pub waiting: fn(AppState, usize) -> String,
    pub take_answer: fn(AppState, &str) -> bool,
    pub follow: fn(Screen, Option<u64>),
    pub page_hidden: fn(),
    pub room_fragment: fn() -> Option<String>,
}

/// The board's way of playing a turn (with its moves), while it is shown:
/// its slot in the registry.
#[derive(Clone, Copy)]
struct Confirm(Callback<Turn>);

/// The app's owner, in the registry: the live game's signal is made under
/// it.
#[derive(Clone)]
struct AppOwner(Owner);

fn hooks() -> Option<Hooks> {
    crate::registry::get()
}

/// The part, once fetched, answers from now on; `make` runs under the
/// app's owner (a screen's would take the live game's signal along).
/// `hooks` must be made at run time (`parts::made_at_run_time`), or the
/// whole live protocol comes back into the first module.
pub fn open(hooks: Hooks, make: fn()) {
    let first = !crate::registry::filled::<Hooks>();
    crate::registry::fill(hooks);
    if first {
        match crate::registry::get::<AppOwner>() {
            Some(AppOwner(owner)) => owner.with(make),
            None => make(),
        }
    }
}

/// Called by the app once: a live game is left when the page goes, or when
/// this device turns to anything but its table or its invitations.
pub fn init(state: AppState) {
    if let Some(owner) = Owner::current() {
        crate::registry::fill(AppOwner(owner));
    }
    keep_page_relays();
    Effect::new(move |_| {
        let screen = state.screen.get();
        let shown = state.by_link.with(|b| b.as_ref().map(|b| b.id));
        if let Some(h) = hooks() {
            untrack(|| (h.follow)(screen, shown));
        }
    });
    if crate::browser::window().is_some() {
        let _ = window_event_listener(leptos::ev::pagehide, |_| {
            if let Some(h) = hooks() {
                (h.page_hidden)()
            }
        });
    }
}

/// Where a tab keeps the `relays=` of the address it was opened with (the
/// address changes with every screen; the list holds for the tab's life).
pub const PAGE_RELAYS: &str = "majesty.live.page-relays";

fn keep_page_relays() {
    let Some(window) = crate::browser::window() else {
        return;
    };
    let location = window.location();
    let (Ok(search), Ok(hash)) = (location.search(), location.hash()) else {
        return;
    };
    let link = crate::model::link::Link::parse(&search, hash.trim_start_matches('#'));
    if let (Some(relays), Ok(Some(session))) = (link.relays, window.session_storage()) {
        let _ = session.set_item(PAGE_RELAYS, &relays);
    }
}

/// Whether the game shown is live on this device (reactive).
pub fn active(state: AppState) -> bool {
    hooks().is_some_and(|h| (h.active)(state))
}

/// Whether this device hosts a live game (its answers are awaited).
pub fn hosting() -> bool {
    hooks().is_some_and(|h| (h.hosting)())
}

/// A turn was played on this device's board: a guest proposes it to the
/// host instead (true: the board plays nothing now).
pub fn forward(state: AppState, turn: Turn) -> bool {
    hooks().is_some_and(|h| (h.forward)(state, turn))
}

/// A turn was played here: the host tells every guest.
pub fn played(state: AppState) {
    if let Some(h) = hooks() {
        (h.played)(state)
    }
}

/// In a live game, when `mover` is to move on another device: whom the
/// game waits for, in words.
pub fn waiting(state: AppState, mover: usize) -> Option<String> {
    hooks().map(|h| (h.waiting)(state, mover))
}

/// The host takes a guest's answer pasted into its own address bar
/// (false: not an answer it awaits).
pub fn take_answer(state: AppState, text: &str) -> bool {
    hooks().is_some_and(|h| (h.take_answer)(state, text))
}

/// The address fragment of the live game's room (`room=…`), if it is met
/// on relays: a reload opens it again.
pub fn room_fragment() -> Option<String> {
    hooks().and_then(|h| (h.room_fragment)())
}

/// The board registers how it plays a turn (None when it goes).
pub fn attach_board(confirm: Option<Callback<Turn>>) {
    match confirm {
        Some(confirm) => crate::registry::fill(Confirm(confirm)),
        None => drop(crate::registry::take::<Confirm>()),
    }
}

/// How the board plays a turn, while it is shown.
pub fn confirm() -> Option<Callback<Turn>> {
    crate::registry::get().map(|Confirm(confirm)| confirm)
}
