//! What the page says when a part cannot be fetched, with Retry.

use leptos::prelude::*;

use super::Act;
use crate::state::{AppState, Screen};

/// An action waiting for its part, which could not be fetched.
#[derive(Clone)]
struct Waiting {
    part: &'static str,
    act: Act,
    /// Run while the page went on (`parts::run_beside`), not in place of
    /// a screen.
    beside: bool,
}

/// The action waiting for Retry, its slot in the page's registry
/// (`crate::registry`): an action fails in a spawned task, outside any
/// owner.
#[derive(Clone, Copy)]
struct Notice(RwSignal<Option<Waiting>, LocalStorage>);

impl Default for Notice {
    fn default() -> Notice {
        Notice(RwSignal::new_local(None))
    }
}

fn waiting() -> RwSignal<Option<Waiting>, LocalStorage> {
    crate::registry::kept::<Notice>().0
}

/// Makes the signal under the app's owner (a screen's would take it along).
pub fn init() {
    waiting();
}

/// Says `part` could not be fetched for `act`, offering to try again.
pub fn offer_retry(part: &'static str, act: Act, beside: bool) {
    waiting().set(Some(Waiting { part, act, beside }));
}

/// "This part of the game could not be loaded", with Retry (and, in place
/// of a whole screen, the way home: nothing else is on the page then).
#[component]
pub fn MissingPart(retry: Callback<()>, #[prop(optional)] home: bool) -> impl IntoView {
    let state = expect_context::<AppState>();
    let home = (home && !state.embed).then(|| {
        view! {
            " "
            <button on:click=move |_| state.screen.set(Screen::Home)>{move || state.t().home()}</button>
        }
    });
    view! {
        <p class="notice part-missing" role="alert">
            {move || state.t().part_missing()}
            " "
            <button on:click=move |_| retry.run(())>{move || state.t().retry()}</button>
            {home}
        </p>
    }
}

/// The notice for an action whose part could not be fetched (the app's).
#[component]
pub fn MissingAction() -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        waiting().get().map(|Waiting { part, act, beside }| {
            let act = StoredValue::new_local(act);
            let retry = Callback::new(move |()| {
                waiting().set(None);
                if beside {
                    super::beside(part, act.get_value());
                } else {
                    super::start(state, part, act.get_value());
                }
            });
            view! { <MissingPart retry/> }
        })
    }
}
