//! Training the learned evaluation ([`crate::bots::value`]): self-play
//! games of the expert, then a ridge regression of every seat's final
//! score on the features of every position it went through (`majesty
//! train` runs both, with a progress line and a checkpoint).
//!
//! Everything is a function of the seed: game `i` of a run is dealt,
//! set up (player count, sides) and played from seeds drawn from the
//! run's seed and `i` alone, and the fit adds the games up in their order
//! in `f64`, so a run gives the same weights byte for byte, resumed or
//! not (on one platform: the weights are rounded to 6 digits, which
//! hides the last bits of any other's arithmetic too).

use rand::Rng as _;
use rand::RngExt as _;

use crate::bots::expert::{expert_with, ExpertParams};
use crate::bots::heuristic::projected_worths;
use crate::bots::value::{self, margin_of, ValueModel, COUNTS, FEATURES};
use majesty_rules::config::{GameConfig, Side, Sides};
use majesty_rules::game::Game;
use majesty_rules::observation::Observation;
use majesty_rules::record::GameRecord;
use majesty_rules::rng;
use majesty_rules::seat::Seat;

/// The ridge penalty of the fit (the features are of order 1; a fit sees
/// tens of thousands of positions).
pub const RIDGE: f64 = 3.0;

/// A seed for game `index` of a run seeded `seed` (`stream` 0: the set-up
/// and deal, 1: the players' choices).
fn game_seed(seed: u64, index: u64, stream: u64) -> u64 {
    rng::seeded(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (stream << 62)).next_u64()
}

/// The set-up of game `index`: half the games have 2 players, a quarter 3
/// and a quarter 4; one in four of each has random sides, the others side
/// A everywhere (the default table). Returns the set-up and the deal's seed.
pub fn setup(seed: u64, index: u64) -> (GameConfig, u64) {
    let mut dice = rng::seeded(game_seed(seed, index, 0));
    let players = [2, 2, 3, 4][(index % 4) as usize];
    let mut config = GameConfig::new(players).expect("2 to 4 players");
    if (index / 4) % 4 == 3 {
        let mut sides = Sides::ALL_A;
        for side in sides.0.iter_mut() {
            if dice.random_bool(0.5) {
                *side = Side::B;
            }
        }
        config = config.with_sides(sides);
    }
    (config, dice.next_u64())
}

/// Game `index` of a run seeded `seed`, played by the expert with
/// `params` at every seat, `iterations` a move.
pub fn self_play(seed: u64, index: u64, iterations: u32, params: ExpertParams) -> GameRecord {
    let (config, deal) = setup(seed, index);
    let mut game = Game::new(config, deal).expect("a valid set-up");
    let mut dice = rng::seeded(game_seed(seed, index, 1));
    let mut record = GameRecord::new(
        (1..=config.players())
            .map(|s| format!("Expert {s}"))
            .collect(),
        &config,
        deal,
    );
    while !game.is_over() {
        let seen = Observation::to_move(&game);
        let turn = expert_with(&seen, &mut dice, iterations, params).expect("a legal turn");
        game.apply_quiet(turn)
            .expect("the expert plays legal turns");
        record.turns.push(turn);
    }
    record
}

/// One position of a game for one seat: its features, medium's projection
/// of its final score, and what came of it.
struct Sample {
    players: usize,
    phi: [f64; FEATURES],
    worth: f64,
    /// The final score.
    total: f64,
    /// The seat's share of the win.
    win: f64,
    /// Index of the seat's position among the game's positions (to find
    /// the others' samples of the same position).
    position: usize,
}

/// Every (position, seat) of a finished game record, positions in order.
fn samples(record: &GameRecord, out: &mut Vec<Sample>) {
    let mut game = record.start().expect("a training record deals");
    let mut positions = Vec::new();
    for &turn in &record.turns {
        positions.push(game.clone());
        game.apply_quiet(turn).expect("a training record is legal");
    }
    let result = game.result().expect("a training game is finished");
    let mut worths = [0.0; GameConfig::MAX_PLAYERS];
    for (i, position) in positions.iter().enumerate() {
        let n = projected_worths(position, &mut worths);
        for (seat, &worth) in Seat::all(n).zip(&worths) {
            let mut phi = [0.0; FEATURES];
            value::features(position, seat, &mut phi);
            out.push(Sample {
                players: n,
                phi,
                worth,
                total: f64::from(result.players[seat.index()].total),
                win: result.win_share(seat),
                position: i,
            });
        }
    }
}

/// How well a model predicts a set of games: per player count, the
/// root-mean-square error of the final margin over the best opponent
/// (points), the log loss of the win, and how often the seat predicted
/// ahead won.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Quality {
    /// Positions × seats judged.
    pub samples: u64,
    /// Error of the predicted final margin, points.
    pub rmse: f64,
    /// Mean log loss of the win chance.
    pub log_loss: f64,
    /// Share of positions whose predicted leader won.
    pub leader_won: f64,
}

