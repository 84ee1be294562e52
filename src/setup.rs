//! The new-game screen: seats, names, sides, deck, tiebreak and seed.

use leptos::prelude::*;
use majesty_rules::bots::Level;
use majesty_rules::{DeckVariant, GameConfig, Location, Side, Sides};

use crate::app::{AppState, Screen};
use crate::session::Session;

const DEFAULT_NAMES: [&str; 4] = ["You", "Ann", "Bob", "Cid"];

/// The levels offered for a computer seat.
const LEVELS: [(Level, &str); 3] = [
    (Level::Easy, "Computer: easy"),
    (Level::Medium, "Computer: medium"),
    (Level::Hard, "Computer: hard"),
];

/// A fresh seed for a new deal; below 2^53 so it survives JavaScript numbers.
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        return 1;
    }
    u64::from_le_bytes(bytes) >> 11
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let players = RwSignal::new(2usize);
    // The first game: you against computers (seat 1 a person, the rest medium).
    let kinds: Vec<RwSignal<Option<Level>>> = (0..4)
        .map(|i| RwSignal::new((i > 0).then_some(Level::Medium)))
        .collect();
    let names: Vec<RwSignal<String>> = DEFAULT_NAMES
        .iter()
        .map(|n| RwSignal::new(n.to_string()))
        .collect();
    let sides = RwSignal::new(Sides::ALL_A);
    let full_deck = RwSignal::new(false);
    let tiebreak = RwSignal::new(false);
    let seed = RwSignal::new(random_seed().to_string());
    let error = RwSignal::new(None::<String>);

    let names_for_start = names.clone();
    let kinds_for_start = kinds.clone();
    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let n = players.get_untracked();
        let chosen: Vec<String> = names_for_start[..n]
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let name = name.get_untracked().trim().to_string();
                if name.is_empty() {
                    format!("Player {}", i + 1)
                } else {
                    name
                }
            })
            .collect();
        let seats: Vec<Option<Level>> = kinds_for_start[..n]
            .iter()
            .map(|k| k.get_untracked())
            .collect();
        let Ok(seed) = seed.get_untracked().trim().parse::<u64>() else {
            error.set(Some("The deal number must be a whole number.".into()));
            return;
        };
        let config = match GameConfig::new(n) {
            Ok(c) => c
                .with_sides(sides.get_untracked())
                .with_deck(if full_deck.get_untracked() {
                    DeckVariant::Full
                } else {
                    DeckVariant::Standard
                })
                .with_meeple_tiebreak(tiebreak.get_untracked()),
            Err(e) => {
                error.set(Some(e.to_string()));
                return;
            }
        };
        match Session::new(chosen, seats, config, seed) {
            Ok(session) => state.open(session),
            Err(e) => error.set(Some(e.to_string())),
        }
    };

    let seat_rows = names
        .iter()
        .enumerate()
        .zip(kinds.iter().copied())
        .map(|((i, &name), kind)| {
            // Seats beyond the player count are hidden and disabled.
            let unused = move || players.get() <= i;
            let options = std::iter::once((None, "Person"))
                .chain(LEVELS.iter().map(|&(l, label)| (Some(l), label)))
                .map(|(level, label)| {
                    let value = level.map_or("person", |l| l.name());
                    view! {
                        <option value=value selected=move || kind.get() == level>{label}</option>
                    }
                })
                .collect_view();
            view! {
                <label class="seat" class:hidden=unused>
                    <span>{format!("Seat {}{}", i + 1, if i == 0 { " (starts)" } else { "" })}</span>
                    <input
                        type="text"
                        maxlength="20"
                        prop:value=move || name.get()
                        on:input=move |ev| name.set(event_target_value(&ev))
                        disabled=unused
                        aria-label=format!("Name of seat {}", i + 1)
                    />
                    <select
                        aria-label=format!("Who plays seat {}", i + 1)
                        disabled=unused
                        on:change=move |ev| kind.set(event_target_value(&ev).parse::<Level>().ok())
                    >
                        {options}
                    </select>
                </label>
            }
        })
        .collect_view();

    let side_toggles = Location::ALL
        .iter()
        .map(|&location| {
            let is_b = move || sides.get().of(location) == Side::B;
            view! {
                <button
                    type="button"
                    class="side-toggle"
                    aria-pressed=move || is_b().to_string()
                    on:click=move |_| sides.update(|s| {
                        let side = &mut s.0[location.index()];
                        *side = if *side == Side::A { Side::B } else { Side::A };
                    })
                >
                    {location.name()}
                    " "
                    <strong>{move || if is_b() { "B" } else { "A" }}</strong>
                </button>
            }
        })
        .collect_view();

    view! {
        <form class="panel setup" on:submit=start>
            <h1>"New game"</h1>
            <fieldset>
                <legend>"Players"</legend>
                <div class="choices">
                    {(2..=4usize).map(|n| view! {
                        <button type="button" aria-pressed=move || (players.get() == n).to_string()
                            on:click=move |_| players.set(n)>{format!("{n} players")}</button>
                    }).collect_view()}
                </div>
                {seat_rows}
            </fieldset>
            <fieldset>
                <legend>"Location cards"</legend>
                <div class="choices">
                    <button type="button" aria-pressed=move || (sides.get() == Sides::ALL_A).to_string()
                        on:click=move |_| sides.set(Sides::ALL_A)>"All side A"</button>
                    <button type="button" aria-pressed=move || (sides.get() == Sides::ALL_B).to_string()
                        on:click=move |_| sides.set(Sides::ALL_B)>"All side B"</button>
                </div>
                <details>
                    <summary>"Mixed sides (unofficial): choose each location"</summary>
                    <div class="choices wrap">{side_toggles}</div>
                </details>
            </fieldset>
            <fieldset>
                <legend>"Options"</legend>
                <label class="check">
                    <input type="checkbox" prop:checked=move || full_deck.get()
                        on:change=move |ev| full_deck.set(event_target_checked(&ev))/>
                    "Full deck: all 60 cards shuffled together"
                </label>
                <label class="check">
                    <input type="checkbox" prop:checked=move || tiebreak.get()
                        on:change=move |ev| tiebreak.set(event_target_checked(&ev))/>
                    "Remaining meeples break a tie (house rule)"
                </label>
                <label class="seed">
                    "Deal number "
                    <input type="text" inputmode="numeric" prop:value=move || seed.get()
                        on:input=move |ev| seed.set(event_target_value(&ev))/>
                    <button type="button" on:click=move |_| seed.set(random_seed().to_string())>"New deal"</button>
                </label>
            </fieldset>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <div class="actions">
                <button type="button" on:click=move |_| state.screen.set(Screen::Home)>"Back"</button>
                <button type="submit" class="primary big">"Start the game"</button>
            </div>
        </form>
    }
}
