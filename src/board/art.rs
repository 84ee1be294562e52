//! Placeholder art (replaced by the illustrations branch).
use leptos::prelude::*;
use majesty_rules::{Character, Location, Tier};

use crate::icons::{CharacterIcon, Coin, InfirmaryIcon, Meeple};

#[component]
pub fn CharacterArt(character: Character) -> impl IntoView {
    view! { <span class="art"><CharacterIcon character=character/></span> }
}

#[component]
pub fn LocationEmblem(location: Location) -> impl IntoView {
    match location.character() {
        Some(c) => view! { <span class="emblem"><CharacterIcon character=c/></span> }.into_any(),
        None => view! { <span class="emblem"><InfirmaryIcon/></span> }.into_any(),
    }
}

#[component]
pub fn CardBack(tier: Option<Tier>) -> impl IntoView {
    let label = match tier {
        Some(Tier::One) => "I",
        Some(Tier::Two) => "II",
        None => "",
    };
    view! { <svg class="card-back" viewBox="0 0 60 84"><rect width="60" height="84" rx="6"/><text x="30" y="48" text-anchor="middle">{label}</text></svg> }
}

#[component]
pub fn Pawn(#[prop(optional)] empty: bool) -> impl IntoView {
    view! { <Meeple empty=empty/> }
}

#[component]
pub fn SeatEmblem(seat: usize) -> impl IntoView {
    view! { <span class=format!("seat-emblem seat-dot seat-{seat}")></span> }
}

#[component]
pub fn CoinIcon() -> impl IntoView {
    view! { <Coin/> }
}
