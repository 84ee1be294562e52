//! Computer opponents, from gentle to strong. They see only what a player
//! sees: never the order of the face-down deck.
//!
//! - `Random`: a uniformly random legal turn.
//! - `Easy`: mostly the free front card, often a random one: clear mistakes.
//! - `Medium`: greedy: the turn that leaves its projected final score
//!   furthest ahead of the best opponent's (see [`evaluate`]).
//! - `Hard`: search over sampled worlds: every iteration guesses the hidden
//!   deck from the unseen cards (respecting the visible backs), picks a
//!   first turn by UCB1, plays two rounds on with every player choosing as
//!   medium would, and judges the result.
//!
//! Every choice is a function of the game and the bot's seeded [`Rng`], so a
//! game with bots replays exactly.

use std::fmt;
use std::str::FromStr;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng as _, RngExt};
use serde::{Deserialize, Serialize};

use crate::card::{Card, COMPOSITION};
use crate::config::GameConfig;
use crate::game::{Game, Tier};
use crate::rng::{self, Rng};
use crate::scoring::{score_into, FinalScoring, PlayerScoring};
use crate::simulate::random_turn;
use crate::turn::Turn;

/// How strong a computer opponent is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Random,
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
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
            .ok_or_else(|| format!("unknown bot level {s:?} (random, easy, medium, hard)"))
    }
}

/// Search effort of the levels that search: iterations (sampled worlds).
/// More does not play better: the model, not the sample, is the limit
/// (measured: 3,200 iterations win 48.5% ±5.7% against 400).
pub fn search_iterations(level: Level) -> Option<u32> {
    match level {
        Level::Hard => Some(400),
        _ => None,
    }
}

/// The turn a bot of `level` plays now (None when the game is over).
pub fn choose(level: Level, game: &Game, rng: &mut Rng) -> Option<Turn> {
    match level {
        Level::Random => random_turn(game, rng, &mut Vec::new()),
        Level::Easy => easy(game, rng),
        Level::Medium => medium(game),
        Level::Hard => hard(game, rng, search_iterations(level).expect("hard searches")),
    }
}

/// A seed for a bot's choice at this point of a game: the same game, turn
/// and seat always give the same choice.
pub fn seed_for(game_seed: u64, turn_number: usize) -> u64 {
    rng::seeded(game_seed ^ (turn_number as u64).wrapping_mul(0xA24B_AED4_963E_E407)).next_u64()
}

// ---- easy ----

fn easy(game: &Game, rng: &mut Rng) -> Option<Turn> {
    let legal = game.legal_turns();
    if legal.is_empty() {
        return None;
    }
    if rng.random_ratio(4, 10) {
        return legal.choose(rng).copied();
    }
    // The free card, placed where it scores most right now.
    let seat = game.current_player();
    let mut scratch = game.clone();
    legal
        .iter()
        .filter(|t| t.take == 0)
        .max_by_key(|&&t| {
            scratch.clone_from(game);
            scratch.apply_quiet(t).expect("legal");
            scratch.player(seat).score()
        })
        .copied()
}

// ---- medium ----

/// Medium's judgement of a position for `seat`: its projected final score
/// (points, the Infirmary, variety and the majorities as they stand now)
/// plus the value of its meeples while cards remain to be bought, minus the
/// same for its strongest opponent.
pub fn evaluate(game: &Game, seat: usize) -> f64 {
    let mut projection = [PlayerScoring::default(); GameConfig::MAX_PLAYERS];
    let n = score_into(game.config(), game.players(), &mut projection);
    let total_turns = game.config().total_turns() as f64;
    let progress = game.turn_number() as f64 / total_turns;
    let meeple_value = 1.5 * (1.0 - progress);
    let worth = |p: usize| {
        let s = &projection[p];
        // Early majorities are uncertain: count them less at the start.
        let majority = f64::from(s.majority_total()) * (0.4 + 0.6 * progress);
        f64::from(s.before + s.infirmary() + s.variety)
            + majority
            + meeple_value * f64::from(game.player(p).meeples())
    };
    let best_other = (0..n)
        .filter(|&p| p != seat)
        .map(worth)
        .fold(f64::MIN, f64::max);
    worth(seat) - best_other
}

fn medium(game: &Game) -> Option<Turn> {
    medium_with(game, &mut game.clone(), &mut Vec::new())
}

/// Medium's choice, with scratch space reused by the search.
fn medium_with(game: &Game, scratch: &mut Game, legal: &mut Vec<Turn>) -> Option<Turn> {
    let seat = game.current_player();
    game.legal_turns_into(legal);
    let mut best: Option<(f64, Turn)> = None;
    for &turn in legal.iter() {
        scratch.clone_from(game);
        scratch.apply_quiet(turn).expect("legal");
        let value = evaluate(scratch, seat);
        if best.is_none_or(|(b, _)| value > b) {
            best = Some((value, turn));
        }
    }
    best.map(|(_, t)| t)
}

// ---- hard ----

