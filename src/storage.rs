//! Saving and resuming in localStorage. A save is the game record plus a
//! format version; resuming replays it through the engine. A save that cannot
//! be read is reported and kept (copied aside) until the person discards it.

use majesty_rules::bots::Level;
use majesty_rules::{GameRecord, RecordError};
use serde::{Deserialize, Serialize};

use crate::session::Session;

pub const SAVE_KEY: &str = "majesty.save";
/// Where a save that could not be opened is kept until discarded.
pub const BROKEN_KEY: &str = "majesty.save.unreadable";
/// Current save format.
pub const FORMAT: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: u32,
    /// Milliseconds since 1970, when it was saved.
    pub saved_at: u64,
    pub record: GameRecord,
    /// Who plays each seat: null for a person, or a computer level.
    #[serde(default)]
    pub seats: Vec<Option<Level>>,
    /// Whether turns may be taken back.
    #[serde(default = "yes")]
    pub allow_undo: bool,
}

fn yes() -> bool {
    true
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
}

/// Reads a save's text: the save and the replayed game, or why it cannot be
/// opened.
pub fn parse_save(text: &str) -> Result<(SaveFile, Session), SaveError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| SaveError::NotJson(e.to_string()))?;
    match value.get("format").and_then(|f| f.as_u64()) {
        Some(f) if f == u64::from(FORMAT) => {}
        Some(f) => return Err(SaveError::OtherVersion(f)),
        None => return Err(SaveError::NoFormat),
    }
    let record_text = value
        .get("record")
        .map(|r| r.to_string())
        .ok_or(SaveError::NoRecord)?;
    let record = GameRecord::from_json(&record_text).map_err(SaveError::BadRecord)?;
    let saved_at = value.get("saved_at").and_then(|s| s.as_u64()).unwrap_or(0);
    let seats: Vec<Option<Level>> = match value.get("seats") {
        Some(seats) => {
            serde_json::from_value(seats.clone()).map_err(|e| SaveError::BadSeats(e.to_string()))?
        }
        None => Vec::new(),
    };
    let allow_undo = value
        .get("allow_undo")
        .and_then(|a| a.as_bool())
        .unwrap_or(true);
    let mut session =
        Session::from_record(record.clone(), seats.clone()).map_err(SaveError::DoesNotReplay)?;
    session.allow_undo = allow_undo;
    Ok((
        SaveFile {
            format: FORMAT,
            saved_at,
            record,
            seats,
            allow_undo,
        },
        session,
    ))
}

pub fn save_text(session: &Session, saved_at: u64) -> String {
    serde_json::to_string(&SaveFile {
        format: FORMAT,
        saved_at,
        record: session.record.clone(),
        seats: session.seats.clone(),
        allow_undo: session.allow_undo,
    })
    .expect("a save serialises")
}

/// What the start screen finds in storage.
#[derive(Clone, Debug)]
pub enum Found {
    Nothing,
    Game(SaveFile),
    Unreadable { text: String, reason: SaveError },
}

/// Where saves live: localStorage in the browser, a map in tests.
pub trait Store {
    fn get(&self, key: &str) -> Option<String>;
    fn set(&self, key: &str, value: &str) -> Result<(), ()>;
    fn remove(&self, key: &str);
}

/// Looks for a save; an unreadable one is copied aside first, so that a new
/// game can never overwrite it.
pub fn find_in(store: &dyn Store) -> Found {
    if let Some(text) = store.get(BROKEN_KEY) {
        let reason = parse_save(&text).err().unwrap_or(SaveError::NoRecord);
        return Found::Unreadable { text, reason };
    }
    let Some(text) = store.get(SAVE_KEY) else {
        return Found::Nothing;
    };
    match parse_save(&text) {
        Ok((save, _)) => Found::Game(save),
        Err(reason) => {
            if store.set(BROKEN_KEY, &text).is_ok() {
                store.remove(SAVE_KEY);
            }
            Found::Unreadable { text, reason }
        }
    }
}

pub fn load_from(store: &dyn Store) -> Result<Session, SaveError> {
    let text = store.get(SAVE_KEY).ok_or(SaveError::Nothing)?;
    parse_save(&text).map(|(_, session)| session)
}

pub fn save_to(store: &dyn Store, session: &Session, now: u64) -> Result<(), SaveError> {
    store
        .set(SAVE_KEY, &save_text(session, now))
        .map_err(|_| SaveError::Refused)
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::Store;

    pub struct Local(web_sys::Storage);

    impl Store for Local {
        fn get(&self, key: &str) -> Option<String> {
            self.0.get_item(key).ok().flatten()
        }
        fn set(&self, key: &str, value: &str) -> Result<(), ()> {
            self.0.set_item(key, value).map_err(|_| ())
        }
        fn remove(&self, key: &str) {
            let _ = self.0.remove_item(key);
        }
    }

    /// localStorage, when the browser lets us use it (not in every private
    /// mode or sandboxed iframe).
    pub fn store() -> Option<Local> {
        let storage = web_sys::window()?.local_storage().ok().flatten()?;
        let probe = "majesty.probe";
        storage.set_item(probe, "1").ok()?;
        let _ = storage.remove_item(probe);
        Some(Local(storage))
    }

    pub fn now() -> u64 {
        js_sys::Date::now() as u64
    }
}

/// Outside the browser there is no storage.
#[cfg(not(target_arch = "wasm32"))]
mod browser {
    pub fn store() -> Option<super::tests_support::Memory> {
        None
    }

    pub fn now() -> u64 {
        0
    }
}

pub fn available() -> bool {
    browser::store().is_some()
}

/// Whether there is a save to show (readable or not), without reading it.
pub fn has_save() -> bool {
    browser::store().is_some_and(|s| has_save_in(&s))
}

