//! The language and this device's settings (theme, the computers' pace,
//! passing the device), in localStorage.

use super::Store;

/// Where the chosen language is kept.
pub const LANG_KEY: &str = "majesty.lang";

/// The language code kept in `store`: a JSON string, as gloo-storage writes
/// it, or the bare code earlier versions wrote (`de`, not `"de"`).
pub fn language_in(store: &impl Store) -> Option<String> {
    let text = store.text(LANG_KEY).ok()??;
    Some(serde_json::from_str(&text).unwrap_or(text))
}

pub fn preference_in(store: &impl Store, name: &str) -> Option<String> {
    let text = store.text(&format!("majesty.{name}")).ok()??;
    serde_json::from_str(&text).ok()
}

#[cfg(test)]
mod tests {
    use super::super::Memory;
    use super::*;

    #[test]
    fn the_language_is_read_in_either_format() {
        let store = Memory::default();
        assert_eq!(language_in(&store), None);
        store.set(LANG_KEY, "de").unwrap();
        assert_eq!(store.text(LANG_KEY).unwrap().as_deref(), Some(r#""de""#));
        assert_eq!(language_in(&store).as_deref(), Some("de"));
        // As versions before gloo-storage wrote it.
        store.set_text(LANG_KEY, "fr").unwrap();
        assert_eq!(language_in(&store).as_deref(), Some("fr"));
    }
}
