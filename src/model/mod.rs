//! The app's data, without any component: the game in progress and its log,
//! the save file, links, the settings of this device, and the messages
//! exchanged with an embedding page.

pub mod by_link;
pub mod embed;
pub mod host_command;
pub mod latest;
pub mod lesson;
pub mod link;
pub mod prefs;
pub mod puzzles;
pub mod reader;
pub mod search_job;
pub mod session;
pub mod sorted;
pub mod stats;
pub mod storage;
