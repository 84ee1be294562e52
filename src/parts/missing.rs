//! What the page says when a part cannot be fetched, with Retry.

use leptos::prelude::*;

use super::Act;
use crate::state::AppState;

/// An action waiting for its part, which could not be fetched.
#[derive(Clone)]
struct Waiting {
    part: &'static str,
    act: Act,
}

thread_local! {
    static WAITING: RwSignal<Option<Waiting>, LocalStorage> = RwSignal::new_local(None);
}

/// Makes the signal under the app's owner (a screen's would take it along).
pub fn init() {
    WAITING.with(|_| ());
}

/// Says `part` could not be fetched for `act`, offering to try again.
pub fn offer_retry(part: &'static str, act: Act) {
    WAITING.with(|w| w.set(Some(Waiting { part, act })));
}

/// "This part of the game could not be loaded", with Retry.
#[component]
pub fn MissingPart(retry: Callback<()>) -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <p class="notice part-missing" role="alert">
            {move || state.t().part_missing()}
            " "
            <button on:click=move |_| retry.run(())>{move || state.t().retry()}</button>
        </p>
    }
}

/// The notice for an action whose part could not be fetched (the app's).
#[component]
pub fn MissingAction() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        WAITING.with(|w| w.get()).map(|Waiting { part, act }| {
            let act = StoredValue::new_local(act);
            let retry = Callback::new(move |()| {
                WAITING.with(|w| w.set(None));
                super::start(state, part, act.get_value());
            });
            view! { <MissingPart retry/> }
        })
    }
}
