//! Saving and resuming in this browser's localStorage: the model
//! (majesty-model's `storage::saves`) over the page's store.

pub use majesty_model::storage::saves::*;

use majesty_rules::GameRecord;

use super::{browser, Availability, Fault, SaveError, Shelf};
use crate::model::session::{random_seed, Session};

/// Whether games can be saved here; when not, the app says why and plays on.
pub fn available() -> Availability {
    browser::store().map_or(Availability::Refused, |s| availability(&s))
}

pub fn shelf() -> Shelf {
    browser::store().map_or_else(Shelf::default, |s| shelf_in(&s))
}

pub fn load(key: &str) -> Result<Session, SaveError> {
    load_from(&browser::store().ok_or(SaveError::Nothing)?, key)
}

/// The game being played, kept in its place ([`keep_in`]).
pub fn keep(slot: Option<&str>, session: &Session) -> Option<Result<String, SaveError>> {
    let Some(store) = browser::store() else {
        return Some(Err(SaveError::Refused));
    };
    keep_in(&store, slot, session, browser::now(), random_seed())
}

pub fn delete(key: &str) -> Result<(), Fault> {
    browser::store().map_or(Err(Fault::Refused), |s| delete_in(&s, key))
}

pub fn same_deal(record: &GameRecord) -> Option<(String, Session)> {
    browser::store().and_then(|s| same_deal_in(&s, record))
}

pub fn only_game() -> Option<(String, Session)> {
    browser::store().and_then(|s| only_game_in(&s))
}
