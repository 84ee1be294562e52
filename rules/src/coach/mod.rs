//! The coach: the expert's advice during a game ([`HintSearch`]) and its
//! judgement of a finished one ([`Reviewer`]).
//!
//! Both are pure functions of the game, a seed and a budget of search
//! iterations, and both run in slices (`run(n)` a few iterations at a time)
//! so that a browser can compute them between frames or in a worker. The
//! advice is the expert's own search ([`ExpertSearch`]): with the expert's
//! budget and the same seed its best turn is the turn the expert plays.

mod reason;
mod review;

use serde::{Deserialize, Serialize};

use crate::bots::heuristic::evaluate;
use crate::bots::{search_iterations, ExpertSearch, Level, TurnStats};
use crate::game::Game;
use crate::turn::Turn;

pub use reason::Reason;
pub use review::{Review, Reviewer, TurnRating};

/// How many turns a hint proposes.
pub const HINT_TURNS: usize = 3;

/// The expert's budget, the default for hints and reviews.
pub fn expert_budget() -> u32 {
    search_iterations(Level::Expert).unwrap_or(2000)
}

/// One proposed turn with what the search expects of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    pub turn: Turn,
    /// Expected final score minus the best opponent's, in points.
    pub margin: f64,
    /// The search's mean reward for the turn, in 0..=1: mostly the chance
    /// of winning.
    pub win_chance: f64,
    /// Iterations of the search that began with this turn.
    pub visits: u32,
    pub reason: Reason,
}

/// The expert's search for the player to move, in slices.
pub struct HintSearch {
    game: Game,
    search: ExpertSearch,
}

impl HintSearch {
    pub fn new(game: &Game, seed: u64) -> HintSearch {
        HintSearch {
            game: game.clone(),
            search: ExpertSearch::new(game, seed),
        }
    }

    pub fn run(&mut self, iterations: u32) {
        self.search.run(iterations);
    }

    pub fn iterations(&self) -> u32 {
        self.search.iterations()
    }

    /// The best [`HINT_TURNS`] turns so far, the expert's choice first
    /// (empty when the game is over).
    pub fn advice(&self) -> Vec<Advice> {
        let Some(best) = self.search.best() else {
            return Vec::new();
        };
        let stats = self.search.stats();
        let mut turns = vec![best];
        turns.extend(stats.iter().map(|s| s.turn).filter(|&t| t != best));
        turns.truncate(HINT_TURNS);
        turns
            .into_iter()
            .map(|turn| {
                let seen = stats.iter().find(|s| s.turn == turn);
                let (margin, win_chance) = estimate(&self.game, turn, seen);
                Advice {
                    turn,
                    margin,
                    win_chance,
                    visits: seen.map_or(0, |s| s.visits),
                    reason: Reason::of(&self.game, turn).expect("the search plays legal turns"),
                }
            })
            .collect()
    }
}

/// The best turns for the player to move after `iterations` iterations of
/// the expert's search from `seed`.
pub fn hint(game: &Game, seed: u64, iterations: u32) -> Vec<Advice> {
    let mut search = HintSearch::new(game, seed);
    search.run(iterations);
    search.advice()
}

/// Virtual visits the one-turn judgement is worth beside the search's own
/// statistics, so that a turn the search hardly tried is judged by more
/// than one sampled future.
const PRIOR_VISITS: f64 = 4.0;

/// Expected margin and win chance of `turn`: the search's means, pulled
/// towards medium's judgement of the position right after the turn by
/// [`PRIOR_VISITS`] (which matters only for turns with few visits).
fn estimate(game: &Game, turn: Turn, seen: Option<&TurnStats>) -> (f64, f64) {
    let seat = game.current_player();
    let mut after = game.clone();
    after.apply_quiet(turn).expect("a legal turn");
    let prior_margin = evaluate(&after, seat);
    let prior_value = crate::bots::heuristic::judge(&after, seat);
    let (n, margin, value) = seen.map_or((0.0, 0.0, 0.0), |s| {
        let n = f64::from(s.visits);
        (n, s.margin * n, s.value * n)
    });
    (
        (margin + PRIOR_VISITS * prior_margin) / (n + PRIOR_VISITS),
        (value + PRIOR_VISITS * prior_value) / (n + PRIOR_VISITS),
    )
}
