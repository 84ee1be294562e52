//! Annotations of a game record, as in a study: a comment per turn, in one
//! or more languages, and marks on the table (a ring around a display
//! space, a location or a realm; an arrow from one to another).
//!
//! ```json
//! "notes": {
//!   "0": {"text": {"en": "The deal."}, "marks": [{"display": 1}]},
//!   "3": {"text": {"en": "The Brewery pays.", "de": "Die Brauerei zahlt."},
//!         "marks": [{"from": {"display": 2}, "to": {"location": "Brewery", "seat": 1}}]}
//! }
//! ```
//!
//! A note's key is the number of turns played when it shows: `"0"` is the
//! deal, `"3"` the position after turn 3. Targets count from 1 as in the
//! embedding API: display spaces 1–6 (the free one first), seats 1–4,
//! locations by name or number 1–8.
//!
//! Reading is forgiving: a note or mark that cannot be used (a turn past
//! the record's end, a seat the game does not have, a text too long, an
//! unknown field) is left out and reported as a [`NoteProblem`]; the record
//! still opens with every other note.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Map, Value};

use crate::card::{Location, LOCATIONS};
use crate::config::GameConfig;
use crate::seat::Seat;

/// The longest comment in one language, in characters (a long paragraph).
pub const MAX_NOTE_CHARS: usize = 2000;
/// The most languages one comment is written in.
pub const MAX_NOTE_LANGUAGES: usize = 8;
/// The most marks on one note.
pub const MAX_NOTE_MARKS: usize = 16;
/// The display's spaces.
pub const DISPLAY_SPACES: usize = 6;
/// The language a comment falls back to before any other.
pub const FALLBACK_LANGUAGE: &str = "en";

/// Something on the table a mark points at (seats and spaces from 0 here).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A display space (0 is the free one).
    Display {
        /// The space, 0 to 5.
        space: usize,
    },
    /// A location of one realm, or of every realm when `seat` is `None`.
    Location {
        /// The location.
        location: Location,
        /// The seat whose realm it is.
        seat: Option<Seat>,
    },
    /// A whole realm.
    Realm {
        /// The seat whose realm it is.
        seat: Seat,
    },
}

/// A ring around one target, or an arrow from one to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A ring around a display space, a location or a realm.
    Ring(Target),
    /// An arrow from one target to another.
    Arrow {
        /// Where the arrow starts.
        from: Target,
        /// Where the arrow points.
        to: Target,
    },
}

/// One turn's annotation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// The comment by language code ("en", "de", …).
    pub text: BTreeMap<String, String>,
    /// The marks on the table, in the order they were added.
    pub marks: Vec<Mark>,
}

/// Every note of a record by the number of turns played when it shows, and
/// what was left out when they were read.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    by_turn: BTreeMap<usize, Note>,
    problems: Vec<NoteProblem>,
}

/// Two records' notes are alike when they say the same: what was left out
/// while reading is not part of the record.
impl PartialEq for Notes {
    fn eq(&self, other: &Notes) -> bool {
        self.by_turn == other.by_turn
    }
}

impl Eq for Notes {}

/// A note or mark left out while reading, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoteProblem {
    /// The note's key as written (`"3"`).
    pub key: String,
    /// Why it was left out.
    pub reason: NoteReason,
}

/// Why a note or mark was left out while reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteReason {
    /// `notes` is not an object of notes: nothing of it was read.
    NotNotes,
    /// The key is not a number of turns.
    BadKey,
    /// The note comes after the record's last turn (`turns`).
    PastTheEnd {
        /// Turns in the record.
        turns: usize,
    },
    /// The note itself is malformed: nothing of it was read.
    Malformed(NoteError),
    /// Mark `mark` (from 1) is malformed: the rest of the note was read.
    BadMark {
        /// The mark, from 1.
        mark: usize,
        /// What is wrong with it.
        error: MarkError,
    },
    /// A comment is longer than [`MAX_NOTE_CHARS`].
    TooLong {
        /// The comment's language code.
        lang: String,
    },
    /// More than [`MAX_NOTE_LANGUAGES`] languages or [`MAX_NOTE_MARKS`] marks.
    TooMany,
    /// Mark `mark` (from 1) points at a seat a game of `players` does not
    /// have (told from 1, as a note writes it).
    NoSuchSeat {
        /// The mark, from 1.
        mark: usize,
        /// The seat it points at.
        seat: Seat,
        /// Players in the game.
        players: usize,
    },
}

