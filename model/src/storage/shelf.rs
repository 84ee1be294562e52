//! One shelf for every kind of game kept in this browser: the saves
//! (`majesty.game.<id>`) and the games by link (`majesty.link.<id>`) are
//! each a family of places, keys under one name. Every place is read where
//! it is: what cannot be read is listed with the reason and kept as the
//! text it is, never written over, and a new game takes a place that holds
//! nothing yet.

use majesty_rules::{GameRecord, RecordError};

use super::{Fault, Store};
use crate::reader::Reader;

/// A game kept in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept<T> {
    pub key: String,
    pub save: T,
}

/// Every game of one family: the games (the latest first) and the places
/// that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shelf<T> {
    pub games: Vec<Kept<T>>,
    pub unreadable: Vec<Unreadable>,
}

impl<T> Default for Shelf<T> {
    fn default() -> Self {
        Shelf {
            games: Vec::new(),
            unreadable: Vec::new(),
        }
    }
}

/// Why a save cannot be opened (the catalogue says it in words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    NotJson(String),
    OtherVersion(u64),
    NoFormat,
    NoRecord,
    BadRecord(RecordError),
    BadSeats(String),
    DoesNotReplay(RecordError),
    /// There is no save, or no storage.
    Nothing,
    /// The browser refused to store it.
    Refused,
    /// The page's storage is full.
    Full,
    /// The browser threw when the save was read.
    CannotRead,
}

/// A save that cannot be opened, kept in its place as the text it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub key: String,
    pub text: String,
    pub reason: SaveError,
}

/// What a refused write means for a save.
pub fn write_error(fault: Fault) -> SaveError {
    match fault {
        Fault::Full => SaveError::Full,
        Fault::Refused => SaveError::Refused,
    }
}

/// A family of places: the keys it holds, and how each place is read.
pub struct Places<T> {
    /// Whether a key is one of its places.
    pub holds: fn(&str) -> bool,
    /// A place's text read, or why it cannot be.
    pub read: fn(&str, Reader) -> Result<T, SaveError>,
    /// When a kept game was saved (milliseconds since 1970).
    pub saved_at: fn(&T) -> u64,
}

impl<T> Places<T> {
    /// Its places in `store`, in the order of their keys.
    pub fn keys(&self, store: &impl Store) -> Result<Vec<String>, Fault> {
        let keys = store.keys()?.into_iter().filter(|key| (self.holds)(key));
        Ok(crate::sorted::sorted(keys))
    }

    /// Whether `store` holds any of its places (read or not).
    pub fn any_in(&self, store: &impl Store) -> bool {
        self.keys(store).is_ok_and(|keys| !keys.is_empty())
    }

    /// Every one of its places in `store`, each read where it is. Storage
    /// that cannot be read shows nothing here: it is reported when the app
    /// starts (`saves::availability`), and nothing is saved then. Nor does
    /// a page whose record reader could not be fetched: its games would be
    /// listed as unreadable, and offered for deletion.
    pub fn shelf(&self, store: &impl Store) -> Shelf<T> {
        let mut shelf = Shelf::default();
        let reader = store.reader();
        if !reader.here() {
            return shelf;
        }
        for key in self.keys(store).unwrap_or_default() {
            let Ok(Some(text)) = store.text(&key) else {
                continue;
            };
            match (self.read)(&text, reader) {
                Ok(save) => {
                    // The latest first.
                    let saved_at = (self.saved_at)(&save);
                    let at = shelf
                        .games
                        .partition_point(|g| (self.saved_at)(&g.save) >= saved_at);
                    shelf.games.insert(at, Kept { key, save });
                }
                Err(reason) => shelf.unreadable.push(Unreadable { key, text, reason }),
            }
        }
        shelf
    }
}

/// A kept game's text read as far as every kind of kept game shares it:
/// JSON of the format `format`, holding a game record. The record is read
/// by its own reader, field by field, as every kind reads its other fields:
/// deserialising a whole save from a `Value` would put a second copy of the
/// record's reader in the module.
pub fn read_kept(
    text: &str,
    format: u32,
    reader: Reader,
) -> Result<(serde_json::Value, GameRecord), SaveError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| SaveError::NotJson(e.to_string()))?;
    match value.get("format").and_then(|f| f.as_u64()) {
        Some(f) if f == u64::from(format) => {}
        Some(f) => return Err(SaveError::OtherVersion(f)),
        None => return Err(SaveError::NoFormat),
    }
    let record = value.get("record").ok_or(SaveError::NoRecord)?;
    let record = reader
        .read(&record.to_string())
        .map_err(SaveError::BadRecord)?;
    Ok((value, record))
}

/// The first of `names` that holds nothing yet in `store`.
pub fn first_free(
    store: &impl Store,
    names: impl IntoIterator<Item = String>,
) -> Result<String, Fault> {
    for name in names {
        if store.text(&name)?.is_none() {
            return Ok(name);
        }
    }
    Err(Fault::Full)
}
