//! Other tabs of this site, playing the same games: a position saved
//! elsewhere is shown here rather than written over.

use leptos::prelude::*;

use crate::model::session::Session;
use crate::model::storage;
use crate::state::AppState;

use super::waits_for_reader;

/// Another tab saved a game in `slot`: if it is this tab's game, show its
/// position rather than overwrite it with an older one at the next turn.
/// Any other game is left to its own tab.
pub fn follow_other_tab(state: AppState, slot: &str) {
    // (The lists of kept games, too, are drawn once it is here.)
    let again = slot.to_string();
    if waits_for_reader(state, move |state| follow_other_tab(state, &again), |_| {}) {
        return;
    }
    state.saves_changed.update(|n| *n += 1);
    if let Some(theirs) = moved_on_elsewhere(state, slot) {
        state.session.set(Some(theirs));
        state
            .notice
            .set(Some(state.t_now().other_tab().to_string()));
    }
}

/// Before a turn is played here: if another tab went on with this game
/// (its save is no longer this tab's position, which the storage event
/// may not have told yet), this tab shows that position and the turn
/// chosen here is dropped, never played in the next player's name.
/// Whether it was.
pub fn drop_turn_if_moved_on(state: AppState) -> bool {
    let Some(slot) = state.slot.get_untracked() else {
        return false;
    };
    let Some(theirs) = moved_on_elsewhere(state, &slot) else {
        return false;
    };
    state.session.set(Some(theirs));
    state
        .notice
        .set(Some(state.t_now().other_tab_dropped().to_string()));
    true
}

/// The game kept in `slot` when it is this tab's game at another position
/// (another tab played, or took back, a turn).
fn moved_on_elsewhere(state: AppState, slot: &str) -> Option<Session> {
    if !state.playing() || state.slot.with_untracked(|s| s.as_deref() != Some(slot)) {
        return None;
    }
    let theirs = storage::load(slot).ok()?;
    let differs = state.session.with_untracked(|s| {
        s.as_ref().is_some_and(|mine| {
            mine.record != theirs.record && storage::same_game(&mine.record, &theirs.record)
        })
    });
    differs.then_some(theirs)
}
