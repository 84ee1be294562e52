//! The choice in progress survives a reload: it is kept for this tab
//! (`storage::keep_choosing`) as it changes, and given back to the board
//! when the same game opens again at the same turn.

use leptos::prelude::*;

use super::picks::{resolve, Picks};
use super::Board;
use crate::model::storage::{self, Choosing};
use crate::state::AppState;

/// The picks this tab kept for the game being played, if they still name
/// a card the player can take now; else none.
pub fn restored(state: AppState) -> Picks {
    let Some(slot) = state.slot.get_untracked() else {
        return Picks::default();
    };
    state.session.with_untracked(|s| {
        let Some(s) = s.as_ref() else {
            return Picks::default();
        };
        let Some(kept) = storage::choosing(&slot, s.record.turns.len()) else {
            return Picks::default();
        };
        let picks = Picks {
            space: kept.take,
            place: kept.place,
            heal: kept.heal,
            trade: kept.trade,
        };
        // Only a card the player can still take (the engine's legal turns);
        // a character it cannot become names no turn and is asked again.
        if resolve(&s.game.legal_turns(), picks).options.is_empty() {
            Picks::default()
        } else {
            picks
        }
    })
}

/// Keeps the picks of the person choosing, as they change, for a reload.
pub fn keep(state: AppState, board: Board) {
    Effect::new(move |_| {
        let picks = board.picks.get();
        if !board.choosing.get() || state.embed {
            return;
        }
        let Some(slot) = state.slot.get() else {
            return;
        };
        let turns = state
            .session
            .with_untracked(|s| s.as_ref().map_or(0, |s| s.record.turns.len()));
        storage::keep_choosing(&Choosing {
            slot,
            turns,
            take: picks.space,
            place: picks.place,
            heal: picks.heal,
            trade: picks.trade,
        });
    });
}
