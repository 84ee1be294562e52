//! What this browser keeps for the game: the models (majesty-model's
//! `storage`) over this page's localStorage (through gloo-storage) and
//! sessionStorage, the side effects kept here:
//!
//! - [`saves`]: the games saved and resumed;
//! - [`choosing`]: the choice in progress, kept for a tab across a reload;
//! - [`preferences`]: the language and the device's settings;
//! - [`elsewhere`]: what another tab of the site changed.

pub mod choosing;
pub mod elsewhere;
pub mod preferences;
pub mod saves;

pub use choosing::*;
pub use elsewhere::*;
pub use majesty_model::storage::*;
pub use preferences::*;
pub use saves::*;

#[cfg(target_arch = "wasm32")]
mod browser {
    use gloo_storage::{LocalStorage, Storage as _};
    use serde::Serialize;

    use super::{Fault, Store};
    use crate::model::Reader;

    /// What the browser threw: a full store (QuotaExceededError; Firefox
    /// once named it NS_ERROR_DOM_QUOTA_REACHED) or another refusal.
    fn fault(error: &wasm_bindgen::JsValue) -> Fault {
        let name = js_sys::Reflect::get(error, &"name".into()).ok();
        match name.and_then(|n| n.as_string()).as_deref() {
            Some("QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED") => Fault::Full,
            _ => Fault::Refused,
        }
    }

    /// localStorage through gloo-storage; made only by [`store`].
    pub struct Local(());

    impl Store for Local {
        // gloo-storage's `get` parses the stored text as JSON into a type,
        // and loses the text when it is not JSON: a save is read as the text
        // it is, so that one that cannot be read is still shown and offered
        // for download exactly as it was. (`get` would also turn a
        // throwing getItem into an exception thrown through the app.)
        fn text(&self, key: &str) -> Result<Option<String>, Fault> {
            LocalStorage::raw().get_item(key).map_err(|e| fault(&e))
        }
        // The save's JSON text, as earlier versions wrote it (gloo's
        // `set`): a save of the format they read is still a save they can
        // read, and theirs ours. Written through `raw()`: gloo's `set`
        // panics when the browser throws something that is not an Error.
        fn set<T: Serialize + ?Sized>(&self, key: &str, value: &T) -> Result<(), Fault> {
            let text = serde_json::to_string(value).map_err(|_| Fault::Refused)?;
            self.set_text(key, &text)
        }
        // A text as it is, JSON or not (gloo's `set` would write it as a
        // JSON string, quoted and escaped).
        fn set_text(&self, key: &str, text: &str) -> Result<(), Fault> {
            LocalStorage::raw()
                .set_item(key, text)
                .map_err(|e| fault(&e))
        }
        // gloo's `delete` throws when removeItem does.
        fn remove(&self, key: &str) -> Result<(), Fault> {
            LocalStorage::raw().remove_item(key).map_err(|e| fault(&e))
        }
        // gloo-storage lists keys only with their values, parsed as JSON.
        fn keys(&self) -> Result<Vec<String>, Fault> {
            let raw = LocalStorage::raw();
            let count = raw.length().map_err(|e| fault(&e))?;
            (0..count)
                .map(|i| {
                    raw.key(i)
                        .map(Option::unwrap_or_default)
                        .map_err(|e| fault(&e))
                })
                .collect()
        }
        fn reader(&self) -> Reader {
            crate::model::records()
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
    pub fn store() -> Option<super::Memory> {
        None
    }

    pub fn now() -> u64 {
        0
    }
}

/// This browser's localStorage, when the page may use it: the saves, the
/// games by link and the other data kept in it (the statistics).
pub fn local() -> Option<impl Store> {
    browser::store()
}

/// Milliseconds since 1970 (0 off the web).
pub fn now() -> u64 {
    browser::now()
}

/// The same guarantees against the browser's real localStorage, through
/// gloo-storage (`cargo test --target wasm32-unknown-unknown`, in Chromium).
#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use super::*;
    use crate::model::session::Session;
    use majesty_ai::bots::Level;
    use majesty_rules::{GameConfig, GameRecord};
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
        let mut session = Session::from_record(record, vec![None, Some(Level::Easy)]).unwrap();
        let place = session.game.display()[0].card.characters().next().unwrap();
        session.play(majesty_rules::Turn::new(0, place)).unwrap();
        session
    }

