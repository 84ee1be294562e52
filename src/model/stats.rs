//! The person's statistics in this browser: games played and won against
//! each computer level, average and best score. Kept in localStorage under
//! [`STATS_KEY`] with the saves' guarantees (see `storage`): a value that
//! cannot be read is reported and kept as it is, never overwritten, and a
//! finished game is counted once however often it is shown again.

use majesty_rules::bots::Level;
use majesty_rules::GameRecord;
use serde::{Deserialize, Serialize};

use crate::model::session::Session;
use crate::model::storage::{self, Store};

/// Where the statistics are kept.
pub const STATS_KEY: &str = "majesty.stats";
/// The statistics' format.
pub const FORMAT: u32 = 1;
/// How many finished games are remembered as counted (a game shown again
/// after more games than this would be counted again: never in practice).
const REMEMBERED: usize = 200;

/// Games against one computer level.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    pub played: u32,
    pub won: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub format: u32,
    /// Per level of the computers at the table (a game against two levels
    /// counts for both), weakest first.
    #[serde(default)]
    pub levels: Vec<(Level, Tally)>,
    /// Games between people only.
    #[serde(default)]
    pub people_only: Tally,
    /// Every finished game with a person.
    #[serde(default)]
    pub all: Tally,
    /// The people's final scores: their sum and count (for the average)
    /// and the best.
    #[serde(default)]
    pub score_sum: i64,
    #[serde(default)]
    pub scores: u32,
    #[serde(default)]
    pub best: Option<i32>,
    /// Fingerprints of the games counted, the latest last.
    #[serde(default)]
    pub counted: Vec<String>,
}

impl Default for Stats {
    fn default() -> Stats {
        Stats {
            format: FORMAT,
            levels: Vec::new(),
            people_only: Tally::default(),
            all: Tally::default(),
            score_sum: 0,
            scores: 0,
            best: None,
            counted: Vec::new(),
        }
    }
}

impl Stats {
    pub fn average(&self) -> Option<f64> {
        (self.scores > 0).then(|| self.score_sum as f64 / f64::from(self.scores))
    }

    /// Adds a finished game with at least one person; false when it was
    /// counted before (or is not finished, or has no person).
    pub fn add(&mut self, session: &Session) -> bool {
        let Some(result) = session.game.result() else {
            return false;
        };
        let people: Vec<usize> = (0..session.record.players.len())
            .filter(|&s| session.seats.get(s).copied().flatten().is_none())
            .collect();
        let print = fingerprint(&session.record);
        if people.is_empty() || self.counted.contains(&print) {
            return false;
        }
        let won = people.iter().any(|p| result.winners.contains(p));
        let mut levels: Vec<Level> = session.seats.iter().flatten().copied().collect();
        levels.sort_by_key(|l| Level::ALL.iter().position(|m| m == l));
        levels.dedup();
        let tallies = levels
            .iter()
            .map(|&level| self.tally_of(level))
            .collect::<Vec<_>>();
        for i in tallies {
            bump(&mut self.levels[i].1, won);
        }
        if levels.is_empty() {
            bump(&mut self.people_only, won);
        }
        bump(&mut self.all, won);
        for &p in &people {
            let total = result.players[p].total;
            self.score_sum += i64::from(total);
            self.scores += 1;
            self.best = Some(self.best.map_or(total, |b| b.max(total)));
        }
        self.counted.push(print);
        let over = self.counted.len().saturating_sub(REMEMBERED);
        self.counted.drain(..over);
        true
    }

    /// The index of `level`'s tally, added in order when missing.
    fn tally_of(&mut self, level: Level) -> usize {
        let rank = |l: Level| Level::ALL.iter().position(|&m| m == l);
        if let Some(i) = self.levels.iter().position(|(l, _)| *l == level) {
            return i;
        }
        let at = self.levels.partition_point(|(l, _)| rank(*l) < rank(level));
        self.levels.insert(at, (level, Tally::default()));
        at
    }
}

fn bump(tally: &mut Tally, won: bool) {
    tally.played += 1;
    tally.won += u32::from(won);
}