impl fmt::Display for NoteProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = &self.key;
        match &self.reason {
            NoteReason::NotNotes => write!(f, "\"notes\" is not an object of notes"),
            NoteReason::BadKey => write!(f, "note \"{key}\": not a number of turns"),
            NoteReason::PastTheEnd { turns } => {
                write!(f, "note {key}: the record has only {turns} turns")
            }
            NoteReason::BadMark { mark, error } => write!(f, "note {key}, mark {mark}: {error}"),
            NoteReason::Malformed(error) => write!(f, "note {key}: {error}"),
            NoteReason::TooLong { lang } => write!(
                f,
                "note {key}: the \"{lang}\" text is longer than {MAX_NOTE_CHARS} characters"
            ),
            NoteReason::TooMany => write!(
                f,
                "note {key}: more than {MAX_NOTE_LANGUAGES} languages or {MAX_NOTE_MARKS} marks"
            ),
            NoteReason::NoSuchSeat {
                mark,
                seat,
                players,
            } => write!(
                f,
                "note {key}, mark {mark}: seat {} in a game of {players} players",
                seat.index() + 1
            ),
        }
    }
}

/// Why a note is not a note: not an object of a `"text"` and `"marks"`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoteError {
    /// The note is not an object.
    NotAnObject,
    /// A field other than `"text"` and `"marks"`.
    UnknownField(String),
    /// `"text"` is not an object of texts by language.
    TextsNotAnObject,
    /// The text in this language is not a string.
    TextNotText(String),
    /// `"marks"` is not a list.
    MarksNotAList,
}

impl fmt::Display for NoteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoteError::NotAnObject => {
                write!(f, "a note is an object with \"text\" and \"marks\"")
            }
            NoteError::UnknownField(k) => write!(f, "unknown field \"{k}\""),
            NoteError::TextsNotAnObject => {
                write!(f, "\"text\" is an object of texts by language")
            }
            NoteError::TextNotText(lang) => write!(f, "the \"{lang}\" text is not text"),
            NoteError::MarksNotAList => write!(f, "\"marks\" is a list"),
        }
    }
}

impl std::error::Error for NoteError {}

/// Why a mark is not a ring around a target nor an arrow between two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkError {
    /// A target is not an object.
    TargetNotAnObject,
    /// A field a target does not have.
    UnknownField(String),
    /// A field an arrow does not have (it has `"from"` and `"to"`).
    UnknownArrowField(String),
    /// A display space or seat out of its range (counted from 1).
    OutOfRange {
        /// The field: `"display"`, `"seat"` or `"realm"`.
        field: &'static str,
        /// The largest number it takes.
        max: usize,
        /// The value given, as JSON.
        value: String,
    },
    /// The location is not one.
    Location(BadLocation),
    /// The object names no display space, location or realm.
    NoTarget,
    /// An arrow with `"from"` or `"to"` only.
    ArrowEnd,
}

impl fmt::Display for MarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MarkError::TargetNotAnObject => write!(f, "a target is an object"),
            MarkError::UnknownField(k) => write!(f, "unknown field \"{k}\""),
            MarkError::UnknownArrowField(k) => write!(f, "unknown field \"{k}\" in an arrow"),
            MarkError::OutOfRange { field, max, value } => {
                write!(f, "\"{field}\" is a number from 1 to {max}, not {value}")
            }
            MarkError::Location(e) => e.fmt(f),
            MarkError::NoTarget => write!(
                f,
                "a target is {{\"display\": 1–6}}, {{\"location\": …, \"seat\": 1–4}} or \
                 {{\"realm\": 1–4}}"
            ),
            MarkError::ArrowEnd => write!(f, "an arrow needs both \"from\" and \"to\""),
        }
    }
}

impl std::error::Error for MarkError {}

