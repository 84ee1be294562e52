//! # majesty-content
//!
//! What the game teaches with, apart from the rules that judge it: every
//! rule of *Majesty: For the Realm* as a live position (a game record that
//! sets it up), and the guided first game's script and steps.
//!
//! ```
//! use majesty_content::scenarios::Scenario;
//!
//! let scenario = Scenario::find("heal").unwrap();
//! let record = scenario.record(&["Ann".into(), "Bob".into()]);
//! let game = record.replay().unwrap();
//! assert_eq!(game.current_player(), scenario.learner());
//! assert!(game.check(scenario.suggested()).is_ok());
//! ```

// scenarios (every rule as a live position) comes first; tutorial (the
// guided game) deals its decks with it.
#![warn(missing_docs)]
pub mod scenarios;
pub mod tutorial;
