//! Play live: a guest is told only what its seat may know (no seed, no card
//! before it is turned up) and its own engine, from that, shows exactly the
//! host's table after every turn; a turn it cannot check is refused with
//! the rule it breaks.

mod common;

use common::{deck_as_saved, seat, simulated_record};
use majesty_rules::card::COMPOSITION;
use majesty_rules::position::Rest;
use majesty_rules::rng::{seeded, Rng};
use majesty_rules::seat_view::{self, table_digest, ViewError};
use majesty_rules::simulate::random_turn;
use majesty_rules::{
    Card, Character, ConfigError, DeckVariant, Game, GameConfig, GameRecord, Observation, Position,
    RecordError, Seat, SeatView, Sides, Tier, Turn, TurnError, TurnSeen,
};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn names(players: usize) -> Vec<String> {
    ["Ann", "Bob", "Cid", "Dee"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// Copies of each card kind in `cards`, in `COMPOSITION` order.
fn counts(cards: impl IntoIterator<Item = Card>) -> Vec<usize> {
    let mut n = vec![0; COMPOSITION.len()];
    for card in cards {
        n[COMPOSITION.iter().position(|e| e.0 == card).unwrap()] += 1;
    }
    n
}

/// Every card a view names: the opening table and the refills.
fn cards_in(view: &SeatView) -> Vec<Card> {
    let table = view.start.iter().flat_map(Position::table);
    let refills = view.turns.iter().filter_map(|t| t.refill);
    view.display
        .iter()
        .copied()
        .chain(table)
        .chain(refills)
        .collect()
}

/// Everything an observation of `seat` shows is the same in both games:
/// the players, the display with its meeples, the deck's size and backs,
/// what the seat knows of the deck, whose turn, the legal turns, the final
/// scoring; and both have one digest.
fn assert_same_table(name: &str, host: &Game, guest: &Game, seat: Seat) {
    let (h, g) = (Observation::of(host, seat), Observation::of(guest, seat));
    let turn = h.turn_number();
    let at = format!("{name}, seat {seat}, turn {turn}");
    assert_eq!(g.turn_number(), turn, "{at}");
    assert_eq!(g.players(), h.players(), "{at}");
    assert_eq!(g.display(), h.display(), "{at}");
    assert_eq!(g.deck_len(), h.deck_len(), "{at}");
    assert_eq!(guest.deck_tier_counts(), host.deck_tier_counts(), "{at}");
    assert_eq!(guest.deck_top_tier(), host.deck_top_tier(), "{at}");
    assert_eq!(
        guest.tier_two_turned_up(),
        host.tier_two_turned_up(),
        "{at}"
    );
    let (hk, gk) = (h.deck(), g.deck());
    assert_eq!(gk.top_back(), hk.top_back(), "{at}");
    assert_eq!(counts(gk.candidates()), counts(hk.candidates()), "{at}");
    assert_eq!(g.is_over(), h.is_over(), "{at}");
    if !h.is_over() {
        assert_eq!(g.current_player(), h.current_player(), "{at}");
    }
    assert_eq!(g.legal_turns(), h.legal_turns(), "{at}");
    assert_eq!(g.result(), h.result(), "{at}");
    assert_eq!(table_digest(guest), table_digest(host), "{at}");
}

/// What a guest of `record` (the host's, so far) is told, checked: the
/// same as the view pushed turn by turn, nothing hidden in its JSON, and a
/// game of its own that shows the host's table.
fn check_guest(name: &str, record: &GameRecord, host: &Game, view: &SeatView, rng: &mut Rng) {
    let seat = view.seat;
    let at = format!("{name}, seat {seat}, turn {}", host.turn_number());
    assert_eq!(&SeatView::of(record, seat).unwrap(), view, "{at}");
    // The JSON holds only the view's fields (read back the same, unknown
    // fields refused), no seed, and exactly the cards turned up so far.
    let text = serde_json::to_string(view).unwrap();
    assert_eq!(&serde_json::from_str::<SeatView>(&text).unwrap(), view);
    assert!(!text.contains("seed"), "{at}: {text}");
    if let Some(seed) = record.seed {
        assert!(!text.contains(&seed.to_string()), "{at}: {text}");
    }
    assert_eq!(counts(cards_in(view)), counts(host.turned_up()), "{at}");
    // The guest's own game: a record that reads, writes and replays.
    let mine = view.record(rng).unwrap();
    assert_eq!(mine.seed, None);
    assert_eq!(
        GameRecord::from_json(&mine.to_json()).unwrap(),
        mine,
        "{at}"
    );
    let guest = mine.replay().unwrap();
    assert_same_table(name, host, &guest, seat);
}

/// Plays `opening` (a record with no turns) to its end with random turns,
/// telling every seat each turn; checks every guest at every turn.
fn follow_a_whole_game(name: &str, opening: GameRecord, seed: u64) {
    let mut record = opening;
    let mut host = record.start().unwrap();
    let mut views: Vec<SeatView> = host
        .config()
        .seats()
        .map(|seat| SeatView::of(&record, seat).unwrap())
        .collect();
    let mut rng = seeded(seed);
    let mut buffer = Vec::new();
    loop {
        for view in &views {
            check_guest(name, &record, &host, view, &mut rng);
        }
        let Some(turn) = random_turn(&host, &mut rng, &mut buffer) else {
            break;
        };
        let events = host.apply(turn).unwrap();
        record.turns.push(turn);
        let seen = TurnSeen::after(turn, &events, &host);
        for view in &mut views {
            view.push(seen).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
    assert!(host.is_over() && host.result().is_some(), "{name}");
}

/// Seeds above 2^53 with many digits, so that one in a view would show.
const SEEDS: [u64; 3] = [
    12_726_360_963_827_698_830,
    9_876_543_210_123_456_789,
    18_000_000_000_000_000_017,
];

#[test]
fn every_guest_shows_the_host_s_table_after_every_turn_of_new_deals() {
    // "Setup" steps 1 and 3: 2, 3 and 4 players, the standard deck (tier 1
    // on tier 2) and the full deck; both sides of the locations ("Locations").
    for players in 2..=4 {
        for deck in [DeckVariant::Standard, DeckVariant::Full] {
            for (i, &seed) in SEEDS.iter().enumerate() {
                let sides: Sides = ["AAAAAAAA", "BBBBBBBB", "ABBABAAB"][i].parse().unwrap();
                let config = GameConfig::new(players)
                    .unwrap()
                    .with_deck(deck)
                    .with_sides(sides)
                    .with_meeple_tiebreak(i == 1)
                    .with_first_player(seat(i % players))
                    .unwrap();
                let record = GameRecord::new(names(players), &config, seed);
                let name = format!("{players} players, {deck} deck, {sides}, seed {seed}");
                follow_a_whole_game(&name, record, seed ^ 5);
            }
        }
    }
}

#[test]
fn every_guest_shows_the_host_s_table_from_a_start_position() {
    // Ruling 16: a game from a position, the rest of the deck dealt from the
    // box (shuffled: its backs are known) or given card by card (ruling 14:
    // its backs are unknown).
    for (players, deck, turns) in [
        (2, DeckVariant::Standard, 3),
        (3, DeckVariant::Standard, 17),
        (4, DeckVariant::Standard, 30),
        (3, DeckVariant::Full, 10),
        (4, DeckVariant::Full, 41),
    ] {
        let config = GameConfig::new(players).unwrap().with_deck(deck);
        let mut earlier = GameRecord::new(names(players), &config, SEEDS[0]);
        let mut game = earlier.start().unwrap();
        let mut rng = seeded(turns as u64);
        for _ in 0..turns {
            let turn = random_turn(&game, &mut rng, &mut Vec::new()).unwrap();
            game.apply(turn).unwrap();
            earlier.turns.push(turn);
        }
        let position = Position::of(&game);
        let shuffled =
            GameRecord::from_position(names(players), &config, position.clone(), SEEDS[1]);
        let name = format!("{players} players, {deck} deck, from turn {turns}");
        follow_a_whole_game(&format!("{name}, shuffled"), shuffled.clone(), 3);
        let given = GameRecord {
            seed: None,
            cards: Some(Position::rest_of(&game)),
            ..shuffled
        };
        follow_a_whole_game(&format!("{name}, given"), given, 4);
    }
}

#[test]
fn every_guest_shows_the_host_s_table_with_a_deck_given_card_by_card() {
    // Ruling 14: a scenario's deck, whose backs nobody knows; here the
    // order of a real deal, so the game can finish.
    for players in 2..=4 {
        let config = GameConfig::new(players).unwrap();
        let dealt = Game::new(config, SEEDS[2]).unwrap();
        let mut cards: Vec<Card> = dealt.display().iter().map(|s| s.card).collect();
        cards.extend(deck_as_saved(&dealt).0);
        let record = GameRecord {
            seed: None,
            cards: Some(cards),
            ..GameRecord::new(names(players), &config, 0)
        };
        follow_a_whole_game(&format!("{players} players, given deck"), record, 6);
    }
}

/// A host's 2-player game on the standard deck after `turns` turns: the
/// record, the game, and seat 1's view.
fn hosted(seed: u64, turns: usize) -> (GameRecord, Game, SeatView) {
    let (mut record, _) = simulated_record(2, "AAAAAAAA", seed);
    record.turns.truncate(turns);
    let game = record.replay().unwrap();
    let view = SeatView::of(&record, seat(1)).unwrap();
    (record, game, view)
}

/// `view` refuses `seen` with `expected`, and is unchanged.
fn refused(view: &SeatView, seen: TurnSeen, expected: ViewError) {
    let mut pushed = view.clone();
    assert_eq!(pushed.push(seen), Err(expected));
    assert_eq!(&pushed, view);
}

#[test]
fn a_refill_of_the_wrong_back_is_refused() {
    // "Setup" step 3: with 2 players the six tier-1 cards are the display,
    // so every refill has a red back; Guard/Innkeeper has no tier-2 copy
    // ("Components").
    let (_, game, view) = hosted(1, 0);
    let turn = game.legal_turns()[0];
    let seen = TurnSeen {
        turn,
        refill: Some(card("Guard/Innkeeper")),
        top: Some(Tier::Two),
    };
    refused(
        &view,
        seen,
        ViewError::RefillImpossible {
            turn: 1,
            card: card("Guard/Innkeeper"),
            back: Some(Tier::Two),
        },
    );
}

#[test]
fn a_refill_of_a_card_whose_copies_are_all_turned_up_is_refused() {
    // "Components": the one tier-2 Knight (or another card with a single
    // tier-2 copy), once turned up, cannot refill the display again.
    let single: Vec<Card> = COMPOSITION
        .iter()
        .filter(|c| c.2 == 1)
        .map(|c| c.0)
        .collect();
    let (turns, up, game, view) = (0..50)
        .find_map(|seed| {
            (1..20).find_map(|turns| {
                let (_, game, view) = hosted(seed, turns);
                let up = *game
                    .tier_two_turned_up()
                    .iter()
                    .find(|c| single.contains(c))?;
                Some((turns, up, game, view))
            })
        })
        .expect("a game that turns up a single tier-2 copy");
    let seen = TurnSeen {
        turn: game.legal_turns()[0],
        refill: Some(up),
        top: Some(Tier::Two),
    };
    refused(
        &view,
        seen,
        ViewError::RefillImpossible {
            turn: turns + 1,
            card: up,
            back: Some(Tier::Two),
        },
    );
}

#[test]
fn an_illegal_turn_is_refused_with_its_rule() {
    // "A turn" step 2: a card is placed as one of its characters.
    let (_, game, view) = hosted(3, 4);
    let front = game.display()[0].card;
    let wrong = Character::ALL
        .into_iter()
        .find(|&c| !front.can_be(c))
        .unwrap();
    let seen = TurnSeen {
        turn: Turn::new(0, wrong),
        refill: None,
        top: None,
    };
    refused(
        &view,
        seen,
        ViewError::Turn {
            turn: 5,
            error: TurnError::WrongCharacter {
                card: front,
                character: wrong,
            },
        },
    );
    // "A turn" step 1: space 6 is beyond the display.
    let beyond = TurnSeen {
        turn: Turn::new(6, Character::Miller),
        ..seen
    };
    refused(
        &view,
        beyond,
        ViewError::Turn {
            turn: 5,
            error: TurnError::SpaceOutOfRange {
                space: 6,
                display: 6,
            },
        },
    );
}

#[test]
fn a_refill_is_told_exactly_while_the_deck_has_cards() {
    // "A turn" step 4: the top deck card refills the display; ruling 6:
    // when the deck is empty nothing does.
    let (_, game, view) = hosted(4, 2);
    let turn = game.legal_turns()[0];
    let missing = TurnSeen {
        turn,
        refill: None,
        top: Some(Tier::Two),
    };
    let deck_left = game.deck_len();
    refused(
        &view,
        missing,
        ViewError::RefillMissing { turn: 3, deck_left },
    );

    // 4 players, standard deck: 53 cards, 6 on display, 47 turns empty the
    // deck; the 48th turn has no refill.
    let config = GameConfig::new(4).unwrap();
    let mut record = GameRecord::new(names(4), &config, SEEDS[0]);
    let mut game = record.start().unwrap();
    let mut rng = seeded(8);
    for _ in 0..47 {
        let turn = random_turn(&game, &mut rng, &mut Vec::new()).unwrap();
        game.apply(turn).unwrap();
        record.turns.push(turn);
    }
    assert_eq!(game.deck_len(), 0);
    let view = SeatView::of(&record, seat(2)).unwrap();
    let last = TurnSeen {
        turn: game.legal_turns()[0],
        refill: Some(card("Miller")),
        top: None,
    };
    refused(
        &view,
        last,
        ViewError::RefillFromEmptyDeck {
            turn: 48,
            card: card("Miller"),
        },
    );
    let mut view = view;
    view.push(TurnSeen {
        refill: None,
        ..last
    })
    .unwrap();
    assert!(view.record(&mut rng).unwrap().replay().unwrap().is_over());
}

#[test]
fn a_back_the_deck_cannot_show_is_refused() {
    // "Setup" step 3: with 4 players 26 tier-1 cards lie on the tier-2
    // ones, so after the first turn a green back is on top, not a red one.
    let config = GameConfig::new(4).unwrap();
    let record = GameRecord::new(names(4), &config, SEEDS[1]);
    let mut host = record.start().unwrap();
    let view = SeatView::of(&record, seat(0)).unwrap();
    assert_eq!(view.backs.as_ref().unwrap().top, Some(Tier::One));
    let turn = host.legal_turns()[0];
    let events = host.apply(turn).unwrap();
    let seen = TurnSeen::after(turn, &events, &host);
    assert_eq!(seen.top, Some(Tier::One));
    for top in [Some(Tier::Two), None] {
        refused(
            &view,
            TurnSeen { top, ..seen },
            ViewError::TopBack { turn: 1, back: top },
        );
    }
}

#[test]
fn an_opening_no_deal_gives_is_refused() {
    // "Setup" step 3: the deck under the display holds what the deal
    // leaves (4 players, standard: 26 + 27 − 6 = 47); with the standard
    // deck the display is tier 1 (green backs).
    let config = GameConfig::new(4).unwrap();
    let record = GameRecord::new(names(4), &config, SEEDS[1]);
    let view = SeatView::of(&record, seat(0)).unwrap();
    assert_eq!(view.check(), Ok(()));
    let mut wrong = view.clone();
    wrong.deck_size += 1;
    assert_eq!(
        wrong.check(),
        Err(ViewError::DeckSize {
            cards: 48,
            expected: 47
        })
    );
    let mut red = view.clone();
    red.backs.as_mut().unwrap().display[3] = Tier::Two;
    assert!(matches!(
        red.check(),
        Err(ViewError::DisplayImpossible {
            space: 3,
            back: Tier::Two,
            ..
        })
    ));
    // "Components": one Guard/Innkeeper in the box, a tier-1 card.
    let full = GameConfig::new(2).unwrap().with_deck(DeckVariant::Full);
    let mut twice = SeatView::of(&GameRecord::new(names(2), &full, SEEDS[0]), seat(0)).unwrap();
    twice.display[1] = card("Guard/Innkeeper");
    twice.display[4] = card("Guard/Innkeeper");
    twice.backs.as_mut().unwrap().display = vec![Tier::One; 6];
    assert_eq!(
        twice.check(),
        Err(ViewError::DisplayImpossible {
            space: 4,
            card: card("Guard/Innkeeper"),
            back: Tier::One
        })
    );
    // "Setup" step 1: 2 to 4 players, and the view is one seat's.
    let mut nobody = view.clone();
    nobody.seat = seat(3);
    nobody.players.pop();
    assert_eq!(
        nobody.check(),
        Err(ViewError::Seat {
            seat: seat(3),
            players: 3
        })
    );
    let text = serde_json::to_string(&view).unwrap();
    let past = text.replacen(r#"{"seat":0,"#, r#"{"seat":4,"#, 1);
    assert_ne!(past, text);
    let error = serde_json::from_str::<SeatView>(&past).unwrap_err();
    assert!(error.to_string().starts_with("no seat 4"), "{error}");
    let mut five = view.clone();
    five.players.push("Eve".into());
    assert!(matches!(
        five.check(),
        Err(ViewError::Opening(RecordError::Config(
            ConfigError::PlayerCount(5)
        )))
    ));
    // A deck given card by card (ruling 14) holds what a record can.
    let mut huge = view;
    huge.backs = None;
    huge.deck_size = seat_view::MOST_CARDS + 1;
    assert!(matches!(huge.check(), Err(ViewError::DeckSize { .. })));
}

#[test]
fn the_digest_follows_the_table_not_the_deck() {
    // Two games with one table and decks in another order have one digest;
    // a turn later, the tables differ and so do the digests.
    let (_, game, _) = hosted(5, 7);
    // The table as the scenario editor takes it, under the deck as it
    // lies and under that deck reversed (backs unknown: a deck given card
    // by card, ruling 14).
    let (cards, _) = deck_as_saved(&game);
    let reversed: Vec<Card> = cards.iter().rev().copied().collect();
    let table = Position::of(&game);
    let config = *game.config();
    let as_it_lies = Game::from_position(config, &table, Rest::Given(&cards)).unwrap();
    let reordered = Game::from_position(config, &table, Rest::Given(&reversed)).unwrap();
    assert_eq!(table_digest(&as_it_lies), table_digest(&reordered));
    let mut later = game.clone();
    later.apply(game.legal_turns()[0]).unwrap();
    assert_ne!(table_digest(&game), table_digest(&later));
}

/// The size of what a guest is told, for the live game's messages: a whole
/// 4-player game ("A turn" step 5: 12 cards each, 48 turns) in compact JSON,
/// and one turn's news.
/// `cargo test -p majesty-rules --test seat_view view_lengths -- --nocapture`
#[test]
fn view_lengths_of_whole_four_player_games() {
    let mut whole = Vec::new();
    let mut one = Vec::new();
    for (i, &seed) in SEEDS.iter().enumerate() {
        let deck = [DeckVariant::Standard, DeckVariant::Full][i % 2];
        let config = GameConfig::new(4).unwrap().with_deck(deck);
        let (game, turns) =
            majesty_rules::simulate::random_game(config, seed, &mut seeded(seed)).unwrap();
        assert!(game.is_over());
        let record = GameRecord {
            turns,
            ..GameRecord::new(names(4), &config, seed)
        };
        let view = SeatView::of(&record, seat(3)).unwrap();
        whole.push(serde_json::to_string(&view).unwrap().len());
        one.extend(
            view.turns
                .iter()
                .map(|t| serde_json::to_string(t).unwrap().len()),
        );
    }
    let (lo, hi) = (whole.iter().min().unwrap(), whole.iter().max().unwrap());
    let most = one.iter().max().unwrap();
    println!("whole view {lo}–{hi} bytes; one turn seen at most {most} bytes");
    assert!(*hi < 5000 && *most < 100, "{hi} {most}");
}
