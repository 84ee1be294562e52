//! docs/record.schema.json, the JSON Schema of game records, is true: every
//! record the game writes or ships fits it, and what it refuses the game's
//! own reader refuses too (a misspelt field, a seed that is not digits, a
//! card that does not exist…), so a page that checks a record with it
//! never turns away one the game opens, nor lets through one it cannot.

mod common;

use std::path::Path;

use boon::{Compiler, SchemaIndex, Schemas};
use common::{seat, simulated_record};
use majesty_rules::annotation::{Mark, Target};
use majesty_rules::rng::seeded;
use majesty_rules::{DeckVariant, GameConfig, GameRecord, Location, Position, SeatView, Sides};
use serde_json::{json, Value};

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The schema, compiled (and so checked against draft 2020-12's own
/// meta-schema).
fn schema() -> (Schemas, SchemaIndex) {
    let path = root().join("docs/record.schema.json");
    let mut schemas = Schemas::new();
    let index = Compiler::new()
        .compile(path.to_str().unwrap(), &mut schemas)
        .unwrap_or_else(|e| panic!("docs/record.schema.json: {e:#}"));
    (schemas, index)
}

fn fits(schema: &(Schemas, SchemaIndex), record: &Value) -> Result<(), String> {
    schema
        .0
        .validate(record, schema.1)
        .map_err(|e| format!("{e:#}"))
}

/// The record in `text`: its own `record` when the file wraps one.
fn kept(text: &str) -> Value {
    let value: Value = serde_json::from_str(text).unwrap();
    value.get("record").cloned().unwrap_or(value)
}

/// Checks that `record` fits the schema and replays.
fn check(schema: &(Schemas, SchemaIndex), name: &str, record: &Value) {
    if let Err(e) = fits(schema, record) {
        panic!("{name} does not fit the schema: {e}\n{record}");
    }
    GameRecord::from_json(&record.to_string())
        .and_then(|r| r.replay())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
}

fn json_files(folder: &str) -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(root().join(folder))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .map(|path| {
            let name = format!("{folder}/{}", path.file_name().unwrap().to_string_lossy());
            (name, std::fs::read_to_string(path).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn every_shipped_record_fits_the_schema() {
    let schema = schema();
    let mut checked = 0;
    for folder in ["public/examples", "rules/tests/data", "e2e/fixtures"] {
        for (name, text) in json_files(folder) {
            check(&schema, &name, &kept(&text));
            checked += 1;
        }
    }
    let puzzles: Value =
        serde_json::from_str(&std::fs::read_to_string(root().join("ai/puzzles.json")).unwrap())
            .unwrap();
    for puzzle in puzzles["puzzles"].as_array().unwrap() {
        check(
            &schema,
            &format!("puzzle {}", puzzle["id"]),
            &puzzle["record"],
        );
        checked += 1;
    }
    assert!(checked > 100, "{checked} records");
}

/// Records as the game writes them: whole games of every table, each
/// optional field set, a start position, an explicit deck and notes with
/// every kind of mark.
fn written_records() -> Vec<(String, GameRecord)> {
    let mut records = Vec::new();
    for (players, sides, seed) in [
        (2, "AAAAAAAA", 1),
        (3, "BBBBBBBB", 2),
        (4, "ABABABAB", u64::MAX),
        (4, "BBBBBBBB", 12_726_360_963_827_698_830),
    ] {
        let (record, _) = simulated_record(players, sides, seed);
        records.push((format!("{players} players on {sides}, seed {seed}"), record));
    }
    // Heals and trades: a seed whose game has both.
    let traded = (0..200)
        .map(|seed| simulated_record(2, "BBBBBBBB", seed).0)
        .find(|r| r.turns.iter().any(|t| t.heal.is_some()) && r.turns.iter().any(|t| t.trade != 0))
        .expect("a game with a heal and a trade");
    records.push(("a game with heals and trades".into(), traded));

    let config = GameConfig::new(3)
        .unwrap()
        .with_deck(DeckVariant::Full)
        .with_meeple_tiebreak(true)
        .with_first_player(seat(2))
        .unwrap();
    let mut options = GameRecord::new(vec!["A".into(), "B".into(), "C".into()], &config, 9);
    options.hints_used = true;
    let game = options.start().unwrap();
    options.turns.push(game.legal_turns()[0]);
    records.push(("every set-up option".into(), options.clone()));

    // From the middle of a game: the start position, the rest of the deck
    // shuffled from a seed or given card by card.
    let (whole, _) = simulated_record(3, "AABBAABB", 5);
    let mut halfway = whole.clone();
    halfway.turns.truncate(17);
    let halfway_game = halfway.replay().unwrap();
    let position = Position::of(&halfway_game);
    let names = whole.players.clone();
    let sides: Sides = "AABBAABB".parse().unwrap();
    let config = GameConfig::new(3).unwrap().with_sides(sides);
    let mut started = GameRecord::from_position(names.clone(), &config, position.clone(), 77);
    let game = started.start().unwrap();
    started.turns.push(game.legal_turns()[0]);
    records.push(("a start position".into(), started.clone()));
    let mut given = started.clone();
    given.seed = None;
    given.cards = Some(common::deck_as_saved(&halfway_game).0);
    given.turns.clear();
    records.push(("a start position and a given deck".into(), given));

    // A live game's guest: the cards turned up, a guess at the rest, and
    // every card's back; from a new deal and from a start position.
    for (name, host) in [
        ("a guest's game", options.clone()),
        ("a guest's game from a start position", started.clone()),
    ] {
        let guest = SeatView::of(&host, seat(1)).unwrap();
        records.push((name.into(), guest.record(&mut seeded(3)).unwrap()));
    }

    let mut noted = whole;
    noted.notes.set_text(0, "en", "The deal.");
    noted.notes.set_text(0, "de", "Die Karten.");
    noted
        .notes
        .set_text(36, "fr", "Fin « de » la partie\n\"cités\"");
    let display = Target::Display { space: 5 };
    let every = Target::Location {
        location: Location::Infirmary,
        seat: None,
    };
    let one = Target::Location {
        location: Location::Mill,
        seat: Some(seat(2)),
    };
    let realm = Target::Realm { seat: seat(0) };
    for mark in [
        Mark::Ring(display),
        Mark::Ring(every),
        Mark::Ring(one),
        Mark::Ring(realm),
        Mark::Arrow {
            from: display,
            to: one,
        },
    ] {
        noted.notes.toggle_mark(3, mark);
    }
    records.push(("notes with every kind of mark".into(), noted));
    records
}

#[test]
fn every_record_the_game_writes_fits_the_schema() {
    let schema = schema();
    for (name, record) in written_records() {
        let text = record.to_json();
        check(&schema, &name, &serde_json::from_str(&text).unwrap());
        assert_eq!(GameRecord::from_json(&text).unwrap(), record, "{name}");
    }
}

/// A small record to break, field by field.
fn base() -> Value {
    json!({
        "version": 2,
        "players": ["Ann", "Bob"],
        "sides": "AAAAAAAB",
        "deck": "standard",
        "seed": "12726360963827698830",
        "turns": [{"take": 1, "place": "Brewer"}, {"take": 2, "place": "Innkeeper"}]
    })
}

fn changed(change: impl FnOnce(&mut Value)) -> Value {
    let mut record = base();
    change(&mut record);
    record
}

/// What the reader takes in more than one way, the schema takes too.
#[test]
fn what_the_reader_takes_the_schema_takes() {
    let schema = schema();
    let start = Position::of(
        &GameRecord::from_json(&base().to_string())
            .unwrap()
            .replay()
            .unwrap(),
    );
    for record in [
        base(),
        changed(|r| r["seed"] = json!(12_726_360_963_827_698_830u64)),
        changed(|r| r["seed"] = json!("0012726360963827698830")),
        changed(|r| r["sides"] = json!(" aaaaaaab ")),
        changed(|r| r["turns"][0]["place"] = json!("brewer")),
        changed(|r| r["turns"][0]["heal"] = Value::Null),
        changed(|r| r["turns"] = Value::Null),
        changed(|r| r["cards"] = Value::Null),
        changed(|r| r["backs"] = Value::Null),
        changed(|r| r["start"] = Value::Null),
        changed(|r| {
            r.as_object_mut().unwrap().remove("version");
            r.as_object_mut().unwrap().remove("seed");
            let mut cards = vec![json!("knight / GUARD"), json!(" Miller "), json!("witch")];
            cards.extend(["Noble", "Brewer", "Innkeeper"].map(|c| json!(c)));
            cards.extend(std::iter::repeat_n(json!("Miller"), 18));
            r["cards"] = Value::Array(cards);
            r["turns"] = json!([{"take": 0, "place": "guard"}, {"take": 2, "place": "Noble"}]);
        }),
        changed(|r| {
            r["start"] = serde_json::to_value(&start).unwrap();
            r["turns"] = json!([]);
        }),
        changed(|r| {
            r["notes"] = json!({
                "0": {"text": {"en": "Hi"}},
                "2": {"marks": [{"location": "  brewery", "seat": 2}, {"location": 8},
                                {"from": {"display": 1}, "to": {"realm": 2}}]}
            })
        }),
    ] {
        fits(&schema, &record).unwrap_or_else(|e| panic!("{e}\n{record}"));
        let read = GameRecord::from_json(&record.to_string())
            .and_then(|r| r.replay().map(|_| r))
            .unwrap_or_else(|e| panic!("{e}\n{record}"));
        assert!(read.notes.problems().is_empty(), "{record}");
    }
}

/// What the game refuses, the schema refuses: the reader (a field it does
/// not know, a seed that is not digits, a card that does not exist…), or
/// the replay for a reason the schema can see (a player count, a space
/// beyond the display).
#[test]
fn what_the_game_refuses_the_schema_refuses() {
    let schema = schema();
    let broken = [
        changed(|r| r["tunrs"] = json!([])),
        changed(|r| r["turns"][0]["palce"] = json!("Brewer")),
        changed(|r| {
            r.as_object_mut()
                .unwrap()
                .remove("players")
                .map(drop)
                .unwrap()
        }),
        changed(|r| r["players"] = json!("Ann, Bob")),
        changed(|r| r["players"] = json!(["Ann"])),
        changed(|r| r["players"] = json!(["A", "B", "C", "D", "E"])),
        changed(|r| r["version"] = json!("2")),
        changed(|r| r["version"] = json!(3)),
        changed(|r| r["seed"] = json!("")),
        changed(|r| r["seed"] = json!("-5")),
        changed(|r| r["seed"] = json!("+5")),
        changed(|r| r["seed"] = json!("5 ")),
        changed(|r| r["seed"] = json!("1e3")),
        changed(|r| r["seed"] = json!("0x10")),
        changed(|r| r["seed"] = json!("18446744073709551616")),
        changed(|r| r["seed"] = json!(-1)),
        changed(|r| r["seed"] = json!(1.5)),
        changed(|r| r["seed"] = json!(true)),
        changed(|r| r["sides"] = json!("AAAA")),
        changed(|r| r["sides"] = json!("AAAAAAAC")),
        changed(|r| r["deck"] = json!("huge")),
        changed(|r| r["cards"] = json!(["Wizard"])),
        changed(|r| r["cards"] = json!(["Miller/Miller"])),
        changed(|r| r["cards"] = json!(["Miller/Brewer/Witch"])),
        changed(|r| r["backs"] = json!("1123")),
        changed(|r| r["backs"] = json!(["One"])),
        changed(|r| r["backs"] = json!(12)),
        changed(|r| r["meeple_tiebreak"] = json!("yes")),
        changed(|r| r["first_player"] = json!(-1)),
        changed(|r| r["first_player"] = json!(4)),
        changed(|r| r["turns"][0] = json!({"take": 1})),
        changed(|r| r["turns"][0]["take"] = json!(6)),
        changed(|r| r["turns"][0]["place"] = json!("Wizard")),
        changed(|r| r["turns"][0]["trade"] = json!(6)),
        changed(|r| r["turns"] = Value::Array(vec![json!({"take": 0, "place": "Miller"}); 49])),
        changed(|r| r["start"] = json!({"seats": [{}, {}]})),
        changed(|r| r["start"] = json!({"seats": [{}, {}], "display": [], "moves": 0})),
        changed(|r| {
            r["start"] = json!({"seats": [{"realm": [[], [], [], [], [], []]}, {}], "display": []})
        }),
        changed(|r| r["start"] = json!({"seats": [{"meeples": 6}, {}], "display": []})),
    ];
    for record in broken {
        assert!(fits(&schema, &record).is_err(), "the schema takes {record}");
        assert!(
            GameRecord::from_json(&record.to_string())
                .and_then(|r| r.replay())
                .is_err(),
            "the game opens {record}"
        );
    }
    // A note that does not fit is left out with a notice (the record
    // still opens): the schema refuses it.
    for notes in [
        json!({"1": {"txt": {"en": "typo"}}}),
        json!({"1": {"text": "not by language"}}),
        json!({"1": {"marks": [{"display": 7}]}}),
        json!({"1": {"marks": [{"from": {"display": 1}}]}}),
        json!({"1": {"marks": [{"location": "Moat"}]}}),
        json!({"first": {"text": {"en": "a key that is no number"}}}),
        json!({"1": {"text": {"en": "x".repeat(2001)}}}),
    ] {
        let record = changed(|r| r["notes"] = notes.clone());
        assert!(fits(&schema, &record).is_err(), "the schema takes {notes}");
        let read = GameRecord::from_json(&record.to_string()).unwrap();
        assert!(!read.notes.problems().is_empty(), "{notes}");
    }
}

/// The schema's pattern for a seed string and the reader agree on every
/// length of digits, at the top of the range and on what is not digits.
#[test]
fn the_schema_and_the_reader_agree_on_seed_strings() {
    let schema = schema();
    let mut texts: Vec<String> = [
        "",
        "0",
        "00",
        "007",
        "1",
        "9007199254740993",
        "18446744073709551615",
        "018446744073709551615",
        "18446744073709551616",
        "18446744073709551619",
        "18446744073709551705",
        "18446744073709552615",
        "19446744073709551615",
        "28446744073709551615",
        "99999999999999999999",
        "100000000000000000000",
        "-0",
        "+1",
        " 1",
        "1 ",
        "1_000",
        "١٢٣",
        "1.0",
        "1e5",
    ]
    .map(String::from)
    .to_vec();
    // Every seed just below and above a power of ten, and near u64::MAX.
    for digits in 1..=21u32 {
        let power = 10u128.pow(digits);
        texts.extend([power - 1, power, power + 1].map(|n| n.to_string()));
    }
    for below in 0..40u128 {
        texts.push((u128::from(u64::MAX) - 20 + below).to_string());
    }
    for text in texts {
        let record = changed(|r| r["seed"] = json!(text));
        let schema_says = fits(&schema, &record).is_ok();
        let reader_says = GameRecord::from_json(&record.to_string()).is_ok();
        assert_eq!(schema_says, reader_says, "seed {text:?}");
        assert_eq!(
            reader_says,
            majesty_rules::record::seed_text::parse(&text).is_ok()
        );
    }
}
