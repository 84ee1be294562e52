//! `Game::preview`: what a turn would give, computed without playing it.

mod common;

use common::{dealt, seat};
use majesty_rules::{Card, Character::*, Event, Game, GameConfig, Sides, Turn, TurnError};

/// Both players have taken a Miller; the display shows a Brewer in front,
/// then Millers.
fn two_millers_then_a_brewer() -> Game {
    let deck: Vec<Card> = ["Miller", "Miller", "Brewer"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let mut game = dealt(2, "AAAAAAAA", &deck);
    game.apply(Turn::new(0, Miller)).unwrap();
    game.apply(Turn::new(0, Miller)).unwrap();
    game
}

#[test]
fn preview_gives_every_players_points_and_meeples_and_changes_nothing() {
    // rules/RULES.md, Brewery A: "+2 and +1 meeple per Brewer; then every
    // player (you included) with ≥1 Miller gains 2"; "A turn" step 4:
    // meeples beyond 5 go back to the supply, +1 point each.
    let game = two_millers_then_a_brewer();
    let before = game.clone();
    let preview = game.preview(Turn::new(0, Brewer)).unwrap();
    // Seat 0: +2 (Brewer) +2 (own Miller) +1 (the sixth meeple converted).
    assert_eq!(preview.points, vec![5, 2]);
    assert_eq!(preview.meeples, vec![0, 0]);
    assert!(preview.events.contains(&Event::Converted {
        player: seat(0),
        meeples: 1,
        points: 1
    }));
    // The refill would show the hidden top card of the deck: left out.
    assert!(!preview
        .events
        .iter()
        .any(|e| matches!(e, Event::Refilled { .. })));
    // Nothing was played.
    assert_eq!(game.turn_number(), before.turn_number());
    assert_eq!(game.player(seat(0)).score(), before.player(seat(0)).score());
    assert_eq!(game.display(), before.display());
    // And playing the turn gives what the preview said.
    let mut played = game.clone();
    played.apply(Turn::new(0, Brewer)).unwrap();
    assert_eq!(
        played.player(seat(0)).score() - game.player(seat(0)).score(),
        5
    );
    assert_eq!(
        played.player(seat(1)).score() - game.player(seat(1)).score(),
        2
    );
}

#[test]
fn preview_counts_the_meeples_paid_for_a_card_further_back() {
    // rules/RULES.md "A turn" step 1: the card in space k costs k meeples;
    // Mill A: +2 per Miller.
    let game = two_millers_then_a_brewer();
    let preview = game.preview(Turn::new(2, Miller)).unwrap();
    assert_eq!(preview.meeples, vec![-2, 0]);
    assert_eq!(preview.points, vec![4, 0]);
}

#[test]
fn preview_refuses_an_illegal_turn() {
    let game = two_millers_then_a_brewer();
    assert!(matches!(
        game.preview(Turn::new(0, Knight)),
        Err(TurnError::WrongCharacter { .. })
    ));
}

#[test]
fn the_best_scoring_turns_are_the_legal_turns_that_score_most_now() {
    // rules/RULES.md, Brewery A and Mill A as above: with two Millers and a
    // Brewer in the display, the Brewer (+5) beats a Miller (+4).
    let game = two_millers_then_a_brewer();
    let best = game.best_scoring_turns();
    assert_eq!(best, vec![Turn::new(0, Brewer)]);
    // In random positions: every best turn is legal, all score the same,
    // and no legal turn scores more.
    for seed in 0..20 {
        let config = GameConfig::new(3).unwrap().with_sides(Sides::ALL_B);
        let mut game = Game::new(config, seed).unwrap();
        while !game.is_over() {
            let seat = game.current_player();
            let gain = |t: Turn| game.preview(t).unwrap().points[seat.index()];
            let legal = game.legal_turns();
            let best = game.best_scoring_turns();
            let most = legal.iter().map(|&t| gain(t)).max().unwrap();
            assert!(!best.is_empty());
            assert!(best.iter().all(|t| legal.contains(t) && gain(*t) == most));
            let tied = legal.iter().filter(|&&t| gain(t) == most).count();
            assert_eq!(best.len(), tied);
            let turn = legal[(seed as usize + game.turn_number()) % legal.len()];
            game.apply(turn).unwrap();
        }
        assert!(game.best_scoring_turns().is_empty());
    }
}

#[test]
fn preview_gives_every_player_as_the_turn_leaves_them() {
    // The players after the turn are what playing it makes of them (the
    // refill, a card of the hidden deck, changes no player): the coach
    // reads majorities and defence off them without seeing the deck.
    let game = two_millers_then_a_brewer();
    for turn in game.legal_turns() {
        let preview = game.preview(turn).unwrap();
        let mut played = game.clone();
        played.apply(turn).unwrap();
        assert_eq!(preview.players, played.players(), "{turn}");
    }
}