impl From<BadLocation> for MarkError {
    fn from(e: BadLocation) -> MarkError {
        MarkError::Location(e)
    }
}

/// A value that names no location: not a location's name nor a number
/// 1–8 (the value, as JSON).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLocation(pub String);

impl fmt::Display for BadLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"location\" is a name (Mill, Brewery, …) or a number 1–8, not {}",
            self.0
        )
    }
}

impl std::error::Error for BadLocation {}

/// The text to show for `lang`: its own, else English, else the first
/// language written (by code); `None` when the note has no text.
pub fn text_in<'a>(text: &'a BTreeMap<String, String>, lang: &str) -> Option<&'a str> {
    [lang, FALLBACK_LANGUAGE]
        .iter()
        .find_map(|l| text.get(*l))
        .or_else(|| text.values().next())
        .map(String::as_str)
}

impl Note {
    /// The comment to show in `lang` (see [`text_in`]).
    pub fn text_in(&self, lang: &str) -> Option<&str> {
        text_in(&self.text, lang)
    }

    /// Whether the note has neither a comment nor a mark.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty() && self.marks.is_empty()
    }
}

impl Target {
    /// The seats it names (none for a display space).
    fn seat(self) -> Option<Seat> {
        match self {
            Target::Display { .. } => None,
            Target::Location { seat, .. } => seat,
            Target::Realm { seat } => Some(seat),
        }
    }

    fn to_json(self) -> Value {
        match self {
            Target::Display { space } => json!({ "display": space + 1 }),
            Target::Location {
                location,
                seat: None,
            } => json!({ "location": location.name() }),
            Target::Location {
                location,
                seat: Some(s),
            } => json!({ "location": location.name(), "seat": s.index() + 1 }),
            Target::Realm { seat } => json!({ "realm": seat.index() + 1 }),
        }
    }

    fn from_json(value: &Value) -> Result<Target, MarkError> {
        let object = value.as_object().ok_or(MarkError::TargetNotAnObject)?;
        if let Some(k) = object
            .keys()
            .find(|k| !["display", "location", "seat", "realm"].contains(&k.as_str()))
        {
            return Err(MarkError::UnknownField(k.clone()));
        }
        let number = |field: &'static str, max: usize| -> Result<Option<usize>, MarkError> {
            match object.get(field) {
                None => Ok(None),
                Some(v) => match v.as_u64() {
                    Some(n) if (1..=max as u64).contains(&n) => Ok(Some(n as usize - 1)),
                    _ => Err(MarkError::OutOfRange {
                        field,
                        max,
                        value: v.to_string(),
                    }),
                },
            }
        };
        let seat = number("seat", GameConfig::MAX_PLAYERS)?.and_then(Seat::new);
        if let Some(space) = number("display", DISPLAY_SPACES)? {
            return Ok(Target::Display { space });
        }
        if let Some(location) = object.get("location") {
            return Ok(Target::Location {
                location: read_location(location)?,
                seat,
            });
        }
        if let Some(seat) = number("realm", GameConfig::MAX_PLAYERS)?.and_then(Seat::new) {
            return Ok(Target::Realm { seat });
        }
        Err(MarkError::NoTarget)
    }
}

/// A location by its English name (any case) or its number 1–8, as notes
/// and the embedding API name them.
pub fn read_location(value: &Value) -> Result<Location, BadLocation> {
    let found = match value {
        Value::String(name) => Location::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name.trim())),
        Value::Number(n) => n
            .as_u64()
            .filter(|n| (1..=LOCATIONS as u64).contains(n))
            .map(|n| Location::ALL[n as usize - 1]),
        _ => None,
    };
    found.ok_or_else(|| BadLocation(value.to_string()))
}

impl Mark {
    fn targets(self) -> [Target; 2] {
        match self {
            Mark::Ring(t) => [t, t],
            Mark::Arrow { from, to } => [from, to],
        }
    }

    fn to_json(self) -> Value {
        match self {
            Mark::Ring(target) => target.to_json(),
            Mark::Arrow { from, to } => json!({ "from": from.to_json(), "to": to.to_json() }),
        }
    }

