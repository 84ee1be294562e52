//! Computer opponents: legal, deterministic, blind to the hidden deck, and
//! ordered in strength.

// The rules crate's test helpers: the hidden deck as the editor reads it.
#[path = "../../rules/tests/common/mod.rs"]
mod common;

use common::deck_as_saved;
use majesty_ai::bots::{self, ExpertSearch, Level, Search};
use majesty_rules::record::CardBacks;
use majesty_rules::rng::seeded;
use majesty_rules::simulate::{random_position, random_turn};
use majesty_rules::{Card, Observation, Position, Seat, Tier};
use majesty_rules::{DeckVariant, Game, GameConfig, GameRecord, Sides};

/// A new deal of `config` from `seed`, `turns` random turns into it, and the
/// same game with the cards still in the deck below its first `keep`
/// changed by `change` (cards and backs, top first): two games a record of
/// the whole deal and its backs opens, as a live game's guest opens one.
fn two_decks(
    config: GameConfig,
    seed: u64,
    turns: usize,
    keep: usize,
    change: impl Fn(&mut Vec<Card>, &mut Vec<Tier>),
) -> (Game, Game) {
    let dealt = Game::new(config, seed).unwrap();
    let mut tier_two = dealt.tier_two_turned_up().iter().peekable();
    let mut cards = Vec::new();
    let mut backs = Vec::new();
    for slot in dealt.display() {
        let back = match tier_two.peek() {
            Some(&&card) if card == slot.card => {
                tier_two.next();
                Tier::Two
            }
            _ => Tier::One,
        };
        cards.push(slot.card);
        backs.push(back);
    }
    cards.extend(Position::rest_of(&dealt));
    backs.extend(Position::rest_backs_of(&dealt).unwrap());
    let names = (0..config.players()).map(|i| format!("P{i}")).collect();
    let mut record = GameRecord::new(names, &config, seed);
    record.seed = None;
    record.cards = Some(cards.clone());
    record.backs = Some(CardBacks(backs.clone()));
    let mut game = record.start().unwrap();
    let (mut rng, mut buffer) = (seeded(seed), Vec::new());
    for _ in 0..turns {
        let Some(turn) = random_turn(&game, &mut rng, &mut buffer) else {
            break;
        };
        game.apply(turn).unwrap();
        record.turns.push(turn);
    }
    let drawn = cards.len() - game.deck_len() + keep;
    let (mut below, mut below_backs) = (cards.split_off(drawn), backs.split_off(drawn));
    change(&mut below, &mut below_backs);
    cards.extend(below);
    backs.extend(below_backs);
    record.cards = Some(cards);
    record.backs = Some(CardBacks(backs));
    (game, record.replay().unwrap())
}

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
            // A small budget keeps the expert cheap in a debug build.
            let budget = bots::search_iterations(level).map_or(0, |b| b.min(200));
            while !game.is_over() {
                let turn =
                    bots::choose_with_budget(level, &Observation::to_move(&game), &mut rng, budget)
                        .expect("a turn");
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
        let a = bots::choose(level, &Observation::to_move(&game), &mut seeded(7));
        let b = bots::choose(level, &Observation::to_move(&game), &mut seeded(7));
        assert_eq!(a, b, "{level}");
    }
}

#[test]
fn no_bot_looks_at_the_hidden_deck_order() {
    // Two games that differ only in the order of the face-down deck: every
    // bot, with the same seed, must choose the same turn.
    for seed in 0..6 {
        let config = GameConfig::new(2 + seed as usize % 3).unwrap();
        let (game, other) = two_decks(config, seed, 7, 0, |cards, backs| {
            *cards = common::reversed_within_backs(cards, backs);
        });
        assert_ne!(deck_as_saved(&game), deck_as_saved(&other));
        assert_eq!(other.deck_len(), game.deck_len());
        for level in Level::ALL {
            assert_eq!(
                bots::choose(level, &Observation::to_move(&game), &mut seeded(seed)),
                bots::choose(level, &Observation::to_move(&other), &mut seeded(seed)),
                "{level}"
            );
        }
    }
}

#[test]
fn no_bot_looks_at_the_backs_below_the_top_with_the_full_deck() {
    // With the full deck only the top card's back shows: two games whose
    // decks differ below the top, cards and backs, must look the same.
    for seed in 0..4 {
        let config = GameConfig::new(2 + seed as usize % 3)
            .unwrap()
            .with_deck(DeckVariant::Full);
        let (game, other) = two_decks(config, seed, 5, 1, |cards, backs| {
            cards.reverse();
            backs.reverse();
        });
        let (backs, other_backs) = (deck_as_saved(&game).1, deck_as_saved(&other).1);
        assert_eq!(backs[0], other_backs[0]);
        assert_ne!(backs, other_backs, "seed {seed}: pick another position");
        for level in [Level::Hard, Level::Expert] {
            assert_eq!(
                bots::choose(level, &Observation::to_move(&game), &mut seeded(seed)),
                bots::choose(level, &Observation::to_move(&other), &mut seeded(seed)),
                "{level}"
            );
        }
    }
}

