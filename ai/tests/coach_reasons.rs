//! A hint's reasons say what a turn changes in final scoring
//! (rules/RULES.md "Final scoring"), were the game to end after it:
//! variety, majorities won, shared or lost, the Infirmary's penalties.

// The rules crate's test helpers: scripted games.
#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::{dealt, parse_turn};
use majesty_ai::coach::{MajorityChange, Reason};
use majesty_rules::rand::RngExt as _;
use majesty_rules::rng::seeded;
use majesty_rules::{Character, FinalScoring, Game, GameConfig, Location, Observation, Seat, Turn};

fn seat(index: usize) -> Seat {
    Seat::new(index).unwrap()
}

/// The game before the last turn of `script` (each turn taking the front
/// card, as `common::play` lays the deck out), and that turn.
fn before_last(players: usize, sides: &str, script: &[&str]) -> (Game, Turn) {
    let turns: Vec<_> = script.iter().map(|s| parse_turn(s)).collect();
    let deck: Vec<_> = turns.iter().map(|(card, _)| *card).collect();
    let mut game = dealt(players, sides, &deck);
    let (last, played) = turns.split_last().unwrap();
    for (_, turn) in played {
        game.apply(*turn).unwrap();
    }
    assert_eq!(game.display()[0].card, last.0);
    (game, last.1)
}

fn reason(players: usize, sides: &str, script: &[&str]) -> Reason {
    let (game, turn) = before_last(players, sides, script);
    Reason::of(&Observation::to_move(&game), turn).unwrap()
}

#[test]
fn a_fifth_location_adds_nine_variety_and_a_castle_alone_its_sixteen() {
    // Final scoring step 2: n locations give n × n, so a 5th is 25 − 16 = 9.
    // Step 3: Castle A's majority is 16.
    let reason = reason(
        2,
        "AAAAAAAA",
        &[
            "Miller", "Miller", "Brewer", "Miller", "Witch", "Miller", "Guard", "Miller", "Noble",
        ],
    );
    assert_eq!((reason.variety, reason.locations), (9, 5));
    let castle = MajorityChange {
        location: Location::Castle,
        value: 16,
        won: true,
        alone: true,
        held: true,
        lost_by: vec![],
    };
    assert_eq!(reason.majorities, vec![castle]);
    // Castle A: +5 and a meeple per Noble now, the meeple a sixth turned
    // into a point; then 9 variety and 16 at the end.
    assert_eq!((reason.points[0], reason.converted), (5 + 1, 1));
    assert_eq!(reason.at_the_end, vec![6 + 9 + 16, 0]);
}

#[test]
fn a_tied_majority_scores_in_full_and_a_broken_tie_costs_the_opponent() {
    // Final scoring step 3: ties — every tied player gains the full value
    // (Guardhouse A: 13).
    let tie = reason(2, "AAAAAAAA", &["Guard", "Guard"]);
    assert_eq!((tie.variety, tie.locations), (1, 1));
    assert_eq!(
        tie.majorities,
        vec![MajorityChange {
            location: Location::Guardhouse,
            value: 13,
            won: true,
            alone: false,
            held: true,
            lost_by: vec![],
        }]
    );
    // Seat 1: Guardhouse A gives +2 per Guard now, 1 variety, 13 shared.
    assert_eq!(tie.at_the_end, vec![0, 2 + 1 + 13]);
    let broken = reason(2, "AAAAAAAA", &["Guard", "Guard", "Guard"]);
    assert_eq!(
        broken.majorities,
        vec![MajorityChange {
            location: Location::Guardhouse,
            value: 13,
            won: false,
            alone: true,
            held: true,
            lost_by: vec![seat(1)],
        }]
    );
    assert_eq!(broken.variety, 0);
    assert_eq!(broken.at_the_end, vec![4, -13]);
}

