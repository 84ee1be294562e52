//! The table being edited: the display with its meeples, and every
//! player's realm, Infirmary, worker card, points and turn.

use leptos::prelude::*;
use majesty_rules::game::DISPLAY_SIZE;
use majesty_rules::{Card, Character, Location, Placement, PositionError, Seat};

use super::Editor;
use crate::play::board::art::LocationEmblem;
use crate::play::board::{CardFace, StackCard};
use crate::state::AppState;

/// The seat an error is about, if any.
fn seat_of(error: &PositionError) -> Option<usize> {
    use PositionError::*;
    match *error {
        Meeples { seat, .. }
        | Score { seat, .. }
        | WrongLocation { seat, .. }
        | TooManyCards { seat, .. }
        | UnevenCards { seat, .. }
        | NotTheirTurn { seat, .. } => Some(seat.index()),
        _ => None,
    }
}

/// A number with a button either side.
#[component]
fn Stepper(
    label: String,
    value: Signal<i32>,
    set: Callback<i32>,
    min: i32,
    #[prop(optional)] invalid: Option<Signal<bool>>,
) -> impl IntoView {
    let t = expect_context::<AppState>().t_now();
    let invalid = move || invalid.is_some_and(|i| i.get());
    let fewer = format!("{label}: {}", t.editor_fewer());
    let more = format!("{label}: {}", t.editor_more());
    let group = label.clone();
    view! {
        <span class="stepper" class:invalid=invalid role="group" aria-label=group>
            <span class="stepper-label" aria-hidden="true">{label}</span>
            <button type="button" aria-label=fewer
                disabled=move || value.get() <= min on:click=move |_| set.run(value.get_untracked() - 1)>"−"</button>
            <output>{value}</output>
            <button type="button" aria-label=more
                on:click=move |_| set.run(value.get_untracked() + 1)>"+"</button>
        </span>
    }
    .into_any()
}

/// The display: six spaces, each a card with its meeples, or the place to
/// put the chosen card.
#[component]
pub fn DisplayRow(errors: Memo<Vec<PositionError>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = expect_context::<Editor>();
    let t = state.t_now();
    let space = move |space: usize| {
        let card = move || editor.position.with(|p| p.display.get(space).copied());
        let bad = move || {
            errors.with(|e| {
                e.iter().any(
                    |e| matches!(e, PositionError::DisplayMeeples { space: s, .. } if *s == space),
                )
            })
        };
        let meeples =
            Signal::derive(move || i32::from(editor.position.with(|p| p.meeples_at(space))));
        let set_meeples = Callback::new(move |n: i32| {
            let n = n.clamp(0, 20) as u8;
            editor.position.update(|p| {
                if p.display_meeples.len() <= space {
                    p.display_meeples.resize(space + 1, 0);
                }
                p.display_meeples[space] = n;
                while p.display_meeples.last() == Some(&0) {
                    p.display_meeples.pop();
                }
            });
        });
        let remove = move |_| {
            editor.position.update(|p| {
                if space < p.display.len() {
                    p.display.remove(space);
                    if space < p.display_meeples.len() {
                        p.display_meeples.remove(space);
                    }
                }
            })
        };
        let put = move |_| {
            if let Some(chosen) = editor.chosen.get_untracked() {
                editor.position.update(|p| {
                    if p.display.len() < DISPLAY_SIZE {
                        p.display.push(chosen)
                    }
                });
            }
        };
        let label = t.editor_meeples().to_string();
        view! {
            <li class="editor-space" class:invalid=bad data-space=space>
                <span class="space-number">{t.editor_space(space + 1)}</span>
                {move || match card() {
                    Some(c) => view! {
                        <button type="button" class="table-card" on:click=remove
                            aria-label=move || format!("{}: {}", t.editor_space(space + 1), t.editor_remove(t.card(c)))>
                            <CardFace card=c/>
                        </button>
                        <Stepper label=label.clone() value=meeples set=set_meeples min=0 invalid=Signal::derive(bad)/>
                    }.into_any(),
                    None => view! {
                        <button type="button" class="put-here" on:click=put
                            disabled=move || editor.chosen.get().is_none()
                                || editor.position.with(|p| p.display.len() != space)>
                            {move || match editor.chosen.get() {
                                Some(c) if editor.position.with(|p| p.display.len() == space) => t.editor_put_here(t.card(c)),
                                _ => t.editor_empty_space().to_string(),
                            }}
                        </button>
                    }.into_any(),
                }}
            </li>
        }
    };
    view! {
        <section class="editor-display" aria-label=t.the_display()>
            <h2>{t.the_display()}</h2>
            <ol class="editor-spaces">{(0..DISPLAY_SIZE).map(space).collect_view()}</ol>
            <RestLine/>
        </section>
    }
    .into_any()
}

/// Where the rest of the deck comes from.
#[component]
fn RestLine() -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = expect_context::<Editor>();
    let t = state.t_now();
    view! {
        <p class="editor-rest">
            {move || match editor.rest.get() {
                super::RestChoice::Shuffled(_) => {
                    let config = editor.config.get();
                    let on_table = editor.position.with(|p| p.table().count());
                    let size = match config.deck() {
                        majesty_rules::DeckVariant::Standard => config.tier_one_cards() + 27,
                        majesty_rules::DeckVariant::Full => 60,
                    };
                    t.editor_rest_shuffled(size.saturating_sub(on_table)).into_any()
                }
                super::RestChoice::Given(cards) => view! {
                    {t.editor_rest_given(cards.len())}
                    " "
                    <button type="button" class="link" on:click=move |_| {
                        editor.rest.set(super::RestChoice::Shuffled(crate::model::session::random_seed()))
                    }>{t.editor_shuffle_rest()}</button>
                }.into_any(),
            }}
        </p>
    }
    .into_any()
}

