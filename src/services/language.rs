//! The page's language: switched once its texts are fetched, one at a
//! time, and remembered when asked.

use leptos::prelude::*;

use crate::i18n::{Catalog, Lang};
use crate::model::latest::Latest;
use crate::model::storage;
use crate::state::AppState;

/// Switches to `lang` once its texts are at hand, remembering the choice
/// if asked to; a language that cannot be fetched is a notice. One is
/// fetched at a time, and of many asked for in a moment (an embedding
/// page's flood) only the last is shown. Whether `lang` is the first of
/// such a burst (none was being fetched).
pub fn switch_language(state: AppState, lang: Lang, remember: bool) -> bool {
    let Some(first) = state
        .languages
        .try_update_value(|l: &mut Latest<(Lang, bool)>| l.ask((lang, remember)))
        .flatten()
    else {
        return false;
    };
    fetch_language(state, first);
    true
}

fn fetch_language(state: AppState, (lang, remember): (Lang, bool)) {
    leptos::task::spawn_local(async move {
        let loaded = crate::i18n::load(lang).await;
        // The page is drawn again in a language only once nothing else
        // was asked for in the moment after: a burst is drawn once.
        set_timeout(
            move || match state.languages.try_update_value(Latest::done).flatten() {
                Some(next) => fetch_language(state, next),
                None => show_language(state, lang, remember, loaded),
            },
            std::time::Duration::from_millis(30),
        );
    });
}

fn show_language(state: AppState, lang: Lang, remember: bool, loaded: Result<Catalog, String>) {
    match loaded {
        Ok(_) => {
            state.lang.set(lang);
            if remember {
                storage::save_language(lang.code());
            }
        }
        Err(reason) => {
            // The picker shows the language the page is still in.
            state.lang.update(|_| {});
            let t = state.t_now();
            state
                .notice
                .set(Some(t.language_failed(lang.endonym(), reason)));
        }
    }
}
