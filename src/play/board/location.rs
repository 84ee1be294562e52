//! A location card at the head of a realm's column: its emblem, side and
//! number, its ability in short (symbols made from the engine's own ability
//! steps), what its majority pays, and the ability in words on hover/focus.

use leptos::prelude::*;
use majesty_rules::{ability, majority_value, Character, Location, Side, Sides, Step};

use super::art::{LocationEmblem, Pawn, SeatEmblem};
use super::icons::CharacterIcon;
use crate::i18n::{capitalize, describe_ability, signed};
use crate::state::AppState;

/// One symbol of an ability in short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// A character counted by the ability.
    Who(Character),
    /// Points gained.
    Points(i32),
    /// Meeples gained.
    Meeples(i32),
    /// "Every player with…": the all-players mark.
    Everyone,
    /// "…if you have one of each of…".
    IfEach,
    /// "…per character at your fullest location".
    Fullest,
    /// "…and per card in your Infirmary".
    Wounded,
    Defend,
    Attack,
    Heal,
    Trade,
    /// Game end: points per card here.
    PerCard(i32),
    /// Game end: points for the most cards here.
    Most(i32),
    /// Between two steps.
    Then,
}

/// An ability in short, step by step.
pub fn glyphs(location: Location, side: Side) -> Vec<Glyph> {
    let mut out = Vec::new();
    for (i, step) in ability(location, side).iter().enumerate() {
        if i > 0 {
            out.push(Glyph::Then);
        }
        match *step {
            Step::Defend => out.push(Glyph::Defend),
            Step::Attack => out.push(Glyph::Attack),
            Step::Heal => out.push(Glyph::Heal),
            Step::Trade => out.push(Glyph::Trade),
            Step::PerCharacter {
                characters,
                points,
                meeples,
            } => {
                out.extend(characters.iter().map(|&c| Glyph::Who(c)));
                if points != 0 {
                    out.push(Glyph::Points(points));
                }
                if meeples != 0 {
                    out.push(Glyph::Meeples(i32::from(meeples)));
                }
            }
            Step::Everyone { needs, points } => {
                out.extend([Glyph::Everyone, Glyph::Who(needs), Glyph::Points(points)]);
            }
            Step::IfYouHave { characters, points } => {
                out.push(Glyph::IfEach);
                out.extend(characters.iter().map(|&c| Glyph::Who(c)));
                out.push(Glyph::Points(points));
            }
            Step::PerFullest { per, points } => {
                out.extend([Glyph::Who(per), Glyph::Points(points), Glyph::Fullest]);
            }
            Step::PerCharacterAndWounded { character, points } => {
                out.extend([Glyph::Who(character), Glyph::Wounded, Glyph::Points(points)]);
            }
            Step::GameEnd { per_card, most } => {
                out.push(Glyph::PerCard(per_card));
                if most != 0 {
                    out.push(Glyph::Most(most));
                }
            }
        }
    }
    out
}

fn glyph_view(glyph: Glyph) -> AnyView {
    match glyph {
        Glyph::Who(c) => view! { <span class=format!("g-who {}", super::card::character_class(c))><CharacterIcon character=c/></span> }.into_any(),
        Glyph::Points(p) => view! { <span class="g-points">{signed(p)}</span> }.into_any(),
        Glyph::Meeples(m) => view! { <span class="g-meeples">{signed(m)}<Pawn/></span> }.into_any(),
        Glyph::Everyone => view! { <span class="g-sym g-everyone">"∀"</span> }.into_any(),
        Glyph::IfEach => view! { <span class="g-sym">"✓"</span> }.into_any(),
        Glyph::Fullest => view! { <span class="g-sym">"×▮max"</span> }.into_any(),
        Glyph::Wounded => view! { <span class="g-sym g-wounded">"+✚"</span> }.into_any(),
        Glyph::Defend => view! { <span class="g-sym g-defend c-guard"><CharacterIcon character=Character::Guard/></span> }.into_any(),
        Glyph::Attack => view! { <span class="g-sym g-attack c-knight">"⚔"</span> }.into_any(),
        Glyph::Heal => view! { <span class="g-sym g-heal">"✚"</span> }.into_any(),
        Glyph::Trade => view! { <span class="g-sym g-trade"><Pawn/>"⇄●"</span> }.into_any(),
        Glyph::PerCard(p) => view! { <span class="g-points g-loss">{format!("{}/▯", signed(p))}</span> }.into_any(),
        Glyph::Most(p) => view! { <span class="g-points g-loss">{format!("max {}", signed(p))}</span> }.into_any(),
        Glyph::Then => view! { <span class="g-then">"·"</span> }.into_any(),
    }
}

