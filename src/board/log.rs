//! The log: every turn with what the engine says happened, oldest first in
//! a box kept scrolled to the newest, so a new turn moves nothing on the
//! page (no layout shift).

use leptos::prelude::*;

use crate::app::AppState;
use crate::describe::{headline, lines};

#[component]
pub fn Log() -> impl IntoView {
    let state = expect_context::<AppState>();
    let entries = move || {
        let t = state.t();
        state.session.with(|s| {
            let s = s.as_ref()?;
            let names = &s.record.players;
            let entries = s
                .log
                .iter()
                .map(|entry| {
                    let explained = lines(&entry.events, names, t)
                        .into_iter()
                        .map(|l| view! { <li>{l}</li> })
                        .collect_view();
                    view! {
                        <li class=format!("seat-{}", entry.seat)>
                            <span class="turn-no">{entry.number}</span>
                            <strong>{headline(&entry.events, names, t)}</strong>
                            <ul>{explained}</ul>
                        </li>
                    }
                })
                .collect_view();
            Some(entries)
        })
    };
    let list = NodeRef::<leptos::html::Ol>::new();
    Effect::new(move |_| {
        state.session.track();
        if let Some(list) = list.get() {
            // After this turn's entry is on the page.
            request_animation_frame(move || list.set_scroll_top(list.scroll_height()));
        }
    });
    view! {
        <section class="panel log" aria-label=move || state.t().log()>
            <h2>{move || state.t().log()}</h2>
            // Focusable: a box that scrolls must be reachable by keyboard.
            <ol node_ref=list tabindex="0" aria-label=move || state.t().log()>{entries}</ol>
        </section>
    }
}
