//! Positions set up by hand (rules/RULES.md ruling 16): what is refused and
//! why, and that a game from a position, and a record starting from one,
//! replays exactly.

use majesty_rules::position::MAX_SCORE;
use majesty_rules::simulate::random_game;
use majesty_rules::{
    Card, Character, DeckVariant, Game, GameConfig, GameRecord, Position, PositionError,
    RecordError, Rest, Seat, SeatPosition,
};
use rand::seq::IndexedRandom;

use Character::*;

fn seat(index: usize) -> Seat {
    Seat::new(index).unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// The position after `turns` random turns of a seeded game.
fn played(players: usize, deck: DeckVariant, seed: u64, turns: usize) -> Game {
    let config = GameConfig::new(players).unwrap().with_deck(deck);
    let mut game = Game::new(config, seed).unwrap();
    let mut rng = majesty_rules::rng::seeded(seed);
    for _ in 0..turns {
        let turn = *game.legal_turns().choose(&mut rng).unwrap();
        game.apply(turn).unwrap();
    }
    game
}

/// A valid 2-player position at turn 0: six tier-1 cards in the display.
fn opening() -> Position {
    let mut position = Position::empty(2);
    position.display = ["Miller", "Brewer", "Witch", "Guard", "Knight", "Noble"]
        .map(card)
        .to_vec();
    position
}

fn errors(position: &Position, config: &GameConfig, rest: Rest) -> Vec<PositionError> {
    position.validate(config, rest).err().unwrap_or_default()
}

#[test]
fn a_position_of_a_real_game_is_valid_and_plays_on_exactly() {
    // Ruling 16: a game between two turns is a position; from it, with the
    // same deck, every later turn does exactly what it did in the game.
    for (players, deck, seed, turns) in [
        (2, DeckVariant::Standard, 1, 9),
        (3, DeckVariant::Full, 2, 20),
        (4, DeckVariant::Standard, 3, 31),
        (2, DeckVariant::Standard, 4, 0),
    ] {
        let mut game = played(players, deck, seed, turns);
        let position = Position::of(&game);
        let rest = Position::rest_of(&game);
        let config = game
            .config()
            .with_first_player(position.first_player())
            .unwrap();
        assert_eq!(config, *game.config());
        let mut copy = Game::from_position(config, &position, Rest::Given(&rest)).unwrap();
        // The box deck reaches it too (the rest shuffled from a seed).
        assert_eq!(position.validate(&config, Rest::Shuffled(9)), Ok(()));
        let mut rng = majesty_rules::rng::seeded(seed + 100);
        while !game.is_over() {
            assert_eq!(Position::of(&copy), Position::of(&game));
            let turn = *game.legal_turns().choose(&mut rng).unwrap();
            assert_eq!(copy.apply(turn), game.apply(turn));
        }
        assert_eq!(copy.result(), game.result());
    }
}

#[test]
fn a_record_from_a_position_writes_reads_and_replays_the_same() {
    let game = played(3, DeckVariant::Standard, 11, 7);
    let position = Position::of(&game);
    let names: Vec<String> = ["Ann", "Bob", "Cid"].map(String::from).to_vec();
    let mut record = GameRecord::from_position(names, game.config(), position.clone(), 5);
    assert_eq!(record.first_player, position.first_player());
    assert_eq!(record.first_mover(), position.to_move);
    let start = record.start().unwrap();
    assert_eq!(Position::of(&start), position);
    // The rest: the box's 41 cards less the 7 taken and the 6 shown.
    assert_eq!(start.deck_len(), 41 - 13);
    assert_eq!(start.deck_tier_counts(), Some((14 - 13, 27)));
    let mut after = start.clone();
    for _ in 0..5 {
        let turn = after.legal_turns()[0];
        after.apply(turn).unwrap();
        record.turns.push(turn);
    }
    let text = record.to_json();
    let read = GameRecord::from_json(&text).unwrap();
    assert_eq!(read, record);
    assert_eq!(read.to_json(), text);
    assert_eq!(read.replay().unwrap(), after);
    // A record without a start writes no `start` (records read and write
    // as before).
    let plain = GameRecord::new(
        vec!["A".into(), "B".into()],
        &GameConfig::new(2).unwrap(),
        1,
    );
    assert!(!plain.to_json().contains("start"));
}

#[test]
fn a_record_whose_start_cannot_occur_is_refused_with_its_reasons() {
    let mut position = opening();
    position.seats[1].meeples = 6;
    let config = GameConfig::new(2).unwrap();
    let record = GameRecord::from_position(vec!["A".into(), "B".into()], &config, position, 1);
    let text = record.to_json();
    let read = GameRecord::from_json(&text).unwrap();
    match read.replay() {
        Err(RecordError::Position(errors)) => {
            assert_eq!(
                errors,
                vec![PositionError::Meeples {
                    seat: seat(1),
                    meeples: 6
                }]
            )
        }
        other => panic!("{other:?}"),
    }
    assert!(read.replay().unwrap_err().to_string().contains("at most 5"));
    // An unknown field inside `start` is refused by name.
    let typo = text.replace("\"to_move\"", "\"to_mvoe\"");
    assert!(GameRecord::from_json(&typo).is_err());
}

#[test]
fn worker_cards_hold_five_meeples_and_points_are_never_negative() {
    // "Components": 5 meeple spaces; ruling 3: nobody pays points they lack.
    let config = GameConfig::new(2).unwrap();
    let mut position = opening();
    position.seats[0].meeples = 6;
    position.seats[1].score = -1;
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![
            PositionError::Meeples {
                seat: seat(0),
                meeples: 6
            },
            PositionError::Score {
                seat: seat(1),
                score: -1
            }
        ]
    );
    position.seats[0].meeples = 0;
    position.seats[1].score = MAX_SCORE;
    assert_eq!(position.validate(&config, Rest::Shuffled(1)), Ok(()));
}

