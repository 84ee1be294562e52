//! Computer opponents, from gentle to strong. They see only what a player
//! sees: never the order of the face-down deck.
//!
//! - `Random`: a uniformly random legal turn.
//! - `Easy`: mostly the free front card, often a random one: clear mistakes.
//! - `Medium`: greedy: the turn that leaves its projected final score
//!   furthest ahead of the best opponent's (see [`evaluate`]).
//! - `Hard`: search over sampled worlds: every iteration guesses the hidden
//!   deck from the cards that can still appear
//!   ([`majesty_rules::observation::DeckKnowledge`]), picks
//!   a first turn by UCB1, plays two rounds on with every player choosing as
//!   medium would, and judges the result ([`hard`]).
//! - `Expert`: information-set Monte Carlo tree search over the same
//!   guesses, several turns deep, every player searching ([`expert`]).
//!
//! A bot is given an [`Observation`], what the player to move may know, and
//! plays on worlds made from it ([`Observation::world`]). Every choice is a
//! function of the observation and the bot's seeded [`Rng`], so a game with
//! bots replays exactly.
//!
//! The submodules depend on each other without a cycle: `heuristic` on
//! nothing of the others, `hard` and `expert` on it.

use std::fmt;
use std::str::FromStr;

use rand::seq::IndexedRandom;
use rand::RngExt;
use serde::{Deserialize, Serialize};

use majesty_rules::game::Game;
use majesty_rules::observation::Observation;
use majesty_rules::rng::{self, Rng};
use majesty_rules::turn::Turn;

pub mod expert;
pub mod hard;
pub mod heuristic;
pub mod value;

pub use expert::{ExpertParams, ExpertSearch, TurnStats};
pub use hard::Search;
pub use heuristic::evaluate;

/// How strong a computer opponent is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A uniformly random legal turn.
    Random,
    /// Four times in ten a random legal turn; otherwise the free front card,
    /// placed where it scores most now.
    Easy,
    /// Greedy: the turn with the best [`evaluate`] afterwards.
    Medium,
    /// Searches its first turn: each try guesses the deck, plays two rounds
    /// on as medium would and judges the result; plays the most tried turn
    /// ([`hard`]).
    Hard,
    /// Searches a tree over guessed decks, several turns deep, every player
    /// searching ([`expert`]).
    Expert,
}

impl Level {
    /// The level's rating on the Elo scale as the ladder measured it
    /// (`tournament --round-robin easy,medium,hard,expert --games 200
    /// --seed 2026`: 2-player games, easy anchored at 0); None for random,
    /// which the ladder does not rate.
    pub fn rating(self) -> Option<f64> {
        match self {
            Level::Random => None,
            Level::Easy => Some(0.0),
            Level::Medium => Some(405.0),
            Level::Hard => Some(722.0),
            Level::Expert => Some(999.0),
        }
    }

    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// The lowercase name (`random` … `expert`), as written and parsed.
    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!("unknown bot level \"{s}\" (random, easy, medium, hard, expert)")
            })
    }
}

/// Search effort of the levels that search: iterations per move. Hard's
/// model, not its sample, is its limit (measured: 3,200 iterations win
/// 48.5% ±5.7% against 400); the expert grows with its budget (docs/computer-players.md).
pub fn search_iterations(level: Level) -> Option<u32> {
    match level {
        Level::Hard => Some(400),
        Level::Expert => Some(expert::EXPERT_ITERATIONS),
        _ => None,
    }
}

/// The turn a bot of `level` plays now, seeing `seen` (None when the game
/// is over).
pub fn choose(level: Level, seen: &Observation, rng: &mut Rng) -> Option<Turn> {
    let budget = search_iterations(level).unwrap_or(0);
    choose_with_budget(level, seen, rng, budget)
}

/// Like [`choose`], with `iterations` instead of the level's own budget
/// for a level that searches (the others ignore it): for measuring
/// strength against effort.
pub fn choose_with_budget(
    level: Level,
    seen: &Observation,
    rng: &mut Rng,
    iterations: u32,
) -> Option<Turn> {
    match level {
        Level::Random => seen.legal_turns().choose(rng).copied(),
        Level::Easy => easy(seen, rng),
        Level::Medium => heuristic::medium(seen),
        Level::Hard => hard::hard(seen, rng, iterations),
        Level::Expert => expert::expert(seen, rng, iterations),
    }
}

/// A world of `seen` to play on: any guess at the deck will do where every
/// use deals a fresh guess into it first, or reads nothing the deck
/// decides (the players' realms, scores and meeples after one turn). Drawn
/// from a generator of its own, so a bot's choices stay a function of its
/// seed.
pub(crate) fn world(seen: &Observation) -> Game {
    seen.world(&mut rng::seeded(0))
}

/// The search of a level that searches, to run in slices (a browser runs
/// it between frames): `run` some iterations at a time, then `best`.
pub enum LevelSearch {
    /// The hard bot's search.
    Hard(Search),
    /// The expert's search.
    Expert(ExpertSearch),
}

impl LevelSearch {
    /// The search `level` makes seeing `seen` (None for the levels that do
    /// not search); with `search_iterations(level)` iterations it chooses
    /// what [`choose`] would with a generator whose next number is `seed`.
    pub fn new(level: Level, seen: &Observation, seed: u64) -> Option<LevelSearch> {
        match level {
            Level::Hard => Some(LevelSearch::Hard(Search::new(seen, seed))),
            Level::Expert => Some(LevelSearch::Expert(ExpertSearch::new(seen, seed))),
            _ => None,
        }
    }

    /// Runs `iterations` more iterations.
    pub fn run(&mut self, iterations: u32) {
        match self {
            LevelSearch::Hard(s) => s.run(iterations),
            LevelSearch::Expert(s) => s.run(iterations),
        }
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        match self {
            LevelSearch::Hard(s) => s.iterations(),
            LevelSearch::Expert(s) => s.iterations(),
        }
    }

    /// The turn the search plays with what it has seen so far (None when
    /// the game is over).
    pub fn best(&self) -> Option<Turn> {
        match self {
            LevelSearch::Hard(s) => s.best(),
            LevelSearch::Expert(s) => s.best(),
        }
    }
}

/// A seed for a bot's choice at this point of a game: the same game, turn
/// and seat always give the same choice.
pub fn seed_for(game_seed: u64, turn_number: usize) -> u64 {
    use rand::Rng as _;
    rng::seeded(game_seed ^ (turn_number as u64).wrapping_mul(0xA24B_AED4_963E_E407)).next_u64()
}

// ---- easy ----

fn easy(seen: &Observation, rng: &mut Rng) -> Option<Turn> {
    let legal = seen.legal_turns();
    if legal.is_empty() {
        return None;
    }
    if rng.random_ratio(4, 10) {
        return legal.choose(rng).copied();
    }
    // The free card, placed where it scores most right now.
    let seat = seen.current_player();
    let game = world(seen);
    let mut scratch = game.clone();
    legal
        .iter()
        .filter(|t| t.take == 0)
        .max_by_key(|&&t| {
            scratch.clone_from(&game);
            scratch.apply_quiet(t).expect("legal");
            scratch.player(seat).score()
        })
        .copied()
}