#[test]
fn the_search_can_run_in_slices_with_the_same_result() {
    // The browser runs the hard search a slice at a time.
    let game = mid_game(2, Sides::ALL_B, 3, 9);
    let mut whole = Search::new(&Observation::to_move(&game), 11);
    whole.run(120);
    let mut sliced = Search::new(&Observation::to_move(&game), 11);
    for _ in 0..6 {
        sliced.run(20);
    }
    assert_eq!(sliced.iterations(), 120);
    assert_eq!(whole.best(), sliced.best());
}

#[test]
fn the_expert_search_can_run_in_slices_with_the_same_result() {
    let game = mid_game(3, Sides::ALL_B, 4, 9);
    let mut whole = ExpertSearch::new(&Observation::to_move(&game), 11);
    whole.run(300);
    let mut sliced = ExpertSearch::new(&Observation::to_move(&game), 11);
    for _ in 0..10 {
        sliced.run(30);
    }
    assert_eq!(sliced.iterations(), 300);
    assert_eq!(whole.stats(), sliced.stats());
    assert_eq!(whole.best(), sliced.best());
}

#[test]
fn the_expert_reports_every_candidate_turn_with_its_statistics() {
    // What a coach shows: the candidates, most visited first, each legal,
    // with a mean value in 0..=1; the best is the first.
    let game = mid_game(2, Sides::ALL_A, 8, 6);
    let mut search = ExpertSearch::new(&Observation::to_move(&game), 3);
    search.run(400);
    let stats = search.stats();
    let legal = game.legal_turns();
    assert_eq!(stats.len(), legal.len());
    assert!(stats.iter().all(|s| legal.contains(&s.turn)));
    assert!(stats.iter().all(|s| (0.0..=1.0).contains(&s.value)));
    assert!(stats.windows(2).all(|w| w[0].visits >= w[1].visits));
    // Every iteration starts with one candidate.
    assert_eq!(stats.iter().map(|s| s.visits).sum::<u32>(), 400);
    assert_eq!(search.best(), Some(stats[0].turn));
}

fn wins(levels: [Level; 2], games: u64) -> f64 {
    wins_with_budget(levels, games, None)
}

/// The share of `games` 2-player games the first level wins (seats
/// alternate), searching levels with `budget` iterations when given.
fn wins_with_budget(levels: [Level; 2], games: u64, budget: Option<u32>) -> f64 {
    let mut share = [0.0; 2];
    for g in 0..games {
        let swap = (g % 2) as usize;
        let mut game = Game::new(GameConfig::new(2).unwrap(), 1000 + g).unwrap();
        let mut rng = seeded(g);
        while !game.is_over() {
            let seat = game.current_player();
            let level = levels[seat.index() ^ swap];
            let turn = match budget {
                Some(b) => {
                    bots::choose_with_budget(level, &Observation::to_move(&game), &mut rng, b)
                }
                None => bots::choose(level, &Observation::to_move(&game), &mut rng),
            };
            let turn = turn.unwrap();
            game.apply_quiet(turn).unwrap();
        }
        let result = game.result().unwrap();
        for seat in game.config().seats() {
            share[seat.index() ^ swap] += result.win_share(seat);
        }
    }
    share[0] / games as f64
}

#[test]
fn the_levels_are_ordered_in_strength() {
    // Small seeded samples (docs/computer-players.md has the 1,000-game
    // tournaments).
    assert!(wins([Level::Easy, Level::Random], 200) > 0.55);
    assert!(wins([Level::Medium, Level::Easy], 200) > 0.85);
}

#[test]
fn the_expert_beats_random() {
    // A cheap sample that can fail: a small budget, six games.
    assert!(wins_with_budget([Level::Expert, Level::Random], 6, Some(200)) >= 5.0 / 6.0);
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
    assert_eq!(game.player(Seat::new(1).unwrap()).meeples(), 0);
    assert_eq!(game.legal_turns().len(), 1);
    let mut search = Search::new(&Observation::to_move(&game), 1);
    search.run(10);
    assert_eq!(search.iterations(), 10);
    assert_eq!(search.best(), Some(game.legal_turns()[0]));
}

#[test]
fn a_turn_s_bot_seed_stays_the_same() {
    // A game with computers resumes and replays exactly only if each
    // turn's seed does (the generator itself: majesty-rules' tests/deals.rs).
    let bot_seeds: Vec<u64> = (0..3).map(|turn| bots::seed_for(42, turn)).collect();
    assert_eq!(
        bot_seeds,
        [
            10580897095847554459,
            12786880472841643286,
            573527807436793908
        ]
    );
}
