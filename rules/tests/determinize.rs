//! The searches' guesses at the face-down deck hold only cards that can
//! still appear: never a card already turned up, never a card set aside at
//! set-up when the table shows it cannot be in the deck, always the right
//! backs; and they read nothing hidden.

mod common;

use common::{deck_as_saved, seat, with_deck_as_saved};
use majesty_rules::card::{tier_one, tier_two, COMPOSITION};
use majesty_rules::observation::Scratch;
use majesty_rules::rng::seeded;
use majesty_rules::simulate::random_position;
use majesty_rules::{Card, DeckVariant, Game, GameConfig, Observation, Tier};

/// Copies of each card kind in `cards`, in `COMPOSITION` order.
fn counts(cards: impl IntoIterator<Item = Card>) -> Vec<usize> {
    let mut n = vec![0; COMPOSITION.len()];
    for card in cards {
        n[COMPOSITION.iter().position(|e| e.0 == card).unwrap()] += 1;
    }
    n
}

/// `n` guesses at the deck of `game`, top first, each with its backs.
fn guesses(game: &Game, n: u64) -> Vec<(Vec<Card>, Vec<Tier>)> {
    let knowledge = Observation::to_move(game).deck();
    let mut world = game.clone();
    let mut scratch = Scratch::default();
    (0..n)
        .map(|seed| {
            knowledge.deal_into(&mut world, &mut seeded(seed), &mut scratch);
            deck_as_saved(&world)
        })
        .collect()
}

fn position(players: usize, deck: DeckVariant, seed: u64, turns: usize) -> Game {
    let config = GameConfig::new(players).unwrap().with_deck(deck);
    random_position(config, seed, turns).unwrap()
}

/// The guess's cards with `back`.
fn with_back(cards: &[Card], backs: &[Tier], back: Tier) -> Vec<Card> {
    cards
        .iter()
        .zip(backs)
        .filter(|(_, &b)| b == back)
        .map(|(&c, _)| c)
        .collect()
}

#[test]
fn two_players_guess_exactly_the_deck_s_cards_none_set_aside() {
    // With 2 players the six tier-1 cards are the first display: the 27
    // set-aside tier-1 cards can never appear, and the deck is exactly the
    // tier-2 cards not turned up. Every guess is a shuffle of it.
    for (seed, turns) in [(1, 0), (2, 5), (3, 13), (4, 20)] {
        let game = position(2, DeckVariant::Standard, seed, turns);
        let truth = counts(deck_as_saved(&game).0);
        for (cards, backs) in guesses(&game, 50) {
            assert_eq!(counts(cards.iter().copied()), truth, "seed {seed}");
            assert!(backs.iter().all(|&b| b == Tier::Two));
        }
    }
}

#[test]
fn guesses_never_hold_a_card_turned_up_or_more_copies_than_exist() {
    for players in 2..=4 {
        for deck in [DeckVariant::Standard, DeckVariant::Full] {
            for turns in [0, 3, 9, 17] {
                let game = position(players, deck, players as u64 * 31 + turns as u64, turns);
                let turned_up = counts(game.turned_up());
                let tier_two_up = counts(game.tier_two_turned_up().iter().copied());
                let tier_one_up: Vec<usize> = turned_up
                    .iter()
                    .zip(&tier_two_up)
                    .map(|(a, b)| a - b)
                    .collect();
                let (true_cards, true_backs) = deck_as_saved(&game);
                assert_eq!(true_backs.len(), true_cards.len());
                let truth_two = counts(with_back(&true_cards, &true_backs, Tier::Two));
                for (cards, backs) in guesses(&game, 40) {
                    assert_eq!(cards.len(), game.deck_len());
                    // The number of each back is public, and the top back shows.
                    assert_eq!(counts_of(&backs), counts_of(&true_backs));
                    assert_eq!(backs.first(), true_backs.first());
                    if deck == DeckVariant::Standard {
                        assert_eq!(
                            backs, true_backs,
                            "the standard backs follow from the counts"
                        );
                    }
                    // Red backs: exactly the tier-2 cards not turned up.
                    assert_eq!(counts(with_back(&cards, &backs, Tier::Two)), truth_two);
                    // Green backs: only tier-1 cards not turned up.
                    let one = counts(with_back(&cards, &backs, Tier::One));
                    for (k, &(card, t1, _)) in COMPOSITION.iter().enumerate() {
                        assert!(one[k] + tier_one_up[k] <= t1 as usize, "{card}");
                    }
                }
            }
        }
    }
}

