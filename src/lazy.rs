//! The parts of the app fetched when first needed. The release build
//! (`scripts/build.mjs`) cuts the WebAssembly module at every function
//! marked `#[wasm_split]` here: the code only such a function reaches goes
//! into a chunk that the browser fetches at its first call, so the first
//! screen loads the shell alone. Functions that name the same chunk share
//! it: `play` (everything that needs the rules engine or the save format)
//! and one chunk per language but English. The service worker precaches
//! every chunk, so they are there offline. Outside the browser these are
//! plain calls.

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};

use std::future::Future;

use crate::app::AppState;
use crate::i18n::Texts;
use crate::link::Link;

/// A part of the screen whose code is in the `play` chunk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The saved game on the home screen (reading it replays it).
    SavedGame,
    Setup,
    Game,
}

impl Part {
    async fn view(self) -> Result<AnyView, SplitLoaderError> {
        match self {
            Part::SavedGame => saved_game().await,
            Part::Setup => setup_screen().await,
            Part::Game => game_screen().await,
        }
    }
}

/// Shows `part`, once its code is there; says so if it cannot be fetched
/// (offline before the app was ever cached, say).
#[component]
pub fn OnDemand(part: Part) -> impl IntoView {
    let state = expect_context::<AppState>();
    // The saved game appears in a blink: no "Loading" that flickers.
    let loading = move || (part != Part::SavedGame).then(|| view! { <Loading/> });
    view! {
        <Suspense fallback=loading>
            {Suspend::new(async move {
                match part.view().await {
                    Ok(view) => view,
                    Err(_) => view! {
                        <p class="notice" role="alert">{move || state.t().part_unavailable()}</p>
                    }
                    .into_any(),
                }
            })}
        </Suspense>
    }
}

/// "Loading…" while a part of the app is fetched.
#[component]
pub fn Loading() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! { <p class="loading" role="status">{move || state.t().loading()}</p> }
}

#[wasm_split(play, wasm_split_path = ::leptos::wasm_split, fallible)]
fn saved_game() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::home::SavedGame/> }.into_any())
}

#[wasm_split(play, wasm_split_path = ::leptos::wasm_split, fallible)]
fn setup_screen() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::setup::SetupScreen/> }.into_any())
}

#[wasm_split(play, wasm_split_path = ::leptos::wasm_split, fallible)]
fn game_screen() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <crate::board::GameScreen/> }.into_any())
}

// The catalogues but English, which is built in (see `i18n::load`).

#[wasm_split(lang_de, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn german() -> Result<&'static dyn Texts, SplitLoaderError> {
    Ok(&crate::i18n::de::De)
}

#[wasm_split(lang_fr, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn french() -> Result<&'static dyn Texts, SplitLoaderError> {
    Ok(&crate::i18n::fr::Fr)
}

#[wasm_split(lang_es, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn spanish() -> Result<&'static dyn Texts, SplitLoaderError> {
    Ok(&crate::i18n::es::Es)
}

// Actions that need the engine or the save format.

/// Awaits an action whose code is fetched on demand; says so if it cannot
/// be fetched.
pub async fn run(state: AppState, action: impl Future<Output = Result<(), SplitLoaderError>>) {
    if action.await.is_err() {
        state
            .notice
            .set(Some(state.t_now().part_unavailable().to_string()));
    }
}

#[wasm_split(play, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn open_link(state: AppState, link: Link) -> Result<(), SplitLoaderError> {
    crate::app::open_link(state, link);
    Ok(())
}

#[wasm_split(play, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn open_record(state: AppState, text: String) -> Result<(), SplitLoaderError> {
    crate::app::open_record(state, &text);
    Ok(())
}

#[wasm_split(play, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn follow_other_tab(state: AppState) -> Result<(), SplitLoaderError> {
    state.follow_other_tab();
    Ok(())
}

#[wasm_split(play, wasm_split_path = ::leptos::wasm_split, fallible)]
pub fn talk_to_parent(state: AppState) -> Result<(), SplitLoaderError> {
    crate::app::talk_to_parent(state);
    Ok(())
}
