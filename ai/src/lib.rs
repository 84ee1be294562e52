//! # majesty-ai
//!
//! The computer players of *Majesty: For the Realm*, the coach that explains
//! and rates turns with the expert's search, the puzzles made with it, and
//! tournaments that measure the players' strength.
//!
//! Everything here reads a game through a
//! [`majesty_rules::Observation`]: what the seat to move may know, never
//! the order of the face-down deck. The searches play on worlds, games that
//! agree with the observation and hold a guessed deck
//! ([`majesty_rules::observation::DeckKnowledge`]).
//!
//! ```
//! use majesty_ai::bots::{choose, Level};
//! use majesty_rules::{rng, Game, GameConfig, Observation};
//!
//! let mut game = Game::new(GameConfig::new(2).unwrap(), 42).unwrap();
//! let mut dice = rng::seeded(7);
//! while !game.is_over() {
//!     let turn = choose(Level::Medium, &Observation::to_move(&game), &mut dice).unwrap();
//!     game.apply(turn).unwrap();
//! }
//! assert!(game.result().is_some());
//! ```

// The modules depend on each other without a cycle, from the bottom up
// (each uses only modules on the lines before it):
//
//   bots                      the computer players: easy to expert (a folder)
//   coach                     hints, reasons and reviews from the expert (a folder)
//   puzzles                   positions with one clearly best turn
//   ladder                    ratings of a round robin (uses nothing of the others)
//   tournament                bots against bots on threads, and the ladder (not on wasm)
//   train                     self-play and the fit of the learned evaluation (not on wasm)
#![warn(missing_docs)]
pub mod bots;
pub mod coach;
pub mod ladder;
pub mod puzzles;
/// Threads and clocks: off the web only.
#[cfg(not(target_arch = "wasm32"))]
pub mod tournament;
/// Training the learned evaluation: off the web only.
#[cfg(not(target_arch = "wasm32"))]
pub mod train;
