//! What acts on the shared state (`state`), apart from the screens: the
//! saving of the game on the table, other tabs' changes, the language.
//! The screens read the state's signals; these services keep them and
//! this browser in step. [`start`] sets them going, once, for the app.

pub mod language;
pub mod saving;
pub mod tabs;

use crate::model::reader;
use crate::model::storage;
use crate::state::AppState;

/// Starts the services of the app's `state`: the game on the table saved
/// whenever it changes, and other tabs' saves followed.
pub fn start(state: AppState) {
    saving::keep_saved(state);
    storage::on_change_elsewhere(move |slot| tabs::follow_other_tab(state, slot));
}

/// Whether `again` must wait for the record reader (`model::reader`):
/// then the reader is fetched, and `again` runs once it is here (`failed`
/// if it cannot be fetched).
fn waits_for_reader(
    state: AppState,
    again: impl FnOnce(AppState) + 'static,
    failed: impl FnOnce(AppState) + 'static,
) -> bool {
    if reader::here() {
        return false;
    }
    leptos::task::spawn_local(async move {
        match reader::load().await {
            Ok(()) => again(state),
            Err(_) => failed(state),
        }
    });
    true
}
