//! The app: the page's frame and the screen shown in it.

use leptos::prelude::*;

use crate::browser::set_root_attributes;
use crate::i18n::{texts, Lang};
use crate::model::embed::Host;
use crate::model::prefs;
use crate::model::storage::Availability;
use crate::opening::{current_link, reload_on_new_fragment, show_marks, start_from_link};
use crate::parts::{Lazy, MissingAction};
use crate::play::board::GameScreen;
use crate::shell::{LanguagePicker, Loading, ThemePicker};
use crate::state::{AppState, Exercise, Screen};

/// The app, in `lang` (whose catalogue is at hand: see `main`).
#[component]
pub fn App(lang: Lang) -> impl IntoView {
    let link = current_link();
    let host = Host::of(&link);
    let fits = host.fits_content;
    let state = AppState::new(lang, link.embed, host);
    provide_context(state);
    crate::parts::init();
    // A problem told (a bad link, a failed save…) becomes the notice once
    // its words are here.
    crate::state::tell_with(crate::parts::tell);
    crate::remote::live::gate::init(state);
    // In a frame, the embedding page's theme (`theme=`), else the reader's.
    match link.theme.filter(|_| link.embed) {
        Some(theme) => prefs::apply_theme(theme),
        None => prefs::apply_theme(prefs::saved_theme()),
    }
    start_from_link(state, link);
    show_marks(state);
    if fits {
        crate::opening::tell_height(state);
    }
    reload_on_new_fragment(state);
    crate::opening::history::follow(state);
    crate::services::start(state);
    // A screen opens at its top, not at the scroll the last one left (a
    // game started from the setup's button at its bottom opened at the log),
    // with the focus on its heading.
    Effect::new(move |before: Option<Screen>| {
        let now = state.screen.get();
        if before.is_some_and(|b| b != now) {
            if let Some(w) = crate::browser::window() {
                w.scroll_to_with_x_and_y(0.0, 0.0);
            }
            crate::opening::history::focus_heading(state, now, 60);
        }
        now
    });
    // The home screen, a part of its own, fetched in idle time once a game
    // is on the table (not in a frame, which never shows it), so that
    // leaving the table waits for nothing.
    Effect::new(move |_| {
        if !state.embed && state.screen.get() == Screen::Game {
            crate::parts::prefetch(crate::shell::home::SCREEN);
        }
    });
    // The page's language, and the words of the service worker's "new
    // version" banner (public/sw-register.js), follow the chosen language.
    Effect::new(move |_| {
        let lang = state.lang.get();
        let t = texts(lang);
        set_root_attributes(&[
            ("lang", lang.code()),
            ("data-update-text", t.new_version_ready()),
            ("data-reload-text", t.reload()),
        ]);
    });
    view! {
        <div class="app" class:embed=state.embed class:fits=fits>
            // In a frame, the first stop: past the lesson to the table.
            {state.embed.then(|| view! {
                <Show when=move || state.screen.get() == Screen::Game>
                    <a class="skip-link" href="#display" on:click=crate::play::board::skip_to_display>
                        {move || state.t().announce_skip_to_display()}
                    </a>
                </Show>
            })}
            <header class="top">
                {if state.embed {
                    // In a frame the name leads nowhere: no tab stop.
                    view! { <span class="brand"><span class="crown" aria-hidden="true">"♛"</span>"Majesty"</span> }.into_any()
                } else {
                    view! {
                        <button class="brand" on:click=move |_| state.screen.set(Screen::Home)
                            title=move || state.t().home()>
                            <span class="crown" aria-hidden="true">"♛"</span>
                            "Majesty"
                        </button>
                    }.into_any()
                }}
                <span class="tagline">{move || state.t().tagline()}</span>
                <span class="top-tools">
                    // A frame takes the embedding page's theme (`theme=`).
                    {(!state.embed).then(|| view! { <ThemePicker/> })}
                    <LanguagePicker/>
                </span>
            </header>
            {move || {
                let t = state.t();
                // A frame never saves: no word about saving there.
                if state.embed {
                    return None;
                }
                match state.storage.get() {
                    Availability::Usable => None,
                    Availability::Full => Some(t.storage_full()),
                    Availability::Refused => Some(t.storage_unavailable()),
                }
                .map(|text| view! { <p class="notice" role="status">{text}</p> })
            }}
            {move || state.notice.get().map(|text| view! {
                <p class="notice" role="alert">
                    {text}
                    " "
                    <button class="link" on:click=move |_| state.notice.set(None)>{state.t().dismiss()}</button>
                </p>
            })}
            <MissingAction/>
            <main>
                {move || match state.screen.get() {
                    Screen::Home => view! { <Lazy piece=crate::shell::home::SCREEN/> }.into_any(),
                    Screen::Opening => view! { <Loading/> }.into_any(),
                    Screen::Setup(_) => view! { <Lazy piece=crate::play::setup::SCREEN/> }.into_any(),
                    Screen::Game => view! {
                        <Show when=move || state.exercise.with(|e| e.as_ref().is_some_and(Exercise::is_rule))>
                            <Lazy piece=crate::play::rules::PANEL/>
                        </Show>
                        <GameScreen/>
                    }.into_any(),
                    Screen::Invitation => view! { <Lazy piece=crate::remote::part::INVITATION/> }.into_any(),
                    Screen::Rules => view! { <Lazy piece=crate::play::rules::SCREEN/> }.into_any(),
                    Screen::Puzzles => view! { <Lazy piece=crate::play::puzzles::SCREEN/> }.into_any(),
                    Screen::Editor => view! { <Lazy piece=crate::editor::part::SCREEN/> }.into_any(),
                    Screen::Live => view! { <Lazy piece=crate::remote::live::part::SCREEN/> }.into_any(),
                    Screen::Statistics => view! { <Lazy piece=crate::shell::stats::SCREEN/> }.into_any(),
                }}
            </main>
        </div>
    }
}
