//! The display: six cards in a row, front (free) first, the meeples lying on
//! them drawn as pawns, the cost of each space, and the deck with the back
//! of its next card. Hovering or focusing a card the player can take shows
//! what taking it would give (the engine's preview), over the table.

use leptos::prelude::*;
use majesty_rules::{Tier, Turn};

use super::art::{CardBack, Pawn};
use super::card::{character_class, CardFace};
use super::icons::CharacterIcon;
use super::keys::Input;
use super::picks::{distinct, Picks};
use super::Board;
use crate::i18n::signed;
use crate::state::AppState;

#[component]
pub fn Display() -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let t = move || state.t();
    // The card under the pointer and the one with the keyboard focus.
    let hovered = RwSignal::new(None::<usize>);
    let focused = RwSignal::new(None::<usize>);
    let peeking = move |space: usize| hovered.get().or(focused.get()) == Some(space);
    // "Highlight the best choices" (a setting): the spaces whose turns score
    // the most now, as the engine judges them.
    let best_on = crate::model::prefs::best_choices();
    let best = Memo::new(move |_| {
        if !best_on || !board.choosing.get() {
            return Vec::new();
        }
        state.session.with(|s| {
            s.as_ref().map_or_else(Vec::new, |s| {
                distinct(s.game.best_scoring_turns().iter().map(|t| t.take))
            })
        })
    });
    let cards = move || {
        state.session.with(|s| {
            let s = s.as_ref()?;
            let game = &s.game;
            let meeples = usize::from(game.player(game.current_player()).meeples());
            let person = board.choosing.get();
            let cards = game
                .display()
                .iter()
                .enumerate()
                .map(|(space, slot)| {
                    let affordable = person && space <= meeples;
                    let is_best = affordable && best.with(|b| b.contains(&space));
                    let lying = slot.meeples;
                    let pawns = (0..lying).map(|_| view! { <Pawn/> }).collect_view();
                    let peek_id = format!("peek-{space}");
                    // The picked card's gains are in the panel already.
                    let shown = move || {
                        affordable && peeking(space) && board.picks.with(|p| p.space != Some(space))
                    };
                    view! {
                        <li class="space" class:peek-right={space >= 3}>
                            <button class="card" data-space=space class:legal=affordable class:best=is_best
                                aria-label=t().display_card(space, slot.card, lying)
                                aria-pressed=move || (board.picks.get().space == Some(space)).to_string()
                                aria-describedby=move || shown().then(|| peek_id.clone())
                                aria-keyshortcuts=affordable.then(|| (space + 1).to_string())
                                disabled=!affordable
                                // A mouse's hover, not a finger's tap (which would
                                // leave the preview open over the table).
                                on:pointerenter=move |e| if e.pointer_type() == "mouse" && board.input.get_untracked() != Input::Touch { hovered.set(Some(space)) }
                                on:pointerleave=move |_| hovered.set(None)
                                on:focus=move |e| if focus_visible(&e) && board.input.get_untracked() != Input::Touch { focused.set(Some(space)) }
                                on:blur=move |_| focused.set(None)
                                on:click=move |_| board.picks.set(Picks { space: Some(space), ..Picks::default() })>
                                <CardFace card=slot.card/>
                                <span class="lying" aria-hidden="true" data-count=lying title=t().meeples_on_card(lying)>{pawns}</span>
                                {is_best.then(|| view! { <BestMark/> })}
                            </button>
                            <span class="cost" aria-hidden="true">
                                {(0..space).map(|_| view! { <Pawn/> }).collect_view()}
                                {(space == 0).then(|| t().cost(0))}
                            </span>
                            {move || shown().then(|| view! { <Peek space=space/> })}
                        </li>
                    }
                })
                .collect_view();
            let tier = game.deck_top_tier();
            let tier_class = match tier {
                Some(Tier::One) => "tier-1",
                Some(Tier::Two) => "tier-2",
                None => "tier-unknown",
            };
            let left = game.deck_len();
            Some(view! {
                <ol class="cards">{cards}</ol>
                <div class=format!("deck {tier_class}") class:empty=left == 0 role="img" aria-label=t().deck_label(left)>
                    {(left > 0).then(|| view! { <CardBack tier=tier/> })}
                    <span class="deck-count" aria-hidden="true">{left}</span>
                </div>
            })
        })
    };
    view! { <section class="display" id="display" tabindex="-1" aria-label=move || t().the_display()>{cards}</section> }
}