/// The normal equations of one player count.
struct Normal {
    a: Vec<f64>,
    b: Vec<f64>,
    n: u64,
}

impl Normal {
    fn new() -> Normal {
        Normal {
            a: vec![0.0; FEATURES * FEATURES],
            b: vec![0.0; FEATURES],
            n: 0,
        }
    }

    fn add(&mut self, phi: &[f64; FEATURES], y: f64) {
        for i in 0..FEATURES {
            if phi[i] == 0.0 {
                continue;
            }
            self.b[i] += phi[i] * y;
            let row = &mut self.a[i * FEATURES..(i + 1) * FEATURES];
            for (a, &p) in row.iter_mut().zip(phi.iter()) {
                *a += phi[i] * p;
            }
        }
        self.n += 1;
    }

    /// (A + ridge·I) w = b by Cholesky.
    fn solve(&self, ridge: f64) -> Vec<f64> {
        let k = FEATURES;
        let mut l = self.a.clone();
        for i in 0..k {
            l[i * k + i] += ridge;
        }
        for j in 0..k {
            let mut d = l[j * k + j];
            for m in 0..j {
                d -= l[j * k + m] * l[j * k + m];
            }
            let d = d.max(1e-12).sqrt();
            l[j * k + j] = d;
            for i in j + 1..k {
                let mut s = l[i * k + j];
                for m in 0..j {
                    s -= l[i * k + m] * l[j * k + m];
                }
                l[i * k + j] = s / d;
            }
        }
        let mut y = self.b.clone();
        for i in 0..k {
            for m in 0..i {
                y[i] -= l[i * k + m] * y[m];
            }
            y[i] /= l[i * k + i];
        }
        for i in (0..k).rev() {
            for m in i + 1..k {
                y[i] -= l[m * k + i] * y[m];
            }
            y[i] /= l[i * k + i];
        }
        y
    }
}

/// Predicted final scores of a sample's position.
fn predicted(s: &Sample, w: &[f64]) -> f64 {
    s.worth + w.iter().zip(&s.phi).map(|(a, b)| a * b).sum::<f64>()
}

/// Mean log loss of win shares against `0.5 + 0.5 tanh(margin / scale)`.
fn log_loss(margins: &[(f64, f64)], scale: f64) -> f64 {
    let mut sum = 0.0;
    for &(m, win) in margins {
        let p = (0.5 + 0.5 * (m / scale).tanh()).clamp(1e-6, 1.0 - 1e-6);
        sum -= win * p.ln() + (1.0 - win) * (1.0 - p).ln();
    }
    sum / margins.len().max(1) as f64
}

/// The margins over the best opponent of every sample (their positions'
/// samples are consecutive) under weights `w`, with the seat's win share.
fn margins(samples: &[Sample], weights: &[Vec<f64>; COUNTS]) -> Vec<(usize, f64, f64, f64)> {
    let mut out = Vec::with_capacity(samples.len());
    let mut start = 0;
    while start < samples.len() {
        let n = samples[start].players;
        let group = &samples[start..start + n];
        debug_assert!(group.iter().all(|s| s.position == group[0].position));
        let w = &weights[n - 2];
        let worths: Vec<f64> = group.iter().map(|s| predicted(s, w)).collect();
        let totals: Vec<f64> = group.iter().map(|s| s.total).collect();
        for (seat, s) in group.iter().enumerate() {
            let margin = margin_of(&worths, seat);
            out.push((n, margin, s.win, margin - margin_of(&totals, seat)));
        }
        start += n;
    }
    out
}

/// The model fitted to `samples`: weights by ridge regression of each
/// seat's final score minus medium's projection, then the win scale that
/// best predicts the wins (log loss, whole points from 4 to 80).
fn fit_samples(samples: &[Sample], ridge: f64) -> ValueModel {
    let mut normal: [Normal; COUNTS] = std::array::from_fn(|_| Normal::new());
    for s in samples {
        normal[s.players - 2].add(&s.phi, s.total - s.worth);
    }
    let mut model = ValueModel::zero();
    for (w, eq) in model.weights.iter_mut().zip(&normal) {
        if eq.n > 0 {
            *w = eq.solve(ridge);
        }
    }
    model.quantise();
    let m = margins(samples, &model.weights);
    for (c, scale) in model.scale.iter_mut().enumerate() {
        let mine: Vec<(f64, f64)> = m
            .iter()
            .filter(|x| x.0 == c + 2)
            .map(|x| (x.1, x.2))
            .collect();
        if mine.is_empty() {
            continue;
        }
        *scale = (4..=80)
            .map(f64::from)
            .min_by(|&a, &b| log_loss(&mine, a).total_cmp(&log_loss(&mine, b)))
            .expect("scales to try");
    }
    model.quantise();
    model
}

