//! `cargo bench -p majesty-rules`: random full games (playouts) per second
//! for 2, 3 and 4 players, the time of one `apply`, and the hard and expert
//! bots' time per move, on one core.
//!
//! A small self-timed harness (no criterion) keeps the build lean: each
//! figure is the median of 7 samples of about 0.3 s each.

use std::hint::black_box;
use std::time::{Duration, Instant};

use majesty_rules::rand::Rng as _;
use majesty_rules::rng::seeded;
use majesty_rules::simulate::{random_position, random_turn};
use majesty_rules::{Game, GameConfig, Turn};

const SAMPLES: usize = 7;
const SAMPLE_TIME: Duration = Duration::from_millis(300);

/// Runs `batch` repeatedly for about SAMPLE_TIME per sample; returns the
/// median time per unit, where `batch` returns how many units it did.
fn median_per_unit(mut batch: impl FnMut() -> u64) -> Duration {
    let mut per_unit: Vec<Duration> = (0..SAMPLES)
        .map(|_| {
            let start = Instant::now();
            let mut units = 0u64;
            while start.elapsed() < SAMPLE_TIME {
                units += batch();
            }
            start.elapsed() / units as u32
        })
        .collect();
    per_unit.sort();
    per_unit[SAMPLES / 2]
}

fn random_games(players: usize) {
    let config = GameConfig::new(players).unwrap();
    let mut seeds = seeded(players as u64);
    let mut buffer: Vec<Turn> = Vec::with_capacity(64);
    let per_game = median_per_unit(|| {
        for _ in 0..100 {
            let mut game = Game::new(config, seeds.next_u64()).unwrap();
            let mut rng = seeded(seeds.next_u64());
            while let Some(turn) = random_turn(&game, &mut rng, &mut buffer) {
                game.apply_quiet(turn).unwrap();
            }
            black_box(&game);
        }
        100
    });
    println!(
        "random game, {players} players: {:>9.0} games/s ({:.2} µs/game)",
        1.0 / per_game.as_secs_f64(),
        per_game.as_secs_f64() * 1e6
    );
}

fn one_apply() {
    // A pool of mid-game positions with a legal turn for each; time applying
    // the turn to a fresh copy, minus the time of the copy alone.
    let config = GameConfig::new(4).unwrap();
    let mut rng = seeded(11);
    let mut buffer = Vec::new();
    let pool: Vec<(Game, Turn)> = (0..64u64)
        .map(|seed| {
            let game = random_position(config, seed, seed as usize % 40).unwrap();
            let turn = random_turn(&game, &mut rng, &mut buffer).unwrap();
            (game, turn)
        })
        .collect();
    let mut copies: Vec<Game> = pool.iter().map(|(g, _)| g.clone()).collect();
    let with_apply = median_per_unit(|| {
        for (copy, (game, turn)) in copies.iter_mut().zip(&pool) {
            copy.clone_from(game);
            copy.apply_quiet(*turn).unwrap();
        }
        pool.len() as u64
    });
    let copy_only = median_per_unit(|| {
        for (copy, (game, _)) in copies.iter_mut().zip(&pool) {
            copy.clone_from(game);
            black_box(&copy);
        }
        pool.len() as u64
    });
    let mut events = Vec::new();
    let with_events = median_per_unit(|| {
        for (copy, (game, turn)) in copies.iter_mut().zip(&pool) {
            copy.clone_from(game);
            events.clear();
            copy.apply_with(*turn, &mut events).unwrap();
        }
        pool.len() as u64
    });
    println!(
        "apply (4 players, no events): {:>6} ns",
        with_apply.saturating_sub(copy_only).as_nanos()
    );
    println!(
        "apply (4 players, with events): {:>4} ns",
        with_events.saturating_sub(copy_only).as_nanos()
    );
}

fn hard_moves() {
    use majesty_rules::bots::{search_iterations, Level, Search};
    let iterations = search_iterations(Level::Hard).unwrap();
    for players in 2..=4 {
        let config = GameConfig::new(players).unwrap();
        let positions: Vec<Game> = (0..12u64)
            .map(|seed| {
                random_position(config, seed, (seed as usize * 3) % (players * 11)).unwrap()
            })
            .collect();
        let per_move = median_per_unit(|| {
            for (seed, game) in positions.iter().enumerate() {
                let mut search = Search::new(game, seed as u64);
                search.run(iterations);
                black_box(search.best());
            }
            positions.len() as u64
        });
        println!(
            "hard move, {players} players ({iterations} iterations): {:.2} ms",
            per_move.as_secs_f64() * 1e3
        );
    }
}

/// The expert's time per move at its default budget: every 4th turn of a
/// game of each side, each position timed 3 times (the fastest kept, to
/// shed other work on the machine); prints the mean and the slowest.
fn expert_moves() {
    use majesty_rules::bots::{search_iterations, ExpertSearch, Level};
    use majesty_rules::Sides;
    let iterations = search_iterations(Level::Expert).unwrap();
    for players in 2..=4 {
        let mut times = Vec::new();
        for sides in [Sides::ALL_A, Sides::ALL_B] {
            let config = GameConfig::new(players).unwrap().with_sides(sides);
            for turns in (0..config.total_turns()).step_by(4) {
                let game = random_position(config, turns as u64, turns).unwrap();
                let fastest = (0..3)
                    .map(|_| {
                        let start = Instant::now();
                        let mut search = ExpertSearch::new(&game, turns as u64);
                        search.run(iterations);
                        black_box(search.best());
                        start.elapsed()
                    })
                    .min()
                    .unwrap();
                times.push(fastest.as_secs_f64() * 1e3);
            }
        }
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let max = times.iter().copied().fold(0.0, f64::max);
        println!(
            "expert move, {players} players ({iterations} iterations, {} positions): mean {mean:.1} ms, max {max:.1} ms",
            times.len()
        );
    }
}

fn main() {
    // `cargo test --benches` runs bench targets with --bench absent: skip.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    for players in 2..=4 {
        random_games(players);
    }
    one_apply();
    hard_moves();
    expert_moves();
}
