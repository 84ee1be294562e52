//! The rulebook examples that rules/RULES.md lists as tests, and the worked
//! examples of the English rulebook.

mod common;

use common::{play, points, scores, seat};
use majesty_rules::{Basis, Character::*, Event, Location};

#[test]
fn third_brewer_on_side_a() {
    // rules/RULES.md examples / rulebook p.6 (Brewery A): "You place your third
    // Brewer. You immediately gain 6 points and 3 Meeples ... only room to
    // place one ... Since you also have a Miller, you gain another 2 points
    // ... return the 2 Meeples ... and gain 2 points for this."
    let (_, events) = play(
        2,
        "AAAAAAAA",
        &[
            "Miller", "Guard", "Brewer", "Guard", "Brewer", "Guard", "Brewer",
        ],
    );
    assert!(events.contains(&Event::Gained {
        player: seat(0),
        location: Location::Brewery,
        basis: Basis::PerCharacter {
            counted: vec![(Brewer, 3)],
            points_each: 2,
            meeples_each: 1,
        },
        points: 6,
        meeples: 3,
    }));
    assert!(events.contains(&Event::EveryoneGained {
        location: Location::Brewery,
        needs: Miller,
        points: 2,
        players: vec![seat(0)],
    }));
}

#[test]
fn third_brewer_with_one_free_worker_space_converts_two_meeples() {
    use majesty_rules::{Card, GameConfig, Turn};
    // The same example with the worker card one short of full: 3 meeples
    // gained, 1 fits, 2 go back at the end of the turn for 2 points.
    let c = |s: &str| s.parse::<Card>().unwrap();
    let mut deck = vec![
        c("Miller"),
        c("Guard"),
        c("Brewer"),
        c("Guard"),
        c("Brewer"),
        c("Guard"),
    ];
    deck.extend([c("Knight"), c("Brewer"), c("Noble"), c("Noble")]);
    deck.resize(60, c("Noble"));
    let mut game = majesty_rules::Game::with_deck(GameConfig::new(2).unwrap(), &deck).unwrap();
    for _ in 0..6 {
        let place = game.display()[0].card.characters().next().unwrap();
        game.apply(Turn::new(0, place)).unwrap();
    }
    // Seat 0 has Miller and 2 Brewers; its meeples were topped up to 5.
    assert_eq!(game.player(seat(0)).meeples(), 5);
    // Display now: Knight, Brewer, Noble, ... Seat 0 pays 1 meeple for the Brewer.
    assert_eq!(game.display()[1].card, c("Brewer"));
    let before = game.player(seat(0)).score();
    let events = game.apply(Turn::new(1, Brewer)).unwrap();
    assert!(events.contains(&Event::Converted {
        player: seat(0),
        meeples: 2,
        points: 2,
    }));
    // +6 (Brewers) +2 (own Miller) +2 (converted meeples) = +10.
    assert_eq!(game.player(seat(0)).score() - before, 10);
    assert_eq!(game.player(seat(0)).meeples(), 5);
}

#[test]
fn second_witch_heals_a_miller_for_ten() {
    // rules/RULES.md examples / rulebook p.6 (Cottage A): "You place your second
    // Witch, and heal the top Character in the Infirmary. This is a Miller
    // ... Since you have a total of 5 Characters depicted on the card in
    // your realm, you gain 10 points." (2 Millers, 1 Brewer, 2 Witches.)
    let (game, events) = play(
        2,
        "AAAAAAAA",
        &[
            "Miller", "Brewer", "Witch", "Guard", "Miller", "Knight", "Brewer", "Guard", "Witch",
        ],
    );
    assert!(matches!(
        events[2],
        Event::Healed {
            player,
            character: Miller,
            ..
        } if player == seat(0)
    ));
    assert_eq!(points(&events, seat(0)), 10);
    assert_eq!(game.player(seat(0)).realm().count(Miller), 2);
    assert!(game.player(seat(0)).infirmary().is_empty());
}

