//! The coach in the app: the expert's review of a game (on the final table
//! and in the replay viewer), the statistics counted when a game ends, and
//! the runner every coach computation goes through. (The hint panel is part
//! of the board: `board/hint.rs`.)

mod review;
pub mod runner;

use leptos::prelude::*;

use crate::model::stats::{self, StatsProblem};
use crate::state::AppState;
pub use review::ReviewPanel;

/// Under the final scoring: the game counted in the statistics (once; never
/// a replay, a position set to be solved or inside another site's page), a
/// word when hints were used, and the review, whose turns open in the
/// replay.
#[component]
pub fn AfterGame() -> impl IntoView {
    let state = expect_context::<AppState>();
    let watching = state.replay.with_untracked(Option::is_some)
        || state.exercise.with_untracked(Option::is_some);
    if !watching && !state.embed {
        let counted = state
            .session
            .with_untracked(|s| s.as_ref().map(stats::count));
        if let Some(Err(StatsProblem::Unreadable)) = counted {
            state
                .notice
                .set(Some(state.t_now().stats_unreadable().to_string()));
        }
    }
    let Some((record, seats)) = state
        .session
        .with_untracked(|s| s.as_ref().map(|s| (s.record.clone(), s.seats.clone())))
    else {
        return ().into_any();
    };
    let hinted = record.hints_used.then(|| {
        view! { <p class="hints-used">{move || state.t().coach_hints_used()}</p> }
    });
    // In the replay viewer the controls hold the review.
    let review = (!watching).then(|| {
        let (whole, who) = (record.clone(), seats.clone());
        let jump = Callback::new(move |pointed: crate::state::Pointed| {
            state.open_replay(whole.clone(), who.clone(), pointed.step);
            state.point_at(pointed);
        });
        view! { <ReviewPanel record=record seats=seats jump=jump/> }
    });
    view! { {hinted} {review} }.into_any()
}