    fn save(key: Option<&str>, session: &Session) -> Result<String, SaveError> {
        keep(key, session).unwrap()
    }

    #[wasm_bindgen_test]
    fn saves_and_settings_in_local_storage() {
        let raw = local();
        raw.clear().unwrap();
        assert_eq!(available(), Availability::Usable);
        assert_eq!(shelf(), Shelf::default());
        assert_eq!(raw.length().unwrap(), 0);

        // A save as the previous version wrote it, with web-sys: the save's
        // JSON text itself, in its one place.
        let old = serde_json::to_string(&save_file(&session(), 99)).unwrap();
        raw.set_item(OLD_SAVE_KEY, &old).unwrap();
        assert_eq!(shelf().games[0].save.saved_at, 99);
        assert_eq!(load(OLD_SAVE_KEY).unwrap().record, session().record);
        // Written back in its place through gloo-storage, in the same form.
        assert_eq!(save(Some(OLD_SAVE_KEY), &session()).unwrap(), OLD_SAVE_KEY);
        let text = raw.get_item(OLD_SAVE_KEY).unwrap().unwrap();
        assert!(text.starts_with(r#"{"format":1,"#), "{text}");
        assert!(parse_save(&text, crate::model::records()).is_ok());

        // An unreadable save stays where it is, byte for byte, and a new
        // game gets a place of its own.
        let broken = "{\"format\": 1, \"record\": [";
        raw.set_item(OLD_SAVE_KEY, broken).unwrap();
        let new = save(None, &session()).unwrap();
        assert!(new.starts_with(GAME_PREFIX), "{new}");
        let found = shelf();
        assert_eq!(found.unreadable[0].text, broken);
        assert_eq!(found.games[0].key, new);
        assert_eq!(delete(OLD_SAVE_KEY), Ok(()));
        assert_eq!(delete(&new), Ok(()));
        assert_eq!(shelf(), Shelf::default());

        // The language: the bare code of earlier versions, or JSON.
        raw.set_item(LANG_KEY, "de").unwrap();
        assert_eq!(saved_language().as_deref(), Some("de"));
        save_language("fr");
        assert_eq!(raw.get_item(LANG_KEY).unwrap().as_deref(), Some("\"fr\""));
        assert_eq!(saved_language().as_deref(), Some("fr"));
        raw.clear().unwrap();
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
        raw.clear().unwrap();
        let kept = serde_json::to_string(&save_file(&session(), 5)).unwrap();
        raw.set_item(OLD_SAVE_KEY, &kept).unwrap();
        with_throwing(
            "getItem",
            "new DOMException('denied', 'SecurityError')",
            || {
                assert_eq!(available(), Availability::Refused);
                assert_eq!(shelf(), Shelf::default());
                assert_eq!(load(OLD_SAVE_KEY).err(), Some(SaveError::CannotRead));
                assert_eq!(save(None, &session()).err(), Some(SaveError::CannotRead));
                assert_eq!(saved_language(), None);
            },
        );
        assert_eq!(raw.get_item(OLD_SAVE_KEY).unwrap(), Some(kept));
        assert_eq!(raw.length().unwrap(), 1);
        with_throwing(
            "setItem",
            "new DOMException('full', 'QuotaExceededError')",
            || {
                assert_eq!(available(), Availability::Full);
                assert_eq!(save(None, &session()).err(), Some(SaveError::Full));
                save_language("de");
            },
        );
        assert_eq!(raw.length().unwrap(), 1);
        with_throwing(
            "removeItem",
            "new DOMException('denied', 'SecurityError')",
            || assert_eq!(delete(OLD_SAVE_KEY), Err(Fault::Refused)),
        );
        assert_eq!(raw.length().unwrap(), 1);
        raw.clear().unwrap();
        assert_eq!(available(), Availability::Usable);
    }
}
