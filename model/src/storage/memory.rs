//! An in-memory store: what the tests keep games and settings in, and the
//! store's type off the web, where there is no storage.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use serde::Serialize;

use super::Fault;
use crate::reader::Reader;

/// A store in a map, with the browser's refusals on request.
#[derive(Default)]
pub struct Memory {
    pub items: RefCell<HashMap<String, String>>,
    /// Every write throws (storage full, or refused).
    pub full: bool,
    /// Every read throws (a SecurityError).
    pub unreadable: bool,
    /// The most characters it holds, keys and values together.
    pub quota: Option<usize>,
    /// Removing throws.
    pub stuck: bool,
    /// Its records' reader: here unless a test takes it away
    /// ([`Memory::without_reader`]).
    pub reader: Cell<Reader>,
}

impl Memory {
    /// Runs `f` as a page whose record reader is not here yet, then hands
    /// it back.
    pub fn without_reader(&self, f: impl FnOnce()) {
        let kept = self.reader.replace(Reader::NOT_HERE);
        f();
        self.reader.set(kept);
    }
}

impl super::Store for Memory {
    fn text(&self, key: &str) -> Result<Option<String>, Fault> {
        if self.unreadable {
            return Err(Fault::Refused);
        }
        Ok(self.items.borrow().get(key).cloned())
    }
    fn set<T: Serialize + ?Sized>(&self, key: &str, value: &T) -> Result<(), Fault> {
        self.set_text(
            key,
            &serde_json::to_string(value).map_err(|_| Fault::Refused)?,
        )
    }
    fn set_text(&self, key: &str, text: &str) -> Result<(), Fault> {
        let mut items = self.items.borrow_mut();
        let others: usize = items
            .iter()
            .filter(|(k, _)| *k != key)
            .map(|(k, v)| k.len() + v.len())
            .sum();
        if self.full
            || self
                .quota
                .is_some_and(|q| others + key.len() + text.len() > q)
        {
            return Err(Fault::Full);
        }
        items.insert(key.into(), text.into());
        Ok(())
    }
    fn remove(&self, key: &str) -> Result<(), Fault> {
        if self.stuck {
            return Err(Fault::Refused);
        }
        self.items.borrow_mut().remove(key);
        Ok(())
    }
    fn keys(&self) -> Result<Vec<String>, Fault> {
        if self.unreadable {
            return Err(Fault::Refused);
        }
        Ok(self.items.borrow().keys().cloned().collect())
    }
    fn reader(&self) -> Reader {
        self.reader.get()
    }
}
