//! Every location on both sides (rules/RULES.md "Locations, side A" and "side B").

mod common;

use common::{play, points, seat};
use majesty_rules::{Basis, Character::*, Event, Location, Seat};

fn gained(events: &[Event], location: Location) -> Vec<(i32, i32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Gained {
                location: l,
                points,
                meeples,
                ..
            } if *l == location => Some((*points, i32::from(*meeples))),
            _ => None,
        })
        .collect()
}

fn everyone(events: &[Event]) -> Option<(Location, i32, Vec<Seat>)> {
    events.iter().find_map(|e| match e {
        Event::EveryoneGained {
            location,
            points,
            players,
            ..
        } => Some((*location, *points, players.clone())),
        _ => None,
    })
}

#[test]
fn mill_a_two_per_miller() {
    // Mill A: +2 per Miller.
    let (_, events) = play(2, "AAAAAAAA", &["Miller", "Witch", "Miller"]);
    assert_eq!(gained(&events, Location::Mill), vec![(4, 0)]);
    assert_eq!(everyone(&events), None);
}

#[test]
fn mill_b_two_per_miller_then_everyone_with_a_witch_gains_three() {
    // Mill B: +2 per Miller; then every player (you included) with ≥1 Witch gains 3.
    let (_, events) = play(3, "BAAAAAAA", &["Witch", "Witch", "Miller", "Miller"]);
    // Seat 0 places its second card (a Miller); seats 0 and 1 have a Witch.
    assert_eq!(gained(&events, Location::Mill), vec![(2, 0)]);
    assert_eq!(
        everyone(&events),
        Some((Location::Mill, 3, vec![seat(0), seat(1)]))
    );
    assert_eq!(points(&events, seat(0)), 5);
    assert_eq!(points(&events, seat(1)), 3);
    assert_eq!(points(&events, seat(2)), 0);
}

#[test]
fn brewery_a_two_points_and_a_meeple_per_brewer_then_millers_gain_two() {
    // Brewery A: +2 and +1 meeple per Brewer; then every player with ≥1 Miller gains 2.
    let (game, events) = play(2, "AAAAAAAA", &["Miller", "Miller", "Brewer"]);
    assert_eq!(gained(&events, Location::Brewery), vec![(2, 1)]);
    assert_eq!(
        everyone(&events),
        Some((Location::Brewery, 2, vec![seat(0), seat(1)]))
    );
    // 5 meeples + 1 → the extra one converts: +1.
    assert_eq!(points(&events, seat(0)), 2 + 2 + 1);
    assert_eq!(game.player(seat(0)).meeples(), 5);
}

#[test]
fn brewery_b_meeples_per_miller_and_brewer_and_ten_for_innkeeper_and_noble() {
    // Brewery B: +1 meeple per Miller and per Brewer (no points); then, if you
    // have ≥1 Innkeeper and ≥1 Noble, you gain 10.
    let (_, events) = play(
        2,
        "ABAAAAAA",
        &[
            "Miller",
            "Guard",
            "Innkeeper",
            "Guard",
            "Noble",
            "Guard",
            "Brewer",
        ],
    );
    assert_eq!(gained(&events, Location::Brewery), vec![(0, 2), (10, 0)]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Gained {
            basis: Basis::HasEach { .. },
            ..
        }
    )));
    // 2 meeples beyond a full worker card convert at end of turn.
    assert_eq!(points(&events, seat(0)), 12);
}

#[test]
fn brewery_b_without_the_pair_gives_only_meeples() {
    // Brewery B: "it is possible to gain no points at all when activating it."
    let (_, events) = play(2, "ABAAAAAA", &["Innkeeper", "Guard", "Brewer"]);
    assert_eq!(gained(&events, Location::Brewery), vec![(0, 1)]);
    assert_eq!(points(&events, seat(0)), 1); // the meeple beyond 5 converts
}

#[test]
fn cottage_a_two_per_miller_brewer_and_witch() {
    // Cottage A: Heal; then +2 per Miller, per Brewer and per Witch.
    let (_, events) = play(
        2,
        "AAAAAAAA",
        &["Miller", "Noble", "Brewer", "Noble", "Witch"],
    );
    assert_eq!(gained(&events, Location::Cottage), vec![(6, 0)]);
}

#[test]
fn cottage_b_three_per_witch() {
    // Cottage B: Heal; then +3 per Witch.
    let (_, events) = play(
        2,
        "AABAAAAA",
        &["Miller", "Noble", "Witch", "Noble", "Witch"],
    );
    assert_eq!(gained(&events, Location::Cottage), vec![(6, 0)]);
}

#[test]
fn guardhouse_a_two_per_guard_knight_and_innkeeper() {
    // Guardhouse A: +2 per Guard, per Knight and per Innkeeper.
    let (_, events) = play(
        2,
        "AAAAAAAA",
        &["Innkeeper", "Noble", "Knight", "Noble", "Guard"],
    );
    assert_eq!(gained(&events, Location::Guardhouse), vec![(6, 0)]);
}