/// The card at the head of a location's column.
#[component]
pub fn LocationCard(
    location: Location,
    sides: Sides,
    /// Only the emblem, side and number (an opponent's realm, a phone).
    #[prop(optional)]
    compact: bool,
    /// The seats that have the most characters here now (ties too): the
    /// majority would pay them if the game ended now. Shown by their emblems.
    #[prop(default = None)]
    leaders: Option<Signal<Vec<usize>>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let t = move || state.t();
    let side = sides.of(location);
    let side_letter = match side {
        Side::A => "A",
        Side::B => "B",
    };
    let pays = majority_value(&sides, location);
    let seats = state
        .session
        .with_untracked(|s| s.as_ref().map_or(0, |s| s.record.players.len()));
    let leader_names = move || {
        let seats = leaders.map(|l| l.get())?;
        let t = t();
        state.session.with(|s| {
            let s = s.as_ref()?;
            let names: Vec<&str> = seats.iter().map(|&seat| s.name(seat)).collect();
            Some(if names.is_empty() {
                t.board_leaders_none().to_string()
            } else {
                t.board_leaders(t.and_list(&names))
            })
        })
    };
    let label = move || {
        let t = t();
        let mut text = format!(
            "{}. {}",
            t.location_heading(location, side),
            describe_ability(t, location, side)
        );
        // Further sentences: "… Most characters here at the end: +10."
        let pays = pays.map(|p| t.majority_pays(p));
        for part in pays.into_iter().chain(leader_names()) {
            if !part.is_empty() {
                text.push(' ');
                text.push_str(&capitalize(&part));
                text.push('.');
            }
        }
        text
    };
    let short = (!compact).then(|| {
        glyphs(location, side)
            .into_iter()
            .map(glyph_view)
            .collect_view()
    });
    view! {
        // One tab stop per realm, its first location; the arrows lead to
        // the others (`realm::roam_locations`).
        <div class="loc-card" class:compact=compact role="group" aria-label=label
            tabindex=if location == Location::Mill { "0" } else { "-1" }>
            <span class="loc-top" aria-hidden="true">
                <span class="loc-no">{location.index() + 1}</span>
                <LocationEmblem location=location/>
                <span class="loc-side">{side_letter}</span>
            </span>
            <span class="loc-name" aria-hidden="true">{move || t().location(location)}</span>
            {short.map(|s| view! { <span class="glyphs" aria-hidden="true">{s}</span> })}
            {pays.map(|p| view! {
                <span class="pays" aria-hidden="true" title=move || t().majority_pays(p)>
                    {format!("★ {p}")}
                    // A place for every seat, shown when it leads: nothing
                    // moves when the lead changes.
                    {leaders.map(|l| view! {
                        <span class="leaders" title=leader_names>
                            {(0..seats).map(|seat| view! {
                                <span class=format!("leader seat-{seat}")
                                    class:off=move || !l.with(|l| l.contains(&seat))>
                                    <SeatEmblem seat=seat/>
                                </span>
                            }).collect_view()}
                        </span>
                    })}
                </span>
            })}
            <span class="ability-pop" aria-hidden="true">
                <strong>{move || t().location_heading(location, side)}</strong>
                " "
                {move || describe_ability(t(), location, side)}
            </span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules: Mill A "+2 per Miller"; Brewery A "+2 and +1 meeple per
    /// Brewer" (rules/RULES.md, location table).
    #[test]
    fn glyphs_follow_the_engines_ability_steps() {
        assert_eq!(
            glyphs(Location::Mill, Side::A),
            vec![Glyph::Who(Character::Miller), Glyph::Points(2)]
        );
        assert_eq!(
            glyphs(Location::Brewery, Side::A)[..3],
            [
                Glyph::Who(Character::Brewer),
                Glyph::Points(2),
                Glyph::Meeples(1)
            ]
        );
    }

    #[test]
    fn every_location_has_a_short_ability() {
        for location in Location::ALL {
            for side in [Side::A, Side::B] {
                assert!(!glyphs(location, side).is_empty(), "{location:?} {side:?}");
            }
        }
    }

    #[test]
    fn infirmary_b_shows_the_penalty_for_the_most_cards() {
        assert!(glyphs(Location::Infirmary, Side::B).contains(&Glyph::Most(-10)));
    }
}
