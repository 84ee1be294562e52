//! The expert's search speed natively, on positions given as game records,
//! for `scripts/measure-worker.mjs`, which times the same searches in the
//! browser's search worker. Prints one JSON object: every position (its
//! record and the search's seed) and the fastest of 3 native runs of each,
//! in milliseconds.
//!
//! ```sh
//! cargo run --release -p majesty-ai --example search_speed
//! ```
//!
//! The positions are those of `cargo bench`'s expert moves: every 4th turn
//! of a game of random turns, all sides A and all sides B, 2 to 4 players.

use std::hint::black_box;
use std::time::Instant;

use majesty_ai::bots::{search_iterations, Level, LevelSearch};
use majesty_rules::simulate::random_turn;
use majesty_rules::Observation;
use majesty_rules::{rng, GameConfig, GameRecord, Sides};

fn main() {
    let iterations = search_iterations(Level::Expert).unwrap();
    let mut positions = Vec::new();
    for players in 2..=4 {
        for sides in [Sides::ALL_A, Sides::ALL_B] {
            let config = GameConfig::new(players).unwrap().with_sides(sides);
            for turns in (0..config.total_turns()).step_by(4) {
                let record = position(players, config, turns as u64, turns);
                let game = record.replay().unwrap();
                let seed = turns as u64;
                let fastest = (0..3)
                    .map(|_| {
                        let start = Instant::now();
                        let mut search =
                            LevelSearch::new(Level::Expert, &Observation::to_move(&game), seed)
                                .unwrap();
                        search.run(iterations);
                        black_box(search.best());
                        start.elapsed().as_secs_f64() * 1e3
                    })
                    .fold(f64::INFINITY, f64::min);
                positions.push(serde_json::json!({
                    "players": players,
                    "seed": seed,
                    "record": record,
                    "native_ms": fastest,
                }));
            }
        }
    }
    let report = serde_json::json!({ "iterations": iterations, "positions": positions });
    println!("{report}");
}

/// The game of `players` after `turns` random turns from `seed`, as a
/// record.
fn position(players: usize, config: GameConfig, seed: u64, turns: usize) -> GameRecord {
    let names = (1..=players).map(|n| format!("P{n}")).collect();
    let mut record = GameRecord::new(names, &config, seed);
    let mut game = record.start().unwrap();
    let mut random = rng::seeded(seed);
    let mut buffer = Vec::new();
    for _ in 0..turns {
        let Some(turn) = random_turn(&game, &mut random, &mut buffer) else {
            break;
        };
        game.apply_quiet(turn).unwrap();
        record.turns.push(turn);
    }
    record
}
