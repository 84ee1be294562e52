//! The first screen and the page's frame: the home screen, "Loading…", the
//! language and theme pickers. The play screens are named here only as
//! parts (src/parts/), so the first screen never waits for them.

use leptos::prelude::*;

use crate::i18n::Lang;
use crate::model::prefs::{self, Theme};
use crate::state::AppState;

pub mod home;
pub mod stats;

/// "Loading…" while a link's game is being opened.
#[component]
pub fn Loading() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! { <p class="loading" role="status">{move || state.t().loading()}</p> }
}

/// Switches the language at any moment; the game goes on.
#[component]
pub fn LanguagePicker() -> impl IntoView {
    let state = expect_context::<AppState>();
    let options = Lang::ALL
        .iter()
        .map(|&lang| {
            view! {
                <option value=lang.code() selected=move || state.lang.get() == lang lang=lang.code()>
                    {lang.endonym()}
                </option>
            }
        })
        .collect_view();
    view! {
        <select
            class="language"
            prop:value=move || state.lang.get().code()
            aria-label=move || state.t().language()
            on:change=move |ev| {
                if let Some(lang) = Lang::from_code(&event_target_value(&ev)) {
                    crate::services::language::switch_language(state, lang, true);
                }
            }
        >
            {options}
        </select>
    }
}

/// The theme picker of the page's header.
#[component]
pub fn ThemePicker() -> impl IntoView {
    let state = expect_context::<AppState>();
    let theme = RwSignal::new(prefs::saved_theme());
    let options = move || {
        Theme::ALL
            .into_iter()
            .map(|th| {
                view! {
                    <option value=th.code() selected=move || theme.get() == th>
                        {move || state.t().theme_name(th)}
                    </option>
                }
            })
            .collect_view()
    };
    view! {
        <select class="theme" aria-label=move || state.t().theme()
            on:change=move |ev| {
                let th = Theme::from_code(&event_target_value(&ev));
                theme.set(th);
                prefs::choose_theme(th);
            }>
            {options}
        </select>
    }
}