#[test]
fn inn_b_second_innkeeper_with_three_witches_and_three_guards() {
    // rules/RULES.md examples / rulebook (Inn B): "You place your second Innkeeper.
    // In your realm, you currently have 3 Witches and 3 Guards ... 3
    // Characters x 2 points = 6 points, but since you have 2 Innkeepers in
    // total, you gain 12 points."
    let mine = [
        "Witch",
        "Witch",
        "Witch",
        "Guard",
        "Guard",
        "Guard",
        "Innkeeper",
        "Innkeeper",
    ];
    let script: Vec<&str> = mine.iter().flat_map(|&c| [c, "Noble"]).collect();
    let (_, events) = play(2, "BBBBBBBB", &script[..script.len() - 1]);
    assert!(events.contains(&Event::Gained {
        player: seat(0),
        location: Location::Inn,
        basis: Basis::Fullest {
            innkeepers: 2,
            fullest: 3,
            points_each: 2,
        },
        points: 12,
        meeples: 0,
    }));
    assert_eq!(points(&events, seat(0)), 12);
}

#[test]
fn castle_b_second_noble_with_one_wounded_card_and_no_trade() {
    // rules/RULES.md examples / rulebook (Castle B): "you decide not to trade any
    // Meeples/points. For your 2 Nobles and 1 wounded Character in your
    // Infirmary, you gain 12 points."
    let (game, events) = play(
        2,
        "BBBBBBBB",
        &["Miller", "Knight", "Noble", "Guard", "Noble"],
    );
    assert_eq!(game.player(seat(0)).infirmary().len(), 1);
    assert_eq!(points(&events, seat(0)), 12);
}

#[test]
fn millers_and_witches_from_the_basics_page() {
    // Rulebook p.5: "You take a Miller ... You gain 2 points. ... another
    // Miller ... 4 points. Then, you take a Witch ... two Millers and one
    // Witch, you gain 6 points."
    let (game, _) = play(
        2,
        "AAAAAAAA",
        &["Miller", "Noble", "Miller", "Noble", "Witch"],
    );
    // Seat 0 scored 2, then 4, then 6.
    assert_eq!(game.player(seat(0)).score(), 12);
}

#[test]
fn attack_examples_of_page_six() {
    // Rulebook p.6: "The defender has two Guards, and the attacker has one
    // Knight. This attack fails." and "two Guards ... three Knights. This
    // attack succeeds."
    let (game, events) = play(2, "AAAAAAAA", &["Guard", "Miller", "Guard", "Knight"]);
    assert!(events.contains(&Event::Attacked {
        attacker: seat(1),
        knights: 1,
        defender: seat(0),
        guards: 2,
        wounded: None,
    }));
    assert!(game.player(seat(0)).infirmary().is_empty());

    let (game, events) = play(
        2,
        "AAAAAAAA",
        &["Guard", "Knight", "Guard", "Knight", "Miller", "Knight"],
    );
    let wounded = events.iter().find_map(|e| match e {
        Event::Attacked {
            knights: 3,
            guards: 2,
            wounded,
            ..
        } => *wounded,
        _ => None,
    });
    assert_eq!(wounded.map(|p| p.character), Some(Miller));
    assert_eq!(game.player(seat(0)).infirmary().len(), 1);
}

#[test]
fn healed_brewer_counts_for_the_rest_of_the_cottage() {
    // Rulebook p.6: "First, move your Brewer from the Infirmary and return it
    // faceup to the Brewery ... Then, because you have two Brewers and two
    // Witches, you gain 8 points."
    let (game, events) = play(
        2,
        "AAAAAAAA",
        &[
            "Brewer", "Noble", "Witch", "Knight", "Brewer", "Noble", "Witch",
        ],
    );
    assert!(matches!(
        events[2],
        Event::Healed {
            player,
            character: Brewer,
            ..
        } if player == seat(0)
    ));
    assert_eq!(points(&events, seat(0)), 8);
    assert_eq!(game.player(seat(0)).realm().count(Brewer), 2);
    assert_eq!(game.player(seat(0)).realm().count(Witch), 2);
    // Brewer +2 (+1 meeple over 5: +1), Witch +4, Brewer again (the first is
    // wounded) +2 (+1), Witch +8.
    assert_eq!(scores(&game)[0], 3 + 4 + 3 + 8);
}
