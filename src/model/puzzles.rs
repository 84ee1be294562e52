//! The player's puzzle record, in this browser's localStorage: the model
//! (majesty-model's `puzzles`) over the page's store.

pub use majesty_model::puzzles::*;

use crate::model::storage;

/// The record of this browser (None: no storage here).
pub fn read() -> Option<Result<PuzzleRecord, RecordProblem>> {
    storage::local().map(|s| read_in(&s))
}

/// Notes an answer in this browser's record (None: no storage here).
pub fn answer(id: &str, right: bool, day: i64) -> Option<Result<PuzzleRecord, RecordProblem>> {
    storage::local().map(|s| answer_in(&s, id, right, day))
}