pub fn has_save_in(store: &dyn Store) -> bool {
    store.get(SAVE_KEY).is_some() || store.get(BROKEN_KEY).is_some()
}

pub fn find() -> Found {
    browser::store().map_or(Found::Nothing, |s| find_in(&s))
}

pub fn load() -> Result<Session, SaveError> {
    load_from(&browser::store().ok_or(SaveError::Nothing)?)
}

pub fn save(session: &Session) -> Result<(), SaveError> {
    save_to(
        &browser::store().ok_or(SaveError::Refused)?,
        session,
        browser::now(),
    )
}

/// Calls `changed` when another tab of this site changes the saved game.
pub fn on_change_elsewhere(changed: impl Fn() + 'static) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::closure::Closure;
        use wasm_bindgen::JsCast;
        let Some(window) = web_sys::window() else {
            return;
        };
        let listener =
            Closure::<dyn Fn(web_sys::StorageEvent)>::new(move |event: web_sys::StorageEvent| {
                if event.key().as_deref() == Some(SAVE_KEY) {
                    changed();
                }
            });
        let _ =
            window.add_event_listener_with_callback("storage", listener.as_ref().unchecked_ref());
        // The app lives as long as the page: the listener is never removed.
        listener.forget();
    }
    #[cfg(not(target_arch = "wasm32"))]
    drop(changed);
}

/// Where the chosen language is kept.
pub const LANG_KEY: &str = "majesty.lang";

pub fn saved_language() -> Option<String> {
    browser::store().and_then(|s| s.get(LANG_KEY))
}

pub fn save_language(code: &str) {
    if let Some(s) = browser::store() {
        let _ = s.set(LANG_KEY, code);
    }
}

pub fn discard_unreadable() {
    if let Some(s) = browser::store() {
        s.remove(BROKEN_KEY);
    }
}

/// An in-memory store (tests, and the type of "no storage" off the web).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub mod tests_support {
    use std::cell::RefCell;
    use std::collections::HashMap;

    #[derive(Default)]
    pub struct Memory {
        pub items: RefCell<HashMap<String, String>>,
        pub full: bool,
    }

    impl super::Store for Memory {
        fn get(&self, key: &str) -> Option<String> {
            self.items.borrow().get(key).cloned()
        }
        fn set(&self, key: &str, value: &str) -> Result<(), ()> {
            if self.full {
                return Err(());
            }
            self.items.borrow_mut().insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&self, key: &str) {
            self.items.borrow_mut().remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::tests_support::Memory;
    use super::*;
    use majesty_rules::GameConfig;

    fn record() -> GameRecord {
        GameRecord::new(
            vec!["Ann".into(), "Bob".into()],
            &GameConfig::new(2).unwrap(),
            3,
        )
    }

    fn session_of(record: GameRecord) -> Session {
        Session::from_record(record, vec![None, Some(Level::Hard)]).unwrap()
    }

    #[test]
    fn a_save_round_trips_with_its_seats() {
        let text = save_text(&session_of(record()), 1234);
        let (save, session) = parse_save(&text).unwrap();
        assert_eq!(save.saved_at, 1234);
        assert_eq!(session.record, record());
        assert_eq!(session.seats, vec![None, Some(Level::Hard)]);
    }

    #[test]
    fn save_find_and_load_through_a_store() {
        let store = Memory::default();
        assert!(matches!(find_in(&store), Found::Nothing));
        assert!(!has_save_in(&store));
        save_to(&store, &session_of(record()), 42).unwrap();
        assert!(has_save_in(&store));
        assert!(matches!(find_in(&store), Found::Game(save) if save.saved_at == 42));
        assert_eq!(load_from(&store).unwrap().record, record());
    }

    #[test]
    fn an_unreadable_save_is_kept_aside_and_never_overwritten() {
        let store = Memory::default();
        store.set(SAVE_KEY, "{corrupt").unwrap();
        let Found::Unreadable { text, reason } = find_in(&store) else {
            panic!("expected an unreadable save");
        };
        // Moved aside, it is still a save the home screen shows.
        assert!(store.get(SAVE_KEY).is_none());
        assert!(has_save_in(&store));
        assert_eq!(text, "{corrupt");
        assert!(matches!(reason, SaveError::NotJson(_)));
        // A new game saves over the main key; the unreadable text stays.
        save_to(&store, &session_of(record()), 1).unwrap();
        assert_eq!(store.get(BROKEN_KEY).as_deref(), Some("{corrupt"));
        assert!(matches!(find_in(&store), Found::Unreadable { .. }));
        store.remove(BROKEN_KEY);
        assert!(matches!(find_in(&store), Found::Game(_)));
    }

    #[test]
    fn a_full_store_reports_instead_of_failing_silently() {
        let store = Memory {
            full: true,
            ..Memory::default()
        };
        assert_eq!(
            save_to(&store, &session_of(record()), 0),
            Err(SaveError::Refused)
        );
    }

    #[test]
    fn unreadable_saves_are_explained() {
        assert!(matches!(parse_save("{oops"), Err(SaveError::NotJson(_))));
        assert_eq!(
            parse_save(r#"{"format": 99, "record": {}}"#).err(),
            Some(SaveError::OtherVersion(99))
        );
        assert_eq!(
            parse_save(r#"{"record": {}}"#).err(),
            Some(SaveError::NoFormat)
        );
        let mut text: serde_json::Value =
            serde_json::from_str(&save_text(&session_of(record()), 0)).unwrap();
        text["record"]["turns"] = serde_json::json!([{"take": 7, "place": "Noble"}]);
        assert!(matches!(
            parse_save(&text.to_string()),
            Err(SaveError::DoesNotReplay(RecordError::Turn { turn: 1, .. }))
        ));
    }
}
