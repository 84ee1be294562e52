//! The language and this device's settings (theme, the computers' pace,
//! passing the device), in this browser's localStorage.

pub use majesty_model::storage::preferences::*;

use super::{browser, Store};

pub fn saved_language() -> Option<String> {
    browser::store().and_then(|s| language_in(&s))
}

pub fn save_language(code: &str) {
    if let Some(s) = browser::store() {
        let _ = s.set(LANG_KEY, code);
    }
}

/// A setting of this device (theme, computers' pace, passing the device):
/// a JSON string under `majesty.<name>`. Unreadable or absent: None.
pub fn preference(name: &str) -> Option<String> {
    browser::store().and_then(|s| preference_in(&s, name))
}

pub fn save_preference(name: &str, value: &str) {
    if let Some(s) = browser::store() {
        let _ = s.set(&format!("majesty.{name}"), value);
    }
}
