//! Plays the computer seats: thinks in short slices so that the page stays
//! responsive (hard's and the expert's searches take longer than a frame), then hands over the
//! chosen turn.

use std::time::Duration;

use leptos::prelude::set_timeout;
use majesty_rules::bots::{self, search_iterations, Level, LevelSearch};
use majesty_rules::{rng, Game, Turn};

/// Longest stretch of search before yielding to the browser.
const SLICE_MS: f64 = 12.0;

/// Chooses a turn for `level` in `game` from `seed` and calls `done` with it,
/// later (never synchronously).
pub fn think(level: Level, game: Game, seed: u64, done: impl FnOnce(Turn) + 'static) {
    match (
        search_iterations(level),
        LevelSearch::new(level, &game, seed),
    ) {
        (Some(iterations), Some(search)) => search_in_slices(search, iterations, done),
        _ => {
            if let Some(turn) = bots::choose(level, &game, &mut rng::seeded(seed)) {
                set_timeout(move || done(turn), Duration::ZERO);
            }
        }
    }
}

fn search_in_slices(mut search: LevelSearch, iterations: u32, done: impl FnOnce(Turn) + 'static) {
    let start = crate::browser::now_ms();
    while search.iterations() < iterations && crate::browser::now_ms() - start < SLICE_MS {
        // A few iterations between clock reads; the total stays exact.
        search.run(4.min(iterations - search.iterations()));
    }
    if search.iterations() >= iterations {
        if let Some(turn) = search.best() {
            set_timeout(move || done(turn), Duration::ZERO);
        }
    } else {
        set_timeout(
            move || search_in_slices(search, iterations, done),
            Duration::ZERO,
        );
    }
}
