//! Saving and resuming in localStorage, through gloo-storage. A save is the
//! game record plus a format version, stored as JSON text under
//! [`SAVE_KEY`]; resuming replays it through the engine. A save that cannot
//! be read is reported and kept (copied aside to [`BROKEN_KEY`], or left
//! where it is when it cannot be copied) until the person discards it:
//! nothing ever writes over a save that cannot be read.

use majesty_rules::bots::Level;
use majesty_rules::{GameRecord, RecordError};
use serde::{Deserialize, Serialize};

use crate::model::session::Session;

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
    /// A save that cannot be read holds the place and could not be set
    /// aside (there is one set aside already, or no room): writing would
    /// destroy it.
    InTheWay,
    /// The browser threw when the save was read.
    CannotRead,
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

/// The save of `session`, as it is stored.
pub fn save_file(session: &Session, saved_at: u64) -> SaveFile {
    SaveFile {
        format: FORMAT,
        saved_at,
        record: session.record.clone(),
        seats: session.seats.clone(),
        allow_undo: session.allow_undo,
    }
}

/// What the start screen finds in storage.
#[derive(Clone, Debug)]
pub enum Found {
    Nothing,
    Game(SaveFile),
    Unreadable { text: String, reason: SaveError },
}

/// The browser threw: storage refused, full or broken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault;

/// Where saves live: localStorage (through gloo-storage) in the browser, a
/// map in tests.
pub trait Store {
    /// The text stored under `key`, exactly as stored (`None`: nothing).
    fn text(&self, key: &str) -> Result<Option<String>, Fault>;
    /// Stores `value` as JSON, as gloo-storage's `set` does.
    fn set<T: Serialize + ?Sized>(&self, key: &str, value: &T) -> Result<(), Fault>;
    /// Stores a text as it is (a save set aside, which may not be JSON).
    fn set_text(&self, key: &str, text: &str) -> Result<(), Fault>;
    fn remove(&self, key: &str) -> Result<(), Fault>;
}

/// What [`SAVE_KEY`] holds.
enum Slot {
    Empty,
    Game(SaveFile),
    Unreadable { text: String, reason: SaveError },
}

fn read_slot(store: &impl Store) -> Result<Slot, Fault> {
    Ok(match store.text(SAVE_KEY)? {
        None => Slot::Empty,
        Some(text) => match parse_save(&text) {
            Ok((save, _)) => Slot::Game(save),
            Err(reason) => Slot::Unreadable { text, reason },
        },
    })
}

/// Copies an unreadable save aside, so that the next game can be saved,
/// and says whether it did. It does not when another save is set aside
/// already (that one is never written over) or when the browser refuses the
/// copy (no room: a save of several megabytes): the save then stays where
/// it is, and [`save_to`] will not write over it.
fn set_aside(store: &impl Store, text: &str) -> bool {
    match store.text(BROKEN_KEY) {
        Ok(None) => {
            if store.set_text(BROKEN_KEY, text).is_err() {
                return false;
            }
        }
        Ok(Some(kept)) if kept == text => {}
        Ok(Some(_)) | Err(_) => return false,
    }
    // Free the place, unless another tab has saved a game there meanwhile.
    if store.text(SAVE_KEY).ok().flatten().as_deref() == Some(text) {
        let _ = store.remove(SAVE_KEY);
    }
    true
}

/// Looks for a save. An unreadable one is set aside if it can be, so that a
/// new game can be saved; either way it is what the start screen shows
/// until it is discarded, the one set aside first.
pub fn find_in(store: &impl Store) -> Found {
    let slot = read_slot(store);
    if let Ok(Slot::Unreadable { text, .. }) = &slot {
        set_aside(store, text);
    }
    if let Ok(Some(text)) = store.text(BROKEN_KEY) {
        let reason = parse_save(&text).err().unwrap_or(SaveError::NoRecord);
        return Found::Unreadable { text, reason };
    }
    match slot {
        Ok(Slot::Game(save)) => Found::Game(save),
        Ok(Slot::Unreadable { text, reason }) => Found::Unreadable { text, reason },
        // Storage that cannot be read is reported when the app starts
        // ([`available`]), and nothing is saved over it ([`save_to`]).
        Ok(Slot::Empty) | Err(Fault) => Found::Nothing,
    }
}

