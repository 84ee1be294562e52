//! `cargo bench -p majesty-ai`: the hard and expert computer players' time
//! per move, on one core (random games and one `apply`: `cargo bench -p
//! majesty-rules`).

use std::hint::black_box;
use std::time::Instant;

use majesty_ai::bots::{search_iterations, ExpertSearch, Level, Search};
use majesty_rules::simulate::random_position;
use majesty_rules::{Game, GameConfig, Observation, Sides};

// The rules crate's harness: the median of 7 samples of about 0.3 s.
#[path = "../../rules/benches/timing/mod.rs"]
mod timing;

use timing::median_per_unit;

fn hard_moves() {
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
                let mut search = Search::new(&Observation::to_move(game), seed as u64);
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
                        let mut search =
                            ExpertSearch::new(&Observation::to_move(&game), turns as u64);
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
    hard_moves();
    expert_moves();
}
