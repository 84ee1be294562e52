//! Test helpers: build exact situations by dealing a known deck and playing
//! scripted turns.
#![allow(dead_code)]

use majesty_rules::record::CardBacks;
use majesty_rules::simulate::random_game;
use majesty_rules::{
    Card, Character, Event, Game, GameConfig, GameRecord, Position, Seat, Sides, Tier, Turn,
};

/// Seat `index`, one a game can have.
pub fn seat(index: usize) -> Seat {
    Seat::new(index).expect("a seat of a game")
}

/// A scripted turn: "Miller", "Miller/Brewer as Brewer", "Witch heal Knight",
/// "Noble trade -2", "Guard at 2" (take from display space 2).
pub fn parse_turn(script: &str) -> (Card, Turn) {
    let mut words = script.split_whitespace();
    let card: Card = words.next().expect("a card").parse().expect("a card name");
    let mut turn = Turn::new(0, card.characters().next().unwrap());
    while let Some(word) = words.next() {
        let value = words.next().expect("a value after a keyword");
        match word {
            "as" => turn.place = value.parse().unwrap(),
            "heal" => turn.heal = Some(value.parse().unwrap()),
            "trade" => turn.trade = value.parse().unwrap(),
            "at" => turn.take = value.parse().unwrap(),
            _ => panic!("unknown word {word} in {script:?}"),
        }
    }
    (card, turn)
}

/// A game whose deck is `deck` (top first) padded with Millers to a full deck.
pub fn dealt(players: usize, sides: &str, deck: &[Card]) -> Game {
    let config = GameConfig::new(players)
        .unwrap()
        .with_sides(sides.parse::<Sides>().unwrap());
    let mut cards = deck.to_vec();
    cards.resize(60, Card::single(Character::Miller));
    Game::with_deck(config, &cards).unwrap()
}

/// Plays the scripted turns in seat order, each taking its card from the
/// front of the display (the deck is laid out so that it is there). Returns
/// the game and the events of the last turn.
pub fn play(players: usize, sides: &str, script: &[&str]) -> (Game, Vec<Event>) {
    let turns: Vec<(Card, Turn)> = script.iter().map(|s| parse_turn(s)).collect();
    let deck: Vec<Card> = turns.iter().map(|(card, _)| *card).collect();
    let mut game = dealt(players, sides, &deck);
    let mut last = Vec::new();
    for (i, (card, turn)) in turns.iter().enumerate() {
        assert_eq!(turn.take, 0, "scripted turns take the front card");
        assert_eq!(game.display()[0].card, *card);
        last = game
            .apply(*turn)
            .unwrap_or_else(|e| panic!("turn {} ({:?}): {e}", i + 1, script[i]));
    }
    (game, last)
}

/// The score change of `seat` over the events of one turn.
pub fn points(events: &[Event], seat: Seat) -> i32 {
    events.iter().map(|e| e.points_for(seat)).sum()
}

/// Scores of every player.
pub fn scores(game: &Game) -> Vec<i32> {
    game.players().iter().map(|p| p.score()).collect()
}

/// A whole random game of `players` on `sides` dealt from `seed`, and its
/// record (players Ann, Bob, Cid, Dee).
pub fn simulated_record(players: usize, sides: &str, seed: u64) -> (GameRecord, Game) {
    let config = GameConfig::new(players)
        .unwrap()
        .with_sides(sides.parse::<Sides>().unwrap());
    let (game, turns) =
        random_game(config, seed, &mut majesty_rules::rng::seeded(seed ^ 77)).unwrap();
    let mut record = GameRecord::new(
        ["Ann", "Bob", "Cid", "Dee"][..players]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        &config,
        seed,
    );
    record.turns = turns;
    (record, game)
}

/// A record from before record versions, with an explicit 24-card deck (two
/// players' worth) and two turns: without a seed and with one beside the
/// cards (ignored, as it always was).
pub fn old_records_with_an_explicit_deck() -> [String; 2] {
    let cards = r#"["Knight/Guard", "Miller", "Witch", "Noble", "Brewer", "Innkeeper",
        "Miller", "Miller", "Miller", "Miller", "Miller", "Miller", "Miller", "Miller",
        "Miller", "Miller", "Miller", "Miller", "Miller", "Miller", "Miller", "Miller",
        "Miller", "Miller"]"#;
    let turns = r#"[{"take": 0, "place": "Guard"}, {"take": 2, "place": "Noble"}]"#;
    ["", r#""seed": 42,"#].map(|extra| {
        format!(r#"{{"players": ["Ann", "Bob"], {extra} "cards": {cards}, "turns": {turns}}}"#)
    })
}

/// The face-down deck of `game` as it lies, top first, and its backs (empty
/// when unknown): what no seat may see, read as the scenario editor reads it.
pub fn deck_as_saved(game: &Game) -> (Vec<Card>, Vec<Tier>) {
    (
        Position::rest_of(game),
        Position::rest_backs_of(game).unwrap_or_default(),
    )
}

/// `cards` in another order that keeps each back where it is (`backs` one
/// per card, or empty when unknown): the cards of each back reversed among
/// themselves, so the deck is still one the box deals.
pub fn reversed_within_backs(cards: &[Card], backs: &[Tier]) -> Vec<Card> {
    if backs.is_empty() {
        return cards.iter().rev().copied().collect();
    }
    let mut reordered = cards.to_vec();
    for back in [Tier::One, Tier::Two] {
        let places: Vec<usize> = (0..cards.len()).filter(|&i| backs[i] == back).collect();
        for (&to, &from) in places.iter().zip(places.iter().rev()) {
            reordered[to] = cards[from];
        }
    }
    reordered
}

/// `game` with another face-down deck (`cards` and `backs` top first, as
/// [`deck_as_saved`] gives them; no backs: unknown): the same table, a deck
/// in another order, opened as a record of the table and that deck.
pub fn with_deck_as_saved(game: &Game, cards: &[Card], backs: &[Tier]) -> Game {
    let names = (0..game.players().len()).map(|i| format!("P{i}")).collect();
    let mut record = GameRecord::from_position(names, game.config(), Position::of(game), 0);
    record.seed = None;
    record.cards = Some(cards.to_vec());
    record.backs = (!backs.is_empty()).then(|| CardBacks(backs.to_vec()));
    record.start().unwrap()
}
