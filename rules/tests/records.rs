//! Game records (the command-line tool that replays them: tests/cli.rs).

mod common;

use common::{deck_as_saved, old_records_with_an_explicit_deck, seat, simulated_record};
use majesty_rules::record::{CardBacks, DealError, RECORD_VERSION};
use majesty_rules::simulate::random_game;
use majesty_rules::{
    Card, Character, DeckVariant, Game, GameConfig, GameRecord, Position, RecordError,
    ReplayReport, SetupError, Tier, Turn, TurnError,
};

#[test]
fn simulate_record_replay_round_trip() {
    for (players, sides) in [(2, "AAAAAAAA"), (3, "BBBBBBBB"), (4, "ABABABAB")] {
        let (record, game) = simulated_record(players, sides, players as u64 * 31);
        let text = record.to_json();
        let parsed = GameRecord::from_json(&text).unwrap();
        assert_eq!(parsed, record);
        assert_eq!(parsed.replay().unwrap(), game);
        let report = ReplayReport::of(&parsed).unwrap();
        let result = game.result().unwrap();
        assert!(report.over);
        assert_eq!(report.turn, players * 12);
        for (p, s) in report.players.iter().zip(&result.players) {
            assert_eq!(p.final_scoring.as_ref().unwrap().total, s.total);
        }
    }
}

#[test]
fn record_with_an_explicit_deck_uses_it_top_first() {
    let text = r#"{"players": ["Ann", "Bob"], "sides": "AAAAAAAB",
        "cards": ["Knight/Guard", "Miller", "Witch", "Noble", "Brewer", "Innkeeper",
                  "Miller", "Miller", "Miller", "Miller", "Miller", "Miller",
                  "Miller", "Miller", "Miller", "Miller", "Miller", "Miller",
                  "Miller", "Miller", "Miller", "Miller", "Miller", "Miller"],
        "turns": [{"take": 0, "place": "Guard"}, {"take": 2, "place": "Noble"}]}"#;
    let record = GameRecord::from_json(text).unwrap();
    let game = record.replay().unwrap();
    assert_eq!(
        game.player(seat(0)).realm().placements()[0].card,
        Card::split(Character::Guard, Character::Knight)
    );
    assert_eq!(game.player(seat(1)).realm().count(Character::Noble), 1);
    assert_eq!(game.deck_len(), 24 - 8);
}

