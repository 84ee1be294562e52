//! rules/RULES.md "Final scoring": Infirmary, variety, majority, winners.
//! `FinalScoring::of` is the same function the engine runs after the last
//! turn; these tests apply it to small positions built for each rule.

mod common;

use common::{dealt, play, seat};
use majesty_rules::{Card, Character::*, Event, FinalScoring, Game, GameConfig, Turn};

#[test]
fn majority_ties_all_score_the_full_value_and_empty_locations_score_nothing() {
    // Final scoring step 3: ties — every tied player gains the full value;
    // nobody scores a location where every player has 0.
    let (game, _) = play(2, "AAAAAAAA", &["Miller", "Miller", "Brewer"]);
    let scoring = FinalScoring::of(&game);
    assert_eq!(scoring.players[0].majority, [10, 11, 0, 0, 0, 0, 0]);
    assert_eq!(scoring.players[1].majority, [10, 0, 0, 0, 0, 0, 0]);
}

#[test]
fn majority_values_follow_the_side_of_each_location() {
    // Side B majority values: 14, 12, 12, 8, 8, 12, 16.
    let (game, _) = play(2, "BBBBBBBB", &["Miller", "Guard", "Knight"]);
    let scoring = FinalScoring::of(&game);
    assert_eq!(scoring.players[0].majority, [14, 0, 0, 0, 8, 0, 0]);
    assert_eq!(scoring.players[1].majority, [0, 0, 0, 8, 0, 0, 0]);
}

#[test]
fn variety_is_n_squared() {
    // Final scoring step 2, rulebook p.7: 4 locations → 16.
    let (game, _) = play(
        2,
        "AAAAAAAA",
        &[
            "Miller", "Noble", "Brewer", "Noble", "Witch", "Noble", "Guard",
        ],
    );
    let scoring = FinalScoring::of(&game);
    assert_eq!(scoring.players[0].variety_locations, 4);
    assert_eq!(scoring.players[0].variety, 16);
    assert_eq!(scoring.players[1].variety, 1);
}

#[test]
fn infirmary_a_costs_one_per_card() {
    // Infirmary A: −1 per card.
    let (game, _) = play(2, "AAAAAAAA", &["Miller", "Knight"]);
    let scoring = FinalScoring::of(&game);
    assert_eq!(scoring.players[0].infirmary_per_card, -1);
    assert_eq!(scoring.players[0].infirmary_most, 0);
}

#[test]
fn infirmary_b_costs_two_per_card_and_ten_to_all_tied_for_most() {
    // Infirmary B: −2 per card; whoever has the most cards in it (≥1) also
    // loses 10, ties all lose 10.
    let (game, _) = play(3, "AAAAAAAB", &["Miller", "Miller", "Knight"]);
    let scoring = FinalScoring::of(&game);
    for seat in [0, 1] {
        assert_eq!(scoring.players[seat].infirmary_cards, 1);
        assert_eq!(scoring.players[seat].infirmary_per_card, -2);
        assert_eq!(scoring.players[seat].infirmary_most, -10);
        assert_eq!(scoring.players[seat].infirmary(), -12);
    }
    assert_eq!(scoring.players[2].infirmary(), 0);
}

#[test]
fn infirmary_b_nobody_loses_ten_when_every_infirmary_is_empty() {
    let (game, _) = play(2, "AAAAAAAB", &["Miller", "Miller"]);
    let scoring = FinalScoring::of(&game);
    assert!(scoring.players.iter().all(|p| p.infirmary() == 0));
}

#[test]
fn scores_are_not_clamped() {
    // Ruling 5: a final total may be negative. Seat 0 pays a meeple for a
    // Brewer on Brewery B (+1 meeple, no points), which is then wounded:
    // 0 − 2 − 10 + 0 + 0 = −12.
    let cards: Vec<Card> = ["Noble", "Brewer", "Knight"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let mut game = dealt(2, "ABAAAAAB", &cards);
    game.apply(Turn::new(1, Brewer)).unwrap();
    game.apply(Turn::new(1, Knight)).unwrap();
    assert_eq!(game.player(seat(0)).score(), 0);
    let scoring = FinalScoring::of(&game);
    assert_eq!(scoring.players[0].total, -12);
    assert_eq!(scoring.players[1].total, 3 + 1 + 14);
    assert_eq!(scoring.winners, vec![seat(1)]);
}

fn tied_position(tiebreak: bool) -> Game {
    // Seat 0 takes a Miller for free, seat 1 pays a meeple for one: both end
    // on 2 + 1 + 10 = 13, seat 0 with 5 meeples, seat 1 with 4.
    let cards: Vec<Card> = ["Miller", "Noble", "Miller"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let mut deck = cards;
    deck.resize(60, Card::single(Noble));
    let config = GameConfig::new(2).unwrap().with_meeple_tiebreak(tiebreak);
    let mut game = Game::with_deck(config, &deck).unwrap();
    game.apply(Turn::new(0, Miller)).unwrap();
    game.apply(Turn::new(1, Miller)).unwrap();
    game
}

#[test]
fn tied_players_share_the_victory() {
    // Final scoring step 4: tied players share the victory.
    let scoring = FinalScoring::of(&tied_position(false));
    assert_eq!(scoring.players[0].total, 13);
    assert_eq!(scoring.players[1].total, 13);
    assert_eq!(scoring.winners, vec![seat(0), seat(1)]);
}

#[test]
fn optional_meeple_tiebreak_gives_the_tie_to_the_most_meeples() {
    // Final scoring step 4: optional house rule, remaining meeples break a tie.
    let scoring = FinalScoring::of(&tied_position(true));
    assert_eq!(scoring.players[1].meeples, 4);
    assert_eq!(scoring.winners, vec![seat(0)]);
}

#[test]
fn a_finished_game_reports_its_final_scoring_once() {
    let mut game = Game::new(GameConfig::new(2).unwrap(), 5).unwrap();
    let mut last = Vec::new();
    while !game.is_over() {
        assert!(game.result().is_none());
        let turn = *game.legal_turns().last().unwrap();
        last = game.apply(turn).unwrap();
    }
    let result = game.result().unwrap();
    assert_eq!(
        last.last(),
        Some(&Event::GameOver {
            scoring: result.clone()
        })
    );
    for (p, s) in game.players().iter().zip(&result.players) {
        assert_eq!(s.before, p.score());
        assert_eq!(
            s.total,
            s.before + s.infirmary() + s.variety + s.majority.iter().sum::<i32>()
        );
    }
}

#[test]
fn final_points_are_what_final_scoring_would_add_if_the_game_ended_now() {
    // Final scoring steps 1–3 applied mid-game: seat 1's Knight wounds
    // seat 0's Miller (Barracks, Attack), so seat 0 pays Infirmary A's −1,
    // has one location (variety 1 × 1) and the Brewery's majority (11);
    // nobody scores the Mill, where no character is left (ruling 10).
    let (game, _) = play(2, "AAAAAAAA", &["Miller", "Knight", "Brewer"]);
    let scoring = FinalScoring::of_players(game.config(), game.players());
    let [ann, bob] = [scoring.players[0], scoring.players[1]];
    assert_eq!(
        (ann.infirmary(), ann.variety, ann.majority_total()),
        (-1, 1, 11)
    );
    assert_eq!(ann.final_points(), 11);
    assert_eq!(
        (bob.infirmary(), bob.variety, bob.majority_total()),
        (0, 1, 14)
    );
    assert_eq!(bob.final_points(), 15);
    for s in [ann, bob] {
        assert_eq!(s.total, s.before + s.final_points());
    }
}
