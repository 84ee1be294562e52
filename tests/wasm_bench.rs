//! Measurements in the browser (not tests): run with `scripts/measure-wasm.sh`,
//! which builds with the release profile, the one the app ships with. In a
//! debug build this file is empty.
#![cfg(all(target_arch = "wasm32", not(debug_assertions)))]

use majesty_ai::bots::{search_iterations, Level, LevelSearch};
use majesty_rules::rand::Rng as _;
use majesty_rules::rng::seeded;
use majesty_rules::simulate::{random_position, random_turn};
use majesty_rules::{Game, GameConfig, Observation};
use wasm_bindgen_test::{console_log, wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn position(players: usize, seed: u64, turns: usize) -> Game {
    random_position(GameConfig::new(players).unwrap(), seed, turns).unwrap()
}

#[wasm_bindgen_test]
fn search_move_time_in_the_browser() {
    for level in [Level::Hard, Level::Expert] {
        search_move_times(level);
    }
}

fn search_move_times(level: Level) {
    for players in [2, 3, 4] {
        let iterations = search_iterations(level).unwrap();
        let mut times = Vec::new();
        for seed in 0..12u64 {
            let game = position(players, seed, (seed as usize * 3) % (players * 11));
            let start = js_sys::Date::now();
            let mut search = LevelSearch::new(level, &Observation::to_move(&game), seed).unwrap();
            search.run(iterations);
            assert!(search.best().is_some());
            times.push(js_sys::Date::now() - start);
        }
        times.sort_by(f64::total_cmp);
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        console_log!(
            "{level} move, {players} players, {iterations} iterations: mean {mean:.0} ms, median {:.0} ms, max {:.0} ms",
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}

#[wasm_bindgen_test]
fn random_playouts_per_second_in_the_browser() {
    let config = GameConfig::new(2).unwrap();
    let mut seeds = seeded(1);
    let mut buffer = Vec::new();
    let start = js_sys::Date::now();
    let games = 20_000;
    for _ in 0..games {
        let mut game = Game::new(config, seeds.next_u64()).unwrap();
        let mut rng = seeded(seeds.next_u64());
        while let Some(turn) = random_turn(&game, &mut rng, &mut buffer) {
            game.apply_quiet(turn).unwrap();
        }
    }
    let seconds = (js_sys::Date::now() - start) / 1000.0;
    console_log!(
        "random 2-player playouts in wasm: {:.0} games/s",
        games as f64 / seconds
    );
}