/// A finished game's identity: FNV-1a of its record (set-up and turns).
fn fingerprint(record: &GameRecord) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in record.to_json().bytes() {
        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Why the statistics cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StatsProblem {
    /// The stored value is not statistics of this format: kept as it is.
    Unreadable,
    /// The browser threw on reading or refused the write.
    Storage,
}

/// The statistics in `store` (none yet: empty ones).
pub fn read_in(store: &impl Store) -> Result<Stats, StatsProblem> {
    match store.text(STATS_KEY).map_err(|_| StatsProblem::Storage)? {
        None => Ok(Stats::default()),
        Some(text) => match serde_json::from_str::<Stats>(&text) {
            Ok(stats) if stats.format == FORMAT => Ok(stats),
            _ => Err(StatsProblem::Unreadable),
        },
    }
}

/// Counts a finished game in `store`: Ok(true) when it was added now,
/// Ok(false) when there was nothing to add; an unreadable value is left
/// untouched.
pub fn count_in(store: &impl Store, session: &Session) -> Result<bool, StatsProblem> {
    let mut stats = read_in(store)?;
    if !stats.add(session) {
        return Ok(false);
    }
    store
        .set(STATS_KEY, &stats)
        .map_err(|_| StatsProblem::Storage)?;
    Ok(true)
}

/// The statistics of this browser (None: no storage here).
pub fn read() -> Option<Result<Stats, StatsProblem>> {
    storage::local().map(|s| read_in(&s))
}

/// Counts a finished game in this browser's statistics.
pub fn count(session: &Session) -> Result<bool, StatsProblem> {
    storage::local().map_or(Ok(false), |s| count_in(&s, session))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::storage::tests_support::Memory;
    use majesty_rules::GameConfig;

    /// A finished 2-player game: seat 0 a person, seat 1 `level`.
    fn finished(level: Level, seed: u64) -> Session {
        let config = GameConfig::new(2).unwrap();
        let mut s = Session::new(
            vec!["Ann".into(), "Bot".into()],
            vec![None, Some(level)],
            config,
            seed,
        )
        .unwrap();
        while !s.game.is_over() {
            let turn = s.game.legal_turns()[0];
            s.play(turn).unwrap();
        }
        s
    }

    #[test]
    fn a_finished_game_is_counted_once_against_its_level() {
        let store = Memory::default();
        let game = finished(Level::Expert, 3);
        assert_eq!(count_in(&store, &game), Ok(true));
        assert_eq!(
            count_in(&store, &game),
            Ok(false),
            "shown again: not counted twice"
        );
        assert_eq!(count_in(&store, &finished(Level::Easy, 4)), Ok(true));
        let stats = read_in(&store).unwrap();
        assert_eq!(stats.all.played, 2);
        let levels: Vec<Level> = stats.levels.iter().map(|(l, _)| *l).collect();
        assert_eq!(levels, [Level::Easy, Level::Expert], "weakest first");
        assert_eq!(stats.levels[1].1.played, 1);
        let total = game.game.result().unwrap().players[0].total;
        assert!(stats.best.unwrap() >= total);
        assert_eq!(stats.scores, 2);
    }

    #[test]
    fn unreadable_statistics_are_reported_and_kept_as_they_are() {
        let store = Memory::default();
        store.set_text(STATS_KEY, "{not json").unwrap();
        assert_eq!(read_in(&store), Err(StatsProblem::Unreadable));
        assert_eq!(
            count_in(&store, &finished(Level::Hard, 5)),
            Err(StatsProblem::Unreadable)
        );
        assert_eq!(store.text(STATS_KEY).unwrap().as_deref(), Some("{not json"));
    }

    #[test]
    fn an_unfinished_game_or_one_without_a_person_is_not_counted() {
        let store = Memory::default();
        let config = GameConfig::new(2).unwrap();
        let open = Session::new(
            vec!["Ann".into(), "Bob".into()],
            vec![None, None],
            config,
            6,
        )
        .unwrap();
        assert_eq!(count_in(&store, &open), Ok(false));
        let mut bots = finished(Level::Medium, 7);
        bots.seats = vec![Some(Level::Easy), Some(Level::Medium)];
        assert_eq!(count_in(&store, &bots), Ok(false));
        assert_eq!(store.text(STATS_KEY).unwrap(), None, "nothing written");
    }
}
