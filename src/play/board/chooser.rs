//! Taking a turn once a card is picked: where a split card goes, where a
//! healed split card goes, the Castle B trade, the engine's preview of the
//! points each player would gain, and Confirm. The same choices are offered
//! on the realm itself (highlighted columns).

use leptos::prelude::*;
use majesty_rules::Turn;

use super::card::character_class;
use super::icons::CharacterIcon;
use super::picks::Picks;
use super::Board;
use crate::i18n::describe::lines;
use crate::i18n::signed;
use crate::state::AppState;

#[component]
pub fn Chooser() -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let body = move || {
        let t = state.t();
        let r = board.resolved.get();
        let (over, bot) = state.session.with(|s| {
            s.as_ref().map_or((true, false), |s| {
                (s.game.is_over(), s.bot_to_move().is_some())
            })
        });
        if over {
            // The place stays, empty: nothing moves when the game ends.
            return view! { <p class="hint chooser-hint"></p> }.into_any();
        }
        // In a rule's scenario the other seats never move: nothing to say.
        if bot && state.exercise.with(Option::is_some) {
            return ().into_any();
        }
        if let Some(waiting) = (!bot && !board.choosing.get())
            .then(|| crate::remote::waiting_for(state))
            .flatten()
        {
            return view! { <p class="hint chooser-hint">{waiting}</p> }.into_any();
        }
        if r.options.is_empty() {
            let hint = if bot {
                t.computer_thinking()
            } else {
                t.choose_card()
            };
            return view! { <p class="hint chooser-hint">{hint}</p> }.into_any();
        }
        let preview = r.chosen.map(|turn| view! { <Preview turn=turn/> });
        if bot {
            return view! { <section class="panel chooser" aria-label=t.computers_turn()>{preview}</section> }
                .into_any();
        }
        let places = r.places();
        let place_buttons = (places.len() > 1).then(|| {
            let buttons = places
                .iter()
                .map(|&c| view! {
                    <button class=format!("choice {}", character_class(c))
                        aria-pressed=move || (board.picks.get().place == Some(c)).to_string()
                        on:click=move |_| board.picks.update(|p| { p.place = Some(c); p.heal = None; p.trade = 0; })>
                        <CharacterIcon character=c/>{t.place_at(c)}
                        <span class="sr-only">{place_gains(state, board, c)}</span>
                    </button>
                })
                .collect_view();
            view! { <div class="step" role="group" aria-label=t.place_as()><p>{t.place_as()}</p>{buttons}</div> }
        });
        let heals = r.heals();
        let heal_buttons = (!heals.is_empty()).then(|| {
            let healed = state.session.with(|s| {
                s.as_ref()
                    .and_then(|s| s.game.player(s.game.current_player()).infirmary_top())
            });
            let question = healed.map(|c| t.heal_question(c)).unwrap_or_default();
            let buttons = heals
                .iter()
                .map(|&c| view! {
                    <button class=format!("choice {}", character_class(c))
                        aria-pressed=move || (board.picks.get().heal == Some(c)).to_string()
                        on:click=move |_| board.picks.update(|p| p.heal = Some(c))>
                        {t.heal_to(c)}
                    </button>
                })
                .collect_view();
            view! { <div class="step" role="group" aria-label=question.clone()><p>{question.clone()}</p>{buttons}</div> }
        });
        let trades = r.trades();
        let trade_picker = (trades.len() > 1)
            .then(|| view! { <TradePicker min=trades[0] max=trades[trades.len() - 1]/> });
        let chosen = r.chosen;
        view! {
            <section class="panel chooser" aria-label=t.your_turn()>
                {place_buttons}
                {heal_buttons}
                {trade_picker}
                {preview}
                <div class="actions">
                    <button on:click=move |_| board.picks.set(Picks::default())>{t.cancel()}</button>
                    <button class="primary" disabled=chosen.is_none()
                        aria-describedby=chosen.map(|_| "turn-gains")
                        on:click=move |_| if let Some(turn) = chosen { board.confirm.run(turn) }>
                        {t.confirm()}
                    </button>
                </div>
            </section>
        }
        .into_any()
    };
    view! { {body} }
}

/// Castle B: how many meeples to sell (left) or buy (right) for as many
/// points, each end labelled with what it trades.
#[component]
fn TradePicker(min: i32, max: i32) -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let t = move || state.t();
    view! {
        <div class="step trade-step">
            <p>
                <span id="trade-title">{move || t().castle_trade()}</span>
                " "
                <output class="trade-now" aria-hidden="true">{move || t().trade(board.picks.get().trade)}</output>
            </p>
            <input type="range" min=min max=max step="1" class="trade"
                aria-labelledby="trade-title"
                aria-describedby="trade-range"
                aria-valuetext=move || t().trade(board.picks.get().trade)
                prop:value=move || board.picks.get().trade.to_string()
                on:input=move |ev| {
                    let trade = event_target_value(&ev).parse().unwrap_or(0);
                    board.picks.update(|p| p.trade = trade);
                }/>
            <span class="trade-ends" aria-hidden="true">
                <span class="trade-end sell">"← "{move || t().trade(min)}</span>
                <span class="trade-end buy">{move || t().trade(max)}" →"</span>
            </span>
            <span id="trade-range" class="sr-only">{move || t().board_trade_range(t().trade(min), t().trade(max))}</span>
        </div>
    }
}

/// What the turn would give each player, computed by the engine.
#[component]
fn Preview(turn: Turn) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = state.t();
    state.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let preview = s.game.preview(turn).ok()?;
        let events = preview.events;
        let names = &s.record.players;
        let gains = preview
            .points
            .iter()
            .enumerate()
            .map(|(seat, g)| {
                view! {
                    {(seat > 0).then_some(" · ")}
                    <span class="gain">{format!("{} {}", names[seat], signed(*g))}</span>
                }
            })
            .collect_view();
        let explained = lines(&events, names, t)
            .into_iter()
            .map(|l| view! { <li>{l}</li> })
            .collect_view();
        Some(view! {
            <div class="preview">
                <p id="turn-gains"><strong>{t.this_turn()}</strong>{gains}</p>
                <ul>{explained}</ul>
            </div>
        })
    })
}

/// ": Ann +4, Bob +0": what placing the picked card as `place` gives each
/// player (the first legal turn so placed, with the other picks as made),
/// for a screen reader beside the choice.
fn place_gains(state: AppState, board: Board, place: majesty_rules::Character) -> String {
    let picks = board.picks.get_untracked();
    let turn = board.legal.with_untracked(|legal| {
        legal
            .iter()
            .copied()
            .filter(|turn| Some(turn.take) == picks.space && turn.place == place)
            .min_by_key(|turn| (turn.heal != picks.heal, turn.trade != picks.trade))
    });
    state.session.with_untracked(|s| {
        let (Some(s), Some(turn)) = (s.as_ref(), turn) else {
            return String::new();
        };
        let Ok(preview) = s.game.preview(turn) else {
            return String::new();
        };
        let gains: Vec<(&str, i32)> = preview
            .points
            .iter()
            .enumerate()
            .map(|(seat, &p)| (s.name(seat), p))
            .collect();
        format!(": {}", crate::i18n::gains_list(&gains))
    })
}
