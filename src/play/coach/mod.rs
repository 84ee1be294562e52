//! The coach in the app: the expert's review of a game (on the final table
//! and in the replay viewer), the statistics counted when a game ends, and
//! the runner every coach computation goes through. (The hint panel is part
//! of the board: `board/hint.rs`.)

mod review;
pub mod runner;

use leptos::prelude::*;

use crate::model::stats::{self, StatsProblem};
use crate::parts::piece;
use crate::state::{AppState, Mode};
pub use review::ReviewPanel;

piece! {
    /// The review under a game's final scoring (`AfterGame`), in a part of
    /// the page of its own (src/parts/): a record's final scoring, which its
    /// link opens on, is drawn without the review's code.
    pub AFTER_GAME = after_game::after_game("after-game", screen: false) => view! { <AfterGame/> }
}

/// A word under a game's final scoring when hints were used (a replay's
/// too).
#[component]
pub fn HintsUsed() -> impl IntoView {
    let state = expect_context::<AppState>();
    let hinted = state
        .session
        .with_untracked(|s| s.as_ref().is_some_and(|s| s.record.hints_used));
    hinted.then(|| view! { <p class="hints-used">{move || state.t().coach_hints_used()}</p> })
}

/// The game on the table, finished, counted in the statistics (once;
/// never inside another site's page). Called as its final scoring is
/// drawn, where the game was played here or by link (not a replay, a
/// guided game or a position set to be solved).
pub fn count_finished(state: AppState) {
    if state.embed || !state.mode.with_untracked(Mode::counts_in_statistics) {
        return;
    }
    let counted = state
        .session
        .with_untracked(|s| s.as_ref().map(stats::count));
    if let Some(Err(StatsProblem::Unreadable)) = counted {
        state
            .notice
            .set(Some(state.t_now().stats_unreadable().to_string()));
    }
}

/// Under the final scoring of a game played here (never a replay or a
/// position set to be solved, whose controls hold the review): the
/// review, whose turns open in the replay.
#[component]
fn AfterGame() -> impl IntoView {
    let state = expect_context::<AppState>();
    let Some((record, seats)) = state
        .session
        .with_untracked(|s| s.as_ref().map(|s| (s.record.clone(), s.seats.clone())))
    else {
        return ().into_any();
    };
    let (whole, who) = (record.clone(), seats.clone());
    let jump = Callback::new(move |pointed: crate::state::Pointed| {
        crate::play::open_replay(state, whole.clone(), who.clone(), pointed.step);
        state.point_at(pointed);
    });
    view! { <ReviewPanel record=record seats=seats jump=jump/> }.into_any()
}