/// Every player's part of the table.
#[component]
pub fn Seats(errors: Memo<Vec<PositionError>>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    view! {
        <div class="editor-seats">
            {move || (0..editor.config.with(|c| c.players())).map(|seat| view! { <SeatPanel seat errors/> }).collect_view()}
        </div>
    }
    .into_any()
}

#[component]
fn SeatPanel(seat: usize, errors: Memo<Vec<PositionError>>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = expect_context::<Editor>();
    let t = state.t_now();
    let bad = move || errors.with(|e| e.iter().any(|e| seat_of(e) == Some(seat)));
    let name = move || {
        editor
            .names
            .with(|n| n.get(seat).cloned().unwrap_or_default())
    };
    let field = move |get: fn(&majesty_rules::SeatPosition) -> i32| {
        Signal::derive(move || editor.position.with(|p| p.seats.get(seat).map_or(0, get)))
    };
    let meeples = field(|s| i32::from(s.meeples));
    let score = field(|s| s.score);
    let set_meeples = Callback::new(move |n: i32| {
        editor
            .position
            .update(|p| p.seats[seat].meeples = n.clamp(0, 9) as u8)
    });
    let set_score = Callback::new(move |n: i32| {
        editor
            .position
            .update(|p| p.seats[seat].score = n.clamp(0, 999))
    });
    let seat_error = move |f: fn(&PositionError) -> bool| {
        Signal::derive(move || errors.with(|e| e.iter().any(|e| seat_of(e) == Some(seat) && f(e))))
    };
    let radio_name = "editor-to-move";
    let locations = Location::ALL
        .into_iter()
        .map(|l| view! { <LocationSlot seat location=l/> })
        .collect_view();
    view! {
        <section class="editor-seat" class:invalid=bad data-seat=seat>
            <div class="seat-head">
                <label class="seat-name">
                    <span class="sr-only">{t.editor_name()}</span>
                    <input type="text" maxlength="20" prop:value=name
                        on:change=move |ev| {
                            let value = event_target_value(&ev).trim().to_string();
                            if !value.is_empty() { editor.names.update(|n| n[seat] = value) }
                        }/>
                </label>
                <label class="to-move">
                    <input type="radio" name=radio_name prop:checked=move || editor.position.with(|p| p.to_move.index() == seat)
                        on:change=move |_| editor.position.update(|p| p.to_move = Seat::new(seat).unwrap_or_default())/>
                    " "{t.editor_moves_next()}
                </label>
                <Stepper label=t.editor_meeples().to_string() value=meeples set=set_meeples min=0
                    invalid=seat_error(|e| matches!(e, PositionError::Meeples { .. }))/>
                <Stepper label=t.editor_score().to_string() value=score set=set_score min=0/>
            </div>
            <div class="editor-realm">{locations}</div>
        </section>
    }
    .into_any()
}

/// One location of a realm (or the Infirmary): its cards, each to take
/// away, and the place to put the chosen card when it may lie there.
#[component]
fn LocationSlot(seat: usize, location: Location) -> impl IntoView {
    let state = expect_context::<AppState>();
    let editor = expect_context::<Editor>();
    let t = state.t_now();
    let character = location.character();
    let cards = move || {
        editor.position.with(|p| {
            let s = &p.seats[seat];
            match character {
                Some(c) => s.realm[c.index()].clone(),
                None => s.infirmary.clone(),
            }
        })
    };
    let fits = move |card: Card| character.is_none_or(|c| card.can_be(c));
    let can_put = move || editor.chosen.get().is_some_and(fits);
    let put = move |_| {
        let Some(card) = editor.chosen.get_untracked().filter(|&c| fits(c)) else {
            return;
        };
        editor.position.update(|p| match character {
            Some(c) => p.seats[seat].realm[c.index()].push(card),
            None => p.seats[seat].infirmary.push(card),
        });
    };
    let remove = move |index: usize| {
        editor.position.update(|p| {
            let list = match character {
                Some(c) => &mut p.seats[seat].realm[c.index()],
                None => &mut p.seats[seat].infirmary,
            };
            if index < list.len() {
                list.remove(index);
            }
        })
    };
    let shown = move |card: Card| Placement {
        card,
        character: character
            .unwrap_or_else(|| card.characters().next().unwrap_or(Character::Miller)),
    };
    view! {
        <div class="editor-location" data-location=location.name()>
            <button type="button" class="location-head" on:click=put disabled=move || !can_put()
                aria-label=move || match editor.chosen.get().filter(|&c| fits(c)) {
                    Some(c) => format!("{} — {}", t.location(location), t.editor_put_here(t.card(c))),
                    None => t.location(location).to_string(),
                }>
                <LocationEmblem location/>
                <span class="location-name">{t.location(location)}</span>
            </button>
            <ul class="location-cards">
                {move || cards().into_iter().enumerate().map(|(i, card)| view! {
                    <li>
                        <button type="button" class="table-card" on:click=move |_| remove(i)
                            aria-label=move || t.editor_remove(t.card(card))>
                            <StackCard placement=shown(card)/>
                        </button>
                    </li>
                }).collect_view()}
            </ul>
        </div>
    }
    .into_any()
}
