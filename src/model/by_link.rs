//! The games by link kept in this browser's localStorage: the model
//! (majesty-model's `by_link`) over the page's store.

pub use majesty_model::by_link::*;

use majesty_rules::correspondence::LinkGame;

use crate::model::storage::{self, Fault, SaveError};

/// Whether this browser keeps any game by link.
pub fn any_kept() -> bool {
    storage::local().is_some_and(|s| any_kept_in(&s))
}

/// Whether games by link can be kept here (the browser's storage).
pub fn shelf() -> LinkShelf {
    storage::local().map_or_else(LinkShelf::default, |s| shelf_in(&s))
}

pub fn keep(save: &LinkSave) -> Result<String, KeepError> {
    let store = storage::local().ok_or(KeepError::Save(SaveError::Refused))?;
    keep_in(&store, save)
}

/// [`replace_in`] this browser's storage.
pub fn replace(save: &LinkSave) -> Result<String, KeepError> {
    let store = storage::local().ok_or(KeepError::Save(SaveError::Refused))?;
    replace_in(&store, save)
}

pub fn arrive(link: &LinkGame) -> Arrival {
    match storage::local() {
        Some(store) => arrive_in(&store, link, storage::now()),
        None => Arrival::New {
            key: Err(KeepError::Save(SaveError::Refused)),
        },
    }
}

/// Removes a kept game by link; a browser that refuses keeps it.
pub fn delete(key: &str) -> Result<(), Fault> {
    storage::local().map_or(Err(Fault::Refused), |s| delete_in(&s, key))
}