/// How well `model` predicts `samples`, per player count.
fn quality(samples: &[Sample], model: &ValueModel) -> [Quality; COUNTS] {
    let m = margins(samples, &model.weights);
    let mut q = [Quality::default(); COUNTS];
    for (c, q) in q.iter_mut().enumerate() {
        let mine: Vec<_> = m.iter().filter(|x| x.0 == c + 2).collect();
        if mine.is_empty() {
            continue;
        }
        let count = mine.len() as f64;
        q.samples = mine.len() as u64;
        q.rmse = (mine.iter().map(|x| x.3 * x.3).sum::<f64>() / count).sqrt();
        let pairs: Vec<(f64, f64)> = mine.iter().map(|x| (x.1, x.2)).collect();
        q.log_loss = log_loss(&pairs, model.scale[c]);
        q.leader_won = mine.iter().filter(|x| x.1 > 0.0).map(|x| x.2).sum::<f64>()
            / mine.iter().filter(|x| x.1 > 0.0).count().max(1) as f64;
    }
    q
}

/// What a fit reports: the model (fitted to every game) and, for a model
/// fitted to nine games in ten, how it and medium's projection predict
/// the tenth (games 36 to 39, 76 to 79, …: blocks of every player count).
pub struct Fit {
    /// The model fitted to every game (its metadata left to the caller).
    pub model: ValueModel,
    /// Held-out quality of medium's projection (scale 20), per count.
    pub hand: [Quality; COUNTS],
    /// Held-out quality of the learned evaluation, per count.
    pub learned: [Quality; COUNTS],
}

/// Fits the learned evaluation to finished game records (in order).
pub fn fit(records: &[GameRecord], ridge: f64) -> Fit {
    let mut train = Vec::new();
    let mut held = Vec::new();
    let mut all = Vec::new();
    for (i, r) in records.iter().enumerate() {
        // Whole blocks of four games (every player count) held out.
        samples(
            r,
            if (i / 4) % 10 == 9 {
                &mut held
            } else {
                &mut train
            },
        );
    }
    let partial = fit_samples(&train, ridge);
    let hand = quality(&held, &ValueModel::zero());
    let learned = quality(&held, &partial);
    drop(train);
    drop(held);
    for r in records {
        samples(r, &mut all);
    }
    let model = fit_samples(&all, ridge);
    Fit {
        model,
        hand,
        learned,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_training_is_the_same_from_the_same_seed() {
        let params = ExpertParams::default();
        let games: Vec<GameRecord> = (0..4).map(|i| self_play(5, i, 30, params)).collect();
        let again: Vec<GameRecord> = (0..4).map(|i| self_play(5, i, 30, params)).collect();
        assert_eq!(games, again);
        let a = fit(&games, RIDGE).model;
        let b = fit(&again, RIDGE).model;
        assert_eq!(a.to_json(), b.to_json());
        assert_eq!(a.hash, a.digest());
        // Another seed deals other games.
        assert_ne!(self_play(6, 0, 30, params).turns, games[0].turns);
    }

    #[test]
    fn the_set_ups_mix_player_counts_and_sides() {
        let counts: Vec<usize> = (0..4).map(|i| setup(1, i).0.players()).collect();
        assert_eq!(counts, [2, 2, 3, 4]);
        assert!((0..64).any(|i| setup(1, i).0.sides() != Sides::ALL_A));
        assert_eq!(setup(1, 0), setup(1, 0));
    }

    #[test]
    fn a_fit_recovers_a_planted_correction() {
        // Targets made exactly linear in the features: the solver finds
        // the weights back (up to the ridge's small pull).
        let game = Game::new(GameConfig::new(2).unwrap(), 4).unwrap();
        let mut eq = Normal::new();
        let truth: Vec<f64> = (0..FEATURES).map(|i| (i % 7) as f64 - 3.0).collect();
        let mut dice = rng::seeded(2);
        for _ in 0..4000 {
            let mut phi = [0.0; FEATURES];
            value::features(&game, Seat::default(), &mut phi);
            for x in phi.iter_mut() {
                *x = dice.random_range(-1.0..1.0);
            }
            let y: f64 = truth.iter().zip(&phi).map(|(a, b)| a * b).sum();
            eq.add(&phi, y);
        }
        let w = eq.solve(1e-6);
        for (a, b) in w.iter().zip(&truth) {
            assert!((a - b).abs() < 1e-6, "{a} vs {b}");
        }
    }
}