pub fn load_from(store: &impl Store) -> Result<Session, SaveError> {
    let text = store
        .text(SAVE_KEY)
        .map_err(|Fault| SaveError::CannotRead)?
        .ok_or(SaveError::Nothing)?;
    parse_save(&text).map(|(_, session)| session)
}

/// Saves `session` in the place of the game saved before, never over a save
/// that cannot be read (it is set aside first, or nothing is written) nor
/// over one that could not be read at all.
pub fn save_to(store: &impl Store, session: &Session, now: u64) -> Result<(), SaveError> {
    match read_slot(store).map_err(|Fault| SaveError::CannotRead)? {
        Slot::Unreadable { text, .. } if !set_aside(store, &text) => {
            return Err(SaveError::InTheWay)
        }
        _ => {}
    }
    store
        .set(SAVE_KEY, &save_file(session, now))
        .map_err(|Fault| SaveError::Refused)
}

/// Removes the unreadable save the start screen shows ([`find_in`]).
pub fn discard_unreadable_in(store: &impl Store) {
    match store.text(BROKEN_KEY) {
        Ok(Some(_)) => {
            let _ = store.remove(BROKEN_KEY);
        }
        Ok(None) => {
            if let Ok(Slot::Unreadable { .. }) = read_slot(store) {
                let _ = store.remove(SAVE_KEY);
            }
        }
        Err(Fault) => {}
    }
}