#[test]
fn a_wound_costs_the_infirmarys_penalty_the_majority_and_the_variety() {
    // Barracks: Attack wounds seat 0's Miller (no Guard against one
    // Knight). Infirmary B: −2 per card and −10 for the most cards; seat 0
    // loses the Mill's majority (10) and its one location (variety 1).
    let reason = reason(2, "AAAAAAAB", &["Miller", "Knight"]);
    assert_eq!(reason.wounded, vec![(seat(0), Character::Miller)]);
    assert_eq!(reason.infirmary, vec![-12, 0]);
    let mill = MajorityChange {
        location: Location::Mill,
        value: 10,
        won: false,
        alone: false,
        held: false,
        lost_by: vec![seat(0)],
    };
    let barracks = MajorityChange {
        location: Location::Barracks,
        value: 14,
        won: true,
        alone: true,
        held: true,
        lost_by: vec![],
    };
    assert_eq!(reason.majorities, vec![mill, barracks]);
    // Barracks A: +3 per Knight now.
    assert_eq!(reason.at_the_end, vec![-12 - 1 - 10, 3 + 1 + 14]);
}

#[test]
fn spare_meeples_turned_into_points_are_counted() {
    // A turn, step 4: meeples beyond 5 go back to the supply, +1 point
    // each. Brewery A: +1 meeple per Brewer, on the 5 a player starts with.
    let reason = reason(2, "AAAAAAAA", &["Brewer"]);
    assert_eq!(reason.converted, 1);
    assert_eq!(reason.meeples, 0);
}

#[test]
fn a_reasons_final_scoring_is_the_rules_final_scoring_before_and_after() {
    // Over random games of 2–4 players on both sides, what a reason says
    // of the end is what FinalScoring says of the players before and
    // after the turn (rules/RULES.md "Final scoring").
    let (mut variety, mut won, mut shared, mut lost) = (0, 0, 0, 0);
    for seed in 0..24u64 {
        let players = 2 + (seed % 3) as usize;
        let sides = ["AAAAAAAA", "BBBBBBBB", "ABABABAB"][(seed % 3) as usize];
        let config = GameConfig::new(players)
            .unwrap()
            .with_sides(sides.parse().unwrap());
        let mut game = Game::new(config, seed).unwrap();
        let mut rng = seeded(seed + 7);
        while !game.is_over() {
            let legal = game.legal_turns();
            let turn = legal[rng.random_range(0..legal.len())];
            let reason = Reason::of(&Observation::to_move(&game), turn).unwrap();
            let seat = game.current_player();
            let before = FinalScoring::of_players(game.config(), game.players()).players;
            let preview = game.preview(turn).unwrap();
            let after = FinalScoring::of_players(game.config(), &preview.players).players;
            for p in 0..players {
                assert_eq!(reason.at_the_end[p], after[p].total - before[p].total);
                assert_eq!(
                    reason.infirmary[p],
                    after[p].infirmary() - before[p].infirmary()
                );
            }
            let (m, n) = (
                before[seat.index()].variety_locations,
                after[seat.index()].variety_locations,
            );
            assert_eq!(reason.locations, n);
            // Step 2: n × n; a turn adds a location, or two with a heal.
            assert_eq!(reason.variety, i32::from(n * n) - i32::from(m * m));
            if n > m {
                variety += 1;
            }
            for change in &reason.majorities {
                let i = change.location.index();
                assert!(change.won || !change.lost_by.is_empty());
                if change.held {
                    assert_eq!(after[seat.index()].majority[i], change.value);
                }
                if change.won {
                    assert_eq!(before[seat.index()].majority[i], 0);
                    let rivals =
                        (0..players).filter(|&p| p != seat.index() && after[p].majority[i] != 0);
                    if change.alone {
                        assert_eq!(rivals.count(), 0);
                        won += 1;
                    } else {
                        assert!(rivals.count() > 0);
                        shared += 1;
                    }
                }
                for &p in &change.lost_by {
                    assert_eq!(
                        (before[p.index()].majority[i], after[p.index()].majority[i]),
                        (change.value, 0)
                    );
                    lost += 1;
                }
            }
            game.apply(turn).unwrap();
        }
    }
    assert!(
        variety > 0 && won > 0 && shared > 0 && lost > 0,
        "{variety} variety, {won} won, {shared} shared, {lost} lost"
    );
}