fn counts_of(backs: &[Tier]) -> (usize, usize) {
    let one = backs.iter().filter(|&&b| b == Tier::One).count();
    (one, backs.len() - one)
}

#[test]
fn the_full_deck_guesses_the_deck_s_cards_exactly() {
    // Nothing is set aside with the full deck: the unseen cards are the deck.
    let game = position(3, DeckVariant::Full, 9, 11);
    let truth = counts(deck_as_saved(&game).0);
    for (cards, _) in guesses(&game, 30) {
        assert_eq!(counts(cards), truth);
    }
}

#[test]
fn guesses_vary_with_the_seed_but_not_with_the_hidden_order() {
    let game = position(4, DeckVariant::Standard, 5, 10);
    let (cards, backs) = deck_as_saved(&game);
    let reordered = common::reversed_within_backs(&cards, &backs);
    let other = with_deck_as_saved(&game, &reordered, &backs);
    assert_eq!(guesses(&game, 20), guesses(&other, 20));
    let all = guesses(&game, 20);
    assert!(all.iter().any(|g| g.0 != all[0].0));
}

#[test]
fn the_tier_two_cards_turned_up_are_tracked_from_the_backs() {
    // A 2-player game turns up its six tier-1 cards first (the display),
    // then only tier 2: after 10 turns, 10 tier-2 cards are up.
    let game = position(2, DeckVariant::Standard, 7, 10);
    assert_eq!(game.tier_two_turned_up().len(), 10);
    let mut up = counts(game.turned_up());
    for (k, n) in counts(game.tier_two_turned_up().iter().copied())
        .into_iter()
        .enumerate()
    {
        up[k] -= n; // panics if a tracked card is not on the table
    }
    assert_eq!(up.iter().sum::<usize>(), 6);
    assert_eq!(tier_one().len() + tier_two().len(), 60);
}

#[test]
fn a_deck_given_card_by_card_is_guessed_at_its_length() {
    // A scenario's composition is unknown: the guess keeps the deck's size.
    let deck = vec![Card::single(majesty_rules::Character::Noble); 40];
    let game = Game::with_deck(GameConfig::new(2).unwrap(), &deck).unwrap();
    for (cards, backs) in guesses(&game, 5) {
        assert_eq!(cards.len(), game.deck_len());
        assert!(backs.is_empty());
    }
}

#[test]
fn a_world_shows_the_table_as_it_is_and_guesses_only_the_deck() {
    // An observation's world (a determinization) agrees with the game in
    // everything a seat may know: the same display, realms, scores,
    // meeples, Infirmaries, turn, deck size and visible back; only the
    // order of the face-down deck is a guess.
    for players in 2..=4 {
        for deck in [DeckVariant::Standard, DeckVariant::Full] {
            let game = position(players, deck, 40 + players as u64, 9);
            let seen = Observation::to_move(&game);
            assert_eq!(seen.seat(), game.current_player());
            let mut differs = false;
            for seed in 0..8 {
                let world = seen.world(&mut seeded(seed));
                assert_eq!(world.players(), game.players());
                assert_eq!(world.display(), game.display());
                assert_eq!(world.turn_number(), game.turn_number());
                assert_eq!(world.deck_len(), game.deck_len());
                assert_eq!(world.deck_top_tier(), game.deck_top_tier());
                assert_eq!(world.deck_tier_counts(), game.deck_tier_counts());
                assert_eq!(world.tier_two_turned_up(), game.tier_two_turned_up());
                assert_eq!(world.legal_turns(), game.legal_turns());
                differs |= deck_as_saved(&world) != deck_as_saved(&game);
            }
            assert!(
                differs,
                "{players} players, {deck:?}: every guess was the deck"
            );
        }
    }
}

#[test]
fn an_observation_is_of_a_seat_of_the_game() {
    let game = position(3, DeckVariant::Standard, 2, 4);
    assert_eq!(Observation::of(&game, seat(2)).seat(), seat(2));
    assert!(std::panic::catch_unwind(|| Observation::of(&game, seat(3))).is_err());
}
