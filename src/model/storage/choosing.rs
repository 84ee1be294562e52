//! The choice a person was making in a saved game, kept for this tab in
//! sessionStorage so that a reload comes back to it.

pub use majesty_model::storage::choosing::*;

fn session_storage() -> Option<web_sys::Storage> {
    crate::browser::window()?.session_storage().ok().flatten()
}

/// Keeps the choice in progress (a choice with no card: forgets it).
pub fn keep_choosing(choosing: &Choosing) {
    if let Some(store) = session_storage() {
        let _ = match choosing.take {
            None => store.remove_item(CHOOSING_KEY),
            Some(_) => store.set_item(CHOOSING_KEY, &choosing.to_text()),
        };
    }
}

/// The choice in progress in the game saved in `slot` after `turns` turns,
/// if this tab kept one.
pub fn choosing(slot: &str, turns: usize) -> Option<Choosing> {
    let text = session_storage()?.get_item(CHOOSING_KEY).ok()??;
    Choosing::from_text(&text).filter(|c| c.slot == slot && c.turns == turns)
}
