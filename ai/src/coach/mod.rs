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
use majesty_rules::game::Game;
use majesty_rules::observation::Observation;
use majesty_rules::turn::Turn;

pub use reason::{MajorityChange, Reason};
pub use review::{Review, Reviewer, TurnRating};

/// How many turns a hint proposes.
pub const HINT_TURNS: usize = 3;

/// The expert's budget, the default for hints and reviews.
pub fn expert_budget() -> u32 {
    search_iterations(Level::Expert).unwrap_or(crate::bots::expert::EXPERT_ITERATIONS)
}

/// One proposed turn with what the search expects of it. A hint's turns
/// are ranked by one criterion, the expected final `margin`; the `share`
/// of the search each received is a second figure, and `expert` marks the
/// turn the expert plays (the most searched), wherever it ranks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Advice {
    /// The proposed turn.
    pub turn: Turn,
    /// Expected final score minus the best opponent's, in points.
    pub margin: f64,
    /// The standard error of `margin`: how far the search's sampled
    /// futures leave it uncertain, in points.
    pub margin_error: f64,
    /// The search's mean reward for the turn, in 0..=1: mostly the chance
    /// of winning.
    pub win_chance: f64,
    /// Iterations of the search that began with this turn.
    pub visits: u32,
    /// Those iterations' share of all the search's, in 0..=1.
    pub share: f64,
    /// Whether this is the turn the expert plays: the one its search
    /// tried most.
    pub expert: bool,
    /// What the turn does, for the panel to put into words.
    pub reason: Reason,
}

impl Advice {
    /// The margin as the panel shows it, in tenths of a point.
    pub fn shown_margin(&self) -> i64 {
        tenths(self.margin)
    }

    /// How far the margin is uncertain as the panel shows it ("± 1.3"), in
    /// tenths of a point: twice its standard error, a range holding about
    /// 95 % of the search's sampling error.
    pub fn shown_range(&self) -> i64 {
        tenths(2.0 * self.margin_error)
    }

    /// The chance of winning as the panel shows it, in whole per cent.
    pub fn shown_chance(&self) -> i64 {
        (self.win_chance * 100.0).round() as i64
    }

    /// Whether this turn's expected result is within the search's noise
    /// of `other`'s: their ranges as shown (margin ± range) overlap, so a
    /// reader of the panel can check it from the numbers it shows.
    pub fn about_as_good_as(&self, other: &Advice) -> bool {
        (self.shown_margin() - other.shown_margin()).abs()
            <= self.shown_range() + other.shown_range()
    }
}

fn tenths(points: f64) -> i64 {
    (points * 10.0).round() as i64
}

/// Whether `advice`, shown below `above`, expects clearly fewer points
/// (beyond the search's noise) but a better chance to win: the expert
/// plays to win, not for points, and the panel says so.
pub fn fewer_points_more_chance(advice: &Advice, above: &Advice) -> bool {
    advice.shown_margin() < above.shown_margin()
        && !advice.about_as_good_as(above)
        && advice.shown_chance() > above.shown_chance()
}

/// How many of a hint's turns, from the first, are within the search's
/// noise of the first ([`Advice::about_as_good_as`]; 1 when the second is
/// clearly worse): the panel says those are about equally good rather
/// than implying an order.
pub fn equally_good(advice: &[Advice]) -> usize {
    let Some(first) = advice.first() else {
        return 0;
    };
    1 + advice[1..]
        .iter()
        .take_while(|a| a.about_as_good_as(first))
        .count()
}

/// The expert's search for the player to move, in slices.
pub struct HintSearch {
    /// A world of the observation (see [`crate::bots`]), for judging the
    /// position right after a turn.
    world: Game,
    search: ExpertSearch,
}

impl HintSearch {
    /// The expert's search for the player to move, seeing `seen`, seeded
    /// `seed`.
    pub fn new(seen: &Observation, seed: u64) -> HintSearch {
        HintSearch {
            world: crate::bots::world(seen),
            search: ExpertSearch::new(seen, seed),
        }
    }

