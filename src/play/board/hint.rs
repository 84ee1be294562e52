//! "What would the expert play?": during a person's turn, the expert's
//! three best turns with what each is expected to give and why (the
//! answer's list is in a part of the page: `advice`); choosing
//! one picks it on the board (the card lifted, its location highlighted,
//! the engine's preview and Confirm in the chooser). Asking marks the
//! game's record (`hints_used`). Offered unless turned off in the setup.

use leptos::prelude::*;
use majesty_ai::coach::Advice;

use super::advice::{Answer, ADVICE};
use super::Board;
use crate::model::announcer::Focus;
use crate::parts::Lazy;
use crate::play::coach::runner::{self, Job};
use crate::state::AppState;

#[component]
pub fn HintPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let announce = expect_context::<super::Announce>();
    let offered = crate::model::prefs::hints();
    let advice = RwSignal::new(None::<Vec<Advice>>);
    let percent = RwSignal::new(None::<u32>);
    let job = StoredValue::new_local(None::<Job>);
    provide_context(Answer(advice));
    // A new position forgets the advice of the last one.
    let turn_number = Memo::new(move |_| {
        state
            .session
            .with(|s| s.as_ref().map(|s| s.game.turn_number()))
    });
    Effect::new(move |_| {
        // Read, not only tracked: a memo's `track` does not bring it up to
        // date, and the effect then missed the new position.
        let _ = turn_number.get();
        job.set_value(None);
        advice.set(None);
        percent.set(None);
    });
    let ask = move |_| {
        // A second press while the expert thinks does nothing (the button
        // stays enabled: a disabled one would drop the keyboard's focus).
        if percent.get_untracked().is_some() {
            return;
        }
        state.session.update(|s| {
            if let Some(s) = s {
                s.record.hints_used = true;
            }
        });
        let Some((record, seed)) = state
            .session
            .with_untracked(|s| s.as_ref().map(|s| (s.record.clone(), s.bot_seed())))
        else {
            return;
        };
        percent.set(Some(0));
        announce.say(state.t().announce_hint_asked().to_string(), Focus::Stay);
        // An answer for another position is never shown, whatever the order
        // in which the turn and the answer arrive.
        let position = move || {
            state
                .session
                .with_untracked(|s| s.as_ref().map(|s| s.game.turn_number()))
        };
        let asked_at = position();
        let still = move || position() == asked_at;
        job.set_value(Some(runner::hint(
            record,
            seed,
            move |p| {
                if still() {
                    percent.set(Some(p));
                }
            },
            move |a: Vec<Advice>| {
                if still() {
                    percent.set(None);
                    announce.say(answer_told(state, &a), Focus::Stay);
                    advice.set(Some(a));
                }
            },
        )));
    };
    // The panel keeps its place through the computers' turns (hidden), so
    // that nothing below it moves when a person's turn comes.
    let kept = move || {
        offered
            && !state.embed
            && state.replay.with(Option::is_none)
            && state.exercise.with(Option::is_none)
            && state.lesson.with(Option::is_none)
    };
    // Fetched in idle time where the panel is offered (not in a replay, a
    // puzzle or a guided game).
    if untrack(kept) {
        crate::parts::prefetch(ADVICE);
    }
    let idle = move || !board.choosing.get();
    view! {
        <Show when=kept>
            <section class="panel coach-hint" class:idle=idle aria-hidden=move || idle().then_some("true")
                aria-label=move || state.t().coach_hint_title()>
                <button class="hint-ask" on:click=ask disabled=idle
                    aria-disabled=move || percent.get().is_some().to_string()>
                    {move || state.t().coach_hint_button()}
                </button>
                {move || percent.get().map(|p| view! {
                    // Not a live region: the announcer tells the start and
                    // the answer, not every step between.
                    <p class="hint-progress">{state.t().coach_thinking(p)}</p>
                })}
                {move || advice.with(Option::is_some).then(|| view! { <Lazy piece=ADVICE/> })}
            </section>
        </Show>
    }
}

/// The answer in a sentence: the first turn and what it is expected to give.
fn answer_told(state: AppState, advice: &[Advice]) -> String {
    let t = state.t();
    state.session.with_untracked(|s| {
        let (Some(s), Some(first)) = (s.as_ref(), advice.first()) else {
            return String::new();
        };
        let result = t.coach_advice_result(
            t.signed_tenths(first.shown_margin() as f64 / 10.0),
            t.tenths(first.shown_range() as f64 / 10.0),
            first.shown_chance(),
        );
        let told = t.announce_hint_answer(t.advice_turn(&s.game, first.turn), result);
        super::announce::spoken(&told, t)
    })
}
