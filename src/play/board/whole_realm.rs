//! A compact realm (beside the table on a desk, under it on a phone)
//! opened whole over the table, in a part of the page of its own
//! (src/parts/): few open it.

use leptos::prelude::*;

use super::realm::Realm;
use crate::parts::piece;
use crate::state::AppState;

/// The seat whose realm is shown whole, if any (given by the other
/// realms' list).
#[derive(Clone, Copy)]
pub struct Shown(pub RwSignal<Option<usize>>);

piece! {
    /// The realm shown whole, fetched in idle time once a board is up.
    pub WHOLE_REALM = whole_realm::whole_realm("whole-realm", screen: false) => view! { <WholeRealm/> }
}

/// A compact realm opened whole over the table: every card of it, as the
/// player's own is drawn (its Infirmary still face down). A tap beside it,
/// Close or Escape closes it.
#[component]
fn WholeRealm() -> impl IntoView {
    let state = expect_context::<AppState>();
    let Shown(whole) = expect_context::<Shown>();
    let Some(seat) = whole.get_untracked() else {
        return ().into_any();
    };
    let close = move || whole.set(None);
    let name = move || {
        state
            .session
            .with(|s| s.as_ref().map(|s| s.name(seat).to_string()))
            .unwrap_or_default()
    };
    let escape = window_event_listener(leptos::ev::keydown, move |e| {
        if e.key() == "Escape" {
            close();
        }
    });
    on_cleanup(move || escape.remove());
    // The focus on Close, once it is drawn (Escape or Enter closes).
    let close_button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        if let Some(button) = close_button.get() {
            crate::browser::focus_in_view(&button);
        }
    });
    view! {
        <div class="realm-whole-layer" on:click=move |_| close()>
            // Close inside the box, over the realm's corner: a tap beside
            // the box closes too. A click inside stays there.
            <div class="realm-whole" role="dialog" aria-label=move || state.t().realm_of(name())
                on:click=|e| e.stop_propagation()>
                <button class="realm-whole-close" node_ref=close_button on:click=move |_| close()>{move || state.t().close()}</button>
                <Realm seat=seat big=false whole=true/>
            </div>
        </div>
    }
    .into_any()
}
