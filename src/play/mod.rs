//! The play screens: setting up a game, the board (also showing a replay),
//! and the final table.

pub mod board;
pub mod bot_driver;
pub mod coach;
pub mod final_table;
pub mod notes;
pub mod puzzles;
pub mod replay;
pub mod rules;
pub mod score_chart;
pub mod setup;
pub mod tutorial;
pub mod worker;

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_rules::GameRecord;

use crate::parts::{here, preload};
use crate::state::{AppState, Screen};

/// Opens `record`'s replay at turn `step`, drawn whole: its controls, and
/// at a finished game's end its final scoring (first in the table's
/// column), are fetched first, the page saying "Loading…", rather than
/// after the table, which they would push down. The replay itself is
/// open at once (the embedding page may move it to another turn
/// meanwhile). A part that cannot be fetched does not hold the replay:
/// its place then offers Retry.
pub fn open_replay(state: AppState, record: GameRecord, seats: Vec<Option<Level>>, step: usize) {
    let controls = replay::CONTROLS;
    let table = final_table::TABLE;
    state.open_replay(record, seats, step);
    let over = state
        .session
        .with_untracked(|s| s.as_ref().is_some_and(|s| s.game.is_over()));
    let table_wanted = over && !here(table);
    if here(controls) && !table_wanted {
        return;
    }
    state.screen.set(Screen::Opening);
    // (An action of the parts': a link being opened stays on "Loading…"
    // meanwhile, `start_from_link`.)
    crate::parts::run(state, "replay", move || {
        Box::pin(async move {
            // Both fetched at once (a part is fetched once: `preload`).
            if table_wanted {
                leptos::task::spawn_local(preload(table));
            }
            preload(controls).await;
            if table_wanted {
                preload(table).await;
            }
            // (Unless another screen was opened meanwhile.)
            if state.screen.get_untracked() == Screen::Opening {
                state.screen.set(Screen::Game);
            }
            Ok(())
        })
    });
}