#[test]
fn a_card_lies_only_where_one_of_its_characters_lives() {
    // "A turn" step 2.
    let config = GameConfig::new(2).unwrap();
    let mut position = opening();
    position.seats[0].realm[0].push(card("Miller/Brewer"));
    position.seats[0].realm[2].push(card("Guard"));
    position.seats[1].realm[4].push(card("Knight"));
    position.seats[1].infirmary.push(card("Noble"));
    position.display[0] = card("Miller");
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::WrongLocation {
            seat: seat(0),
            card: card("Guard"),
            location: Witch.location()
        }]
    );
}

#[test]
fn every_turn_takes_one_card_seat_after_seat() {
    // "A turn" step 5 and ruling 15.
    let config = GameConfig::new(3).unwrap();
    let mut position = Position::empty(3);
    position.display = opening().display;
    position.seats[0].realm[0] = vec![card("Miller"); 2];
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::UnevenCards {
            seat: seat(0),
            cards: 2,
            other: seat(1),
            other_cards: 0
        }]
    );
    // Seat 0 took one card: seat 1 moves next, seat 0 moved first.
    position.seats[0].realm[0].pop();
    position.to_move = seat(2);
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::NotTheirTurn {
            seat: seat(2),
            next: Some(seat(1))
        }]
    );
    position.to_move = seat(1);
    assert_eq!(position.validate(&config, Rest::Shuffled(1)), Ok(()));
    assert_eq!(position.first_player(), seat(0));
    // Seats 2 and 0 took a card: seat 1 moves, seat 2 moved first.
    position.seats[2].realm[6].push(card("Noble"));
    assert_eq!(position.validate(&config, Rest::Shuffled(1)), Ok(()));
    assert_eq!(position.first_player(), seat(2));
    // Thirteen cards is one too many.
    let mut full = Position::empty(2);
    full.seats[0].realm[0] = vec![card("Miller"); 13];
    assert!(
        errors(&full, &GameConfig::new(2).unwrap(), Rest::Given(&[])).contains(
            &PositionError::TooManyCards {
                seat: seat(0),
                cards: 13
            }
        )
    );
}

#[test]
fn the_display_holds_six_cards_and_the_new_card_no_meeples() {
    // "Setup" step 4, "A turn" steps 1 and 4, ruling 6.
    let config = GameConfig::new(2).unwrap();
    let mut position = opening();
    position.display.pop();
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::DisplaySize {
            cards: 5,
            expected: 6
        }]
    );
    let mut position = opening();
    position.seats[0].realm[0].push(card("Miller"));
    position.to_move = seat(1);
    position.display_meeples = vec![1, 0, 0, 0, 0, 1];
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::DisplayMeeples {
            space: 5,
            meeples: 1,
            most: 0
        }]
    );
    // At the start nobody has paid yet.
    let mut position = opening();
    position.display_meeples = vec![1];
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::DisplayMeeples {
            space: 0,
            meeples: 1,
            most: 0
        }]
    );
}

