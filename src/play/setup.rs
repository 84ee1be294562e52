//! The new-game screen: seats (person or computer), names, sides, deck,
//! tiebreak, undo and the deal number.

use leptos::prelude::*;
use majesty_ai::bots::Level;
use majesty_rules::rand::RngExt;
use majesty_rules::{rng, DeckVariant, GameConfig, Location, Seat, Side, Sides};

use crate::i18n::Catalog;
use crate::model::session::{random_seed, Session};
use crate::parts::piece;
use crate::play::board::art::SeatEmblem;
use crate::state::{AppState, Screen, Seating};

/// Mixed into the deal number to draw the first player.
const FIRST_PLAYER_STREAM: u64 = 0x4B4E_4947_4854; // "KNIGHT"

/// The levels offered for a computer seat.
const LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

/// Everything the form chooses.
#[derive(Clone, Copy)]
struct Choices {
    players: RwSignal<usize>,
    /// Per seat: a person (`None`) or a computer of a level.
    kinds: [RwSignal<Option<Level>>; 4],
    names: [RwSignal<String>; 4],
    sides: RwSignal<Sides>,
    full_deck: RwSignal<bool>,
    tiebreak: RwSignal<bool>,
    allow_undo: RwSignal<bool>,
    /// A setting of this device, kept when changed (src/model/prefs.rs).
    pass_device: RwSignal<bool>,
    /// Also a setting of this device.
    best_choices: RwSignal<bool>,
    random_first: RwSignal<bool>,
    seed: RwSignal<String>,
}

impl Choices {
    /// The first game: you against the computer (the other seats medium);
    /// by link or live, every seat a person.
    fn new(state: AppState, seating: Seating) -> Choices {
        let computers = seating == Seating::Table;
        let choices = Choices {
            players: RwSignal::new(2),
            kinds: std::array::from_fn(|i| {
                RwSignal::new((computers && i > 0).then_some(Level::Medium))
            }),
            names: std::array::from_fn(|i| RwSignal::new(state.t_now().default_player_name(i))),
            sides: RwSignal::new(
                state
                    .setup_sides
                    .try_update_value(Option::take)
                    .flatten()
                    .unwrap_or(Sides::ALL_A),
            ),
            full_deck: RwSignal::new(false),
            tiebreak: RwSignal::new(false),
            allow_undo: RwSignal::new(true),
            pass_device: RwSignal::new(crate::model::prefs::pass_device()),
            best_choices: RwSignal::new(crate::model::prefs::best_choices()),
            random_first: RwSignal::new(true),
            seed: RwSignal::new(random_seed().to_string()),
        };
        Effect::new(move |first: Option<()>| {
            let on = choices.pass_device.get();
            if first.is_some() {
                crate::model::prefs::set_pass_device(on);
            }
        });
        Effect::new(move |first: Option<()>| {
            let on = choices.best_choices.get();
            if first.is_some() {
                crate::model::prefs::set_best_choices(on);
            }
        });
        choices
    }

    /// The game chosen, or why it cannot start.
    fn session(self, t: Catalog) -> Result<Session, String> {
        let n = self.players.get_untracked();
        let names: Vec<String> = self.names[..n]
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
        let seats: Vec<Option<Level>> = self.kinds[..n].iter().map(|k| k.get_untracked()).collect();
        let Ok(seed) = self.seed.get_untracked().trim().parse::<u64>() else {
            return Err(t.bad_deal_number().into());
        };
        // rules/RULES.md "Setup" 1: the first player is drawn at random; seat order
        // (the turn order) stays, and so does every seat's colour and emblem:
        // the game starts at the drawn seat. Drawn from the deal number:
        // reproducible.
        let first = if self.random_first.get_untracked() {
            rng::seeded(seed ^ FIRST_PLAYER_STREAM).random_range(..n)
        } else {
            0
        };
        let deck = if self.full_deck.get_untracked() {
            DeckVariant::Full
        } else {
            DeckVariant::Standard
        };
        let config = GameConfig::new(n)
            .and_then(|config| {
                config
                    .with_sides(self.sides.get_untracked())
                    .with_deck(deck)
                    .with_meeple_tiebreak(self.tiebreak.get_untracked())
                    .with_first_player(Seat::new(first).unwrap_or_default())
            })
            .map_err(|_| t.player_count(n))?;
        let mut session =
            Session::new(names, seats, config, seed).map_err(|e| t.cannot_open_record(&e))?;
        session.allow_undo = self.allow_undo.get_untracked();
        Ok(session)
    }
}

piece! {
    /// The setup screen, in a part of the page of its own (src/parts/),
    /// fetched in idle time once the home screen is up.
    pub SCREEN = setup::screen("setup", screen: true) => view! { <SetupScreen/> }
}

