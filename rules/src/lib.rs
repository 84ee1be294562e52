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

// The modules depend on each other without a cycle, from the bottom up
// (each uses only modules on the lines before it):
//
//   seat                      a seat at the table
//   card                      components: characters, locations, cards, meeples
//   config, rng               set-up choices; the random number generator
//   locations                 the one table of location data (abilities, majorities)
//   realm, turn               a realm; a turn and why one is illegal
//   player                    one player's position
//   scoring                   final scoring of the players
//   event                     what a turn did (its last event holds the scoring)
//   abilities                 the location table's steps in play, on the players
//   game                      set-up, legal turns, applying a turn
//   observation               what a seat may know; guesses at the hidden deck
//   annotation                comments and marks on a record's turns
//   position                  a position set up by hand: its checks, a game from it
//   record, simulate          game records; random play
//   correspondence            a game passed as a link: its bytes, digest and continuity
//   seat_view                 what a live game's guest is told; its own game from it
//
// The computer players and the coach read an `Observation` and live in the
// crate majesty-ai; the scenarios and the guided game are majesty-content.
#![warn(missing_docs)]
mod abilities;
pub mod annotation;
pub mod card;
pub mod config;
pub mod correspondence;
pub mod event;
pub mod game;
pub mod locations;
pub mod observation;
pub mod player;
pub mod position;
pub mod realm;
pub mod record;
pub mod rng;
pub mod scoring;
pub mod seat;
pub mod seat_view;
pub mod simulate;
pub mod turn;

pub use card::{ByCharacter, Card, Character, Location, Meeples};
pub use config::{ConfigError, DeckVariant, GameConfig, Side, Sides};
pub use event::{Basis, Event, EventSink, NoEvents};
pub use game::{Game, Preview, SetupError, Slot, Tier};
pub use locations::{ability, majority_value, Step};
pub use observation::Observation;
pub use player::Player;
pub use position::{Position, PositionError, Rest, SeatPosition};
/// The `rand` crate the rules draw from, for callers' `RngExt`,
/// `IndexedRandom`… (its exact version is pinned by this crate).
pub use rand;
pub use realm::{Placement, Realm};
pub use record::{GameRecord, RecordError, ReplayReport, MAX_RECORD_BYTES, RECORD_VERSION};
pub use rng::Rng;
pub use scoring::{FinalScoring, PlayerScoring};
pub use seat::{NoSuchSeat, Seat};
pub use seat_view::{SeatView, TurnSeen};
pub use turn::{Turn, TurnError};