/// Whether storage can be written and read back, and the saves read: a
/// browser that let a new game be written but threw on reading would have
/// it overwrite a save nobody could see.
pub fn usable(store: &impl Store) -> bool {
    const PROBE: &str = "majesty.probe";
    let written = store.set_text(PROBE, "1").is_ok();
    let read_back = written && store.text(PROBE) == Ok(Some("1".into()));
    let _ = store.remove(PROBE);
    read_back && store.text(SAVE_KEY).is_ok() && store.text(BROKEN_KEY).is_ok()
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use gloo_storage::{LocalStorage, Storage as _};
    use serde::Serialize;

    use super::{Fault, Store};

    /// localStorage through gloo-storage; made only by [`store`].
    pub struct Local(());

    impl Store for Local {
        // gloo-storage's `get` parses the stored text as JSON into a type,
        // and loses the text when it is not JSON: a save is read as the text
        // it is, so that one that cannot be read is still set aside and
        // offered for download exactly as it was. (`get` would also turn a
        // throwing getItem into an exception thrown through the app.)
        fn text(&self, key: &str) -> Result<Option<String>, Fault> {
            LocalStorage::raw().get_item(key).map_err(|_| Fault)
        }
        // The save's JSON text, as earlier versions wrote it: a save of the
        // format they read is still a save they can read, and theirs ours.
        fn set<T: Serialize + ?Sized>(&self, key: &str, value: &T) -> Result<(), Fault> {
            LocalStorage::set(key, value).map_err(|_| Fault)
        }
        // A save set aside is kept as the text it was, JSON or not (gloo's
        // `set` would write it as a JSON string, quoted and escaped).
        fn set_text(&self, key: &str, text: &str) -> Result<(), Fault> {
            LocalStorage::raw().set_item(key, text).map_err(|_| Fault)
        }
        // gloo's `delete` throws when removeItem does.
        fn remove(&self, key: &str) -> Result<(), Fault> {
            LocalStorage::raw().remove_item(key).map_err(|_| Fault)
        }
    }

    /// localStorage, when the browser lets this page reach it (not in every
    /// private mode or sandboxed frame). Asked without throwing: gloo's
    /// `LocalStorage::raw()` throws a JavaScript exception when the browser
    /// refuses (SecurityError), so gloo is used only once this succeeded.
    pub fn store() -> Option<Local> {
        web_sys::window()?.local_storage().ok().flatten()?;
        Some(Local(()))
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

/// Whether games can be saved here; when not, the app says so and plays on.
pub fn available() -> bool {
    browser::store().is_some_and(|s| usable(&s))
}

/// Whether there is a save to show (readable or not), without reading it.
pub fn has_save() -> bool {
    browser::store().is_some_and(|s| has_save_in(&s))
}

pub fn has_save_in(store: &impl Store) -> bool {
    [SAVE_KEY, BROKEN_KEY]
        .iter()
        .any(|key| matches!(store.text(key), Ok(Some(_))))
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

/// Calls `changed` when another tab of this site changes the saved game
/// (gloo-storage has no API for the `storage` event). The app lives as long
/// as the page: the listener is never removed.
pub fn on_change_elsewhere(changed: impl Fn() + 'static) {
    if crate::browser::window().is_none() {
        return;
    }
    let _ = leptos::prelude::window_event_listener(leptos::ev::storage, move |event| {
        if event.key().as_deref() == Some(SAVE_KEY) {
            changed();
        }
    });
}

/// Where the chosen language is kept.
pub const LANG_KEY: &str = "majesty.lang";

pub fn saved_language() -> Option<String> {
    browser::store().and_then(|s| language_in(&s))
}

/// The language code kept in `store`: a JSON string, as gloo-storage writes
/// it, or the bare code earlier versions wrote (`de`, not `"de"`).
pub fn language_in(store: &impl Store) -> Option<String> {
    let text = store.text(LANG_KEY).ok()??;
    Some(serde_json::from_str(&text).unwrap_or(text))
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

pub fn preference_in(store: &impl Store, name: &str) -> Option<String> {
    let text = store.text(&format!("majesty.{name}")).ok()??;
    serde_json::from_str(&text).ok()
}

pub fn save_preference(name: &str, value: &str) {
    if let Some(s) = browser::store() {
        let _ = s.set(&format!("majesty.{name}"), value);
    }
}

pub fn discard_unreadable() {
    if let Some(s) = browser::store() {
        discard_unreadable_in(&s);
    }
}

/// An in-memory store (tests, and the type of "no storage" off the web).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub mod tests_support {
    use std::cell::RefCell;
    use std::collections::HashMap;

    use serde::Serialize;

    use super::Fault;

    #[derive(Default)]
    pub struct Memory {
        pub items: RefCell<HashMap<String, String>>,
        /// Every write throws (storage full, or refused).
        pub full: bool,
        /// Every read throws (a SecurityError).
        pub unreadable: bool,
        /// The most characters it holds, keys and values together.
        pub quota: Option<usize>,
    }

    impl super::Store for Memory {
        fn text(&self, key: &str) -> Result<Option<String>, Fault> {
            if self.unreadable {
                return Err(Fault);
            }
            Ok(self.items.borrow().get(key).cloned())
        }
        fn set<T: Serialize + ?Sized>(&self, key: &str, value: &T) -> Result<(), Fault> {
            self.set_text(key, &serde_json::to_string(value).map_err(|_| Fault)?)
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
                return Err(Fault);
            }
            items.insert(key.into(), text.into());
            Ok(())
        }
        fn remove(&self, key: &str) -> Result<(), Fault> {
            self.items.borrow_mut().remove(key);
            Ok(())
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

    fn save_text(session: &Session, saved_at: u64) -> String {
        serde_json::to_string(&save_file(session, saved_at)).unwrap()
    }

    fn get(store: &Memory, key: &str) -> Option<String> {
        store.text(key).unwrap()
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
        assert!(usable(&store));
        save_to(&store, &session_of(record()), 42).unwrap();
        assert!(has_save_in(&store));
        assert!(matches!(find_in(&store), Found::Game(save) if save.saved_at == 42));
        assert_eq!(load_from(&store).unwrap().record, record());
        // The probe leaves nothing behind.
        assert_eq!(store.items.borrow().len(), 1);
    }

    /// A save is stored as the JSON text of the save itself (what
    /// gloo-storage's `set` writes), not as a JSON string holding it: the
    /// previous version's saves are read, and it reads ours.
    #[test]
    fn saves_keep_the_format_of_the_previous_version() {
        let store = Memory::default();
        save_to(&store, &session_of(record()), 7).unwrap();
        let text = get(&store, SAVE_KEY).unwrap();
        assert!(text.starts_with(r#"{"format":1,"saved_at":7,"#), "{text}");
        assert_eq!(text, save_text(&session_of(record()), 7));
        // The previous version wrote the same JSON text through web-sys; a
        // save laid out differently (here indented, keys sorted) with the
        // fields of its time is read as well.
        let mut old: serde_json::Value = serde_json::from_str(&text).unwrap();
        old["saved_at"] = 1_700_000_000_000u64.into();
        old["allow_undo"] = false.into();
        let old = serde_json::to_string_pretty(&old).unwrap();
        let store = Memory::default();
        store.set_text(SAVE_KEY, &old).unwrap();
        let Found::Game(save) = find_in(&store) else {
            panic!("the previous version's save is not found");
        };
        assert_eq!(save.saved_at, 1_700_000_000_000);
        assert_eq!(save.record, record());
        let session = load_from(&store).unwrap();
        assert_eq!(session.seats, vec![None, Some(Level::Hard)]);
        assert!(!session.allow_undo);
    }

    #[test]
    fn the_language_is_read_in_either_format() {
        let store = Memory::default();
        assert_eq!(language_in(&store), None);
        store.set(LANG_KEY, "de").unwrap();
        assert_eq!(get(&store, LANG_KEY).as_deref(), Some(r#""de""#));
        assert_eq!(language_in(&store).as_deref(), Some("de"));
        // As versions before gloo-storage wrote it.
        store.set_text(LANG_KEY, "fr").unwrap();
        assert_eq!(language_in(&store).as_deref(), Some("fr"));
    }

    #[test]
    fn an_unreadable_save_is_kept_aside_and_never_overwritten() {
        let store = Memory::default();
        store.set_text(SAVE_KEY, "{corrupt").unwrap();
        let Found::Unreadable { text, reason } = find_in(&store) else {
            panic!("expected an unreadable save");
        };
        // Moved aside, it is still a save the home screen shows.
        assert!(get(&store, SAVE_KEY).is_none());
        assert!(has_save_in(&store));
        assert_eq!(text, "{corrupt");
        assert!(matches!(reason, SaveError::NotJson(_)));
        // A new game saves over the main key; the unreadable text stays.
        save_to(&store, &session_of(record()), 1).unwrap();
        assert_eq!(get(&store, BROKEN_KEY).as_deref(), Some("{corrupt"));
        assert!(matches!(find_in(&store), Found::Unreadable { .. }));
        discard_unreadable_in(&store);
        assert!(get(&store, BROKEN_KEY).is_none());
        assert!(matches!(find_in(&store), Found::Game(_)));
        // Discarding when there is nothing unreadable keeps the game.
        discard_unreadable_in(&store);
        assert!(matches!(find_in(&store), Found::Game(_)));
    }

    /// Issue 20, item 1: a second unreadable save never replaces the one
    /// set aside, and no game is saved over it either.
    #[test]
    fn a_second_unreadable_save_does_not_replace_the_first() {
        let store = Memory::default();
        store.set_text(BROKEN_KEY, "first").unwrap();
        store.set_text(SAVE_KEY, "second").unwrap();
        assert!(matches!(find_in(&store), Found::Unreadable { text, .. } if text == "first"));
        assert_eq!(get(&store, SAVE_KEY).as_deref(), Some("second"));
        assert_eq!(
            save_to(&store, &session_of(record()), 1),
            Err(SaveError::InTheWay)
        );
        assert_eq!(get(&store, SAVE_KEY).as_deref(), Some("second"));
        assert_eq!(get(&store, BROKEN_KEY).as_deref(), Some("first"));
        // Once the first is discarded, the second is shown and set aside,
        // and a new game can be saved.
        discard_unreadable_in(&store);
        assert!(matches!(find_in(&store), Found::Unreadable { text, .. } if text == "second"));
        assert_eq!(get(&store, BROKEN_KEY).as_deref(), Some("second"));
        save_to(&store, &session_of(record()), 1).unwrap();
        assert_eq!(get(&store, BROKEN_KEY).as_deref(), Some("second"));
        discard_unreadable_in(&store);
        assert!(matches!(find_in(&store), Found::Game(_)));
    }

    /// Issue 20, item 2: a corrupt save too big to be copied aside stays
    /// where it is (so "it is kept" is true), is offered as it is, and no
    /// game is saved over it until it is discarded.
    #[test]
    fn a_save_too_big_to_copy_aside_stays_where_it_is() {
        let big = format!("{{\"format\": 1, \"record\": \"{}", "x".repeat(3_000_000));
        let store = Memory {
            quota: Some(5_000_000),
            ..Memory::default()
        };
        store.set_text(SAVE_KEY, &big).unwrap();
        let Found::Unreadable { text, .. } = find_in(&store) else {
            panic!("expected an unreadable save");
        };
        assert_eq!(text, big);
        assert!(get(&store, BROKEN_KEY).is_none());
        assert_eq!(get(&store, SAVE_KEY), Some(big.clone()));
        assert_eq!(
            save_to(&store, &session_of(record()), 1),
            Err(SaveError::InTheWay)
        );
        assert_eq!(get(&store, SAVE_KEY), Some(big));
        discard_unreadable_in(&store);
        assert!(!has_save_in(&store));
        save_to(&store, &session_of(record()), 1).unwrap();
        assert!(matches!(find_in(&store), Found::Game(_)));
    }

    /// Issue 20, item 3: storage whose reads throw is not "no save": it is
    /// not usable (the app says so), and nothing is saved over what it may
    /// hold.
    #[test]
    fn storage_that_cannot_be_read_is_not_written() {
        let store = Memory {
            unreadable: true,
            ..Memory::default()
        };
        store
            .items
            .borrow_mut()
            .insert(SAVE_KEY.into(), save_text(&session_of(record()), 5));
        assert!(!usable(&store));
        assert_eq!(load_from(&store).err(), Some(SaveError::CannotRead));
        let mut other = record();
        other.seed = Some(4);
        assert_eq!(
            save_to(&store, &session_of(other), 6),
            Err(SaveError::CannotRead)
        );
        let saved = store.items.borrow()[SAVE_KEY].clone();
        assert_eq!(saved, save_text(&session_of(record()), 5));
    }

    #[test]
    fn a_full_store_reports_instead_of_failing_silently() {
        let store = Memory {
            full: true,
            ..Memory::default()
        };
        assert!(!usable(&store));
        assert_eq!(
            save_to(&store, &session_of(record()), 0),
            Err(SaveError::Refused)
        );
        // An unreadable save that cannot be copied aside stays and is shown.
        store
            .items
            .borrow_mut()
            .insert(SAVE_KEY.into(), "{corrupt".into());
        assert!(matches!(find_in(&store), Found::Unreadable { text, .. } if text == "{corrupt"));
        assert_eq!(get(&store, SAVE_KEY).as_deref(), Some("{corrupt"));
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

/// The same guarantees against the browser's real localStorage, through
/// gloo-storage (`cargo test --target wasm32-unknown-unknown`, in Chromium).
#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use super::*;
    use majesty_rules::GameConfig;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    fn local() -> web_sys::Storage {
        web_sys::window().unwrap().local_storage().unwrap().unwrap()
    }

    fn session() -> Session {
        let record = GameRecord::new(
            vec!["Ann".into(), "Bob".into()],
            &GameConfig::new(2).unwrap(),
            3,
        );
        Session::from_record(record, vec![None, Some(Level::Easy)]).unwrap()
    }

    #[wasm_bindgen_test]
    fn saves_and_settings_in_local_storage() {
        let raw = local();
        for key in [SAVE_KEY, BROKEN_KEY, LANG_KEY] {
            raw.remove_item(key).unwrap();
        }
        assert!(available());
        assert!(matches!(find(), Found::Nothing));

        // A save as the previous version wrote it, with web-sys: the save's
        // JSON text itself.
        let old = serde_json::to_string(&save_file(&session(), 99)).unwrap();
        raw.set_item(SAVE_KEY, &old).unwrap();
        assert!(has_save());
        assert!(matches!(find(), Found::Game(save) if save.saved_at == 99));
        assert_eq!(load().unwrap().record, session().record);
        // Written back through gloo-storage in the same form.
        save(&session()).unwrap();
        let text = raw.get_item(SAVE_KEY).unwrap().unwrap();
        assert!(text.starts_with(r#"{"format":1,"#), "{text}");
        assert!(parse_save(&text).is_ok());

        // An unreadable save is set aside byte for byte.
        raw.set_item(SAVE_KEY, "{\"format\": 1, \"record\": [")
            .unwrap();
        assert!(
            matches!(find(), Found::Unreadable { text, .. } if text == "{\"format\": 1, \"record\": [")
        );
        assert_eq!(
            raw.get_item(BROKEN_KEY).unwrap().as_deref(),
            Some("{\"format\": 1, \"record\": [")
        );
        save(&session()).unwrap();
        assert!(matches!(find(), Found::Unreadable { .. }));
        discard_unreadable();
        assert!(matches!(find(), Found::Game(_)));

        // The language: the bare code of earlier versions, or JSON.
        raw.set_item(LANG_KEY, "de").unwrap();
        assert_eq!(saved_language().as_deref(), Some("de"));
        save_language("fr");
        assert_eq!(raw.get_item(LANG_KEY).unwrap().as_deref(), Some("\"fr\""));
        assert_eq!(saved_language().as_deref(), Some("fr"));

        for key in [SAVE_KEY, BROKEN_KEY, LANG_KEY] {
            raw.remove_item(key).unwrap();
        }
    }

    /// Runs `body` with one of localStorage's methods throwing `error`.
    fn with_throwing(method: &str, error: &str, body: impl FnOnce()) {
        let run = |code: String| {
            js_sys::Function::new_no_args(&code)
                .call0(&wasm_bindgen::JsValue::NULL)
                .unwrap();
        };
        run(format!(
            "Storage.prototype.__kept = Storage.prototype.{method};
             Storage.prototype.{method} = function () {{ throw {error}; }};"
        ));
        body();
        run(format!(
            "Storage.prototype.{method} = Storage.prototype.__kept;
             delete Storage.prototype.__kept;"
        ));
    }

    /// Storage that throws (SecurityError on reading, QuotaExceededError on
    /// writing) is told, never an exception through the app.
    #[wasm_bindgen_test]
    fn storage_that_throws_leaves_the_game_playable() {
        let raw = local();
        let kept = serde_json::to_string(&save_file(&session(), 5)).unwrap();
        raw.set_item(SAVE_KEY, &kept).unwrap();
        raw.remove_item(BROKEN_KEY).unwrap();
        with_throwing(
            "getItem",
            "new DOMException('denied', 'SecurityError')",
            || {
                assert!(!available());
                assert!(matches!(find(), Found::Nothing));
                assert_eq!(load().err(), Some(SaveError::CannotRead));
                assert_eq!(save(&session()).err(), Some(SaveError::CannotRead));
                assert_eq!(saved_language(), None);
            },
        );
        assert_eq!(raw.get_item(SAVE_KEY).unwrap(), Some(kept));
        with_throwing(
            "setItem",
            "new DOMException('full', 'QuotaExceededError')",
            || {
                assert!(!available());
                assert_eq!(save(&session()).err(), Some(SaveError::Refused));
                save_language("de");
                raw.remove_item(SAVE_KEY).unwrap();
                raw.remove_item(LANG_KEY).unwrap();
            },
        );
        assert!(available());
    }
}
