//! The log: every turn, newest first, with what the engine says happened.

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
                .rev()
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
    view! {
        <section class="panel log" aria-label=move || state.t().log()>
            <h2>{move || state.t().log()}</h2>
            <ol reversed>{entries}</ol>
        </section>
    }
}
