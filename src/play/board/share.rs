//! Links to share: this deal, and this game as a replay.

use leptos::prelude::*;

use crate::state::AppState;
use crate::widgets::CopyButton;

/// Links to this deal (to play the same cards) and to this game (a replay).
#[component]
pub fn ShareLinks() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let shown = RwSignal::new(None::<String>);
    let base = crate::browser::page_address();
    let deal = {
        let base = base.clone();
        move || {
            state.session.with(|s| {
                s.as_ref().map(|s| {
                    let r = &s.record;
                    format!(
                        "{base}?players={}&sides={}&deck={}#deal={}",
                        crate::model::link::players_value(&r.players, &s.seats),
                        r.sides,
                        r.deck,
                        r.seed.unwrap_or(0)
                    )
                })
            })
        }
    };
    let game = move || {
        state.session.with(|s| {
            s.as_ref()
                .map(|s| format!("{base}#{}", crate::model::link::record_fragment(&s.record)))
        })
    };
    let has_seed = move || {
        state
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.record.seed.is_some()))
    };
    view! {
        <Show when=has_seed>
            <button on:click={
                let deal = deal.clone();
                move |_| shown.set(deal())
            }>{move || t().share_deal()}</button>
        </Show>
        <button on:click=move |_| shown.set(game())>{move || t().share_game()}</button>
        {move || shown.get().map(|url| view! { <ShownLink url/> })}
    }
}

/// A link to copy: the field and its Copy button.
#[component]
fn ShownLink(url: String) -> impl IntoView {
    let state = expect_context::<AppState>();
    let field = NodeRef::<leptos::html::Input>::new();
    view! {
        <span class="share-row">
            <label class="share">
                {state.t().share_hint()}
                " "
                <input type="text" readonly class="share-link" prop:value=url.clone() node_ref=field/>
            </label>
            <CopyButton text=url field/>
        </span>
    }
}
