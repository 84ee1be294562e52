//! Annotated records: notes are optional, records without them read and
//! write byte for byte, and a note the record cannot show is left
//! out and reported while the record still opens.

use majesty_rules::annotation::{Mark, NoteReason, Target};
use majesty_rules::{GameRecord, Location, Seat};

const OLD: &str = r#"{"version":2,"players":["Ann","Bob"],"sides":"AAAAAAAA","deck":"standard","seed":"12726360963827698830","turns":[{"take":1,"place":"Brewer"},{"take":2,"place":"Innkeeper"}]}"#;

#[test]
fn a_record_without_notes_reads_and_writes_byte_for_byte() {
    let record = GameRecord::from_json(OLD).unwrap();
    assert!(record.notes.is_empty());
    assert_eq!(record.to_json(), OLD);
    // Its seed written as a number reads as the same record.
    let numeric = OLD.replace(r#""12726360963827698830""#, "12726360963827698830");
    assert_eq!(GameRecord::from_json(&numeric).unwrap(), record);
}

#[test]
fn notes_travel_with_the_record() {
    let mut record = GameRecord::from_json(OLD).unwrap();
    record
        .notes
        .set_text(0, "en", "The deal: take the free card.");
    record.notes.set_text(2, "de", "Gut gespielt.");
    let ring = Mark::Ring(Target::Display { space: 0 });
    let arrow = Mark::Arrow {
        from: Target::Display { space: 1 },
        to: Target::Location {
            location: Location::Brewery,
            seat: Seat::new(1),
        },
    };
    record.notes.toggle_mark(0, ring);
    record.notes.toggle_mark(2, arrow);
    let text = record.to_json();
    assert!(text.ends_with(r#""notes":{"0":{"marks":[{"display":1}],"text":{"en":"The deal: take the free card."}},"2":{"marks":[{"from":{"display":2},"to":{"location":"Brewery","seat":2}}],"text":{"de":"Gut gespielt."}}}}"#), "{text}");
    let back = GameRecord::from_json(&text).unwrap();
    assert_eq!(back, record);
    assert_eq!(
        back.notes.get(2).unwrap().text_in("fr"),
        Some("Gut gespielt.")
    );
    assert!(back.replay().is_ok());
}

#[test]
fn a_note_past_the_end_or_on_a_missing_seat_is_reported_and_the_record_opens() {
    let text = OLD.replace(
        r#""turns""#,
        r#""notes":{"1":{"text":{"en":"kept"},"marks":[{"realm":4},{"realm":2}]},"9":{"text":{"en":"lost"}}},"turns""#,
    );
    let record = GameRecord::from_json(&text).unwrap();
    assert_eq!(record.notes.turns().collect::<Vec<_>>(), [1]);
    assert_eq!(
        record.notes.get(1).unwrap().marks,
        [Mark::Ring(Target::Realm {
            seat: Seat::new(1).unwrap()
        })]
    );
    let reasons: Vec<&NoteReason> = record.notes.problems().iter().map(|p| &p.reason).collect();
    assert!(reasons.contains(&&NoteReason::PastTheEnd { turns: 2 }));
    assert!(reasons.contains(&&NoteReason::NoSuchSeat {
        mark: 1,
        seat: Seat::new(3).unwrap(),
        players: 2
    }));
    assert!(record.replay().is_ok());
}

#[test]
fn malformed_notes_never_refuse_the_record() {
    for notes in [r#""notes":7,"#, r#""notes":{"a":1},"#, r#""notes":null,"#] {
        let text = OLD.replace(r#""turns""#, &format!(r#"{notes}"turns""#));
        let record = GameRecord::from_json(&text).unwrap();
        assert!(record.notes.is_empty(), "{notes}");
    }
}

/// The annotated example game linked from the home screen: every note reads,
/// is written in the four languages of the app, and the record replays.
#[test]
fn the_example_game_reads_whole() {
    let text = include_str!("../../public/examples/annotated-game.json");
    let record = GameRecord::from_json(text).unwrap();
    assert!(
        record.notes.problems().is_empty(),
        "{:?}",
        record.notes.problems()
    );
    assert!(record.notes.turns().count() >= 5);
    for turn in record.notes.turns() {
        let note = record.notes.get(turn).unwrap();
        let langs: Vec<&str> = note.text.keys().map(String::as_str).collect();
        assert_eq!(langs, ["de", "en", "es", "fr"], "note {turn}");
        assert!(!note.marks.is_empty(), "note {turn} shows something");
    }
    assert!(record.replay().is_ok());
}

/// The search worker reads a job's record with `record::without_notes`:
/// every field but the notes must arrive as the record's own reader reads it.
#[derive(serde::Deserialize)]
struct Job {
    #[serde(deserialize_with = "majesty_rules::record::without_notes")]
    record: GameRecord,
}

#[test]
fn a_record_read_without_its_notes_is_the_whole_record_less_the_notes() {
    let mut record = GameRecord::from_json(OLD).unwrap();
    // Every field away from its default, the start position included.
    let game = record.replay().unwrap();
    record.start = Some(majesty_rules::Position::of(&game));
    record.cards = Some(vec![majesty_rules::Card::single(
        majesty_rules::Character::Witch,
    )]);
    record.meeple_tiebreak = true;
    record.first_player = Seat::new(1).unwrap();
    record.hints_used = true;
    record.notes.set_text(1, "en", "a note no search reads");
    record
        .notes
        .toggle_mark(1, Mark::Ring(Target::Display { space: 0 }));
    let text = format!(r#"{{"record":{}}}"#, record.to_json());
    let read: Job = serde_json::from_str(&text).unwrap();
    let mut expected = record.clone();
    expected.notes = Default::default();
    assert_eq!(read.record, expected);
    // A misspelt field fails, as it does for the record's own reader.
    let typo = text.replace(r#""turns""#, r#""tunrs""#);
    assert!(GameRecord::from_json(&typo[10..typo.len() - 1]).is_err());
    assert!(serde_json::from_str::<Job>(&typo).is_err());
}

#[test]
fn a_record_read_without_its_notes_takes_the_records_defaults() {
    // Absent fields (the version, sides, deck, turns…) and a null list of
    // turns read as the record's own reader reads them.
    for record in [
        r#"{"players":["Ann","Bob"],"seed":1}"#,
        r#"{"players":["Ann","Bob"],"seed":1,"turns":null}"#,
        OLD,
    ] {
        let read: Job = serde_json::from_str(&format!(r#"{{"record":{record}}}"#)).unwrap();
        assert_eq!(
            read.record,
            GameRecord::from_json(record).unwrap(),
            "{record}"
        );
    }
}