    fn from_json(value: &Value) -> Result<Mark, MarkError> {
        match (value.get("from"), value.get("to")) {
            (None, None) => Target::from_json(value).map(Mark::Ring),
            (Some(from), Some(to)) => {
                if let Some(k) = value
                    .as_object()
                    .and_then(|o| o.keys().find(|k| !["from", "to"].contains(&k.as_str())))
                {
                    return Err(MarkError::UnknownArrowField(k.clone()));
                }
                Ok(Mark::Arrow {
                    from: Target::from_json(from)?,
                    to: Target::from_json(to)?,
                })
            }
            _ => Err(MarkError::ArrowEnd),
        }
    }
}

/// Reads one note; a mark that cannot be read is left out and reported.
fn read_note(key: &str, value: &Value, problems: &mut Vec<NoteProblem>) -> Option<Note> {
    let problem = |reason| NoteProblem {
        key: key.to_string(),
        reason,
    };
    let malformed = |error: NoteError| problem(NoteReason::Malformed(error));
    let Some(object) = value.as_object() else {
        problems.push(malformed(NoteError::NotAnObject));
        return None;
    };
    if let Some(k) = object
        .keys()
        .find(|k| !["text", "marks"].contains(&k.as_str()))
    {
        problems.push(malformed(NoteError::UnknownField(k.clone())));
        return None;
    }
    let mut note = Note::default();
    match object.get("text") {
        None => {}
        Some(Value::Object(texts)) => {
            for (lang, text) in texts {
                let Some(text) = text.as_str() else {
                    problems.push(malformed(NoteError::TextNotText(lang.clone())));
                    return None;
                };
                if text.chars().count() > MAX_NOTE_CHARS {
                    problems.push(problem(NoteReason::TooLong { lang: lang.clone() }));
                    return None;
                }
                note.text.insert(lang.clone(), text.to_string());
            }
        }
        Some(_) => {
            problems.push(malformed(NoteError::TextsNotAnObject));
            return None;
        }
    }
    let marks = match object.get("marks") {
        None => &Vec::new(),
        Some(Value::Array(marks)) => marks,
        Some(_) => {
            problems.push(malformed(NoteError::MarksNotAList));
            return None;
        }
    };
    if note.text.len() > MAX_NOTE_LANGUAGES || marks.len() > MAX_NOTE_MARKS {
        problems.push(problem(NoteReason::TooMany));
        return None;
    }
    for (i, mark) in marks.iter().enumerate() {
        match Mark::from_json(mark) {
            Ok(mark) => note.marks.push(mark),
            Err(error) => problems.push(problem(NoteReason::BadMark { mark: i + 1, error })),
        }
    }
    Some(note)
}

impl Notes {
    /// Whether no turn has a note.
    pub fn is_empty(&self) -> bool {
        self.by_turn.is_empty()
    }

    /// The note shown after `turn` turns.
    pub fn get(&self, turn: usize) -> Option<&Note> {
        self.by_turn.get(&turn)
    }

