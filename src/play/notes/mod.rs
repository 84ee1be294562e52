//! Annotated replays: the comment on the position shown, beside
//! the table; its rings (the embedding API's mark style) and arrows on the
//! table; the turns that have a note; and the Annotate mode that writes them.

mod arrows;
mod editor;
mod keyboard;

use leptos::prelude::*;
use majesty_rules::annotation::{Mark, Note, Target};
use majesty_rules::Seat;

use crate::model::embed;
use crate::parts::{piece, Lazy};
use crate::state::AppState;

piece! {
    /// A note's arrows over the table, in a part of their own: most notes
    /// have none, and a replay or a puzzle is drawn without waiting for them.
    ARROWS = arrows::arrow_layer("arrows", screen: false) => view! { <arrows::ArrowLayer/> }
}

piece! {
    /// Annotate's note editor and keys, in a part of their own: fetched in
    /// idle time once the Annotate button is drawn, and drawn once it is
    /// pressed.
    NOTE_EDITOR = annotate::note_editor("annotate", screen: false) => view! { <editor::NoteEditor/> }
}

/// What a click on the table (or the keyboard's Add) marks while annotating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tool {
    Ring,
    Arrow,
}

/// The id of the replay slider's list of noted turns (its tick marks).
pub const TICKS_ID: &str = "note-ticks";

/// The CSS selector of a target on the table (the embedding API's).
pub fn selector(target: Target) -> String {
    let mark = match target {
        Target::Display { space } => embed::Mark::Display { space },
        Target::Location { location, seat } => embed::Mark::Location {
            location,
            seat: seat.map(Seat::index),
        },
        Target::Realm { seat } => embed::Mark::Realm { seat: seat.index() },
    };
    mark.selector()
}

/// The turn shown and the note there, if any: the one the expert's review
/// points at, else the record's.
fn shown(state: AppState) -> (usize, Option<Note>) {
    state.replay.with(|r| {
        r.as_ref().map_or((0, None), |r| {
            let pointed = r.pointed_here().map(|p| p.note.clone());
            (
                r.step,
                pointed.or_else(|| r.record.notes.get(r.step).cloned()),
            )
        })
    })
}

/// Whether the replay is being annotated (shared by the panel and the
/// Annotate button, which sits beside "Play from here").
#[derive(Clone, Copy)]
pub struct Annotating(RwSignal<bool>);

/// The table's click listener while annotating, and its number: one at a
/// time, a new note editor's replaces the one before (`editor`).
#[derive(Clone, Copy)]
pub struct Picking {
    held: StoredValue<Option<(u32, editor::Picker)>, LocalStorage>,
    made: StoredValue<u32>,
}

/// Makes the Annotate mode's switch for the replay controls' parts.
pub fn provide_annotating() {
    provide_context(Annotating(RwSignal::new(false)));
    provide_context(Picking {
        held: StoredValue::new_local(None),
        made: StoredValue::new(0),
    });
}

/// Annotate (any replay, not in a frame): opens the note editor.
#[component]
pub fn AnnotateButton() -> impl IntoView {
    let state = expect_context::<AppState>();
    let Annotating(annotating) = expect_context();
    if !state.embed {
        crate::parts::prefetch(NOTE_EDITOR);
    }
    move || {
        (!state.embed && !annotating.get()).then(|| view! {
            <button class="annotate" on:click=move |_| annotating.set(true)>{state.t().notes_annotate()}</button>
        })
    }
}

/// The comment and the noted turns (or the note editor), below the replay
/// buttons.
#[component]
pub fn NotePanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let Annotating(annotating) = expect_context();
    let note = Memo::new(move |_| shown(state).1);
    let noted = Memo::new(move |_| {
        state.replay.with(|r| {
            r.as_ref()
                .map(|r| r.record.notes.turns().collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    // A memo: a first note written does not draw the editor anew.
    let visible = Memo::new(move |_| {
        annotating.get() || !noted.with(Vec::is_empty) || note.with(Option::is_some)
    });
    let better = move || {
        let pointed = state
            .replay
            .with(|r| r.as_ref().is_some_and(|r| r.pointed_here().is_some()));
        (pointed && !annotating.get()).then(|| {
            view! {
                <button class="primary play-better" on:click=move |_| state.play_better()>
                    {move || state.t().coach_review_play_better()}
                </button>
            }
        })
    };
    let comment = move || {
        let lang = state.lang.get().code();
        note.with(|n| {
            let n = n.as_ref()?;
            let text = n.text_in(lang)?;
            let written = n
                .text
                .iter()
                .find(|(_, t)| *t == text)
                .map(|(l, _)| l.clone());
            Some((text.to_string(), written))
        })
    };
    let text = move || comment().map(|(text, _)| text);
    let step = move || state.replay.with(|r| r.as_ref().map_or(0, |r| r.step));
    let written_in = move || comment().and_then(|(_, lang)| lang);
    // The comment, or the editor; the texts are drawn anew with the language.
    let panel = move || {
        visible.get().then(|| {
            let t = t();
            let body = if annotating.get() {
                view! { <Lazy piece=NOTE_EDITOR/> }.into_any()
            } else {
                view! { <p class="note-text" aria-live="polite" lang=written_in>{text}</p> }.into_any()
            };
            view! {
                <section class="notes" aria-label=t.notes_title()>
                    <nav class="note-turns" aria-label=t.notes_list()>
                        {move || noted.get().into_iter().map(|turn| view! {
                            <button class="note-turn" on:click=move |_| state.replay_to(turn)
                                aria-current=move || (step() == turn).then_some("step")>
                                {if turn == 0 { t.notes_deal().to_string() } else { turn.to_string() }}
                            </button>
                        }).collect_view()}
                    </nav>
                    {body}
                    {better}
                </section>
            }
        })
    };
    view! {
        <datalist id=TICKS_ID>
            {move || noted.get().into_iter().map(|turn| view! { <option value=turn/> }).collect_view()}
        </datalist>
        {panel}
        <Marks note/>
    }
}

/// A note's marks on the table: its rings and its arrows (the note panel's,
/// and a puzzle's answer). The arrows' part is fetched in idle time, and
/// drawn once a note has an arrow.
#[component]
pub fn Marks(note: Memo<Option<Note>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    draw_rings(state, note);
    crate::parts::prefetch(ARROWS);
    provide_context(arrows::Shown(note));
    let any_arrow = Memo::new(move |_| {
        note.with(|n| {
            n.iter()
                .flat_map(|n| &n.marks)
                .any(|m| matches!(m, Mark::Arrow { .. }))
        })
    });
    move || any_arrow.get().then(|| view! { <Lazy piece=ARROWS/> })
}

/// Rings what the note rings, again after every change of the table (which
/// may draw its elements anew).
fn draw_rings(state: AppState, note: Memo<Option<Note>>) {
    Effect::new(move |_| {
        state.session.track();
        let rings: Vec<String> = note.with(|n| {
            n.iter()
                .flat_map(|n| &n.marks)
                .filter_map(|m| match m {
                    Mark::Ring(target) => Some(selector(*target)),
                    Mark::Arrow { .. } => None,
                })
                .collect()
        });
        let joined = (!rings.is_empty()).then(|| rings.join(", "));
        request_animation_frame(move || {
            crate::browser::mark_elements("note-mark", joined.as_deref(), false)
        });
    });
    on_cleanup(|| crate::browser::mark_elements("note-mark", None, false));
}
