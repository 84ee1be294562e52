//! This browser's statistics, in its localStorage: the model
//! (majesty-model's `stats`) over the page's store.

pub use majesty_model::stats::*;

use crate::model::session::Session;
use crate::model::storage;

/// Whether this browser keeps statistics: until a game is counted, the
/// home screen has none to show and does not fetch their panel.
pub fn kept() -> bool {
    storage::local().is_some_and(|s| kept_in(&s))
}

/// The statistics of this browser (None: no storage here).
pub fn read() -> Option<Result<Stats, StatsProblem>> {
    storage::local().map(|s| read_in(&s))
}

/// Counts a finished game in this browser's statistics.
pub fn count(session: &Session) -> Result<bool, StatsProblem> {
    storage::local().map_or(Ok(false), |s| count_in(&s, session))
}
