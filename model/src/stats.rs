//! The person's statistics in this browser: games played and won against
//! each computer level, average and best score. Kept in localStorage under
//! [`STATS_KEY`] with the saves' guarantees (see `storage`): a value that
//! cannot be read is reported and kept as it is, never overwritten, and a
//! finished game is counted once however often it is shown again.

use majesty_ai::bots::Level;
use majesty_ai::ladder::{rating_against, Rating};
use majesty_rules::{GameRecord, Seat};
use serde::{Deserialize, Serialize};

use crate::session::Session;
use crate::storage::Store;

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
    /// For the rating: 2-player games of one person against one computer,
    /// per level, without the expert's hints and with them (kept apart).
    #[serde(default)]
    pub rated: Vec<(Level, Tally)>,
    #[serde(default)]
    pub rated_hinted: Vec<(Level, Tally)>,
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
            rated: Vec::new(),
            rated_hinted: Vec::new(),
        }
    }
}

impl Stats {
    /// The person's rating on the computers' Elo scale
    /// ([`Level::rating`]) and the games it rests on: from the games
    /// without hints, or those with them (`hinted`).
    pub fn rating(&self, hinted: bool) -> Option<(Rating, u32)> {
        let tallies = if hinted {
            &self.rated_hinted
        } else {
            &self.rated
        };
        let results: Vec<(f64, f64, f64)> = tallies
            .iter()
            .filter_map(|(level, t)| Some((level.rating()?, f64::from(t.won), f64::from(t.played))))
            .collect();
        let games = results.iter().map(|r| r.2 as u32).sum();
        Some((rating_against(&results)?, games))
    }

    pub fn average(&self) -> Option<f64> {
        (self.scores > 0).then(|| self.score_sum as f64 / f64::from(self.scores))
    }

    /// Adds a finished game with at least one person; false when it was
    /// counted before (or is not finished, or has no person).
    pub fn add(&mut self, session: &Session) -> bool {
        let Some(result) = session.game.result() else {
            return false;
        };
        let people: Vec<Seat> = Seat::all(session.record.players.len())
            .filter(|s| session.seats.get(s.index()).copied().flatten().is_none())
            .collect();
        let print = fingerprint(&session.record);
        if people.is_empty() || self.counted.contains(&print) {
            return false;
        }
        let won = people.iter().any(|p| result.winners.contains(p));
        let mut levels: Vec<Level> = session.seats.iter().flatten().copied().collect();
        levels.sort_by_key(|l| Level::ALL.iter().position(|m| m == l));
        levels.dedup();
        for &level in &levels {
            bump(tally_in(&mut self.levels, level), won);
        }
        if let ([level], [_], 2) = (&levels[..], &people[..], session.record.players.len()) {
            let rated = if session.record.hints_used {
                &mut self.rated_hinted
            } else {
                &mut self.rated
            };
            bump(tally_in(rated, *level), won);
        }
        if levels.is_empty() {
            bump(&mut self.people_only, won);
        }
        bump(&mut self.all, won);
        for &p in &people {
            let total = result.players[p.index()].total;
            self.score_sum += i64::from(total);
            self.scores += 1;
            self.best = Some(self.best.map_or(total, |b| b.max(total)));
        }
        self.counted.push(print);
        let over = self.counted.len().saturating_sub(REMEMBERED);
        self.counted.drain(..over);
        true
    }
}

/// `level`'s tally in `tallies` (weakest level first), added in order when
/// missing.
fn tally_in(tallies: &mut Vec<(Level, Tally)>, level: Level) -> &mut Tally {
    let rank = |l: Level| Level::ALL.iter().position(|&m| m == l);
    let at = match tallies.iter().position(|(l, _)| *l == level) {
        Some(i) => i,
        None => {
            let at = tallies.partition_point(|(l, _)| rank(*l) < rank(level));
            tallies.insert(at, (level, Tally::default()));
            at
        }
    };
    &mut tallies[at].1
}

fn bump(tally: &mut Tally, won: bool) {
    tally.played += 1;
    tally.won += u32::from(won);
}

/// A finished game's identity: FNV-1a of its record (set-up and turns),
/// as [`GameRecord::digest_text`] writes it for digests.
fn fingerprint(record: &GameRecord) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for byte in record.digest_text().bytes() {
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

/// Whether `store` keeps statistics (counted games, or a value that cannot
/// be read), without reading them.
pub fn kept_in(store: &impl Store) -> bool {
    matches!(store.text(STATS_KEY), Ok(Some(_)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::Memory;
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
    fn the_rating_counts_two_player_games_against_one_computer_hints_apart() {
        let store = Memory::default();
        for seed in 10..14 {
            count_in(&store, &finished(Level::Hard, seed)).unwrap();
        }
        let mut hinted = finished(Level::Medium, 20);
        hinted.record.hints_used = true;
        count_in(&store, &hinted).unwrap();
        // A 3-player game counts in the tallies but not in the rating.
        let mut three = Session::new(
            vec!["Ann".into(), "Bot".into(), "Cat".into()],
            vec![None, Some(Level::Hard), Some(Level::Easy)],
            GameConfig::new(3).unwrap(),
            21,
        )
        .unwrap();
        while !three.game.is_over() {
            let turn = three.game.legal_turns()[0];
            three.play(turn).unwrap();
        }
        count_in(&store, &three).unwrap();
        let stats = read_in(&store).unwrap();
        assert_eq!(stats.all.played, 6);
        let hard = &stats.rated[0];
        assert_eq!((hard.0, hard.1.played), (Level::Hard, 4));
        let (rating, games) = stats.rating(false).unwrap();
        assert_eq!(games, 4);
        let expected =
            majesty_ai::ladder::rating_against(&[(722.0, f64::from(hard.1.won), 4.0)]).unwrap();
        assert_eq!(rating, expected);
        let (with_hints, games) = stats.rating(true).unwrap();
        assert_eq!(games, 1);
        assert!(
            with_hints.interval > rating.interval,
            "fewer games, less sure"
        );
        // Statistics written before ratings read as none yet.
        let old: Stats = serde_json::from_str(r#"{"format":1}"#).unwrap();
        assert_eq!(old.rating(false), None);
    }

    #[test]
    fn statistics_are_kept_once_a_game_is_counted_or_when_unreadable() {
        let store = Memory::default();
        assert!(!kept_in(&store), "a first visit");
        assert_eq!(count_in(&store, &finished(Level::Easy, 8)), Ok(true));
        assert!(kept_in(&store));
        let unreadable = Memory::default();
        unreadable.set_text(STATS_KEY, "{not json").unwrap();
        assert!(kept_in(&unreadable), "shown, to say it cannot be read");
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