    /// The turns that have a note, in order.
    pub fn turns(&self) -> impl Iterator<Item = usize> + '_ {
        self.by_turn.keys().copied()
    }

    /// What was left out when the notes were read (see [`Notes::settle`]).
    pub fn problems(&self) -> &[NoteProblem] {
        &self.problems
    }

    /// Reads notes from JSON: every note that can be used, and a problem
    /// for each one (or mark) left out.
    pub fn from_value(value: &Value) -> Notes {
        let mut notes = Notes::default();
        let Some(object) = value.as_object() else {
            if !value.is_null() {
                notes.problems.push(NoteProblem {
                    key: String::new(),
                    reason: NoteReason::NotNotes,
                });
            }
            return notes;
        };
        for (key, value) in object {
            let Some(turn) = key.parse::<usize>().ok().filter(|_| key.len() <= 3) else {
                notes.problems.push(NoteProblem {
                    key: key.clone(),
                    reason: NoteReason::BadKey,
                });
                continue;
            };
            if let Some(note) = read_note(key, value, &mut notes.problems) {
                notes.by_turn.insert(turn, note);
            }
        }
        notes
    }

    /// The notes as JSON, as [`Notes::from_value`] reads them: seats and
    /// spaces from 1, locations by name, empty fields left out.
    pub fn to_value(&self) -> Value {
        // Inserted one by one rather than collected: a map collected from
        // an iterator sorts its entries first, and that sort is kilobytes
        // of the web page's code that `insert` does not need.
        let mut object = Map::new();
        for (turn, note) in &self.by_turn {
            let mut fields = Map::new();
            if !note.text.is_empty() {
                fields.insert("text".into(), json!(note.text));
            }
            if !note.marks.is_empty() {
                let marks = note.marks.iter().map(|m| m.to_json()).collect();
                fields.insert("marks".into(), Value::Array(marks));
            }
            object.insert(turn.to_string(), Value::Object(fields));
        }
        Value::Object(object)
    }

    /// Leaves out what a record of `players` and `turns` cannot show: a
    /// note past its last turn, a mark on a seat it does not have.
    pub fn settle(&mut self, players: usize, turns: usize) {
        let problems = &mut self.problems;
        self.by_turn.retain(|&turn, note| {
            if turn > turns {
                problems.push(NoteProblem {
                    key: turn.to_string(),
                    reason: NoteReason::PastTheEnd { turns },
                });
                return false;
            }
            let mut number = 0;
            note.marks.retain(|mark| {
                number += 1;
                let seat = mark
                    .targets()
                    .into_iter()
                    .find_map(|t| t.seat().filter(|s| s.index() >= players));
                if let Some(seat) = seat {
                    problems.push(NoteProblem {
                        key: turn.to_string(),
                        reason: NoteReason::NoSuchSeat {
                            mark: number,
                            seat,
                            players,
                        },
                    });
                }
                seat.is_none()
            });
            true
        });
    }

    /// Writes the comment after `turn` turns in `lang` (cut to
    /// [`MAX_NOTE_CHARS`]); an empty text removes that language.
    pub fn set_text(&mut self, turn: usize, lang: &str, text: &str) {
        let text: String = text.chars().take(MAX_NOTE_CHARS).collect();
        self.edit(turn, |note| {
            if text.trim().is_empty() {
                note.text.remove(lang);
            } else if note.text.len() < MAX_NOTE_LANGUAGES || note.text.contains_key(lang) {
                note.text.insert(lang.to_string(), text);
            }
        });
    }

    /// Adds `mark` to the note after `turn` turns, or takes it away if it
    /// is there already (at most [`MAX_NOTE_MARKS`]).
    pub fn toggle_mark(&mut self, turn: usize, mark: Mark) {
        self.edit(turn, |note| {
            if let Some(i) = note.marks.iter().position(|m| *m == mark) {
                note.marks.remove(i);
            } else if note.marks.len() < MAX_NOTE_MARKS {
                note.marks.push(mark);
            }
        });
    }

    /// Takes every mark from the note after `turn` turns.
    pub fn clear_marks(&mut self, turn: usize) {
        self.edit(turn, |note| note.marks.clear());
    }

    /// Changes one note; a note left empty is removed.
    fn edit(&mut self, turn: usize, change: impl FnOnce(&mut Note)) {
        let note = self.by_turn.entry(turn).or_default();
        change(note);
        if note.is_empty() {
            self.by_turn.remove(&turn);
        }
    }
}

impl Serialize for Notes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Notes {
    /// Never fails on the notes' content: what cannot be used is reported
    /// in [`Notes::problems`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Notes, D::Error> {
        Value::deserialize(deserializer).map(|v| Notes::from_value(&v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(l, t)| (l.to_string(), t.to_string()))
            .collect()
    }

    #[test]
    fn a_comment_falls_back_to_english_then_to_any() {
        let all = texts(&[("de", "Gut"), ("en", "Good"), ("fr", "Bien")]);
        assert_eq!(text_in(&all, "fr"), Some("Bien"));
        assert_eq!(text_in(&all, "es"), Some("Good"));
        let no_english = texts(&[("fr", "Bien"), ("de", "Gut")]);
        assert_eq!(text_in(&no_english, "es"), Some("Gut"), "the first by code");
        assert_eq!(text_in(&BTreeMap::new(), "en"), None);
    }

