//! The web app's models, without a browser: the game in progress and its
//! log, the saves and the settings kept in this browser (behind a [`Store`]
//! the app hands in), the page's addresses, the messages exchanged with an
//! embedding page and with the search worker, and live play's protocol and
//! device machine. Nothing here draws or touches a page: the app
//! (majesty-web) carries out what these models decide.
//!
//! [`Store`]: storage::Store

pub mod announcer;
pub mod bubble;
pub mod by_link;
pub mod host_command;
pub mod latest;
pub mod lesson;
pub mod link;
pub mod live;
pub mod place;
pub mod prefs;
pub mod puzzles;
pub mod reader;
pub mod search_job;
pub mod session;
pub mod sorted;
pub mod stats;
pub mod storage;
