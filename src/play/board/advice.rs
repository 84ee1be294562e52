//! The expert's answer in the hint panel: its three best turns by expected
//! final margin, each with that margin, the share of the search it had
//! (the expert's own choice marked) and why. In a part of the page of its own
//! (src/parts/), fetched in idle time once a board offering hints is up:
//! most turns are played without asking.

use leptos::prelude::*;
use majesty_ai::coach::{self, Advice, Reason};
use majesty_rules::{Observation, Turn};

use super::picks::Picks;
use super::Board;
use crate::i18n::Catalog;
use crate::parts::piece;
use crate::state::AppState;

/// The expert's answer for the position on the board, once it has come
/// (given by the hint panel).
#[derive(Clone, Copy)]
pub struct Answer(pub RwSignal<Option<Vec<Advice>>>);

piece! {
    /// The answer's list, fetched in idle time once a board is up.
    pub ADVICE = hint::advice("advice", screen: false) => view! { <AdviceList/> }
}

/// The turns of the answer, best first; choosing one picks it on the board.
#[component]
fn AdviceList() -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let Answer(advice) = expect_context::<Answer>();
    move || {
        let t = state.t();
        let advice = advice.get()?;
        state.session.with(|s| {
            let s = s.as_ref()?;
            // The answer is for this position (the panel drops it when the
            // position changes), so the reasons are read here.
            let seen = Observation::to_move(&s.game);
            let rows = advice
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let traded = advice[..i]
                        .iter()
                        .any(|above| coach::fewer_points_more_chance(a, above));
                    let reason = Reason::of(&seen, a.turn).unwrap_or_default();
                    let reason = t.reason(&reason, &s.record.players).join(" · ");
                    row(
                        board,
                        t,
                        i,
                        a,
                        t.advice_turn(&s.game, a.turn),
                        reason,
                        traded,
                    )
                })
                .collect_view();
            // Fewer turns than the panel holds and the player has: the
            // search judged only these.
            let few = advice.len() < coach::HINT_TURNS.min(s.game.legal_turns().len());
            Some(view! {
                <p class="advice-ranked">{t.coach_ranked()}</p>
                // Before the list: its order is read knowing it may not mean much.
                {close_note(&advice, t)}
                <ol class="advice">{rows}</ol>
                {few.then(|| view! { <p class="advice-few">{t.coach_few_tried()}</p> })}
            })
        })
    }
}

/// One turn of the answer: rank, turn (a button that picks it), whether the
/// expert plays it, its share of the search, its expected result and why.
fn row(
    board: Board,
    t: Catalog,
    i: usize,
    a: &Advice,
    text: String,
    reason: String,
    traded: bool,
) -> impl IntoView {
    let turn = a.turn;
    // The engine's rounding (`Advice::shown_*`), which its comparisons use.
    let result = t.coach_advice_result(
        t.signed_tenths(a.shown_margin() as f64 / 10.0),
        t.tenths(a.shown_range() as f64 / 10.0),
        a.shown_chance(),
    );
    let share = (a.share * 100.0).round() as i64;
    let label = t.coach_advice_show(&text);
    view! {
        <li class:expert=a.expert>
            <button class="advice-turn" data-take=turn.take.to_string()
                data-place=turn.place.to_string()
                data-heal=turn.heal.map(|h| h.to_string()).unwrap_or_default()
                data-trade=turn.trade.to_string()
                aria-pressed=move || shown(board, turn).to_string()
                aria-label=label
                on:click=move |_| board.picks.set(Picks::of(turn))>
                <span class="advice-rank">{i + 1}</span>
                <span>{text}</span>
            </button>
            // The ranking's criterion first, then the search's share.
            <p class="advice-result">{result}</p>
            <p class="advice-share">
                {a.expert.then(|| view! { <strong class="advice-expert">{t.coach_advice_expert()}</strong>" · " })}
                {t.coach_advice_share(share)}
            </p>
            // Folded but for the first turn's: three reasons would push the
            // other realms and the log out of the side column.
            <details class="advice-why" open=i == 0>
                <summary>{t.coach_advice_why()}</summary>
                <p class="advice-reason">{reason}</p>
                {traded.then(|| view! { <p class="advice-trade">{t.coach_win_not_points()}</p> })}
            </details>
        </li>
    }
}

/// "These 3 turns are about equally good…" when the search cannot tell
/// the first turns apart (nothing when the first is clearly best).
fn close_note(advice: &[Advice], t: Catalog) -> Option<impl IntoView> {
    let close = coach::equally_good(advice);
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
