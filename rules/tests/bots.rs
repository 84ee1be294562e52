//! Computer opponents: legal, deterministic, blind to the hidden deck, and
//! ordered in strength.

use majesty_rules::bots::{self, Level, Search};
use majesty_rules::rng::seeded;
use majesty_rules::simulate::random_position;
use majesty_rules::{Game, GameConfig, Sides};

fn mid_game(players: usize, sides: Sides, seed: u64, turns: usize) -> Game {
    let config = GameConfig::new(players).unwrap().with_sides(sides);
    random_position(config, seed, turns).unwrap()
}

#[test]
fn every_level_plays_whole_games_of_legal_turns() {
    // Issue: every level handles every decision (card, split half, heal
    // target, Castle B trade): side B has the trade, heals come from attacks.
    for (i, level) in Level::ALL.into_iter().enumerate() {
        for players in 2..=4 {
            let sides = if players % 2 == 0 {
                Sides::ALL_B
            } else {
                Sides::ALL_A
            };
            let config = GameConfig::new(players).unwrap().with_sides(sides);
            let mut game = Game::new(config, (i * 10 + players) as u64).unwrap();
            let mut rng = seeded(99);
            while !game.is_over() {
                let turn = bots::choose(level, &game, &mut rng).expect("a turn");
                assert_eq!(game.check(turn), Ok(()), "{level} chose {turn}");
                game.apply_quiet(turn).unwrap();
            }
        }
    }
}

#[test]
fn bots_are_deterministic_for_a_seed() {
    let game = mid_game(3, Sides::ALL_B, 5, 10);
    for level in Level::ALL {
        let a = bots::choose(level, &game, &mut seeded(7));
        let b = bots::choose(level, &game, &mut seeded(7));
        assert_eq!(a, b, "{level}");
    }
}

#[test]
fn no_bot_looks_at_the_hidden_deck_order() {
    // Two games that differ only in the order of the face-down deck: every
    // bot, with the same seed, must choose the same turn.
    for seed in 0..6 {
        let game = mid_game(2 + seed as usize % 3, Sides::ALL_A, seed, 7);
        let mut reordered: Vec<_> = game.hidden_deck().collect();
        reordered.reverse();
        let other = game.with_hidden_deck(&reordered);
        assert_ne!(
            game.hidden_deck().collect::<Vec<_>>(),
            other.hidden_deck().collect::<Vec<_>>()
        );
        for level in Level::ALL {
            assert_eq!(
                bots::choose(level, &game, &mut seeded(seed)),
                bots::choose(level, &other, &mut seeded(seed)),
                "{level}"
            );
        }
    }
}

#[test]
fn the_search_can_run_in_slices_with_the_same_result() {
    // The browser runs the hard search a slice at a time.
    let game = mid_game(2, Sides::ALL_B, 3, 9);
    let mut whole = Search::new(&game, 11);
    whole.run(120);
    let mut sliced = Search::new(&game, 11);
    for _ in 0..6 {
        sliced.run(20);
    }
    assert_eq!(sliced.iterations(), 120);
    assert_eq!(whole.best(), sliced.best());
}

fn wins(levels: [Level; 2], games: u64) -> f64 {
    let mut share = [0.0; 2];
    for g in 0..games {
        let swap = (g % 2) as usize;
        let mut game = Game::new(GameConfig::new(2).unwrap(), 1000 + g).unwrap();
        let mut rng = seeded(g);
        while !game.is_over() {
            let seat = game.current_player();
            let turn = bots::choose(levels[seat ^ swap], &game, &mut rng).unwrap();
            game.apply_quiet(turn).unwrap();
        }
        let result = game.result().unwrap();
        for seat in 0..2 {
            share[seat ^ swap] += result.win_share(seat);
        }
    }
    share[0] / games as f64
}

#[test]
fn the_levels_are_ordered_in_strength() {
    // Small seeded samples (the README has the 1,000-game tournaments).
    assert!(wins([Level::Easy, Level::Random], 200) > 0.55);
    assert!(wins([Level::Medium, Level::Easy], 200) > 0.85);
}

#[test]
fn a_search_with_a_single_legal_turn_finishes_at_once() {
    // With no meeple and a plain card in front, only one turn is legal:
    // seat 1 spends all 5 meeples on the card in space 5.
    use majesty_rules::{Card, Character, Turn};
    let deck = vec![Card::single(Character::Miller); 30];
    let mut game = Game::with_deck(GameConfig::new(2).unwrap(), &deck).unwrap();
    game.apply(Turn::new(0, Character::Miller)).unwrap();
    game.apply(Turn::new(5, Character::Miller)).unwrap();
    game.apply(Turn::new(0, Character::Miller)).unwrap();
    assert_eq!(game.player(1).meeples(), 0);
    assert_eq!(game.legal_turns().len(), 1);
    let mut search = Search::new(&game, 1);
    search.run(10);
    assert_eq!(search.iterations(), 10);
    assert_eq!(search.best(), Some(game.legal_turns()[0]));
}
