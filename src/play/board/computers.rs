//! The computer seats: when one is to move, it thinks (in a worker, see
//! `bot_driver`), its choice is shown on the display for a moment that
//! depends on the pace, then it is played. Nothing is played if the game
//! changed meanwhile (undo, a new game, another tab).

use leptos::prelude::*;

use super::picks::Picks;
use super::Board;
use crate::model::prefs::Pace;
use crate::play::bot_driver::{cancel, think};
use crate::state::AppState;

pub fn drive() {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let session = state.session;
    let thinking_on = RwSignal::new(None::<majesty_rules::GameRecord>);
    // Leaving the table drops what its computers were thinking.
    on_cleanup(cancel);
    Effect::new(move |_| {
        // A replay, or a rule's scenario, where the other seats wait.
        let watching = state.replay.with(Option::is_some) || state.exercise.with(Option::is_some);
        let job = session.with(|s| {
            let s = s.as_ref().filter(|_| !watching)?;
            let level = s.bot_to_move()?;
            Some((level, s.game.clone(), s.bot_seed(), s.record.clone()))
        });
        // The guided game: the script's reply, once the learner has read.
        let scripted = crate::play::tutorial::scripted_reply(state);
        let job = job.filter(|_| scripted != Some(None));
        let Some((level, game, seed, record)) = job else {
            // A person is to move (after an undo, say), or nobody: no
            // computer's turn may arrive now; "Skip" has done its work.
            cancel();
            thinking_on.set(None);
            board.skipping.set(false);
            return;
        };
        if thinking_on.get_untracked().as_ref() == Some(&record) {
            return;
        }
        thinking_on.set(Some(record.clone()));
        let job_record = record.clone();
        let chosen = move |turn| {
            let unchanged =
                move || session.with_untracked(|s| s.as_ref().is_some_and(|s| s.record == record));
            if !unchanged() {
                return;
            }
            let pace = if board.skipping.get_untracked() {
                Pace::Instant
            } else {
                board.pace.get_untracked()
            };
            board.picks.set(Picks::of(turn));
            set_timeout(
                move || {
                    if unchanged() {
                        board.confirm.run(turn);
                    }
                },
                pace.show_choice(),
            );
        };
        match scripted {
            Some(Some(turn)) => {
                set_timeout(move || chosen(turn), std::time::Duration::from_millis(300))
            }
            _ => think(level, game, job_record, seed, chosen),
        }
    });
}
