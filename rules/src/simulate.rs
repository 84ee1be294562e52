//! Uniformly random play, for simulations, benchmarks and property tests.

use rand::seq::IndexedRandom;

use crate::config::GameConfig;
use crate::game::{Game, SetupError};
use crate::rng::{self, Rng};
use crate::turn::Turn;

/// Picks a uniformly random legal turn (None when the game is over).
/// `buffer` is scratch space reused between calls.
pub fn random_turn(game: &Game, rng: &mut Rng, buffer: &mut Vec<Turn>) -> Option<Turn> {
    game.legal_turns_into(buffer);
    buffer.choose(rng).copied()
}

/// Deals a game from `deal_seed` and plays it to the end with uniformly
/// random legal turns drawn from `rng`; returns the game and its turns.
pub fn random_game(
    config: GameConfig,
    deal_seed: u64,
    rng: &mut Rng,
) -> Result<(Game, Vec<Turn>), SetupError> {
    let mut game = Game::new(config, deal_seed)?;
    let mut turns = Vec::with_capacity(config.total_turns());
    let mut buffer = Vec::new();
    while let Some(turn) = random_turn(&game, rng, &mut buffer) {
        game.apply_quiet(turn).expect("a legal turn applies");
        turns.push(turn);
    }
    Ok((game, turns))
}

/// A position `turns` random turns into a game dealt from `seed` (the same
/// seed also drives the random turns): for tests, benchmarks and search.
pub fn random_position(config: GameConfig, seed: u64, turns: usize) -> Result<Game, SetupError> {
    let mut game = Game::new(config, seed)?;
    let mut rng = rng::seeded(seed);
    let mut buffer = Vec::new();
    for _ in 0..turns {
        match random_turn(&game, &mut rng, &mut buffer) {
            Some(turn) => game.apply_quiet(turn).expect("a legal turn applies"),
            None => break,
        }
    }
    Ok(game)
}
