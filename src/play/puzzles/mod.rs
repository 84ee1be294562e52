//! Puzzles: positions from the expert's own games where one turn is
//! clearly best (`majesty_ai::puzzles`), shipped as data
//! (`ai/puzzles.json`, fetched as `puzzles.json` when the screen is first
//! opened). The list and the puzzle of the day ([`screen`]), and the panel
//! under a puzzle's board that judges the person's answer and shows why on
//! the table ([`panel`]). The part of the page they are in is fetched only
//! when a puzzle is opened.

mod panel;
mod screen;

use std::cell::OnceCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_ai::puzzles::{of_the_day, Puzzle, PuzzleFile};
use majesty_rules::RecordError;

use crate::model::session::Session;
use crate::parts::{piece, split, SplitLoaderError};
use crate::state::{AppState, Exercise, Mode, Screen};

piece! {
    /// The puzzles' list, in a part of the page of its own (src/parts/).
    pub SCREEN = puzzles::puzzles_screen("puzzles", screen: true) => view! { <screen::PuzzlesScreen/> }
}

piece! {
    /// The panel under a puzzle's board.
    pub PANEL = puzzles::puzzle_panel("puzzle", screen: false) => view! { <panel::PuzzlePanel/> }
}

/// Where the puzzles are, beside the page.
const FILE: &str = "puzzles.json";

thread_local! {
    /// The puzzles, once fetched (they never change while the page is open).
    static PUZZLES: OnceCell<Rc<PuzzleFile>> = const { OnceCell::new() };
}

/// Opens what `?puzzle=` names once the part and the puzzles are here:
/// `1` the list, `today` the puzzle of the day, else a puzzle by its id.
pub fn open(state: AppState, which: String) {
    crate::parts::run(state, "puzzles", move || {
        let which = which.clone();
        Box::pin(async move {
            open_part(state, which).await?.await;
            Ok(())
        })
    });
}

split! { puzzles =>
    fn open_part(state: AppState, which: String) -> Result<Pin<Box<dyn Future<Output = ()>>>, SplitLoaderError> {
        Ok(Box::pin(open_puzzles(state, which)))
    }
}

async fn open_puzzles(state: AppState, which: String) {
    let file = match puzzles().await {
        Ok(file) => file,
        Err(reason) => {
            state
                .notice
                .set(Some(state.t_now().puzzle_unavailable(reason)));
            if state.screen.get_untracked() == Screen::Opening {
                state.screen.set(Screen::Home);
            }
            return;
        }
    };
    let found = match which.as_str() {
        "today" => of_the_day(today(), file.puzzles.len()).map(|i| &file.puzzles[i]),
        id => file.find(id),
    };
    match found {
        Some(puzzle) => open_puzzle(state, puzzle),
        None => {
            if which != "1" {
                state.notice.set(Some(state.t_now().puzzle_unknown(&which)));
            }
            state.end_exercise();
            state.screen.set(Screen::Puzzles);
            set_address(state, "1");
        }
    }
}

/// The shipped puzzles, fetched the first time.
async fn puzzles() -> Result<Rc<PuzzleFile>, String> {
    if let Some(file) = PUZZLES.with(|p| p.get().cloned()) {
        return Ok(file);
    }
    let text = crate::browser::fetch_text(FILE).await?;
    let file: PuzzleFile = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    Ok(PUZZLES.with(|p| p.get_or_init(|| Rc::new(file)).clone()))
}

/// The puzzles when fetched already (the screen and the panel are drawn
/// after [`open`] fetched them).
fn fetched() -> Option<Rc<PuzzleFile>> {
    PUZZLES.with(|p| p.get().cloned())
}

/// Today, in days since 1970-01-01 in the person's own time zone: the
/// puzzle of the day changes at their midnight.
fn today() -> i64 {
    let now = js_sys::Date::new_0();
    let local_ms = now.get_time() - now.get_timezone_offset() * 60_000.0;
    (local_ms / 86_400_000.0).floor() as i64
}

/// Sets a puzzle's position on the table: the seat to play is the
/// person's, the others wait.
fn open_puzzle(state: AppState, puzzle: &Puzzle) {
    match position(state, puzzle) {
        Ok(session) => {
            let exercise = Exercise::Puzzle(Arc::new(puzzle.clone()));
            state.put_on_table(Mode::Exercise(exercise), session);
            set_address(state, &puzzle.id);
        }
        Err(e) => state.notice.set(Some(state.t_now().cannot_open_record(&e))),
    }
}

/// A puzzle's position as a game where only the seat to play moves (with
/// the default names, in the page's language).
fn position(state: AppState, puzzle: &Puzzle) -> Result<Session, RecordError> {
    let t = state.t_now();
    let mut record = puzzle.record.clone();
    record.players = (0..record.players.len())
        .map(|seat| t.default_player_name(seat))
        .collect();
    let me = puzzle.seat()?;
    let mut seats = vec![Some(Level::Easy); record.players.len()];
    seats[me] = None;
    let mut session = Session::from_record(record, seats)?;
    // Taking back would leave the position: "Try again" sets it again.
    session.allow_undo = false;
    Ok(session)
}

/// The address bar shows the puzzle's own link (frame settings kept).
fn set_address(state: AppState, id: &str) {
    if !state.embed {
        crate::browser::replace_address(&format!("?puzzle={id}"));
    }
}