#[test]
fn record_errors_are_clear() {
    let no_deck = GameRecord::from_json(r#"{"players": ["A", "B"]}"#).unwrap();
    assert_eq!(no_deck.replay().unwrap_err(), RecordError::NoDeck);
    let one_player =
        GameRecord::from_json(r#"{"version": 2, "players": ["A"], "seed": 1}"#).unwrap();
    assert!(one_player
        .replay()
        .unwrap_err()
        .to_string()
        .contains("2, 3 or 4"));
    let bad_card = GameRecord::from_json(r#"{"players": ["A", "B"], "cards": ["Wizard"]}"#);
    assert!(bad_card.unwrap_err().to_string().contains("Wizard"));
    let bad_sides =
        GameRecord::from_json(r#"{"version": 2, "players": ["A", "B"], "seed": 1, "sides": "AB"}"#);
    assert!(bad_sides.unwrap_err().to_string().contains("8 letters"));
    let illegal = GameRecord::from_json(
        r#"{"version": 2, "players": ["A", "B"], "seed": 1,
            "turns": [{"take": 9, "place": "Miller"}]}"#,
    )
    .unwrap();
    assert!(matches!(
        illegal.replay(),
        Err(RecordError::Turn {
            turn: 1,
            error: TurnError::SpaceOutOfRange { space: 9, .. }
        })
    ));
}

#[test]
fn a_record_whose_deck_cannot_finish_the_game_is_refused() {
    // Ruling 14 (was: a scenario of two cards played until the display was
    // empty, and then had no legal turn): a deck given card by card needs 12
    // cards per player, or the record is refused before its first turn.
    let record = GameRecord::from_json(
        r#"{"players": ["A", "B"], "cards": ["Miller", "Brewer"],
            "turns": [{"take": 1, "place": "Brewer"}, {"take": 0, "place": "Miller"}]}"#,
    )
    .unwrap();
    let refused = RecordError::Setup(SetupError::DeckTooShort {
        cards: 2,
        players: 2,
        needed: 24,
    });
    assert_eq!(record.start().unwrap_err(), refused);
    assert_eq!(record.replay().unwrap_err(), refused);
    assert!(refused.to_string().contains("cannot finish"), "{refused}");
}

#[test]
fn a_record_names_its_first_player_only_when_it_is_not_seat_zero() {
    // Ruling 15. Records from before the field read and write byte for byte
    // the same: seat 0 is the default and is not written.
    let (record, game) = simulated_record(3, "AAAAAAAA", 12);
    let text = record.to_json();
    assert!(!text.contains("first_player"), "{text}");
    assert_eq!(GameRecord::from_json(&text).unwrap().to_json(), text);
    assert_eq!(game.config().first_player(), seat(0));

    let config = GameConfig::new(3)
        .unwrap()
        .with_first_player(seat(1))
        .unwrap();
    let (game, turns) = random_game(config, 12, &mut majesty_rules::rng::seeded(12 ^ 77)).unwrap();
    let mut record = GameRecord::new(vec!["A".into(), "B".into(), "C".into()], &config, 12);
    record.turns = turns;
    let text = record.to_json();
    assert!(text.contains(r#""first_player":1"#), "{text}");
    let parsed = GameRecord::from_json(&text).unwrap();
    assert_eq!(parsed.first_player, seat(1));
    let replayed = parsed.replay().unwrap();
    assert_eq!(replayed, game);
    assert_eq!(replayed.config().first_player(), seat(1));
    let mut opened = parsed.start().unwrap();
    assert_eq!(opened.current_player(), seat(1));
    opened.apply(record.turns[0]).unwrap();
    assert_eq!(opened.current_player(), seat(2));
}

#[test]
fn turns_serialise_in_the_record_format() {
    let turn = Turn::new(2, Character::Witch).healing(Character::Knight);
    assert_eq!(
        serde_json::to_string(&turn).unwrap(),
        r#"{"take":2,"place":"Witch","heal":"Knight"}"#
    );
    let turn: Turn = serde_json::from_str(r#"{"take":1,"place":"Noble","trade":-2}"#).unwrap();
    assert_eq!(turn, Turn::new(1, Character::Noble).trading(-2));
}

#[test]
fn a_game_is_saved_and_resumed_as_its_record() {
    // A game is written as its record (seed and turns) and read back by
    // replaying it: the same game, with every set-up check on the way in.
    let (record, game) = simulated_record(3, "BABABABA", 8);
    let back = GameRecord::from_json(&record.to_json()).unwrap();
    assert_eq!(back.replay().unwrap(), game);
}

#[test]
fn a_game_saved_by_an_earlier_version_still_opens() {
    // The record inside a save that the app wrote to a browser before this
    // version (three players, Castle and Infirmary on side B, five turns
    // in, two Castle B trades): it reads, replays and is written back the
    // same, byte for byte.
    let saved = r#"{"version":2,"players":["Player 1","Player 2","Player 3"],"sides":"AAAAAABB","deck":"standard","seed":"1013854051257004207","turns":[{"take":1,"place":"Brewer"},{"take":1,"place":"Noble","trade":-4},{"take":4,"place":"Miller"},{"take":5,"place":"Noble","trade":2},{"take":0,"place":"Brewer"}]}"#;
    let record = GameRecord::from_json(saved).unwrap();
    let game = record.replay().unwrap();
    assert_eq!(game.turn_number(), 5);
    assert_eq!(game.current_player(), seat(2));
    assert_eq!(game.config().sides().to_string(), "AAAAAABB");
    assert_eq!(record.to_json(), saved);
    // Its save's text, as a browser keeps it, holds that record as it is.
    let save = format!(
        r#"{{"format":1,"saved_at":1700000000000,"record":{saved},"seats":[null,"hard","easy"],"allow_undo":false}}"#
    );
    let kept: serde_json::Value = serde_json::from_str(&save).unwrap();
    let inner = GameRecord::from_json(&kept["record"].to_string()).unwrap();
    assert_eq!(inner, record);
}

#[test]
fn a_record_made_now_carries_the_format_version() {
    let (record, game) = simulated_record(2, "AAAAAAAA", 5);
    assert_eq!(record.version, RECORD_VERSION);
    let text = record.to_json();
    assert!(
        text.starts_with(&format!(r#"{{"version":{RECORD_VERSION},"#)),
        "{text}"
    );
    let parsed = GameRecord::from_json(&text).unwrap();
    assert_eq!(parsed.version, RECORD_VERSION);
    assert_eq!(parsed.replay().unwrap(), game);
}

#[test]
fn an_old_seeded_record_is_refused_never_dealt_differently() {
    // A record without "version" (format 1) was shuffled by the SplitMix64
    // generator of earlier versions: its seed cannot be dealt the same now.
    let old = r#"{"players": ["Ann", "Bob"], "sides": "AAAAAAAB", "seed": 42,
        "turns": [{"take": 0, "place": "Miller"}]}"#;
    let record = GameRecord::from_json(old).expect("an old record is still recognised");
    assert_eq!(record.version, 1);
    assert_eq!(record.seed, Some(42));
    assert_eq!(record.turns.len(), 1);
    let refused = RecordError::OldShuffle { version: 1 };
    assert_eq!(record.check_version(), Err(refused.clone()));
    assert_eq!(record.start().unwrap_err(), refused);
    assert_eq!(record.replay().unwrap_err(), refused);
    assert_eq!(ReplayReport::of(&record).unwrap_err(), refused);
    let message = refused.to_string();
    for words in [
        "earlier version",
        "shuffled the deck differently",
        "\"cards\"",
    ] {
        assert!(message.contains(words), "{message}");
    }
    // An explicit "version": 1 is the same format.
    let explicit = GameRecord::from_json(r#"{"version": 1, "players": ["A", "B"], "seed": 42}"#);
    assert_eq!(explicit.unwrap().replay().unwrap_err(), refused);
    // The seed's form does not matter: a string seed of format 1 too.
    let text = GameRecord::from_json(r#"{"players": ["A", "B"], "seed": "42"}"#);
    assert_eq!(text.unwrap().replay().unwrap_err(), refused);
    // The command-line tool says so too: tests/cli.rs.
}

#[test]
fn an_old_record_with_an_explicit_deck_still_opens() {
    // Its deal does not depend on any generator (a seed beside the cards is
    // ignored, as it always was).
    for text in old_records_with_an_explicit_deck() {
        let record = GameRecord::from_json(&text).unwrap();
        assert_eq!(record.version, 1);
        assert_eq!(record.check_version(), Ok(()));
        let game = record.replay().unwrap();
        assert_eq!(
            game.player(seat(0)).realm().placements()[0].card,
            Card::split(Character::Guard, Character::Knight)
        );
        assert_eq!(game.player(seat(1)).realm().count(Character::Noble), 1);
    }
    // The command-line tool opens it too: tests/cli.rs.
}

#[test]
fn a_record_from_a_newer_version_is_refused() {
    let newer = RECORD_VERSION + 1;
    for deck in [r#""seed": 42"#, r#""cards": ["Miller", "Brewer"]"#] {
        let text = format!(r#"{{"version": {newer}, "players": ["A", "B"], {deck}}}"#);
        let record = GameRecord::from_json(&text).unwrap();
        let refused = RecordError::NewerVersion { version: newer };
        assert_eq!(record.replay().unwrap_err(), refused);
        assert!(refused.to_string().contains("newer version"), "{refused}");
    }
}

#[test]
fn a_record_with_more_turns_than_a_game_has_is_refused_when_read() {
    // Fuzzing item 6: 12 turns per player (GameConfig::CARDS_PER_PLAYER); a
    // record with more is refused by `from_json`, before it is replayed.
    for players in [2, 3, 4] {
        let (record, _) = simulated_record(players, "AAAAAAAB", 17 + players as u64);
        let max = GameConfig::new(players).unwrap().total_turns();
        assert_eq!(record.turns.len(), max);
        assert_eq!(GameRecord::from_json(&record.to_json()).unwrap(), record);
        let mut longer = record.clone();
        longer.turns.push(record.turns[0]);
        let refused = GameRecord::from_json(&longer.to_json()).unwrap_err();
        assert_eq!(
            refused,
            RecordError::TooManyTurns { max },
            "{players} players"
        );
        assert!(refused
            .to_string()
            .contains(&format!("more than {max} turns")));
        // 49 turns: more than any game has, refused while it is read.
        longer.turns.resize(49, record.turns[0]);
        let refused = GameRecord::from_json(&longer.to_json()).unwrap_err();
        assert_eq!(
            refused,
            RecordError::TooManyTurns { max: 48 },
            "{players} players"
        );
        assert!(
            refused.to_string().contains("more than 48 turns"),
            "{refused}"
        );
    }
}

/// Fuzzing item 6, the app's side: a text longer than any record (a 140 MB
/// file, a huge `#record=` link) is refused by its length, before a byte of
/// it is parsed.
#[test]
fn a_record_text_larger_than_any_record_is_refused_unread() {
    use majesty_rules::MAX_RECORD_BYTES;
    let turn = r#"{"take": 0, "place": "Miller"}"#;
    let huge = format!(
        r#"{{"version": 2, "players": ["A", "B"], "seed": 1, "turns": [{}]}}"#,
        vec![turn; 200_000].join(",")
    );
    let refused = GameRecord::from_json(&huge).unwrap_err();
    assert_eq!(
        refused,
        RecordError::TooLarge {
            max: MAX_RECORD_BYTES
        }
    );
    assert!(refused.to_string().contains("larger than 1048576 bytes"));
    // Not even JSON: still refused by its length alone.
    let junk = "x".repeat(MAX_RECORD_BYTES + 1);
    assert_eq!(
        GameRecord::from_json(&junk),
        Err(RecordError::TooLarge {
            max: MAX_RECORD_BYTES
        })
    );
    // A record padded with spaces up to the limit still reads.
    let (record, _) = simulated_record(4, "AAAAAAAA", 3);
    let json = record.to_json();
    let padded = format!("{json}{}", " ".repeat(MAX_RECORD_BYTES - json.len()));
    assert_eq!(GameRecord::from_json(&padded), Ok(record));
}

#[test]
fn a_record_of_30000_turns_is_refused_without_reading_them_all() {
    // Fuzzing item 6: the turns are read one by one and the 49th stops it
    // (30,000 turns: just under the text limit below).
    let turn = r#"{"take": 0, "place": "Miller"}"#;
    let text = format!(
        r#"{{"version": 2, "players": ["A", "B"], "seed": 1, "turns": [{}]}}"#,
        vec![turn; 30_000].join(",")
    );
    assert_eq!(
        GameRecord::from_json(&text),
        Err(RecordError::TooManyTurns { max: 48 })
    );
    // Even when the turns come before the players, or a bad turn after the
    // 48th: the count is the first thing checked.
    let text = format!(
        r#"{{"turns": [{}, 7], "version": 2, "players": ["A", "B"], "seed": 1}}"#,
        vec![turn; 60].join(",")
    );
    assert_eq!(
        GameRecord::from_json(&text),
        Err(RecordError::TooManyTurns { max: 48 })
    );
}

#[test]
fn reading_turns_one_by_one_keeps_their_numbers_and_null() {
    // What `from_json` did before turns were read one by one (fuzzing item 6).
    let bad = r#"{"version": 2, "players": ["A", "B"], "seed": 1, "turns": [{"take": 0, "place": "Miller"}, {"take": 0, "place": "Wizard"}]}"#;
    match GameRecord::from_json(bad) {
        Err(RecordError::BadTurn { turn: 2, message }) => {
            assert!(message.starts_with("not a valid turn: "), "{message}")
        }
        other => panic!("{other:?}"),
    }
    for turns in [r#""turns": null, "#, r#""turns": [], "#, ""] {
        let text = format!(r#"{{{turns}"version": 2, "players": ["A", "B"], "seed": 1}}"#);
        assert_eq!(GameRecord::from_json(&text).unwrap().turns, vec![]);
    }
    assert!(matches!(
        GameRecord::from_json(r#"{"players": ["A", "B"], "seed": 1, "turns": 3}"#),
        Err(RecordError::Json(_))
    ));
}

#[test]
fn an_unknown_field_is_refused_by_name() {
    // Fuzzing item 9: a typo such as "tunrs" was silently ignored (and the
    // game read as having no turns).
    let (record, _) = simulated_record(2, "AAAAAAAA", 5);
    let typo = record.to_json().replace("\"turns\"", "\"tunrs\"");
    match GameRecord::from_json(&typo) {
        Err(RecordError::Json(error)) => {
            assert!(error.message.contains("unknown field `tunrs`"), "{error}");
            assert_eq!(error.line, 1);
        }
        other => panic!("{other:?}"),
    }
    // In a turn too: its number and the field.
    let typo = record
        .to_json()
        .replacen("\"place\"", "\"trade\":0,\"palce\"", 1);
    match GameRecord::from_json(&typo) {
        Err(RecordError::BadTurn { turn: 1, message }) => {
            assert!(message.contains("unknown field `palce`"), "{message}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_field_written_today_still_reads() {
    // Fuzzing item 9 refuses unknown fields: every field a record is written
    // with (each optional one set), and the kept records, still read.
    let (mut record, _) = simulated_record(3, "BBBBBBBB", 11);
    record.first_player = seat(2);
    record.meeple_tiebreak = true;
    record.cards = Some(vec![Card::single(Character::Miller); 40]);
    record.turns[0] = Turn::new(1, Character::Witch)
        .healing(Character::Knight)
        .trading(-2);
    let text = record.to_json();
    for field in [
        "version",
        "players",
        "sides",
        "deck",
        "seed",
        "cards",
        "meeple_tiebreak",
        "first_player",
        "turns",
        "take",
        "place",
        "heal",
        "trade",
    ] {
        assert!(text.contains(&format!("\"{field}\":")), "{field} in {text}");
    }
    assert_eq!(GameRecord::from_json(&text).unwrap(), record);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    for kept in [
        "rules/tests/data/golden-3p-full.json",
        "e2e/fixtures/game-2p.json",
        "e2e/fixtures/game-3p.json",
    ] {
        let text = std::fs::read_to_string(format!("{root}/{kept}")).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let record = value.get("record").unwrap_or(&value).to_string();
        GameRecord::from_json(&record)
            .and_then(|r| r.replay())
            .unwrap_or_else(|e| panic!("{kept}: {e}"));
    }
}

#[test]
fn a_seed_is_written_as_text_and_read_as_text_or_as_a_number() {
    // Above 2^53: JSON.parse in a web page would round it as a number.
    let seed = 12_726_360_963_827_698_830u64;
    let config = GameConfig::new(2).unwrap();
    let record = GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, seed);
    let text = record.to_json();
    assert!(text.contains(r#""seed":"12726360963827698830""#), "{text}");
    assert_eq!(GameRecord::from_json(&text).unwrap(), record);
    // The number form reads exactly, and so do both ends of the range.
    let number = text.replace(r#""12726360963827698830""#, "12726360963827698830");
    assert_eq!(GameRecord::from_json(&number).unwrap(), record);
    // Digests (puzzle ids, the statistics' fingerprints) keep the number.
    assert_eq!(record.digest_text(), number);
    let mut named = record.clone();
    named.players[0] = r#"Ann "seed":"12726360963827698830""#.into();
    assert_eq!(
        named.digest_text(),
        named
            .to_json()
            .replace(r#":"12726360963827698830","#, ":12726360963827698830,")
    );
    for (written, seed) in [
        (r#""0""#, 0),
        (r#""007""#, 7),
        ("18446744073709551615", u64::MAX),
        (r#""18446744073709551615""#, u64::MAX),
    ] {
        let text = format!(r#"{{"version": 2, "players": ["A", "B"], "seed": {written}}}"#);
        assert_eq!(
            GameRecord::from_json(&text).unwrap().seed,
            Some(seed),
            "{text}"
        );
    }
    // null is no seed, as an absent one.
    let none = GameRecord::from_json(r#"{"players": ["A", "B"], "seed": null}"#).unwrap();
    assert_eq!(none.seed, None);
    assert!(!none.to_json().contains("seed"));
}

#[test]
fn a_seed_that_is_not_decimal_digits_is_refused_with_the_reason() {
    for (written, reason) in [
        (r#""""#, "empty string"),
        (r#""-5""#, "decimal digits only"),
        (r#""+5""#, "decimal digits only"),
        (r#"" 5""#, "decimal digits only"),
        (r#""5.0""#, "decimal digits only"),
        (r#""0x10""#, "decimal digits only"),
        (r#""1e3""#, "decimal digits only"),
        (
            r#""18446744073709551616""#,
            "larger than 18446744073709551615",
        ),
        (
            r#""99999999999999999999999999""#,
            "larger than 18446744073709551615",
        ),
        ("18446744073709551616", "not a whole number"),
        ("-1", "negative"),
        ("1.5", "not a whole number"),
        ("true", "a string of decimal digits"),
        ("[1]", "a string of decimal digits"),
    ] {
        let text = format!(r#"{{"version": 2, "players": ["A", "B"], "seed": {written}}}"#);
        match GameRecord::from_json(&text) {
            Err(RecordError::Json(error)) => {
                assert!(error.message.contains(reason), "{written}: {error}")
            }
            other => panic!("{written}: {other:?}"),
        }
    }
}

/// The backs of `record`'s cards.
fn backs_of(record: &mut GameRecord) -> &mut Vec<Tier> {
    &mut record.backs.as_mut().unwrap().0
}

/// The whole deck `seed` deals for `config`, top first, with every back:
/// the display (its red backs are the cards turned up as tier 2, in order)
/// and the deck under it.
fn dealt_with_backs(config: GameConfig, seed: u64) -> (Vec<Card>, Vec<Tier>) {
    let game = Game::new(config, seed).unwrap();
    let mut red = game.tier_two_turned_up().iter().peekable();
    let (mut cards, mut backs): (Vec<Card>, Vec<Tier>) = game
        .display()
        .iter()
        .map(|slot| match red.next_if(|&&c| c == slot.card) {
            Some(_) => (slot.card, Tier::Two),
            None => (slot.card, Tier::One),
        })
        .unzip();
    let (deck, tiers) = deck_as_saved(&game);
    cards.extend(deck);
    backs.extend(tiers);
    (cards, backs)
}

#[test]
fn a_deck_given_with_its_backs_deals_the_game_its_seed_deals() {
    // "Setup" step 3: a deck dealt from the box, given card by card with
    // every back, is the same game as the seed's: the same backs on top,
    // the same tier-2 cards turned up, the same deck.
    for players in 2..=4 {
        for deck in [DeckVariant::Standard, DeckVariant::Full] {
            let config = GameConfig::new(players).unwrap().with_deck(deck);
            let (seeded, game) = {
                let (mut record, _) = simulated_record(players, "ABABABAB", 40 + players as u64);
                record.deck = deck;
                record.turns.clear();
                let game = record.start().unwrap();
                (record, game)
            };
            let (cards, backs) = dealt_with_backs(config, seeded.seed.unwrap());
            let given = GameRecord {
                seed: None,
                cards: Some(cards),
                backs: Some(CardBacks(backs)),
                ..seeded.clone()
            };
            assert_eq!(given.start().unwrap(), game, "{players} players, {deck}");
            let text = given.to_json();
            assert!(text.contains("\"backs\":\""), "{text}");
            assert_eq!(GameRecord::from_json(&text).unwrap(), given);
        }
    }
    // Ruling 16: from a start position, the rest dealt from the box.
    let (mut whole, _) = simulated_record(3, "AAAAAAAA", 9);
    whole.turns.truncate(10);
    let position = Position::of(&whole.replay().unwrap());
    let config = GameConfig::new(3).unwrap();
    let shuffled = GameRecord::from_position(whole.players.clone(), &config, position, 5);
    let game = shuffled.start().unwrap();
    let (cards, backs) = deck_as_saved(&game);
    let given = GameRecord {
        seed: None,
        cards: Some(cards),
        backs: Some(CardBacks(backs)),
        ..shuffled
    };
    assert_eq!(given.start().unwrap(), game);
}

#[test]
fn backs_that_no_deal_gives_are_refused_with_the_reason() {
    // "Components" and "Setup" step 3: one back per card, tier 1 on top of
    // tier 2 with the standard deck, no more copies with a back than the
    // box has, as many of each back as the deal has.
    let config = GameConfig::new(2).unwrap();
    let (cards, backs) = dealt_with_backs(config, 6);
    let good = GameRecord {
        seed: None,
        cards: Some(cards),
        backs: Some(CardBacks(backs)),
        ..GameRecord::new(vec!["Ann".into(), "Bob".into()], &config, 0)
    };
    assert!(good.start().is_ok());
    assert!(good
        .backs
        .as_ref()
        .unwrap()
        .to_string()
        .starts_with("1111112"));
    let broken = |change: &dyn Fn(&mut GameRecord)| {
        let mut r = good.clone();
        change(&mut r);
        match r.start() {
            Err(RecordError::Deal(why)) => why,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        broken(&|r| backs_of(r).truncate(32)),
        DealError::BacksCount {
            backs: 32,
            cards: 33
        }
    );
    assert_eq!(broken(&|r| r.cards = None), DealError::BacksWithoutCards);
    assert!(matches!(
        broken(&|r| backs_of(r).swap(0, 10)),
        DealError::GreenUnderRed { .. }
    ));
    let guard_noble: Card = "Guard/Noble".parse().unwrap();
    assert!(matches!(
        broken(&|r| r.cards.as_mut().unwrap()[10] = guard_noble),
        DealError::TooManyCopies { card, most: 0, .. } if card == guard_noble
    ));
    assert!(matches!(
        broken(&|r| {
            *backs_of(r).last_mut().unwrap() = Tier::One;
            r.deck = DeckVariant::Full;
        }),
        DealError::BackTotals {
            dealt: (33, 27),
            ..
        }
    ));
    // The reader names a back that is neither 1 nor 2.
    let text = good.to_json().replace("\"backs\":\"1", "\"backs\":\"3");
    assert!(matches!(
        GameRecord::from_json(&text),
        Err(RecordError::Json(why)) if why.message.contains("'3' for card 1")
    ));
}