#[test]
fn a_box_deck_has_its_copies_and_tier_one_comes_first() {
    // "Components" table and "Setup" step 3.
    let config = GameConfig::new(2).unwrap();
    let mut position = opening();
    position.display[0] = card("Guard/Knight"); // tier 2 only
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::TierOneOnly {
            card: card("Guard/Knight"),
            count: 1,
            tier_one: 0
        }]
    );
    // The full deck shuffles both tiers together; a given deck is the
    // scenario's own (ruling 14).
    let full = config.with_deck(DeckVariant::Full);
    assert_eq!(position.validate(&full, Rest::Shuffled(1)), Ok(()));
    let given = vec![card("Miller"); 30];
    assert_eq!(position.validate(&config, Rest::Given(&given)), Ok(()));
    // Ten Millers: the box has nine.
    let mut position = opening();
    position.seats[0].realm[0] = vec![card("Miller"); 4];
    position.seats[1].realm[0] = vec![card("Miller"); 4];
    position.display[1] = card("Miller");
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::TooManyCopies {
            card: card("Miller"),
            count: 10,
            most: 9
        }]
    );
    // A card that is not in the box at all.
    let mut position = opening();
    position.display[0] = Card::split(Miller, Noble);
    assert!(
        errors(&position, &full, Rest::Shuffled(1)).contains(&PositionError::TooManyCopies {
            card: Card::split(Miller, Noble),
            count: 1,
            most: 0
        })
    );
    // The first 6 of the 8 cards turned up in a 2-player game are tier 1,
    // but only 2 of these exist in tier 1.
    let mut position = opening();
    position.seats[0].realm[3] = vec![card("Guard/Knight")];
    position.seats[1].realm[3] = vec![card("Guard/Knight")];
    position.display = [
        "Knight/Innkeeper",
        "Knight/Innkeeper",
        "Witch/Innkeeper",
        "Witch/Noble",
        "Brewer/Knight",
        "Brewer/Witch",
    ]
    .map(card)
    .to_vec();
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::TierOneShort {
            possible: 2,
            tier_one: 6
        }]
    );
    // 9 Millers, 6 Brewers and 3 Witches need 7 + 4 + 1 tier-1 copies
    // beyond the tier-2 ones; a 2-player game has 6.
    let mut position = opening();
    position.seats[0].realm[0] = vec![card("Miller"); 4];
    position.seats[1].realm[0] = vec![card("Miller"); 4];
    position.seats[0].realm[1] = vec![card("Brewer"); 3];
    position.seats[0].realm[3] = vec![card("Guard")];
    position.seats[1].realm[1] = vec![card("Brewer"); 2];
    position.seats[1].realm[2] = vec![card("Witch"); 2];
    assert_eq!(
        errors(&position, &config, Rest::Shuffled(1)),
        vec![PositionError::TierOneExceeded {
            needed: 7 + 4 + 1,
            tier_one: 6
        }]
    );
}

#[test]
fn a_given_deck_must_finish_the_game() {
    // Ruling 14.
    let config = GameConfig::new(2).unwrap();
    let given = vec![card("Miller"); 17];
    assert_eq!(
        errors(&opening(), &config, Rest::Given(&given)),
        vec![PositionError::DeckTooShort {
            cards: 23,
            needed: 24
        }]
    );
}

#[test]
fn the_first_player_follows_from_the_position() {
    // Ruling 15: who moved first is not a free choice in a position.
    let mut position = opening();
    position.seats[0].realm[0].push(card("Miller"));
    position.to_move = seat(1);
    let config = GameConfig::new(2)
        .unwrap()
        .with_first_player(seat(1))
        .unwrap();
    assert_eq!(
        Game::from_position(config, &position, Rest::Shuffled(1)).unwrap_err(),
        vec![PositionError::FirstPlayer {
            given: seat(1),
            expected: seat(0)
        }]
    );
    let game = Game::from_position(
        config.with_first_player(seat(0)).unwrap(),
        &position,
        Rest::Shuffled(1),
    )
    .unwrap();
    assert_eq!(game.current_player(), seat(1));
    assert_eq!(game.turn_number(), 1);
}

#[test]
fn the_rest_of_a_box_deck_is_the_box_less_the_table() {
    // "Setup" step 3: tier 1 cut to what the game still holds, on tier 2.
    for (players, deck) in [
        (2, DeckVariant::Standard),
        (4, DeckVariant::Standard),
        (3, DeckVariant::Full),
    ] {
        let config = GameConfig::new(players).unwrap().with_deck(deck);
        let mut position = Position::empty(players);
        position.display = opening().display;
        let game = Game::from_position(config, &position, Rest::Shuffled(3)).unwrap();
        let size = match deck {
            DeckVariant::Standard => config.tier_one_cards() + 27,
            DeckVariant::Full => 60,
        };
        assert_eq!(game.deck_len() + 6, size);
        let mut all: Vec<Card> = Position::rest_of(&game);
        all.extend(position.display.iter().copied());
        for (card, t1, t2) in majesty_rules::card::COMPOSITION {
            let n = all.iter().filter(|&&c| c == card).count();
            assert!(n <= usize::from(t1 + t2), "{card}: {n}");
        }
        all.clear();
        // The same seed deals the same rest.
        let again = Game::from_position(config, &position, Rest::Shuffled(3)).unwrap();
        assert_eq!(again, game);
    }
    let _ = random_game;
    let _ = SeatPosition::default();
}
