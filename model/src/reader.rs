//! How a game record's JSON text is read. The app fetches its reader
//! (`GameRecord::from_json`) as a part of the page of its own, when a
//! record is first to be read: until then the models that read records are
//! handed a [`Reader`] that is not here, and say so rather than guess.

use majesty_rules::record::JsonError;
use majesty_rules::{GameRecord, RecordError};

/// How a record's text is read: `GameRecord::from_json`.
pub type ReadRecord = fn(&str) -> Result<GameRecord, RecordError>;

/// The page's record reader, or none yet.
#[derive(Clone, Copy, Debug)]
pub struct Reader(Option<ReadRecord>);

/// What [`Reader::read`] says when the reader is not here: never shown
/// when the app loads it first (a text for the developers' eyes).
pub const NOT_HERE: &str = "the record reader has not been loaded";

impl Reader {
    /// No reader yet.
    pub const NOT_HERE: Reader = Reader(None);

    pub fn new(read: Option<ReadRecord>) -> Reader {
        Reader(read)
    }

    /// Whether records can be read.
    pub fn here(self) -> bool {
        self.0.is_some()
    }

    /// `text` read as a game record; an error (never a panic) when the
    /// reader is not here.
    pub fn read(self, text: &str) -> Result<GameRecord, RecordError> {
        match self.0 {
            Some(read) => read(text),
            None => Err(not_here()),
        }
    }
}

/// [`NOT_HERE`] as a record's error: no text was read, so no place in it.
fn not_here() -> RecordError {
    RecordError::Json(JsonError {
        message: NOT_HERE.into(),
        line: 0,
        column: 0,
    })
}

/// A reader that is here, for the tests (nothing is split there) and
/// native tools. Not for the page: naming `GameRecord::from_json` keeps
/// the reader in the page's first module.
impl Default for Reader {
    fn default() -> Reader {
        Reader(Some(GameRecord::from_json))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_read_only_by_a_reader_that_is_here() {
        let config = majesty_rules::GameConfig::new(2).unwrap();
        let record = GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, 7);
        let text = record.to_json();
        assert!(!Reader::NOT_HERE.here());
        assert_eq!(Reader::NOT_HERE.read(&text), Err(not_here()));
        assert_eq!(Reader::default().read(&text), Ok(record));
    }
}