#[component]
fn SetupScreen() -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let seating = match state.screen.get_untracked() {
        Screen::Setup(seating) => seating,
        _ => Seating::Table,
    };
    let choices = Choices::new(state, seating);
    let error = RwSignal::new(None::<String>);
    let start_here = move || match choices.session(state.t()) {
        Ok(session) => state.open(session),
        Err(e) => error.set(Some(e)),
    };
    let by_link = move |()| match choices.session(state.t()) {
        Ok(session) if session.seats.iter().any(Option::is_some) => {
            error.set(Some(state.t().by_link_every_seat_a_person().into()))
        }
        Ok(session) => crate::remote::part::invite(state, session),
        Err(e) => error.set(Some(e)),
    };
    let live = move |()| match choices.session(state.t()) {
        Ok(session) if session.seats.iter().any(Option::is_some) => {
            error.set(Some(state.t().live_every_seat_a_person().into()))
        }
        Ok(_) if !crate::browser::has_webrtc() => {
            error.set(Some(state.t().live_no_webrtc().into()))
        }
        Ok(session) => crate::remote::live::part::host(state, session),
        Err(e) => error.set(Some(e)),
    };
    let go = move |seating: Seating| match seating {
        Seating::Table => start_here(),
        Seating::ByLink => by_link(()),
        Seating::Live => live(()),
    };
    // The button of the game this setup is made for is its primary one
    // (Enter presses it); the others stay beside it.
    let start = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        go(seating);
    };
    let title = move || match seating {
        Seating::Table => t().setup_title(),
        Seating::ByLink => t().by_link_play_by_link(),
        Seating::Live => t().live_play_live(),
    };
    let button = move |this: Seating, text: &'static str| {
        let primary = this == seating;
        let kind = if primary { "submit" } else { "button" };
        view! {
            <button type=kind class="big" class:primary=primary
                on:click=move |ev| if !primary {
                    ev.prevent_default();
                    go(this);
                }>{text}</button>
        }
    };
    let players = choices.players;
    view! {
        <form class="panel setup" on:submit=start>
            <h1>{title}</h1>
            // Past the seats and options (two dozen tab stops) to Start;
            // after the heading, which a new screen focuses.
            <a class="skip-link" href="#setup-actions" on:click=|ev: leptos::ev::MouseEvent| {
                ev.prevent_default();
                crate::browser::focus_first(".setup .actions .primary");
            }>{move || t().setup_skip()}</a>
            <fieldset>
                <legend>{move || t().players_legend()}</legend>
                <div class="choices">
                    {(2..=4usize).map(|n| view! {
                        <button type="button" aria-pressed=move || (players.get() == n).to_string()
                            on:click=move |_| players.set(n)>{move || t().n_players(n)}</button>
                    }).collect_view()}
                </div>
                {(0..4).map(|seat| view! { <SeatRow choices seat/> }).collect_view()}
                <p class="hint levels">{move || t().setup_levels_hint()}</p>
            </fieldset>
            <SideChoice sides=choices.sides/>
            <Options choices/>
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <div class="actions" id="setup-actions">
                <button type="button" on:click=move |_| state.screen.set(Screen::Home)>{move || t().back()}</button>
                {move || {
                    let t = t();
                    let mut buttons = vec![
                        button(Seating::ByLink, t.by_link_play_by_link()),
                        button(Seating::Live, t.live_play_live()),
                        button(Seating::Table, t.start_game()),
                    ];
                    // The primary one last, where the eye ends.
                    let primary = buttons.remove(match seating {
                        Seating::ByLink => 0,
                        Seating::Live => 1,
                        Seating::Table => 2,
                    });
                    buttons.push(primary);
                    buttons
                }}
            </div>
        </form>
    }
}

/// One seat: its name and who plays it. Seats beyond the player count are
/// hidden and disabled.
#[component]
fn SeatRow(choices: Choices, seat: usize) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let (name, kind) = (choices.names[seat], choices.kinds[seat]);
    let unused = move || choices.players.get() <= seat;
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
            // The colour and emblem this seat keeps all game long.
            <span class=format!("seat-label seat-{seat}")>
                <SeatEmblem seat=seat/>
                {move || t().seat(seat, seat == 0 && !choices.random_first.get())}
            </span>
            <input
                type="text"
                maxlength="20"
                prop:value=move || name.get()
                on:input=move |ev| name.set(event_target_value(&ev))
                disabled=unused
                aria-label=move || t().name_of_seat(seat)
            />
            <select
                aria-label=move || t().who_plays_seat(seat)
                disabled=unused
                on:change=move |ev| kind.set(event_target_value(&ev).parse::<Level>().ok())
            >
                {options}
            </select>
        </div>
    }
}

/// Side A or B of the location cards: all A, all B, or each its own.
#[component]
fn SideChoice(sides: RwSignal<Sides>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
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
    view! {
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
    }
}

/// The deck, tiebreak, undo, first player, passing the device, the deal.
#[component]
fn Options(choices: Choices) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let check = move |signal: RwSignal<bool>, label: fn(Catalog) -> &'static str| {
        view! {
            <label class="check">
                <input type="checkbox" prop:checked=move || signal.get()
                    on:change=move |ev| signal.set(event_target_checked(&ev))/>
                {move || label(state.t())}
            </label>
        }
    };
    let seed = choices.seed;
    // A setting of this device, kept when changed (src/model/prefs.rs).
    let hints = RwSignal::new(crate::model::prefs::hints());
    Effect::new(move |first: Option<()>| {
        let on = hints.get();
        if first.is_some() {
            crate::model::prefs::set_hints(on);
        }
    });
    view! {
        <fieldset>
            <legend>{move || t().options()}</legend>
            {check(choices.full_deck, |t| t.full_deck())}
            {check(choices.tiebreak, |t| t.meeple_tiebreak())}
            {check(choices.allow_undo, |t| t.allow_undo())}
            {check(hints, |t| t.coach_hints_option())}
            {check(choices.random_first, |t| t.random_first_player())}
            {check(choices.pass_device, |t| t.pass_device_option())}
            {check(choices.best_choices, |t| t.best_choices_option())}
            <label class="seed">
                {move || t().deal_number()}
                " "
                <input type="text" inputmode="numeric" prop:value=move || seed.get()
                    on:input=move |ev| seed.set(event_target_value(&ev))/>
                <button type="button" on:click=move |_| seed.set(random_seed().to_string())>{move || t().new_deal()}</button>
            </label>
        </fieldset>
    }
}
