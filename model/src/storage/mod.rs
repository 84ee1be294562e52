//! What this browser keeps for the game, as pure models over a [`Store`]:
//! the app hands in localStorage (through gloo-storage), the tests an
//! in-memory [`Memory`] store.
//!
//! - [`shelf`]: one shelf for every kind of kept game (places under one
//!   prefix, each read where it is, never written over when unreadable):
//!   the saves ([`saves`]) and the games by link (`by_link`);
//! - [`saves`]: the games saved and resumed;
//! - [`choosing`]: the choice in progress, kept for a tab across a reload;
//! - [`preferences`]: the language and the device's settings.

pub mod choosing;
mod memory;
pub mod preferences;
pub mod saves;
pub mod shelf;

pub use choosing::*;
pub use memory::Memory;
pub use preferences::*;
pub use saves::*;
pub use shelf::{write_error, Kept, SaveError, Unreadable};

use serde::Serialize;

use crate::reader::Reader;

/// The browser threw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The page's storage is full (QuotaExceededError): deleting kept
    /// games makes room.
    Full,
    /// Any other refusal: a SecurityError, a broken store.
    Refused,
}

/// Whether games can be kept in this browser, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Availability {
    Usable,
    /// Readable, but full: the saves are there; new ones need room.
    Full,
    /// Refused (private modes, sandboxed frames) or broken.
    Refused,
}

/// Where saves live: localStorage (through gloo-storage) in the browser, a
/// map in tests.
pub trait Store {
    /// The text stored under `key`, exactly as stored (`None`: nothing).
    fn text(&self, key: &str) -> Result<Option<String>, Fault>;
    /// Stores `value` as JSON, as gloo-storage's `set` does.
    fn set<T: Serialize + ?Sized>(&self, key: &str, value: &T) -> Result<(), Fault>;
    /// Stores a text as it is.
    fn set_text(&self, key: &str, text: &str) -> Result<(), Fault>;
    fn remove(&self, key: &str) -> Result<(), Fault>;
    /// Every key stored.
    fn keys(&self) -> Result<Vec<String>, Fault>;
    /// How the game records kept here are read: the page's record reader
    /// (none yet: no kept game is listed, and none is written over).
    fn reader(&self) -> Reader;
}
