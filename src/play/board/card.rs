//! Character cards as drawn on the table: a full face (the display), a card
//! in a realm's stack, and a face-down card (the deck, the Infirmary).

use leptos::prelude::*;
use majesty_rules::{Card, Character, Placement};

use super::art::CharacterArt;
use crate::state::AppState;

/// CSS class of a character's colour.
pub fn character_class(character: Character) -> &'static str {
    match character {
        Character::Miller => "c-miller",
        Character::Brewer => "c-brewer",
        Character::Witch => "c-witch",
        Character::Guard => "c-guard",
        Character::Knight => "c-knight",
        Character::Innkeeper => "c-innkeeper",
        Character::Noble => "c-noble",
    }
}

/// A card's face: its character, or both halves of a split card, each with
/// a name band and an illustration.
#[component]
pub fn CardFace(card: Card) -> impl IntoView {
    let state = expect_context::<AppState>();
    let halves = card
        .characters()
        .map(|c| {
            view! {
                <span class=format!("half {}", character_class(c))>
                    // The short name for a narrow card (style/board.css).
                    <span class="band">
                        <span class="name">{move || state.t().character(c)}</span>
                        <span class="name short">{move || state.t().character_short(c)}</span>
                    </span>
                    <CharacterArt character=c/>
                </span>
            }
        })
        .collect_view();
    view! { <span class="face" class:split=card.is_split() aria-hidden="true">{halves}</span> }
}

/// A card lying in a realm as the character it was placed as; a split
/// card shows its other half folded away, as on the table.
#[component]
pub fn StackCard(placement: Placement) -> impl IntoView {
    let state = expect_context::<AppState>();
    let c = placement.character;
    let other = placement.card.characters().find(|&o| o != c);
    view! {
        <span class=format!("stack-card {}", character_class(c)) class:split=other.is_some() aria-hidden="true">
            <span class="band">{move || state.t().character(c)}</span>
            <CharacterArt character=c/>
            {other.map(|o| view! { <span class=format!("other-half {}", character_class(o))></span> })}
        </span>
    }
}
