//! The log: every turn with what the engine says happened, oldest first in
//! a box kept scrolled to the newest, so a new turn moves nothing on the
//! page (no layout shift).

use leptos::prelude::*;

use majesty_rules::Event;

use crate::i18n::describe::{headline, lines};
use crate::model::session::LogEntry;
use crate::state::AppState;

#[component]
pub fn Log() -> impl IntoView {
    let state = expect_context::<AppState>();
    // Each entry is drawn once (keyed by its turn, its content and the
    // language), not the whole log at every turn.
    let entries = move || {
        let lang = state.lang.get();
        state.session.with(|s| {
            s.as_ref().map_or_else(Vec::new, |s| {
                s.log
                    .iter()
                    .map(|e| (lang.code(), e.events.clone(), e.clone()))
                    .collect::<Vec<_>>()
            })
        })
    };
    let entry = move |(_, _, entry): (&'static str, Vec<Event>, LogEntry)| {
        let t = state.t_now();
        state.session.with_untracked(|s| {
            let names = s
                .as_ref()
                .map(|s| s.record.players.clone())
                .unwrap_or_default();
            let explained = lines(&entry.events, &names, t)
                .into_iter()
                .map(|l| view! { <li>{l}</li> })
                .collect_view();
            view! {
                <li class=format!("seat-{}", entry.seat)>
                    <span class="turn-no">{entry.number}</span>
                    <strong>{headline(&entry.events, &names, t)}</strong>
                    <ul>{explained}</ul>
                </li>
            }
        })
    };
    let no_turn_yet = move || {
        state
            .session
            .with(|s| s.as_ref().is_none_or(|s| s.log.is_empty()))
    };
    let list = NodeRef::<leptos::html::Ol>::new();
    Effect::new(move |_| {
        state.session.track();
        if let Some(list) = list.get() {
            // After this turn's entry is on the page.
            request_animation_frame(move || list.set_scroll_top(newest_scroll(&list)));
        }
    });
    // Kept at the newest turn when the box changes its size (the table
    // laid out anew beside it), unless the reader scrolled up.
    let pinned = StoredValue::new(true);
    let to_newest = move || {
        if let Some(list) = list.get_untracked() {
            if pinned.get_value() {
                list.set_scroll_top(newest_scroll(&list));
            }
        }
    };
    let watch = StoredValue::new_local(None);
    Effect::new(move |_| {
        if let Some(list) = list.get() {
            watch.set_value(crate::browser::watch_size(&list, to_newest));
        }
    });
    let scrolled = move |_| {
        if let Some(l) = list.get_untracked() {
            pinned.set_value((l.scroll_top() - newest_scroll(&l)).abs() <= 8);
        }
    };
    view! {
        <section class="panel log" aria-label=move || state.t().log()>
            <h2>{move || state.t().log()}</h2>
            // Focusable: a box that scrolls must be reachable by keyboard.
            <ol node_ref=list tabindex="0" aria-label=move || state.t().log() on:scroll=scrolled>
                <For each=entries key=|(lang, events, e)| (*lang, e.number, events.clone()) children=entry/>
            </ol>
            // Before the first turn: what will be here, not an empty box
            // (over the list, so that nothing moves when it goes).
            {move || no_turn_yet().then(|| view! { <p class="log-empty">{state.t().log_empty()}</p> })}
        </section>
    }
}

/// Where the log shows its newest turn: at the bottom, unless that turn is
/// longer than the box (a small box beside a table of four): then from its
/// headline.
fn newest_scroll(list: &web_sys::Element) -> i32 {
    let bottom = list.scroll_height() - list.client_height();
    let start = list.last_element_child().map(|newest| {
        let from_top =
            newest.get_bounding_client_rect().top() - list.get_bounding_client_rect().top();
        list.scroll_top() + from_top.round() as i32
    });
    start.map_or(bottom, |start| start.min(bottom)).max(0)
}
