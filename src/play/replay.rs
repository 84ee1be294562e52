//! Stepping through a recorded game.

use std::time::Duration;

use leptos::prelude::*;

use crate::model::session::Session;
use crate::parts::{piece, Lazy};
use crate::play::score_chart::ScoreChart;
use crate::state::AppState;

piece! {
    /// The replay's controls, its notes and review, in a part of the page of
    /// their own (src/parts/).
    pub CONTROLS = replay::controls("replay", screen: false) => view! { <ReplayControls/> }
}

piece! {
    /// What the replay's folded panels hold, the score chart and the
    /// expert's review, in a part of their own: the replay is drawn
    /// without waiting for them.
    CHART = replay_more::replay_chart("replay-chart", screen: false) => view! { <ReplayChartBody/> }
}

piece! {
    /// (See `CHART`.)
    REVIEW = replay_more::replay_review("replay-review", screen: false) => view! { <ReplayReviewBody/> }
}

/// Step through a recorded game: back and forth, jump, play and pause, or
/// play on from the position shown.
#[component]
fn ReplayControls() -> impl IntoView {
    let state = expect_context::<AppState>();
    crate::play::notes::provide_annotating();
    let t = move || state.t();
    let step = move || state.replay.with(|r| r.as_ref().map_or(0, |r| r.step));
    let total = move || {
        state
            .replay
            .with(|r| r.as_ref().map_or(0, |r| r.record.turns.len()))
    };
    let playing = RwSignal::new(false);
    let go = move |to: usize| state.replay_to(to);
    // (Comparisons stay out of the markup: `>` would end a tag in `view!`.)
    let at_start = move || step() == 0;
    let at_end = move || step() >= total();
    // Play: one turn a second until the end or a pause.
    let tick = RwSignal::new(0u32);
    Effect::new(move |_| {
        tick.get();
        if !playing.get() {
            return;
        }
        set_timeout(
            move || {
                if !playing.get_untracked() {
                    return;
                }
                let (now, end) = (step(), total());
                if now >= end {
                    playing.set(false);
                } else {
                    go(now + 1);
                    tick.update(|n| *n += 1);
                }
            },
            Duration::from_millis(1000),
        );
    });
    view! {
        <section class="panel replay" aria-label=move || t().replay_title()>
            <p class="replay-step" aria-live="polite">{move || t().replay_step(step(), total())}</p>
            <div class="actions">
                <button on:click=move |_| go(0) disabled=at_start aria-label=move || t().first_step()><StepIcon icon=Icon::First/></button>
                <button on:click=move |_| go(step().saturating_sub(1)) disabled=at_start
                    aria-label=move || t().previous_step()><StepIcon icon=Icon::Previous/></button>
                <button class="primary" on:click=move |_| playing.update(|p| *p = !*p)
                    aria-label=move || if playing.get() { t().pause_replay() } else { t().play_replay() }>
                    {move || if playing.get() {
                        view! { <StepIcon icon=Icon::Pause/> }
                    } else {
                        view! { <StepIcon icon=Icon::Play/> }
                    }}
                </button>
                <button on:click=move |_| go(step() + 1) disabled=at_end
                    aria-label=move || t().next_step()><StepIcon icon=Icon::Next/></button>
                <button on:click=move |_| go(total()) disabled=at_end
                    aria-label=move || t().last_step()><StepIcon icon=Icon::Last/></button>
            </div>
            <label class="jump">
                {move || t().jump_to_turn()}
                " "
                <input type="range" min="0" max=total step="1" list=crate::play::notes::TICKS_ID prop:value=move || step().to_string()
                    on:input=move |ev| go(event_target_value(&ev).parse().unwrap_or(0))/>
            </label>
            <crate::play::notes::NotePanel/>
            <p class="replay-more">
                <button on:click=move |_| { playing.set(false); state.play_from_here() }>{move || t().play_from_here()}</button>
                <crate::play::notes::AnnotateButton/>
                " "
                <button on:click=move |_| { playing.set(false); edit_from_here(state) }>{move || t().editor_open_here()}</button>
            </p>
            // Both folded away at first: on a phone they would push the
            // table off the screen.
            <details class="replay-chart">
                <summary>{move || t().score_chart()}</summary>
                <Lazy piece=CHART/>
            </details>
            <details class="replay-review">
                <summary>{move || t().coach_review_title()}</summary>
                <Lazy piece=REVIEW/>
            </details>
        </section>
    }
}

/// The expert's review of the whole record; a costly turn shows the
/// position before it (where "Play from here" plays it differently).
#[component]
fn ReplayReviewBody() -> impl IntoView {
    let state = expect_context::<AppState>();
    let whole = Memo::new(move |_| {
        state.replay.with(|r| {
            r.as_ref()
                .map(|r| (without_notes(&r.record), r.seats.clone()))
        })
    });
    let jump = Callback::new(move |pointed| state.point_at(pointed));
    move || {
        whole.get().map(|(record, seats)| {
            view! { <crate::play::coach::ReviewPanel record=record seats=seats jump=jump/> }
        })
    }
}

/// The record as the review sees it: writing a note does not start it anew.
fn without_notes(record: &majesty_rules::GameRecord) -> majesty_rules::GameRecord {
    majesty_rules::GameRecord {
        notes: Default::default(),
        ..record.clone()
    }
}

/// The whole recorded game's scores, turn by turn, with the turn shown.
#[component]
fn ReplayChartBody() -> impl IntoView {
    let state = expect_context::<AppState>();
    let step = move || state.replay.with(|r| r.as_ref().map_or(0, |r| r.step));
    // The whole record's history, computed once per record.
    let whole = Memo::new(move |_| {
        state.replay.with(|r| {
            let r = r.as_ref()?;
            let session = Session::from_record(r.record.clone(), r.seats.clone()).ok()?;
            Some((session.record.players.clone(), session.score_history()))
        })
    });
    move || {
        whole.get().map(|(names, history)| {
            view! { <ScoreChart names=names history=history upto=step()/> }
        })
    }
}

/// The replay buttons' symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Icon {
    First,
    Previous,
    Play,
    Pause,
    Next,
    Last,
}

/// A replay button's symbol, drawn here (inline SVG in the text colour):
/// the media-control characters (⏮ ⏭ …) are missing from many fonts and
/// show as empty boxes.
#[component]
fn StepIcon(icon: Icon) -> impl IntoView {
    let path = match icon {
        Icon::First => "M5 4h2.5v16H5zM19 4v16L8.5 12z",
        Icon::Previous => "M17 4v16L6 12z",
        Icon::Play => "M7 4v16l12-8z",
        Icon::Pause => "M6 4h4.5v16H6zM13.5 4H18v16h-4.5z",
        Icon::Next => "M7 4v16l11-8z",
        Icon::Last => "M16.5 4H19v16h-2.5zM5 4v16l10.5-8z",
    };
    view! {
        <svg class="step-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d=path fill="currentColor"/>
        </svg>
    }
}

/// Opens the position shown in the scenario editor (src/editor/).
fn edit_from_here(state: AppState) {
    let Some(replay) = state.replay.get_untracked() else {
        return;
    };
    let mut prefix = replay.record;
    prefix.turns.truncate(replay.step);
    state.edit.set(Some(prefix));
    state.screen.set(crate::state::Screen::Editor);
}
