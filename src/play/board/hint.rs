//! "What would the expert play?": during a person's turn, the expert's
//! three best turns with what each is expected to give and why; choosing
//! one picks it on the board (the card lifted, its location highlighted,
//! the engine's preview and Confirm in the chooser). Asking marks the
//! game's record (`hints_used`). Offered unless turned off in the setup.

use leptos::prelude::*;
use majesty_ai::coach::Advice;
use majesty_rules::Turn;

use super::picks::Picks;
use super::Board;
use crate::play::coach::runner::{self, Job};
use crate::state::AppState;

#[component]
pub fn HintPanel() -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let offered = crate::model::prefs::hints();
    let advice = RwSignal::new(None::<Vec<Advice>>);
    let percent = RwSignal::new(None::<u32>);
    let job = StoredValue::new_local(None::<Job>);
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
        state.save();
        percent.set(Some(0));
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
            move |a| {
                if still() {
                    percent.set(None);
                    advice.set(Some(a));
                }
            },
        )));
    };
    let list = move || {
        let t = state.t();
        let advice = advice.get()?;
        state.session.with(|s| {
            let s = s.as_ref()?;
            let rows = advice
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let traded = advice[..i]
                        .iter()
                        .any(|above| majesty_ai::coach::more_points_less_chance(a, above));
                    let turn = a.turn;
                    let text = t.advice_turn(&s.game, turn);
                    let result = t.coach_advice_result(
                        t.signed_tenths(a.margin),
                        (a.win_chance * 100.0).round() as i64,
                    );
                    let share = (a.share * 100.0).round() as i64;
                    let reason = t.reason(&a.reason, &s.record.players).join(" · ");
                    view! {
                        <li>
                            <button class="advice-turn" data-take=turn.take.to_string()
                                data-place=turn.place.to_string()
                                data-heal=turn.heal.map(|h| h.to_string()).unwrap_or_default()
                                data-trade=turn.trade.to_string()
                                aria-pressed=move || shown(board, turn).to_string()
                                aria-label=t.coach_advice_show(&text)
                                on:click=move |_| board.picks.set(Picks::of(turn))>
                                <span class="advice-rank">{i + 1}</span>
                                <span>{text.clone()}</span>
                            </button>
                            // The ranking's criterion, beside each turn.
                            <p class="advice-share" title=t.coach_advice_share(share)>
                                <span aria-hidden="true">{format!("{share} %")}</span>
                                <span class="sr-only">{t.coach_advice_share(share)}</span>
                            </p>
                            <p class="advice-result">{result}</p>
                            <p class="advice-reason">{reason}</p>
                            {traded.then(|| view! { <p class="advice-trade">{t.coach_points_not_win()}</p> })}
                        </li>
                    }
                })
                .collect_view();
            Some(view! {
                <p class="advice-ranked">{t.coach_ranked()}</p>
                // Before the list: its order is read knowing it may not mean much.
                {close_note(&advice, t)}
                <ol class="advice">{rows}</ol>
            })
        })
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
    let idle = move || !board.choosing.get();
    view! {
        <Show when=kept>
            <section class="panel coach-hint" class:idle=idle aria-hidden=move || idle().then_some("true")
                aria-label=move || state.t().coach_hint_title()>
                <button class="hint-ask" on:click=ask disabled=move || idle() || percent.get().is_some()>
                    {move || state.t().coach_hint_button()}
                </button>
                {move || percent.get().map(|p| view! {
                    <p class="hint-progress" role="status">{state.t().coach_thinking(p)}</p>
                })}
                {list}
            </section>
        </Show>
    }
}

/// "These 3 turns are about equally good…" when the search cannot tell
/// the first turns apart (nothing when the first is clearly best).
fn close_note(advice: &[Advice], t: crate::i18n::Catalog) -> Option<impl IntoView> {
    let close = majesty_ai::coach::equally_good(advice);
    (close > 1).then(|| {
        let text = if close == advice.len() {
            t.coach_close_all(close)
        } else {
            t.coach_close_first(close)
        };
        view! { <p class="advice-close" role="note">{text}</p> }
    })
}

/// Whether the board's picks name `turn` now.
fn shown(board: Board, turn: Turn) -> bool {
    board.picks.get() == Picks::of(turn)
}
