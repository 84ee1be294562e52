//! Marking without a pointer: the targets of the table in lists (a display
//! space, a location of a realm, a realm), an Add button for the ring or the
//! arrow, and the marks of the position shown, each with its Remove button.
//! The table's clicks do the same; this is the way for the keyboard and for
//! screen readers, and the list says in words what is marked.

use leptos::prelude::*;
use majesty_rules::annotation::{Mark, Target, DISPLAY_SPACES};
use majesty_rules::{Location, Seat};

use super::Tool;
use crate::state::AppState;

/// Every target of a table with these players, in the lists' order: the
/// display's spaces, then each realm and its locations.
fn targets(players: usize) -> Vec<Target> {
    let display = (0..DISPLAY_SPACES).map(|space| Target::Display { space });
    let realms = Seat::all(players).flat_map(|seat| {
        let locations = Location::ALL
            .into_iter()
            .map(move |location| Target::Location {
                location,
                seat: Some(seat),
            });
        std::iter::once(Target::Realm { seat }).chain(locations)
    });
    display.chain(realms).collect()
}

/// The players' names by seat (not tracked: they do not change in a replay,
/// and the lists must not be drawn anew, losing the focus, at each mark).
fn names(state: AppState) -> Vec<String> {
    state.replay.with_untracked(|r| {
        r.as_ref()
            .map(|r| r.record.players.clone())
            .unwrap_or_default()
    })
}

/// The marks of the position shown.
fn marks_here(state: AppState) -> Vec<Mark> {
    state.replay.with(|r| {
        r.as_ref()
            .and_then(|r| r.record.notes.get(r.step))
            .map(|n| n.marks.clone())
            .unwrap_or_default()
    })
}

/// Adds `mark` to the position shown, or takes it away when it is there.
fn toggle(state: AppState, mark: Mark, keep: impl Fn()) {
    state.mode.update(|m| {
        if let Some(r) = m.replay_mut() {
            let at = r.step;
            r.record.notes.toggle_mark(at, mark);
        }
    });
    keep();
}

#[component]
pub fn KeyboardMarks(
    tool: RwSignal<Tool>,
    keep: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let all = targets(names(state).len());
    // The lists' choices (options by their place in `all`).
    let (from, to) = (RwSignal::new(0usize), RwSignal::new(1usize));
    let add = {
        let all = all.clone();
        let chosen = move |list: RwSignal<usize>| all.get(list.get_untracked()).copied();
        move |_| {
            let mark = match tool.get_untracked() {
                Tool::Ring => chosen(from).map(Mark::Ring),
                Tool::Arrow => chosen(from)
                    .zip(chosen(to))
                    .filter(|(a, b)| a != b)
                    .map(|(from, to)| Mark::Arrow { from, to }),
            };
            // Adds only: a mark already there stays (Remove takes it away).
            if let Some(mark) = mark.filter(|m| !marks_here(state).contains(m)) {
                toggle(state, mark, keep);
            }
        }
    };
    let arrow = move || tool.get() == Tool::Arrow;
    move || {
        let t = state.t();
        let names = names(state);
        let pick = |list: RwSignal<usize>| {
            move |ev: leptos::ev::Event| list.set(event_target_value(&ev).parse().unwrap_or(0))
        };
        let options = |list: RwSignal<usize>| {
            all.iter()
                .enumerate()
                .map(|(i, &target)| view! { <option value=i selected=i == list.get_untracked()>{t.note_target(target, &names)}</option> })
                .collect_view()
        };
        view! {
            <fieldset class="note-keys">
                <legend>{t.notes_by_keys()}</legend>
                <span class="note-key">
                    <label for="note-from">{move || if arrow() { t.notes_from() } else { t.notes_on() }}</label>
                    <select id="note-from" on:change=pick(from)>{options(from)}</select>
                </span>
                <span class="note-key" class:hidden=move || !arrow()>
                    <label for="note-to">{t.notes_to()}</label>
                    <select id="note-to" on:change=pick(to)>{options(to)}</select>
                </span>
                <button type="button" on:click=add.clone()>
                    {move || if arrow() { t.notes_add_arrow() } else { t.notes_add_ring() }}
                </button>
            </fieldset>
            <MarkList keep/>
        }
    }
}

/// The marks of the position shown, in words, each with Remove.
#[component]
fn MarkList(keep: impl Fn() + Copy + Send + Sync + 'static) -> impl IntoView {
    let state = expect_context::<AppState>();
    move || {
        let t = state.t();
        let names = names(state);
        let marks = marks_here(state);
        (!marks.is_empty()).then(|| {
            let items = marks
                .into_iter()
                .map(|mark| {
                    let words = t.note_mark(mark, &names);
                    let label = t.notes_remove_mark(&words);
                    view! {
                        <li>
                            <span>{words}</span>
                            <button type="button" aria-label=label on:click=move |_| toggle(state, mark, keep)>
                                {t.notes_remove()}
                            </button>
                        </li>
                    }
                })
                .collect_view();
            view! { <ul class="note-mark-list" aria-label=t.notes_here()>{items}</ul> }
        })
    }
}
