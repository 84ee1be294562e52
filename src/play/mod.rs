//! The play screens: setting up a game, the board (also showing a replay),
//! and the final table.

pub mod board;
pub mod bot_driver;
pub mod coach;
pub mod final_table;
pub mod notes;
pub mod puzzles;
pub mod replay;
pub mod rules;
pub mod score_chart;
pub mod setup;
pub mod tutorial;
pub mod worker;
