//! Puzzles: positions from the expert's own games where one turn is
//! clearly best (`majesty_ai::puzzles`), shipped as data
//! (`ai/puzzles.json`, fetched as `puzzles.json` when the screen is first
//! opened). The list and the puzzle of the day ([`screen`]), the panel
//! under a puzzle's board that asks the question, takes the person's answer
//! and marks the best turn on the table ([`panel`]), and what is said of the
//! answer ([`verdict`]). Each is in a part of the page of its own, fetched
//! only when a puzzle is opened: a puzzle's link waits for the panel's
//! alone (the list and the verdict come in idle time).

mod panel;
mod screen;
mod verdict;

use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_ai::puzzles::{of_the_day, Puzzle, PuzzleFile};
use majesty_rules::RecordError;

use crate::i18n::problem::Problem;
use crate::model::session::Session;
use crate::parts::{piece, split, SplitLoaderError};
use crate::state::{AppState, Exercise, Mode, Screen};

piece! {
    /// The puzzles' list, in a part of the page of its own (src/parts/): a
    /// puzzle's link draws its board without it.
    pub SCREEN = puzzle_list::puzzles_screen("puzzles", screen: true) => view! { <screen::PuzzlesScreen/> }
}

piece! {
    /// The panel under a puzzle's board.
    pub PANEL = puzzles::puzzle_panel("puzzle", screen: false) => view! { <panel::PuzzlePanel/> }
}

/// Where the puzzles are, beside the page.
const FILE: &str = "puzzles.json";

/// What the puzzles' part knows once fetched (they never change while the
/// page is open), its slot in the page's registry (`crate::registry`): the
/// screens and a link's opening, in a spawned task, read it.
#[derive(Clone, Default)]
struct Known(Rc<RefCell<Fetched>>);

#[derive(Default)]
struct Fetched {
    /// The puzzles.
    file: Option<Rc<PuzzleFile>>,
    /// The numbers of the puzzles opened from their shard.
    numbers: Vec<(String, usize)>,
}

fn known() -> Rc<RefCell<Fetched>> {
    crate::registry::kept::<Known>().0
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
    // A puzzle's link needs only its own: from its shard when it is there.
    if let Some(file) = shard_file(&which) {
        if let Ok(shard) = fetch_json::<Vec<Numbered>>(&file).await {
            if let Some(found) = shard.into_iter().find(|n| n.puzzle.id == which) {
                known()
                    .borrow_mut()
                    .numbers
                    .push((found.puzzle.id.clone(), found.number));
                open_puzzle(state, &found.puzzle);
                return;
            }
        }
    }
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
        }
    }
}

/// The shipped puzzles, fetched the first time.
async fn puzzles() -> Result<Rc<PuzzleFile>, String> {
    if let Some(file) = fetched() {
        return Ok(file);
    }
    let file: PuzzleFile = fetch_json(FILE).await?;
    Ok(known()
        .borrow_mut()
        .file
        .get_or_insert_with(|| Rc::new(file))
        .clone())
}

async fn fetch_json<T: serde::de::DeserializeOwned>(file: &str) -> Result<T, String> {
    let text = crate::browser::fetch_text(file).await?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// A puzzle in a shard, with its number in the list.
#[derive(serde::Deserialize)]
struct Numbered {
    number: usize,
    puzzle: Puzzle,
}

/// The file beside the page that holds the puzzle `id` with the others
/// whose id starts with the same digit, `puzzles-<digit>.json` (written by
/// the build, scripts/post-build.mjs), if `id` can be a puzzle's: lower-case
/// hex digits, not the list's `1`.
fn shard_file(id: &str) -> Option<String> {
    let hex = !id.is_empty() && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    (hex && id != "1").then(|| format!("puzzles-{}.json", &id[..1]))
}

/// The number of the puzzle `id` in the list, once known (from its shard
/// or the whole list).
fn number_of(id: &str) -> Option<usize> {
    let known = known()
        .borrow()
        .numbers
        .iter()
        .find(|(i, _)| i == id)
        .map(|&(_, n)| n);
    known.or_else(|| {
        fetched()
            .and_then(|f| f.puzzles.iter().position(|p| p.id == id))
            .map(|i| i + 1)
    })
}

/// The puzzles when fetched already (the screen and the panel are drawn
/// after [`open`] fetched them).
fn fetched() -> Option<Rc<PuzzleFile>> {
    known().borrow().file.clone()
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
        }
        Err(e) => state.tell(Problem::CannotOpenRecord(e)),
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
    seats[me.index()] = None;
    let mut session = Session::from_record(record, seats)?;
    // Taking back would leave the position: "Try again" sets it again.
    session.allow_undo = false;
    Ok(session)
}

/// The players' names by seat, as the table shows them (tracked).
fn player_names(state: AppState) -> Vec<String> {
    state.session.with(|s| {
        s.as_ref()
            .map(|s| s.record.players.clone())
            .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle's link reads the shard of its id's first digit (the build
    /// writes one for each of the sixteen); the list (`1`), the puzzle of
    /// the day and what cannot be an id read the whole list.
    #[test]
    fn a_puzzle_is_looked_for_in_the_shard_of_its_first_digit() {
        assert_eq!(shard_file("5b700ff2").as_deref(), Some("puzzles-5.json"));
        assert_eq!(shard_file("dfe33c3d").as_deref(), Some("puzzles-d.json"));
        assert_eq!(shard_file("0").as_deref(), Some("puzzles-0.json"));
        for whole in ["1", "today", "5B700FF2", "5b70-x", ""] {
            assert_eq!(shard_file(whole), None, "{whole}");
        }
    }
}
