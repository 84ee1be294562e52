//! The person's puzzle record in this browser: for each puzzle tried,
//! whether the first answer was right and how many answers it took. Kept in
//! localStorage under [`PUZZLES_KEY`] with the saves' guarantees (see
//! `storage`): a value that cannot be read is reported and kept as it is,
//! never overwritten.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::storage::Store;

/// Where the record is kept.
pub const PUZZLES_KEY: &str = "majesty.puzzles";
/// The record's format.
pub const FORMAT: u32 = 1;

/// One puzzle's history.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tried {
    /// Whether the first answer given was the right one (what counts).
    pub first_right: bool,
    /// Whether it was found at last.
    pub solved: bool,
    /// Answers given.
    pub answers: u32,
    /// The day (since 1970-01-01) it was first tried.
    pub day: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleRecord {
    pub format: u32,
    /// By puzzle id.
    #[serde(default)]
    pub tried: BTreeMap<String, Tried>,
}

impl Default for PuzzleRecord {
    fn default() -> PuzzleRecord {
        PuzzleRecord {
            format: FORMAT,
            tried: BTreeMap::new(),
        }
    }
}

impl PuzzleRecord {
    /// Notes an answer to puzzle `id` on `day`: right or not.
    pub fn answer(&mut self, id: &str, right: bool, day: i64) {
        let tried = self.tried.entry(id.to_string()).or_insert(Tried {
            first_right: right,
            solved: false,
            answers: 0,
            day,
        });
        tried.answers += 1;
        tried.solved |= right;
    }

    pub fn get(&self, id: &str) -> Option<Tried> {
        self.tried.get(id).copied()
    }

    /// Puzzles tried, and those right at the first answer.
    pub fn score(&self) -> (usize, usize) {
        let right = self.tried.values().filter(|t| t.first_right).count();
        (self.tried.len(), right)
    }

    /// Consecutive days up to `today` (or up to yesterday, if today's is
    /// not tried yet) on which a puzzle first tried that day was right at
    /// the first answer.
    pub fn streak(&self, today: i64) -> u32 {
        let good: std::collections::BTreeSet<i64> = self
            .tried
            .values()
            .filter(|t| t.first_right)
            .map(|t| t.day)
            .collect();
        let mut day = if good.contains(&today) {
            today
        } else {
            today - 1
        };
        let mut streak = 0;
        while good.contains(&day) {
            streak += 1;
            day -= 1;
        }
        streak
    }
}

/// Why the record cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// The stored value is not a puzzle record of this format: kept as it
    /// is.
    Unreadable,
    /// The browser threw on reading or refused the write.
    Storage,
}

/// The record in `store` (none yet: an empty one).
pub fn read_in(store: &impl Store) -> Result<PuzzleRecord, RecordProblem> {
    match store
        .text(PUZZLES_KEY)
        .map_err(|_| RecordProblem::Storage)?
    {
        None => Ok(PuzzleRecord::default()),
        Some(text) => match serde_json::from_str::<PuzzleRecord>(&text) {
            Ok(record) if record.format == FORMAT => Ok(record),
            _ => Err(RecordProblem::Unreadable),
        },
    }
}

/// Notes an answer in `store`; an unreadable record is left untouched.
pub fn answer_in(
    store: &impl Store,
    id: &str,
    right: bool,
    day: i64,
) -> Result<PuzzleRecord, RecordProblem> {
    let mut record = read_in(store)?;
    record.answer(id, right, day);
    store
        .set(PUZZLES_KEY, &record)
        .map_err(|_| RecordProblem::Storage)?;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Memory;

    #[test]
    fn the_first_answer_counts_and_later_ones_only_solve() {
        let store = Memory::default();
        answer_in(&store, "a", false, 10).unwrap();
        answer_in(&store, "a", true, 11).unwrap();
        let record = answer_in(&store, "b", true, 11).unwrap();
        let a = record.get("a").unwrap();
        assert_eq!(
            (a.first_right, a.solved, a.answers, a.day),
            (false, true, 2, 10)
        );
        assert_eq!(record.score(), (2, 1));
        assert_eq!(read_in(&store).unwrap(), record, "kept");
    }

    #[test]
    fn the_streak_counts_days_right_at_the_first_answer() {
        let mut record = PuzzleRecord::default();
        for (id, right, day) in [
            ("a", true, 7),
            ("b", true, 8),
            ("c", false, 9),
            ("d", true, 10),
        ] {
            record.answer(id, right, day);
        }
        record.answer("e", true, 11);
        assert_eq!(record.streak(11), 2, "days 10 and 11");
        assert_eq!(record.streak(12), 2, "today's not tried yet");
        assert_eq!(record.streak(13), 0);
        assert_eq!(record.streak(8), 2);
    }

    #[test]
    fn an_unreadable_record_is_reported_and_kept_as_it_is() {
        let store = Memory::default();
        store.set_text(PUZZLES_KEY, "{\"format\":9}").unwrap();
        assert_eq!(read_in(&store), Err(RecordProblem::Unreadable));
        assert_eq!(
            answer_in(&store, "a", true, 1),
            Err(RecordProblem::Unreadable)
        );
        assert_eq!(
            store.text(PUZZLES_KEY).unwrap().as_deref(),
            Some("{\"format\":9}")
        );
    }
}
