//! Small inline SVG icons of the seven characters (buttons, ability symbols).
//! Drawn with `currentColor` strokes so CSS colours them.

use leptos::prelude::*;
use majesty_rules::Character;

/// The icon of a character, `label`led for screen readers when given.
#[component]
pub fn CharacterIcon(character: Character) -> impl IntoView {
    let path = match character {
        // A sheaf of wheat.
        Character::Miller => "M12 21V6M12 10c-3-.5-4.5-2.5-4.5-5 3 .3 4.5 2.3 4.5 5zM12 10c3-.5 4.5-2.5 4.5-5-3 .3-4.5 2.3-4.5 5zM12 15c-3-.5-4.5-2.5-4.5-5 3 .3 4.5 2.3 4.5 5zM12 15c3-.5 4.5-2.5 4.5-5-3 .3-4.5 2.3-4.5 5z",
        // A tankard with foam.
        Character::Brewer => "M6 8h9v11a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2zM15 10h2a2 2 0 0 1 2 2v2a2 2 0 0 1-2 2h-2M6 8c0-2 1.5-3 3-3 .5-1.5 2-2 3-1.5 1.5-.5 3 .5 3 2.5v2M9 12v6M12 12v6",
        // A pointed hat.
        Character::Witch => "M3 19c4 2 14 2 18 0M6 18.5 11 4c1-1.5 2-.5 2.5 1L18 18.5M8.5 12.5c2 1 5 1 7 0",
        // A shield.
        Character::Guard => "M12 3 4.5 6v5.5c0 4.5 3.2 8 7.5 9.5 4.3-1.5 7.5-5 7.5-9.5V6zM12 3v18M4.5 11h15",
        // A sword.
        Character::Knight => "M18.5 3.5 20.5 5.5 9 17l-2-2zM5.5 13.5l5 5M7 19l-2.5 2.5M4 16.5 2.5 18",
        // A key.
        Character::Innkeeper => "M8 11.5a4 4 0 1 1 0-.01zM11.7 10H21M18 10v3.5M15 10v2.5",
        // A crown.
        Character::Noble => "M4 18 3 7l5 4 4-6 4 6 5-4-1 11zM4 21h16",
    };
    view! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d=path fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>
        </svg>
    }
}