#[test]
fn guardhouse_b_two_per_brewer_witch_guard_then_innkeepers_gain_three() {
    // Guardhouse B: +2 per Brewer, per Witch and per Guard; then every player
    // with ≥1 Innkeeper gains 3.
    let (_, events) = play(
        2,
        "AAABAAAA",
        &["Brewer", "Innkeeper", "Witch", "Noble", "Guard"],
    );
    assert_eq!(gained(&events, Location::Guardhouse), vec![(6, 0)]);
    assert_eq!(
        everyone(&events),
        Some((Location::Guardhouse, 3, vec![seat(1)]))
    );
    assert_eq!(points(&events, seat(0)), 6);
    assert_eq!(points(&events, seat(1)), 3);
}

#[test]
fn barracks_a_attack_then_three_per_knight() {
    // Barracks A: Attack; then +3 per Knight.
    let (_, events) = play(2, "AAAAAAAA", &["Knight", "Guard", "Knight"]);
    assert_eq!(gained(&events, Location::Barracks), vec![(6, 0)]);
    // The attack is resolved before the points.
    let attack = events
        .iter()
        .position(|e| matches!(e, Event::Attacked { .. }));
    let gain = events
        .iter()
        .position(|e| matches!(e, Event::Gained { .. }));
    assert!(attack < gain);
}

#[test]
fn barracks_b_three_per_knight_innkeeper_and_noble() {
    // Barracks B: Attack; then +3 per Knight, per Innkeeper and per Noble.
    let (_, events) = play(
        2,
        "AAAABAAA",
        &["Innkeeper", "Guard", "Noble", "Guard", "Knight"],
    );
    assert_eq!(gained(&events, Location::Barracks), vec![(9, 0)]);
}

#[test]
fn inn_a_four_per_innkeeper_then_brewers_gain_three() {
    // Inn A: +4 per Innkeeper; then every player with ≥1 Brewer gains 3.
    let (_, events) = play(2, "AAAAAAAA", &["Brewer", "Brewer", "Innkeeper"]);
    assert_eq!(gained(&events, Location::Inn), vec![(4, 0)]);
    assert_eq!(
        everyone(&events),
        Some((Location::Inn, 3, vec![seat(0), seat(1)]))
    );
    assert_eq!(points(&events, seat(0)), 7);
}

#[test]
fn inn_b_counts_the_new_innkeeper_at_the_fullest_location() {
    // Inn B and ruling 4: "fullest location" is the largest count among
    // locations 1–7 after the new Innkeeper is placed. 3 Innkeepers, the Inn
    // is the fullest with 3: 3 × 2 × 3 = 18.
    let (_, events) = play(
        2,
        "AAAAABAA",
        &["Innkeeper", "Miller", "Innkeeper", "Miller", "Innkeeper"],
    );
    assert_eq!(gained(&events, Location::Inn), vec![(18, 0)]);
}

#[test]
fn castle_a_five_points_and_a_meeple_per_noble() {
    // Castle A: +5 and +1 meeple per Noble.
    let (game, events) = play(2, "AAAAAAAA", &["Noble", "Miller", "Noble"]);
    assert_eq!(gained(&events, Location::Castle), vec![(10, 2)]);
    // Both meeples are beyond a full worker card: +2 at end of turn.
    assert_eq!(points(&events, seat(0)), 12);
    assert_eq!(game.player(seat(0)).meeples(), 5);
}

#[test]
fn castle_b_four_per_noble_and_per_wounded_card() {
    // Castle B: then +4 per Noble and per card in your Infirmary.
    let (_, events) = play(2, "AAAAAABA", &["Miller", "Knight", "Noble"]);
    assert_eq!(gained(&events, Location::Castle), vec![(8, 0)]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Gained {
            basis: Basis::NoblesAndWounded {
                nobles: 1,
                wounded: 1,
                points_each: 4
            },
            ..
        }
    )));
}

#[test]
fn abilities_count_only_the_realm_not_the_infirmary() {
    // rules/RULES.md "A turn" step 3: abilities never count the Infirmary.
    // Seat 0's first Miller is wounded, so the second Miller scores 2, not 4.
    let (game, events) = play(2, "AAAAAAAA", &["Miller", "Knight", "Miller"]);
    assert_eq!(game.player(seat(0)).infirmary().len(), 1);
    assert_eq!(gained(&events, Location::Mill), vec![(2, 0)]);
}

#[test]
fn split_card_counts_only_as_the_character_chosen() {
    // rules/RULES.md "A turn" step 2: from then on it is only that character.
    let (game, events) = play(
        2,
        "AAAAAAAA",
        &["Miller/Brewer as Brewer", "Noble", "Miller"],
    );
    assert_eq!(game.player(seat(0)).realm().count(Brewer), 1);
    assert_eq!(gained(&events, Location::Mill), vec![(2, 0)]);
}
