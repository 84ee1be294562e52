//! The reader of game records' JSON text (`GameRecord::from_json`), a part
//! of the page of its own (`reader`). Its serde code is about a seventeenth
//! of what the page's module would weigh with it, and no first visit needs
//! it: a deal's link makes a new game, and a new visitor has nothing kept.
//! So it is fetched when a record is first to be read: before the page
//! starts when a link carries a record or this browser keeps games, before
//! a game's save in its place (checked against the save already there; a
//! new game's first save has no place yet and is written at once, as is a
//! new game by link's while this browser keeps none), and in
//! idle time once a board or the scenario editor is up.
//!
//! Everything that reads a record calls [`read_record`]. Where the reader
//! may not be here yet (another tab's save, a file opened, an embedding
//! page's record, a record pasted into the editor), [`load`] is awaited
//! first.

pub use leptos::wasm_split::SplitLoaderError;
use majesty_rules::{GameRecord, RecordError};

/// How a record's text is read: `GameRecord::from_json`, handed over by
/// the reader's part.
pub type ReadRecord = fn(&str) -> Result<GameRecord, RecordError>;

/// The reader's slot in the page's registry (`crate::registry`), filled
/// once its part is here.
#[derive(Clone, Copy)]
pub struct Reader(pub ReadRecord);

/// The reader once its part is here. (Tests are never split: theirs is
/// here from the start, unless [`without_reader`] withholds it.)
fn reader() -> Option<ReadRecord> {
    if let Some(Reader(read)) = crate::registry::get() {
        return Some(read);
    }
    #[cfg(test)]
    if !crate::registry::filled::<Withheld>() {
        return Some(GameRecord::from_json);
    }
    None
}

/// Whether the reader is here.
pub fn here() -> bool {
    reader().is_some()
}

/// `text` read as a game record, with the reader's part; an error (never a
/// panic) when it is not here (majesty-model's `Reader`).
pub fn read_record(text: &str) -> Result<GameRecord, RecordError> {
    majesty_model::reader::Reader::new(reader()).read(text)
}

/// Fetches the reader's part unless it is here.
pub async fn load() -> Result<(), SplitLoaderError> {
    if !here() {
        let read = fetch().await?;
        crate::registry::fill(Reader(read));
    }
    Ok(())
}

/// The split point (see `parts::split!`, which the model cannot use: the
/// parts' module is above it). The function is made at run time: a
/// constant pointing at it would keep it in the main module.
#[cfg(not(test))]
#[leptos::wasm_split::wasm_split(reader, wasm_split_path = ::leptos::wasm_split, fallible)]
fn fetch() -> Result<ReadRecord, SplitLoaderError> {
    Ok(std::hint::black_box(GameRecord::from_json as ReadRecord))
}

#[cfg(test)]
async fn fetch() -> Result<ReadRecord, SplitLoaderError> {
    Ok(GameRecord::from_json)
}

/// Runs `f` as a page whose reader is not here yet, then hands it back.
#[cfg(test)]
pub fn without_reader(f: impl FnOnce()) {
    let kept = crate::registry::take::<Reader>();
    crate::registry::fill(Withheld);
    f();
    crate::registry::take::<Withheld>();
    if let Some(reader) = kept {
        crate::registry::fill(reader);
    }
}

/// Marks the reader withheld in a test ([`without_reader`]).
#[cfg(test)]
#[derive(Clone, Copy)]
struct Withheld;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::at_once;

    #[test]
    fn a_record_is_read_by_the_reader_once_it_is_here() {
        let config = majesty_rules::GameConfig::new(2).unwrap();
        let record = GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, 7);
        let text = record.to_json();
        without_reader(|| {
            assert!(!here());
            let not_here = majesty_model::reader::Reader::NOT_HERE.read(&text);
            assert!(not_here.is_err());
            assert_eq!(read_record(&text), not_here);
            assert!(at_once(load()).is_ok());
            assert!(here());
            assert_eq!(read_record(&text), Ok(record.clone()));
        });
    }
}