/// A guess at the face-down deck, top first: the unseen cards dealt into the
/// deck's positions, tier-2 backs from cards that can be tier 2.
fn guess_deck(game: &Game, unseen: &[Card], rng: &mut Rng, out: &mut Vec<Card>) {
    let mut pool: Vec<Card> = unseen.to_vec();
    pool.shuffle(rng);
    out.clear();
    let size = game.deck_len();
    match game.deck_tiers_top_first() {
        Some(tiers) => {
            // Fill red backs first from cards that exist in tier 2.
            let mut slots: Vec<Option<Card>> = vec![None; size];
            let mut tier_two_left: Vec<(Card, u8)> =
                COMPOSITION.iter().map(|&(c, _, t2)| (c, t2)).collect();
            for (slot, tier) in slots.iter_mut().zip(&tiers) {
                if *tier != Tier::Two {
                    continue;
                }
                let pick = pool
                    .iter()
                    .position(|c| tier_two_left.iter().any(|(t, n)| t == c && *n > 0));
                if let Some(i) = pick {
                    let card = pool.swap_remove(i);
                    if let Some(e) = tier_two_left.iter_mut().find(|(t, _)| *t == card) {
                        e.1 -= 1;
                    }
                    *slot = Some(card);
                }
            }
            for slot in &mut slots {
                if slot.is_none() {
                    *slot = pool.pop();
                }
            }
            out.extend(slots.into_iter().flatten());
        }
        None => out.extend(pool.iter().copied().take(size)),
    }
    // A scenario deck may hold more cards than the 60-card game left unseen.
    while out.len() < size {
        out.push(COMPOSITION.choose(rng).expect("cards exist").0);
    }
}

/// The result of a finished game for `seat`, in 0..=1: mostly the win (a
/// shared win counts 1/k), partly the score margin.
fn final_reward(game: &Game, seat: usize) -> f64 {
    let result = FinalScoring::of(game);
    let win = result.win_share(seat);
    let mine = result.players[seat].total;
    let best_other = result
        .players
        .iter()
        .enumerate()
        .filter(|&(p, _)| p != seat)
        .map(|(_, s)| s.total)
        .max()
        .unwrap_or(mine);
    let margin = f64::from(mine - best_other) / 30.0;
    0.75 * win + 0.25 * (0.5 + 0.5 * margin.tanh())
}

/// A position the search stops in, judged for `seat` in 0..=1.
fn judge(game: &Game, seat: usize) -> f64 {
    if game.is_over() {
        final_reward(game, seat)
    } else {
        0.5 + 0.5 * (evaluate(game, seat) / 20.0).tanh()
    }
}

/// How many turns the search looks ahead after its own: two rounds.
/// (Measured against this: one round, three rounds and the whole game with
/// medium's choices all play worse.)
fn horizon(game: &Game) -> usize {
    2 * game.players().len()
}

/// Hard: for every first turn, many sampled worlds (a guessed deck), each
/// played on for two rounds with every player choosing as medium would
/// (to the end of the game when it is near), then judged. UCB1 spends the
/// iterations on the promising first turns.
pub fn hard(game: &Game, rng: &mut Rng, iterations: u32) -> Option<Turn> {
    let mut search = Search::new(game, rng.next_u64());
    search.run(iterations);
    search.best()
}

/// The hard bot's search, resumable so that a browser can run it in slices
/// between frames: `run` some iterations at a time, then `best`. The result
/// depends only on the game, the seed and the total iterations.
pub struct Search {
    game: Game,
    horizon: usize,
    seat: usize,
    candidates: Vec<Turn>,
    visits: Vec<u32>,
    totals: Vec<f64>,
    unseen: Vec<Card>,
    rng: Rng,
    done: u32,
    // Scratch space reused by every iteration.
    deck: Vec<Card>,
    world: Game,
    scratch: Game,
    legal: Vec<Turn>,
}

impl Search {
    pub fn new(game: &Game, seed: u64) -> Search {
        let candidates = game.legal_turns();
        Search {
            horizon: horizon(game),
            seat: game.current_player(),
            visits: vec![0; candidates.len()],
            totals: vec![0.0; candidates.len()],
            candidates,
            unseen: game.unseen_cards(),
            rng: rng::seeded(seed),
            done: 0,
            deck: Vec::with_capacity(game.deck_len()),
            world: game.clone(),
            scratch: game.clone(),
            legal: Vec::new(),
            game: game.clone(),
        }
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.done
    }

    /// Runs `iterations` more iterations. With fewer than two legal turns
    /// there is nothing to compare: they count as run at once.
    pub fn run(&mut self, iterations: u32) {
        if self.candidates.len() < 2 {
            self.done += iterations;
            return;
        }
        for _ in 0..iterations {
            let pick = self.pick();
            self.world.clone_from(&self.game);
            guess_deck(&self.game, &self.unseen, &mut self.rng, &mut self.deck);
            self.world.replace_hidden_deck(&self.deck);
            self.world
                .apply_quiet(self.candidates[pick])
                .expect("legal");
            for _ in 0..self.horizon {
                match medium_with(&self.world, &mut self.scratch, &mut self.legal) {
                    Some(turn) => self.world.apply_quiet(turn).expect("legal"),
                    None => break,
                }
            }
            self.visits[pick] += 1;
            self.totals[pick] += judge(&self.world, self.seat);
            self.done += 1;
        }
    }

    /// UCB1: try every first turn once, then balance mean and doubt.
    fn pick(&self) -> usize {
        if let Some(untried) = self.visits.iter().position(|&v| v == 0) {
            return untried;
        }
        let log_n = f64::from(self.done).ln();
        let ucb = |i: usize| {
            self.totals[i] / f64::from(self.visits[i])
                + 0.35 * (log_n / f64::from(self.visits[i])).sqrt()
        };
        (0..self.candidates.len())
            .max_by(|&a, &b| ucb(a).total_cmp(&ucb(b)))
            .expect("candidates")
    }

    /// The most visited first turn (None when the game is over).
    pub fn best(&self) -> Option<Turn> {
        let mean = |i: usize| self.totals[i] / f64::from(self.visits[i].max(1));
        (0..self.candidates.len())
            .max_by(|&a, &b| {
                self.visits[a]
                    .cmp(&self.visits[b])
                    .then(mean(a).total_cmp(&mean(b)))
            })
            .map(|i| self.candidates[i])
    }
}
