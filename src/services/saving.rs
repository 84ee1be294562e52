//! Saving the game on the table: in one place, an effect that keeps the
//! game in this browser whenever what its save holds changes (a turn
//! played or taken back, a hint asked, the seat chosen, a game put on the
//! table), as the screens change the state.

use leptos::prelude::*;
use majesty_rules::GameRecord;

use super::waits_for_reader;
use crate::i18n::problem::Problem;
use crate::model::by_link::{self, ByLink, KeepError};
use crate::model::storage::{self, Availability, SaveError};
use crate::state::{AppState, Mode};

/// What the save of the game on the table holds, but where and when: the
/// game's record and, by link, its id and this device's seat. None for
/// what is never saved (a replay, an exercise, a lesson, a game inside
/// another site's page).
#[derive(Clone, PartialEq)]
struct Keeping {
    record: GameRecord,
    by_link: Option<(u64, Option<usize>)>,
}

fn keeping(state: AppState) -> Option<Keeping> {
    if state.embed {
        return None;
    }
    let by_link = state.mode.with(|mode| match mode {
        Mode::Own { .. } => Some(None),
        Mode::ByLink(game) => Some(Some((game.id, game.me))),
        Mode::Replay(_) | Mode::Exercise(_) | Mode::Lesson(_) => None,
    })?;
    let record = state
        .session
        .with(|s| s.as_ref().map(|s| s.record.clone()))?;
    Some(Keeping { record, by_link })
}

/// Saves the game on the table whenever what its save holds changes, and
/// once more when the record reader it waited for is here.
pub fn keep_saved(state: AppState) {
    let held = Memo::new(move |_| keeping(state));
    let reader_here = Trigger::new();
    Effect::new(move |_| {
        // (Read, not only tracked: a memo is worked out, and follows what
        // it reads, only once something reads it.)
        held.with(|_| ());
        reader_here.track();
        untrack(|| save(state, reader_here));
    });
}

/// Saves the game being played in its own place; never a replay, and
/// never inside another site's page. A game is saved from its first turn
/// (a link opened again and again leaves no empty games behind), and a
/// finished game's save is removed.
fn save(state: AppState, reader_here: Trigger) {
    let mode = state.mode.get_untracked();
    let kept = matches!(mode, Mode::Own { .. } | Mode::ByLink(_));
    if state.storage.get_untracked() != Availability::Usable || state.embed || !kept {
        return;
    }
    // A game not yet kept, before its first turn, has nothing to save:
    // nor does it wait for the record reader.
    let unkept = matches!(mode, Mode::Own { slot: None })
        && state
            .session
            .with_untracked(|s| s.as_ref().is_none_or(|s| storage::nothing_to_keep(None, s)));
    if unkept {
        return;
    }
    // A save is checked against the one in its place: it waits for the
    // record reader (fetched in idle time once a board is up). A new
    // game's first save has no place yet, so it is written at once: a
    // page left before the reader is here keeps its game. So is a new
    // game by link's while no other is kept (nothing to read first).
    let first_save = match &mode {
        Mode::Own { slot: None } => true,
        Mode::ByLink(game) => game.key.is_none() && !by_link::any_kept(),
        _ => false,
    };
    let cannot_read = |state: AppState| state.tell(Problem::SaveFailed(SaveError::CannotRead));
    if !first_save && waits_for_reader(state, move |_| reader_here.notify(), cannot_read) {
        return;
    }
    let slot = match mode {
        Mode::Own { slot } => slot,
        Mode::ByLink(game) => return keep_by_link(state, game),
        Mode::Replay(_) | Mode::Exercise(_) | Mode::Lesson(_) => return,
    };
    if slot.as_deref().is_some_and(|slot| kept_as_is(state, slot)) {
        return;
    }
    let result = state
        .session
        .with_untracked(|s| s.as_ref().and_then(|s| storage::keep(slot.as_deref(), s)));
    match result {
        Some(Ok(key)) => set_mode(state, Mode::Own { slot: Some(key) }),
        // The banner says it and what to do, and saving stops until a
        // deletion makes room.
        Some(Err(SaveError::Full)) => state.storage.set(Availability::Full),
        Some(Err(e)) => state.tell(Problem::SaveFailed(e)),
        None => {}
    }
    state.saves_changed.update(|n| *n += 1);
}

/// The game's mode with its place, told only when the place is new: the
/// screens that follow the mode are not drawn again after every turn (a
/// phone's table, redrawn, lost the place the player had scrolled to).
fn set_mode(state: AppState, mode: Mode) {
    if state.mode.with_untracked(|now| *now != mode) {
        state.mode.set(mode);
    }
}

/// Whether `slot` already holds the game on the table as it is (a game
/// resumed, or another tab's position shown): written again, it would
/// only change its time, and wake the other tabs.
fn kept_as_is(state: AppState, slot: &str) -> bool {
    let Ok(kept) = storage::load(slot) else {
        return false;
    };
    state.session.with_untracked(|s| {
        s.as_ref().is_some_and(|s| {
            s.record == kept.record && s.seats == kept.seats && s.allow_undo == kept.allow_undo
        })
    })
}

/// Keeps the game by link being played in its place; a game kept here
/// that went on differently is never replaced.
fn keep_by_link(state: AppState, mut game: ByLink) {
    let result = state.session.with_untracked(|s| {
        s.as_ref()
            .map(|s| by_link::keep(&by_link::save_of(&game, s, storage::now())))
    });
    let t = state.t_now();
    match result {
        Some(Ok(key)) => {
            game.key = Some(key);
            set_mode(state, Mode::ByLink(game));
        }
        Some(Err(KeepError::Diverged)) => state.notice.set(Some(t.by_link_diverged().into())),
        Some(Err(KeepError::Save(e))) => state.tell(Problem::SaveFailed(e)),
        None => {}
    }
    state.saves_changed.update(|n| *n += 1);
}

/// After the person deleted a kept game: the list drawn again, a refusal
/// told (the game is still kept), and storage that was full asked again
/// (the deletion may have made room).
pub fn deleted(state: AppState, result: Result<(), storage::Fault>) {
    if result.is_err() {
        state.notice.set(Some(state.t_now().delete_failed().into()));
    }
    if state.storage.get_untracked() == Availability::Full {
        state.storage.set(storage::available());
    }
    state.saves_changed.update(|n| *n += 1);
}
