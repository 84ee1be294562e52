//! What is said of a puzzle's answer: right or not, what each turn does and
//! by how much the best is better (the coach's reasons, which the question
//! does not need), and the answer kept in the person's record. A part of the
//! page of its own (`puzzle_verdict`): a puzzle's link draws its question
//! without it, and it is fetched while the person thinks.

use std::sync::Arc;

use leptos::prelude::*;
use majesty_ai::coach::Reason;
use majesty_ai::puzzles::Puzzle;
use majesty_rules::{Game, Observation, Turn};

use super::player_names;
use crate::model::puzzles::{self as record, RecordProblem};
use crate::parts::{piece, split, SplitLoaderError};
use crate::state::AppState;

piece! {
    /// The verdict under a puzzle's question, once it is answered.
    pub VERDICT = puzzle_verdict::puzzle_verdict("puzzle-verdict", screen: false) => view! { <Verdict/> }
}

/// The puzzle on the table, its position and the answer given (`None`
/// until then), from the panel.
#[derive(Clone)]
pub struct Answered {
    pub puzzle: Arc<Puzzle>,
    pub position: Game,
    pub given: RwSignal<Option<Turn>>,
}

#[component]
fn Verdict() -> impl IntoView {
    let state = expect_context::<AppState>();
    let Answered {
        puzzle,
        position,
        given,
    } = expect_context::<Answered>();
    move || {
        given
            .get()
            .map(|turn| verdict(state, &puzzle, &position, turn, &player_names(state)))
    }
}

/// Keeps the answer in the person's record (with this part's code); says
/// so if it cannot be kept, and offers Retry if the part cannot be fetched.
pub fn keep_answer(state: AppState, id: String, right: bool, day: i64) {
    crate::parts::run_beside("puzzle_verdict", move || {
        let id = id.clone();
        Box::pin(async move {
            if let Some(problem) = keep(id, right, day).await? {
                let t = state.t_now();
                let text = match problem {
                    RecordProblem::Unreadable => t.puzzle_record_unreadable().to_string(),
                    RecordProblem::Storage => t.puzzle_record_failed().to_string(),
                };
                state.notice.set(Some(text));
            }
            Ok(())
        })
    });
}

split! { puzzle_verdict =>
    fn keep(id: String, right: bool, day: i64) -> Result<Option<RecordProblem>, SplitLoaderError> {
        Ok(record::answer(&id, right, day).and_then(Result::err))
    }
}

/// Right or not, what each turn does and by how much the best is better.
fn verdict(state: AppState, puzzle: &Puzzle, game: &Game, turn: Turn, names: &[String]) -> AnyView {
    let t = state.t();
    let why = |turn: Turn| {
        Reason::of(&Observation::to_move(game), turn)
            .map(|r| t.reason(&r, names).join(" · "))
            .unwrap_or_default()
    };
    let best = t.advice_turn(game, puzzle.answer);
    let gap = t.puzzle_gap(
        t.tenths(f64::from(puzzle.gap_tenths) / 10.0),
        t.advice_turn(game, puzzle.runner_up),
    );
    if puzzle.solved_by(turn) {
        view! {
            <p class="puzzle-right" role="status">"✓ "{t.puzzle_right()}</p>
            <p class="puzzle-why">{t.puzzle_best(best)}" — "{why(puzzle.answer)}</p>
            <p class="puzzle-gap">{gap}</p>
        }
        .into_any()
    } else {
        view! {
            <p class="puzzle-wrong" role="status">"✗ "{t.puzzle_wrong()}</p>
            <p class="puzzle-why yours">{t.puzzle_yours(t.advice_turn(game, turn))}" — "{why(turn)}</p>
            <p class="puzzle-why best">{t.puzzle_best(best)}" — "{why(puzzle.answer)}</p>
            <p class="puzzle-gap">{gap}</p>
            <p class="puzzle-marks">{t.puzzle_marks()}</p>
        }
        .into_any()
    }
}