    #[test]
    fn notes_read_and_write_alike() {
        // (Fields and keys in serde_json's order: by name.)
        let text = r#"{"0":{"marks":[{"display":1}],"text":{"en":"The deal."}},"3":{"marks":[{"from":{"display":2},"to":{"location":"Brewery","seat":2}},{"realm":1},{"location":"Castle"}]}}"#;
        let value: Value = serde_json::from_str(text).unwrap();
        let notes = Notes::from_value(&value);
        assert!(notes.problems().is_empty(), "{:?}", notes.problems());
        assert_eq!(
            notes.get(3).unwrap().marks[0],
            Mark::Arrow {
                from: Target::Display { space: 1 },
                to: Target::Location {
                    location: Location::Brewery,
                    seat: Seat::new(1)
                }
            }
        );
        assert_eq!(notes.to_value().to_string(), text);
    }

    #[test]
    fn what_cannot_be_used_is_left_out_and_said() {
        let value = serde_json::json!({
            "1": {"text": {"en": "ok"}, "marks": [{"display": 7}, {"realm": 2}, {"from": {"realm": 1}}]},
            "x": {"text": {"en": "no turn"}},
            "2": {"text": "not by language"},
            "4": {"text": {"en": "a".repeat(MAX_NOTE_CHARS + 1)}},
            "5": {"text": {"en": "past the end"}},
            "6": {"text": {"en": "too many players"}, "marks": [{"location": 2, "seat": 3}]}
        });
        let mut notes = Notes::from_value(&value);
        notes.settle(2, 6);
        let kept: Vec<usize> = notes.turns().collect();
        assert_eq!(kept, [1, 5, 6]);
        assert_eq!(
            notes.get(1).unwrap().marks,
            [Mark::Ring(Target::Realm {
                seat: Seat::new(1).unwrap()
            })]
        );
        let said: Vec<String> = notes.problems().iter().map(|p| p.to_string()).collect();
        assert!(
            said.contains(
                &"note 1, mark 1: \"display\" is a number from 1 to 6, not 7".to_string()
            ),
            "{said:?}"
        );
        assert!(
            said.contains(&"note 1, mark 3: an arrow needs both \"from\" and \"to\"".to_string())
        );
        assert!(said.contains(&"note \"x\": not a number of turns".to_string()));
        let reasons: Vec<&NoteReason> = notes.problems().iter().map(|p| &p.reason).collect();
        assert!(reasons.contains(&&NoteReason::BadMark {
            mark: 3,
            error: MarkError::ArrowEnd
        }));
        assert!(reasons.contains(&&NoteReason::Malformed(NoteError::TextsNotAnObject)));
        assert!(said.iter().any(|s| s.starts_with("note 2: \"text\"")));
        assert!(said
            .iter()
            .any(|s| s.starts_with("note 4: the \"en\" text is longer")));
        assert!(said.contains(&"note 6, mark 1: seat 3 in a game of 2 players".to_string()));
        let mut short = Notes::from_value(&value);
        short.settle(2, 4);
        assert!(short
            .problems()
            .iter()
            .any(|p| p.to_string() == "note 5: the record has only 4 turns"));
        assert_eq!(
            Notes::from_value(&serde_json::json!([1])).problems()[0].reason,
            NoteReason::NotNotes
        );
    }

    #[test]
    fn editing_a_note_removes_it_once_empty() {
        let mut notes = Notes::default();
        let ring = Mark::Ring(Target::Display { space: 0 });
        notes.set_text(2, "en", "Take the free card.");
        notes.toggle_mark(2, ring);
        assert_eq!(notes.get(2).unwrap().marks, [ring]);
        notes.toggle_mark(2, ring);
        assert!(notes.get(2).unwrap().marks.is_empty());
        notes.toggle_mark(2, ring);
        notes.clear_marks(2);
        notes.set_text(2, "en", "  ");
        assert!(notes.is_empty());
        notes.set_text(0, "de", &"x".repeat(MAX_NOTE_CHARS + 10));
        assert_eq!(notes.get(0).unwrap().text["de"].len(), MAX_NOTE_CHARS);
    }
}
