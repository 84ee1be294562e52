//! `cargo bench -p majesty-rules`: random full games (playouts) per second
//! for 2, 3 and 4 players and the time of one `apply`, on one core (the
//! computer players' time per move: `cargo bench -p majesty-ai`).
//!
//! Each figure is the median of 7 samples of about 0.3 s each (`timing`).

use std::hint::black_box;

use majesty_rules::rand::Rng as _;
use majesty_rules::rng::seeded;
use majesty_rules::simulate::{random_position, random_turn};
use majesty_rules::{Game, GameConfig, Turn};

mod timing;

use timing::median_per_unit;

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

fn main() {
    // `cargo test --benches` runs bench targets with --bench absent: skip.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    for players in 2..=4 {
        random_games(players);
    }
    one_apply();
}
