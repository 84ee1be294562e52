//! The display: six cards in a row, front (free) first, the meeples lying on
//! them drawn as pawns, the cost of each space, and the deck with the back
//! of its next card.

use leptos::prelude::*;
use majesty_rules::Tier;

use super::art::{CardBack, Pawn};
use super::card::CardFace;
use super::picks::Picks;
use super::Board;
use crate::state::AppState;

#[component]
pub fn Display() -> impl IntoView {
    let state = expect_context::<AppState>();
    let board = expect_context::<Board>();
    let t = move || state.t();
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
                    let lying = slot.meeples;
                    let pawns = (0..lying).map(|_| view! { <Pawn/> }).collect_view();
                    view! {
                        <li class="space">
                            <button class="card" data-space=space class:legal=affordable
                                aria-label=t().display_card(space, slot.card, lying)
                                aria-pressed=move || (board.picks.get().space == Some(space)).to_string()
                                disabled=!affordable
                                on:click=move |_| board.picks.set(Picks { space: Some(space), ..Picks::default() })>
                                <CardFace card=slot.card/>
                                <span class="lying" aria-hidden="true" data-count=lying title=t().meeples_on_card(lying)>{pawns}</span>
                            </button>
                            <span class="cost" aria-hidden="true">
                                {(0..space).map(|_| view! { <Pawn/> }).collect_view()}
                                {(space == 0).then(|| t().cost(0))}
                            </span>
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
    view! { <section class="display" aria-label=move || t().the_display()>{cards}</section> }
}
