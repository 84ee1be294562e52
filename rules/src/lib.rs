//! # majesty-rules
//!
//! The complete rules of *Majesty: For the Realm* (Marc André, 2017) as a
//! pure Rust library: cards, set-up, legal turns, applying a turn with events
//! that explain every point, final scoring, and game records.
//!
//! The specification is `rules/RULES.md` of the project; every rule and ruling
//! there is implemented here and nowhere else.
//!
//! ```
//! use majesty_rules::{Game, GameConfig};
//!
//! let mut game = Game::new(GameConfig::new(2).unwrap(), 42).unwrap();
//! while !game.is_over() {
//!     let turn = game.legal_turns()[0];
//!     let events = game.apply(turn).unwrap();
//!     assert!(!events.is_empty());
//! }
//! let scoring = game.result().unwrap();
//! assert!(!scoring.winners.is_empty());
//! ```

pub mod abilities;
pub mod bots;
pub mod card;
pub mod config;
pub mod event;
pub mod game;
pub mod realm;
pub mod record;
pub mod rng;
pub mod scoring;
pub mod simulate;
pub mod turn;

pub use abilities::{ability, Step};
pub use card::{Card, Character, Location};
pub use config::{DeckVariant, GameConfig, Side, Sides};
pub use event::{Basis, Event, EventSink, NoEvents};
pub use game::{Game, Player, SetupError, Slot, Tier};
/// The `rand` crate the rules draw from, for callers' `RngExt`,
/// `IndexedRandom`… (its exact version is pinned by this crate).
pub use rand;
pub use realm::{Placement, Realm};
pub use record::{GameRecord, RecordError, ReplayReport, RECORD_VERSION};
pub use rng::Rng;
pub use scoring::{FinalScoring, PlayerScoring};
pub use turn::{Turn, TurnError};
