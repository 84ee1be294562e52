//! The page's address and the browser's history, in one place: every
//! screen shown gets its own address ([`Place`]), a new screen a new
//! history entry, and Back and Forward show the screen of the entry they
//! reach without loading the page again (a game left by Back stays on the
//! table, as Home leaves it). Inside another site's page nothing is
//! written: a frame's entries would be the host page's.

use leptos::prelude::*;

use crate::browser;
use crate::model::link::{Link, LiveLink, Route};
use crate::model::place::{self, game_address, kept_game_address, replay_address, Place, Write};
use crate::model::storage;
use crate::remote::live::gate as live;
use crate::state::{AppState, Exercise, Mode, Screen};

/// The place the state shows (None while a screen is being opened).
fn place_of(state: AppState) -> Option<Place> {
    Some(match state.screen.get() {
        Screen::Home => Place::Home,
        Screen::Opening => return None,
        Screen::Setup(seating) => Place::Setup(seating),
        Screen::Statistics => Place::Statistics,
        Screen::Rules => Place::Rules,
        Screen::Puzzles => Place::Puzzles,
        Screen::Editor => Place::Editor,
        Screen::Live => Place::Kept,
        Screen::Invitation => table_place(state).unwrap_or(Place::Kept),
        Screen::Game => return table_place(state),
    })
}

/// The place of the game on the table.
fn table_place(state: AppState) -> Option<Place> {
    let mode = state.mode.get();
    state.session.with(|session| {
        let session = session.as_ref()?;
        Some(match mode {
            Mode::Own { slot: Some(key) } => Place::Table(kept_game_address(&key)),
            Mode::Own { slot: None } => Place::Table(game_address(&session.record, &session.seats)),
            Mode::Replay(replay) => Place::Table(replay_address(&replay.record, &replay.seats)),
            Mode::Exercise(Exercise::Rule(scenario)) => Place::Rule(scenario.id.to_string()),
            Mode::Exercise(Exercise::Puzzle(puzzle)) => Place::Puzzle(puzzle.id.clone()),
            Mode::Lesson(lesson) => Place::Tutorial(lesson.tutorial.id.to_string()),
            // (Its link, written by its panel: `remote::TurnPanel`.)
            Mode::ByLink(_) => Place::Kept,
        })
    })
}

/// The page's address now: its query and fragment.
fn address_now() -> String {
    let (search, hash) = super::address_parts();
    format!("{search}{hash}")
}

/// Writes every screen shown into the history, and shows the screen of
/// the entry Back or Forward reaches. Called once, by the app.
pub fn follow(state: AppState) {
    if state.embed || browser::window().is_none() {
        return;
    }
    // The place shown, whose entry is the current one; None after Back or
    // Forward (the entry reached is already there). Read now, not in the
    // effect's first run: a click made on the home screen drawn before the
    // app (index.html) is done as soon as the app's is here, before any
    // effect runs, and its screen needs an entry of its own.
    let shown = std::rc::Rc::new(std::cell::RefCell::new(untrack(|| place_of(state))));
    // A page opened with `lang=` keeps the language shown in its address,
    // so that a reload keeps it too.
    let keeps_language = super::current_link().lang.is_some();
    let lang = move || keeps_language.then(|| state.lang.get().code());
    let written = shown.clone();
    // (Run again on every change of what it reads, a turn included: a
    // place is cheap to make, and nothing is written while it stays.)
    Effect::new(move |_| {
        let (Some(next), lang) = (place_of(state), lang()) else {
            return;
        };
        let now = address_now();
        let write = place::write(written.borrow().as_ref(), &next, lang, &now);
        if let Some(address) = next.address_in(lang) {
            match write {
                Write::Nothing => {}
                Write::Push => browser::push_address(&address),
                Write::Replace => browser::replace_address(&address),
            }
        }
        *written.borrow_mut() = Some(next);
    });
    // Back, Forward, and a fragment typed or followed (which fires
    // `hashchange` after this: `reload_on_new_fragment` leaves it here).
    let _ = window_event_listener(leptos::ev::popstate, move |_| {
        *shown.borrow_mut() = None;
        arrive(state, &address_now(), untrack(lang));
        // An entry whose screen was already shown changes no place: it is
        // the one shown from now on.
        let shown = shown.clone();
        request_animation_frame(move || {
            let mut shown = shown.borrow_mut();
            if shown.is_none() {
                *shown = untrack(|| place_of(state));
            }
        });
    });
}

/// Shows the screen of `address`, reached by Back or Forward: the game
/// on the table if it is that one, else the address opened as a link is.
fn arrive(state: AppState, address: &str, lang: Option<&str>) {
    let (query, fragment) = address.split_once('#').unwrap_or((address, ""));
    let link = Link::parse(query, fragment);
    let table = untrack(|| table_place(state)).and_then(|p| p.address_in(lang));
    if table.as_deref() == Some(address) && !address.is_empty() {
        state.screen.set(Screen::Game);
        return;
    }
    match link.route() {
        Route::Home => state.screen.set(Screen::Home),
        Route::Setup(seating) => state.screen.set(Screen::Setup(seating)),
        Route::Statistics => state.screen.set(Screen::Statistics),
        Route::Kept(id) => super::with_reader(state, move || open_kept(state, &id)),
        // A guest's answer pasted into the host's own address bar.
        Route::Live(LiveLink::Answer(_)) if live::hosting() => {
            live::take_answer(state, fragment);
            browser::replace_address(&Place::Home.address_in(lang).unwrap_or_default());
        }
        _ => super::start_from_link(state, link),
    }
}

/// Opens the game kept in place `id` (`?game=`): a reload of a game, or
/// Back to it. A game that is no longer kept (finished or deleted, or kept
/// in another browser) is said so, over the home screen.
pub fn open_kept(state: AppState, id: &str) {
    let key = place::kept_game_key(id);
    if state.slot.get_untracked().as_deref() == Some(key.as_str()) {
        state.screen.set(Screen::Game);
        return;
    }
    match storage::load(&key) {
        Ok(session) => state.resume(key, session),
        Err(_) => {
            state.notice.set(Some(state.t_now().game_not_kept().into()));
            state.screen.set(Screen::Home);
        }
    }
}

/// Moves focus to the heading of the new screen `screen` (the app calls it
/// on every change of screen, never for the page's first), so that a
/// keyboard or screen-reader user starts reading it from the top. A screen
/// whose part is still on its way gets it once drawn.
pub fn focus_heading(state: AppState, screen: Screen, tries: u32) {
    if screen == Screen::Opening {
        return;
    }
    request_animation_frame(move || {
        if state.screen.get_untracked() != screen {
            return;
        }
        if !browser::focus_first("main h1, main h2") && tries > 0 {
            focus_heading(state, screen, tries - 1);
        }
    });
}
