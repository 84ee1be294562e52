//! The new-game screen: seats (person or computer), names, sides, deck,
//! tiebreak, undo and the deal number.

use leptos::prelude::*;
use majesty_rules::bots::Level;
use majesty_rules::rand::RngExt;
use majesty_rules::{rng, DeckVariant, GameConfig, Location, Side, Sides};

use crate::app::{AppState, Screen};
use crate::session::Session;

/// Mixed into the deal number to draw the first player.
const FIRST_PLAYER_STREAM: u64 = 0x4B4E_4947_4854; // "KNIGHT"

/// The levels offered for a computer seat.
const LEVELS: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

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
    let t = move || state.t();
    let players = RwSignal::new(2usize);
    // The first game: you against the computer (the other seats medium).
    let kinds: Vec<RwSignal<Option<Level>>> = (0..4)
        .map(|i| RwSignal::new((i > 0).then_some(Level::Medium)))
        .collect();
    let names: Vec<RwSignal<String>> = (0..4)
        .map(|i| RwSignal::new(state.t().default_player_name(i)))
        .collect();
    let sides = RwSignal::new(Sides::ALL_A);
    let full_deck = RwSignal::new(false);
    let tiebreak = RwSignal::new(false);
    let allow_undo = RwSignal::new(true);
    // A setting of this device, kept when changed (src/prefs.rs).
    let pass_device = RwSignal::new(crate::prefs::pass_device());
    Effect::new(move |first: Option<()>| {
        let on = pass_device.get();
        if first.is_some() {
            crate::prefs::set_pass_device(on);
        }
    });
    let random_first = RwSignal::new(true);
    let seed = RwSignal::new(random_seed().to_string());
    let error = RwSignal::new(None::<String>);

    let names_for_start = names.clone();
    let kinds_for_start = kinds.clone();
    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let t = state.t();
        let n = players.get_untracked();
        let chosen: Vec<String> = names_for_start[..n]
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let name = name.get_untracked().trim().to_string();
                if name.is_empty() {
                    t.default_player_name(i)
                } else {
                    name
                }
            })
            .collect();
        let mut seats: Vec<Option<Level>> = kinds_for_start[..n]
            .iter()
            .map(|k| k.get_untracked())
            .collect();
        let Ok(seed) = seed.get_untracked().trim().parse::<u64>() else {
            error.set(Some(t.bad_deal_number().into()));
            return;
        };
        // rules/RULES.md "Setup" 1: the first player is drawn at random; seat order
        // (the turn order) stays. Drawn from the deal number: reproducible.
        let mut chosen = chosen;
        if random_first.get_untracked() {
            let first = rng::seeded(seed ^ FIRST_PLAYER_STREAM).random_range(..n);
            chosen.rotate_left(first);
            seats.rotate_left(first);
        }
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
                error.set(Some(state.t().player_count(e.0)));
                return;
            }
        };
        match Session::new(chosen, seats, config, seed) {
            Ok(mut session) => {
                session.allow_undo = allow_undo.get_untracked();
                state.open(session)
            }
            Err(e) => error.set(Some(state.t().cannot_open_record(&e))),
        }
    };

    let seat_rows = names
        .iter()
        .copied()
        .zip(kinds.iter().copied())
        .enumerate()
        .map(|(i, (name, kind))| {
            // Seats beyond the player count are hidden and disabled.
            let unused = move || players.get() <= i;
            let options = move || {
                std::iter::once(None)
                    .chain(LEVELS.iter().copied().map(Some))
                    .map(|level| {
                        let value = level.map_or("person", |l| l.name());
                        let label = level.map_or_else(|| t().person().to_string(), |l| t().computer(l));
                        view! { <option value=value selected=move || kind.get() == level>{label}</option> }
                    })
                    .collect_view()
            };
            view! {
                <div class="seat" class:hidden=unused>
                    <span>{move || t().seat(i, i == 0 && !random_first.get())}</span>
                    <input
                        type="text"
                        maxlength="20"
                        prop:value=move || name.get()
                        on:input=move |ev| name.set(event_target_value(&ev))
                        disabled=unused
                        aria-label=move || t().name_of_seat(i)
                    />
                    <select
                        aria-label=move || t().who_plays_seat(i)
                        disabled=unused
                        on:change=move |ev| kind.set(event_target_value(&ev).parse::<Level>().ok())
                    >
                        {options}
                    </select>
                </div>
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
                    {move || t().location(location)}
                    " "
                    <strong>{move || if is_b() { "B" } else { "A" }}</strong>
                </button>
            }
        })
        .collect_view();

    let check = |signal: RwSignal<bool>, label: fn(&dyn crate::i18n::Texts) -> &'static str| {
        view! {
            <label class="check">
                <input type="checkbox" prop:checked=move || signal.get()
                    on:change=move |ev| signal.set(event_target_checked(&ev))/>
                {move || label(state.t())}
            </label>
        }
    };

    view! {
        <form class="panel setup" on:submit=start>
            <h1>{move || t().setup_title()}</h1>
            <fieldset>
                <legend>{move || t().players_legend()}</legend>
                <div class="choices">
                    {(2..=4usize).map(|n| view! {
                        <button type="button" aria-pressed=move || (players.get() == n).to_string()
                            on:click=move |_| players.set(n)>{move || t().n_players(n)}</button>
                    }).collect_view()}
                </div>
                {seat_rows}
            </fieldset>
            <fieldset>
                <legend>{move || t().location_cards()}</legend>
                <div class="choices">
                    <button type="button" aria-pressed=move || (sides.get() == Sides::ALL_A).to_string()
                        on:click=move |_| sides.set(Sides::ALL_A)>{move || t().all_side(Side::A)}</button>
                    <button type="button" aria-pressed=move || (sides.get() == Sides::ALL_B).to_string()
                        on:click=move |_| sides.set(Sides::ALL_B)>{move || t().all_side(Side::B)}</button>
                </div>
                <details>
                    <summary>{move || t().mixed_sides()}</summary>
                    <div class="choices wrap">{side_toggles}</div>
                </details>
            </fieldset>
            <fieldset>
                <legend>{move || t().options()}</legend>
                {check(full_deck, |t| t.full_deck())}
                {check(tiebreak, |t| t.meeple_tiebreak())}
                {check(allow_undo, |t| t.allow_undo())}
                {check(random_first, |t| t.random_first_player())}
                {check(pass_device, |t| t.pass_device_option())}
                <label class="seed">
                    {move || t().deal_number()}
                    " "
                    <input type="text" inputmode="numeric" prop:value=move || seed.get()
                        on:input=move |ev| seed.set(event_target_value(&ev))/>
                    <button type="button" on:click=move |_| seed.set(random_seed().to_string())>{move || t().new_deal()}</button>
                </label>
            </fieldset>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <div class="actions">
                <button type="button" on:click=move |_| state.screen.set(Screen::Home)>{move || t().back()}</button>
                <button type="submit" class="primary big">{move || t().start_game()}</button>
            </div>
        </form>
    }
}
