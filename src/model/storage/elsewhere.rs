//! What another tab of this site changed in the storage they share.

use super::saves::is_game_key;

/// Calls `changed` with the place of a game another tab of this site saved,
/// deleted or finished (gloo-storage has no API for the `storage` event).
/// The app lives as long as the page: the listener is never removed.
pub fn on_change_elsewhere(changed: impl Fn(&str) + 'static) {
    if crate::browser::window().is_none() {
        return;
    }
    let _ = leptos::prelude::window_event_listener(leptos::ev::storage, move |event| {
        if let Some(key) = event.key().filter(|key| is_game_key(key)) {
            changed(&key);
        }
    });
}
