//! `Game::preview`: what a turn would give, computed without playing it.

mod common;

use common::dealt;
use majesty_rules::{Card, Character::*, Event, Game, Turn, TurnError};

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
        player: 0,
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
    assert_eq!(game.player(0).score(), before.player(0).score());
    assert_eq!(game.display(), before.display());
    // And playing the turn gives what the preview said.
    let mut played = game.clone();
    played.apply(Turn::new(0, Brewer)).unwrap();
    assert_eq!(played.player(0).score() - game.player(0).score(), 5);
    assert_eq!(played.player(1).score() - game.player(1).score(), 2);
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