    /// Runs `iterations` more iterations.
    pub fn run(&mut self, iterations: u32) {
        self.search.run(iterations);
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.search.iterations()
    }

    /// The best [`HINT_TURNS`] turns so far by expected final margin, best
    /// first, among the turns the search tried enough to judge
    /// ([`considered`]); the expert's choice is always among them (empty
    /// when the game is over).
    pub fn advice(&self) -> Vec<Advice> {
        let Some(best) = self.search.best() else {
            return Vec::new();
        };
        let stats = self.search.stats();
        let total: u32 = stats.iter().map(|s| s.visits).sum();
        let mut turns = vec![best];
        turns.extend(
            stats
                .iter()
                .filter(|s| s.turn != best && considered(s.visits, total))
                .map(|s| s.turn),
        );
        let mut advice: Vec<Advice> = turns
            .into_iter()
            .map(|turn| {
                let seen = stats.iter().find(|s| s.turn == turn);
                let (margin, win_chance) = estimate(&self.world, turn, seen);
                let visits = seen.map_or(0, |s| s.visits);
                Advice {
                    turn,
                    margin,
                    margin_error: margin_error(seen),
                    win_chance,
                    visits,
                    share: share(visits, total, turn == best),
                    expert: turn == best,
                    reason: Reason::of(&Observation::to_move(&self.world), turn)
                        .expect("the search plays legal turns"),
                }
            })
            .collect();
        // Stable: among equal margins the more searched turn stays first.
        advice.sort_by(|a, b| b.margin.total_cmp(&a.margin));
        advice.truncate(HINT_TURNS);
        advice
    }
}

/// The best turns for the player to move after `iterations` iterations of
/// the expert's search from `seed`.
pub fn hint(seen: &Observation, seed: u64, iterations: u32) -> Vec<Advice> {
    let mut search = HintSearch::new(seen, seed);
    search.run(iterations);
    search.advice()
}

/// The least share of the search's iterations a turn needs to be proposed
/// beside the expert's choice: fewer, and its margin is mostly the
/// one-turn judgement and a handful of sampled futures.
pub const CONSIDERED_SHARE: f64 = 0.01;

/// The least visits a turn needs to be proposed beside the expert's
/// choice, however short the search: with fewer it has no spread.
const CONSIDERED_VISITS: u32 = 2;

/// Whether a turn the search tried `visits` times of `total` is tried
/// enough to be ranked by its margin.
fn considered(visits: u32, total: u32) -> bool {
    visits >= CONSIDERED_VISITS && f64::from(visits) >= CONSIDERED_SHARE * f64::from(total)
}

/// Virtual visits the one-turn judgement is worth beside the search's own
/// statistics, so that a turn the search hardly tried is judged by more
/// than one sampled future.
const PRIOR_VISITS: f64 = 4.0;

/// A turn's share of the search; a forced turn (no search ran) is all of it.
fn share(visits: u32, total: u32, best: bool) -> f64 {
    match total {
        0 => f64::from(u8::from(best)),
        _ => f64::from(visits) / f64::from(total),
    }
}

/// The standard error of [`estimate`]'s margin: the spread of the
/// search's margins over the visits it rests on (the prior's included).
/// A turn the search hardly tried is as uncertain as the widest spread a
/// margin is likely to have.
fn margin_error(seen: Option<&TurnStats>) -> f64 {
    let spread = seen
        .filter(|s| s.visits >= 2)
        .map_or(UNKNOWN_SPREAD, |s| s.margin_spread);
    spread / (f64::from(seen.map_or(0, |s| s.visits)) + PRIOR_VISITS).sqrt()
}

/// The spread of margins assumed for a turn with fewer than two visits,
/// in points (a wide one: an untried turn is not confidently worse).
const UNKNOWN_SPREAD: f64 = 10.0;

/// Expected margin and win chance of `turn`: the search's means, pulled
/// towards medium's judgement of the position right after the turn by
/// [`PRIOR_VISITS`] (which matters only for turns with few visits).
pub(crate) fn estimate(game: &Game, turn: Turn, seen: Option<&TurnStats>) -> (f64, f64) {
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