/// The star on a card whose turn scores the most now, named for screen
/// readers.
#[component]
fn BestMark() -> impl IntoView {
    let state = expect_context::<AppState>();
    view! {
        <span class="best-mark" role="img" aria-label=move || state.t().board_best()>
            <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                <path d="M8 1l2.1 4.5 4.9.6-3.6 3.4.9 4.9L8 12l-4.3 2.4.9-4.9L1 6.1l4.9-.6z"/>
            </svg>
        </span>
    }
}

/// What taking the card in `space` would give, for every way of placing it
/// (each character of a split card, each place a healed card can go, each
/// Castle B trade): each player's points and the meeples the player to move
/// gains or spends. Every number is the engine's (`Game::preview`).
#[component]
fn Peek(space: usize) -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let t = state.t();
    let turns: Vec<Turn> = board.legal.with_untracked(|legal| {
        legal
            .iter()
            .copied()
            .filter(|turn| turn.take == space)
            .collect()
    });
    // A detail only where the card has several: the heal, the trade.
    let heals = distinct(turns.iter().map(|turn| turn.heal)).len() > 1;
    let trades = distinct(turns.iter().map(|turn| turn.trade)).len() > 1;
    let rows = state.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let seat = s.game.current_player().index();
        let rows = turns
            .into_iter()
            .filter_map(|turn| {
                let preview = s.game.preview(turn).ok()?;
                let points = preview
                    .points
                    .iter()
                    .enumerate()
                    .filter(|&(p, &points)| p == seat || points != 0)
                    .map(|(p, &points)| {
                        view! {
                            <span class=format!("peek-gain seat-{p}") class:zero={points == 0}>
                                {s.name(p).to_string()}" "<strong>{signed(points)}</strong>
                            </span>
                        }
                    })
                    .collect_view();
                let meeples = preview.meeples[seat];
                let meeples = (meeples != 0).then(|| {
                    let n = meeples.unsigned_abs();
                    let text = if meeples > 0 {
                        t.board_meeples_gained(n)
                    } else {
                        t.board_meeples_lost(n)
                    };
                    view! { <span class="peek-meeples"><Pawn/>{text}</span> }
                });
                let place = turn.place;
                let heal = turn.heal.filter(|_| heals).map(|c| {
                    view! { <span class="peek-detail">{t.heal_to(c)}</span> }
                });
                let trade = trades
                    .then(|| view! { <span class="peek-detail">{t.trade(turn.trade)}</span> });
                Some(view! {
                    <li>
                        <span class=format!("peek-place {}", character_class(place))>
                            <CharacterIcon character=place/>{t.place_at(place)}
                        </span>
                        {heal}
                        {trade}
                        <span class="peek-gains">{points}{meeples}</span>
                    </li>
                })
            })
            .collect_view();
        Some(rows)
    });
    view! {
        <div class="peek" id=format!("peek-{space}") role="tooltip">
            <p class="peek-title">{t.board_peek_title()}</p>
            <ul>{rows}</ul>
        </div>
    }
}

/// Whether a focus shows as the keyboard's (`:focus-visible`): the focus
/// the board gives the first card after a turn played by pointer opens no
/// preview by itself (it would cover the hint and the realm).
fn focus_visible(event: &web_sys::FocusEvent) -> bool {
    use wasm_bindgen::JsCast;
    event
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|e| e.matches(":focus-visible").ok())
        .unwrap_or(true)
}
