//! The commands an embedding page may send, read from its JSON messages
//! (`majesty-embed.js` sends them; docs/embedding.md lists them).
//! Reading is pure: what a command does is up to the page (opening.rs).

use majesty_rules::annotation::read_location;
use majesty_rules::Location;
use serde_json::Value;

use super::prefs::Theme;
use crate::reader::Reader;

/// A command from the host, with the id its reply carries (version 2).
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub id: Value,
    pub version: u8,
    /// The command, or why it cannot be read.
    pub command: Result<Command, String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `{"type": "setLanguage", "lang": "de"}`
    SetLanguage(String),
    /// `{"type": "load", "link": "#record=…"}` (a link's query and fragment,
    /// or the whole address), or `{"type": "load", "record": {…}}`.
    Load { query: String, fragment: String },
    /// `{"type": "goToTurn", "turn": 3}`: the replay after that many turns.
    GoToTurn(usize),
    /// `{"type": "highlight", "target": {…}}`, or `"target": null` to clear.
    Highlight(Option<Mark>),
    /// `{"type": "setTheme", "theme": "light" | "dark" | "auto"}`.
    SetTheme(Theme),
}

/// What a host may point at on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A location card: `{"location": "Brewery" | 2, "seat": 1}` (every
    /// realm's when no seat is given).
    Location {
        location: Location,
        seat: Option<usize>,
    },
    /// A display card: `{"display": 1}` (spaces 1–6, the free one first).
    Display { space: usize },
    /// A whole realm: `{"realm": 1}` (seats from 1, in the record's order).
    Realm { seat: usize },
}

impl Mark {
    /// The seat it is about, if one (counted from 0).
    pub fn seat(self) -> Option<usize> {
        match self {
            Mark::Location { seat, .. } => seat,
            Mark::Display { .. } => None,
            Mark::Realm { seat } => Some(seat),
        }
    }

    /// The CSS selector of what it points at on the board.
    pub fn selector(self) -> String {
        match self {
            Mark::Location { location, seat } => {
                let realm = seat.map_or(".realm".into(), |s| format!(".realm[data-seat=\"{s}\"]"));
                format!("{realm} .column[data-location=\"{}\"]", location.index())
            }
            Mark::Display { space } => format!(".display .card[data-space=\"{space}\"]"),
            Mark::Realm { seat } => format!(".realm[data-seat=\"{seat}\"]"),
        }
    }
}

/// The most commands a host may send in one second: far more than any page
/// that teaches with a board needs, far fewer than a flood that would keep
/// the game from answering the person in front of it.
pub const COMMANDS_PER_SECOND: u32 = 60;

/// Admits at most [`COMMANDS_PER_SECOND`] commands in each second (counted
/// from the first command of that second); the others are answered with
/// [`CommandLimit::refusal`] and not carried out.
#[derive(Clone, Debug, Default)]
pub struct CommandLimit {
    second_from: f64,
    admitted: u32,
}

impl CommandLimit {
    /// Whether a command that came at `now` (milliseconds) is carried out.
    pub fn admit(&mut self, now: f64) -> bool {
        if self.admitted == 0 || now - self.second_from >= 1000.0 || now < self.second_from {
            self.second_from = now;
            self.admitted = 0;
        }
        self.admitted += 1;
        self.admitted <= COMMANDS_PER_SECOND
    }

    pub fn refusal() -> String {
        format!("too many commands: at most {COMMANDS_PER_SECOND} a second; this one was not carried out")
    }
}

impl Request {
    /// Reads a message; `None` when it is not a command of ours (any other
    /// message, or a version 1 command other than `setLanguage`, is ignored
    /// as version 1 always did).
    pub fn read(message: &Value, reader: Reader) -> Option<Request> {
        if message.get("source")?.as_str()? != "majesty-host" {
            return None;
        }
        let version = match message.get("version")?.as_u64()? {
            1 => 1,
            2 => 2,
            _ => return None,
        };
        let command = read_command(message, reader);
        if version == 1 && !matches!(command, Ok(Command::SetLanguage(_))) {
            return None;
        }
        Some(Request {
            id: message.get("id").cloned().unwrap_or(Value::Null),
            version,
            command,
        })
    }
}

fn read_command(message: &Value, reader: Reader) -> Result<Command, String> {
    let kind = message
        .get("type")
        .and_then(Value::as_str)
        .ok_or("a command needs a \"type\"")?;
    match kind {
        "setLanguage" => text(message, "lang").map(Command::SetLanguage),
        "load" => read_load(message, reader),
        "goToTurn" => {
            let turn = message
                .get("turn")
                .and_then(Value::as_u64)
                .ok_or("goToTurn needs \"turn\": a number of turns from 0")?;
            Ok(Command::GoToTurn(
                usize::try_from(turn).unwrap_or(usize::MAX),
            ))
        }
        "highlight" => match message.get("target") {
            None | Some(Value::Null) => Ok(Command::Highlight(None)),
            Some(target) => read_mark(target).map(|m| Command::Highlight(Some(m))),
        },
        "setTheme" => {
            let code = text(message, "theme")?;
            Theme::parse(&code)
                .map(Command::SetTheme)
                .ok_or(format!("no theme \"{code}\" (light, dark or auto)"))
        }
        other => Err(format!("unknown command \"{other}\"")),
    }
}

fn text(message: &Value, field: &str) -> Result<String, String> {
    message
        .get(field)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or(format!("\"{field}\" is missing or not text"))
}

/// The largest whole number a JavaScript number holds exactly (2^53 − 1,
/// `Number.MAX_SAFE_INTEGER`): from 2^53 on, neighbours share a number.
const JAVASCRIPT_EXACT: u64 = (1 << 53) - 1;

/// Refuses a record object whose `seed` is a number JavaScript may have
/// rounded: the object came through the page's `JSON.parse` and the
/// message's `JSON.stringify`, so such a seed would deal another game.
fn check_seed_survived_javascript(record: &Value) -> Result<(), String> {
    match record.get("seed") {
        Some(Value::Number(seed)) if seed.as_f64().is_some_and(|s| s > JAVASCRIPT_EXACT as f64) => {
            Err(
                "the record's \"seed\" is a number of 2^53 or more, which JavaScript rounds \
                 (and the record would deal another game): write it as a string \
                 (\"seed\": \"…\") or load the #record= link"
                    .into(),
            )
        }
        _ => Ok(()),
    }
}

fn read_load(message: &Value, reader: Reader) -> Result<Command, String> {
    if let Some(record) = message.get("record") {
        check_seed_survived_javascript(record)?;
        let record = reader
            .read(&record.to_string())
            .map_err(|e| format!("the record cannot be read: {e}"))?;
        return Ok(Command::Load {
            query: String::new(),
            fragment: super::link::record_fragment(&record),
        });
    }
    let link = text(message, "link")?;
    let (before, fragment) = link.split_once('#').unwrap_or((&link, ""));
    let query = before.split_once('?').map_or("", |(_, q)| q);
    if query.is_empty() && fragment.is_empty() {
        return Err("the link has neither a query (?…) nor a fragment (#…)".into());
    }
    Ok(Command::Load {
        query: query.to_string(),
        fragment: fragment.to_string(),
    })
}

fn read_mark(target: &Value) -> Result<Mark, String> {
    let seat = |field: &str| -> Result<Option<usize>, String> {
        match target.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n @ 1..=4) => Ok(Some(n as usize - 1)),
                _ => Err(format!("\"{field}\" is a seat from 1 to 4")),
            },
        }
    };
    if let Some(location) = target.get("location") {
        return Ok(Mark::Location {
            location: read_location(location).map_err(|e| e.to_string())?,
            seat: seat("seat")?,
        });
    }
    if let Some(space) = target.get("display") {
        return match space.as_u64() {
            Some(n @ 1..=6) => Ok(Mark::Display {
                space: n as usize - 1,
            }),
            _ => Err("\"display\" is a space from 1 to 6".into()),
        };
    }
    if let Some(realm) = seat("realm")? {
        return Ok(Mark::Realm { seat: realm });
    }
    Err("a target is {\"location\": …}, {\"display\": 1–6} or {\"realm\": 1–4}".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn command(message: Value) -> Result<Command, String> {
        Request::read(&message, Reader::default())
            .expect("a command")
            .command
    }

    /// A flood is cut at the limit, and the next second admits again.
    #[test]
    fn a_flood_of_commands_is_cut_at_the_limit_each_second() {
        let mut limit = CommandLimit::default();
        let admitted = (0..10_000)
            .filter(|i| limit.admit(5_000.0 + f64::from(*i) * 0.01))
            .count();
        assert_eq!(admitted, COMMANDS_PER_SECOND as usize);
        assert!(!limit.admit(5_999.0));
        assert!(limit.admit(6_000.0));
        // A page that sends a command now and then is never refused.
        let mut calm = CommandLimit::default();
        assert!((0..1_000).all(|i| calm.admit(f64::from(i) * 100.0)));
    }

    #[test]
    fn version_1_knows_only_set_language() {
        let set =
            json!({"source": "majesty-host", "version": 1, "type": "setLanguage", "lang": "de"});
        assert_eq!(command(set), Ok(Command::SetLanguage("de".into())));
        let turn = json!({"source": "majesty-host", "version": 1, "type": "goToTurn", "turn": 2});
        assert_eq!(Request::read(&turn, Reader::default()), None);
    }

    #[test]
    fn other_messages_are_not_commands() {
        for message in [
            json!({"source": "majesty", "version": 2, "type": "goToTurn", "turn": 1}),
            json!({"source": "majesty-host", "version": 3, "type": "goToTurn", "turn": 1}),
            json!({"type": "goToTurn", "turn": 1}),
            json!("goToTurn"),
        ] {
            assert_eq!(
                Request::read(&message, Reader::default()),
                None,
                "{message}"
            );
        }
    }

    #[test]
    fn set_theme_takes_light_dark_or_auto() {
        let v2 = |theme: Value| json!({"source": "majesty-host", "version": 2, "type": "setTheme", "theme": theme});
        assert_eq!(
            command(v2(json!("dark"))),
            Ok(Command::SetTheme(Theme::Dark))
        );
        assert_eq!(
            command(v2(json!("auto"))),
            Ok(Command::SetTheme(Theme::Auto))
        );
        assert_eq!(
            command(v2(json!("sepia"))),
            Err("no theme \"sepia\" (light, dark or auto)".into())
        );
        assert!(command(v2(json!(1))).is_err());
    }

    #[test]
    fn version_2_commands_with_their_id() {
        let request = Request::read(
            &json!({
                "source": "majesty-host", "version": 2, "id": 7, "type": "goToTurn", "turn": 3
            }),
            Reader::default(),
        )
        .unwrap();
        assert_eq!(request.id, json!(7));
        assert_eq!(request.command, Ok(Command::GoToTurn(3)));
    }

    #[test]
    fn a_load_takes_a_link_or_an_address() {
        let v2 = |link: &str| json!({"source": "majesty-host", "version": 2, "type": "load", "link": link});
        assert_eq!(
            command(v2("#record=abc")),
            Ok(Command::Load {
                query: String::new(),
                fragment: "record=abc".into()
            })
        );
        assert_eq!(
            command(v2("https://x.org/majesty/?players=Ann,Bob:hard#deal=4")),
            Ok(Command::Load {
                query: "players=Ann,Bob:hard".into(),
                fragment: "deal=4".into()
            })
        );
        assert!(command(v2("https://x.org/majesty/")).is_err());
    }

    #[test]
    fn a_load_takes_a_record_object() {
        let record = json!({"version": 2, "players": ["Ann", "Bob"], "seed": 5, "turns": []});
        let Ok(Command::Load { fragment, .. }) = command(json!({
            "source": "majesty-host", "version": 2, "type": "load", "record": record
        })) else {
            panic!("a load")
        };
        let value = fragment.strip_prefix("record=").unwrap();
        let back = super::super::link::decode_record(value, Reader::default()).unwrap();
        assert_eq!(back.players, ["Ann", "Bob"]);
        let broken = json!({"source": "majesty-host", "version": 2, "type": "load", "record": {"players": 3}});
        assert!(command(broken)
            .unwrap_err()
            .starts_with("the record cannot be read"));
    }

    /// A seed from 2^53 on may have been rounded by the page's JavaScript:
    /// refused with the way out; a seed as a string, or below 2^53, loads.
    #[test]
    fn a_record_object_with_a_seed_javascript_rounds_is_refused() {
        let load = |seed: Value| {
            let record =
                json!({"version": 2, "players": ["Ann", "Bob"], "seed": seed, "turns": []});
            command(
                json!({"source": "majesty-host", "version": 2, "type": "load", "record": record}),
            )
        };
        // 12726360963827698830 as JSON.stringify writes it after JSON.parse,
        // 2^53 (which 2^53 + 1 becomes), and a seed written as a float.
        for rounded in [
            json!(12_726_360_963_827_699_000u64),
            json!(9_007_199_254_740_992u64),
            json!(1.5e19),
        ] {
            let reason = load(rounded.clone()).unwrap_err();
            assert!(
                reason.starts_with("the record's \"seed\" is a number of 2^53 or more")
                    && reason.contains("write it as a string"),
                "{rounded}: {reason}"
            );
        }
        for exact in [
            json!("12726360963827698830"),
            json!(9_007_199_254_740_991u64),
            json!(5),
        ] {
            let Ok(Command::Load { fragment, .. }) = load(exact.clone()) else {
                panic!("{exact}: a load")
            };
            let back = super::super::link::decode_record(
                fragment.strip_prefix("record=").unwrap(),
                Reader::default(),
            )
            .unwrap();
            let seed = exact.as_u64().or_else(|| exact.as_str()?.parse().ok());
            assert_eq!(back.seed, seed, "{exact}");
        }
    }

    #[test]
    fn marks_name_locations_display_spaces_and_realms() {
        let mark = |target: Value| {
            command(
                json!({"source": "majesty-host", "version": 2, "type": "highlight", "target": target}),
            )
        };
        assert_eq!(
            mark(json!({"location": "brewery", "seat": 2})),
            Ok(Command::Highlight(Some(Mark::Location {
                location: Location::Brewery,
                seat: Some(1)
            })))
        );
        assert_eq!(
            mark(json!({"location": 8})),
            Ok(Command::Highlight(Some(Mark::Location {
                location: Location::Infirmary,
                seat: None
            })))
        );
        assert_eq!(
            mark(json!({"display": 1})),
            Ok(Command::Highlight(Some(Mark::Display { space: 0 })))
        );
        assert_eq!(
            mark(json!({"realm": 4})),
            Ok(Command::Highlight(Some(Mark::Realm { seat: 3 })))
        );
        assert_eq!(mark(Value::Null), Ok(Command::Highlight(None)));
        for wrong in [
            json!({"location": "Moat"}),
            json!({"location": 9}),
            json!({"display": 0}),
            json!({"realm": 5}),
            json!({"card": 1}),
        ] {
            assert!(mark(wrong.clone()).is_err(), "{wrong}");
        }
    }

    #[test]
    fn a_mark_is_found_by_its_selector() {
        let every = Mark::Location {
            location: Location::Inn,
            seat: None,
        };
        assert_eq!(every.selector(), ".realm .column[data-location=\"5\"]");
        let second = Mark::Location {
            location: Location::Infirmary,
            seat: Some(1),
        };
        assert_eq!(
            second.selector(),
            ".realm[data-seat=\"1\"] .column[data-location=\"7\"]"
        );
        assert_eq!(
            Mark::Display { space: 2 }.selector(),
            ".display .card[data-space=\"2\"]"
        );
        assert_eq!(
            Mark::Realm { seat: 3 }.selector(),
            ".realm[data-seat=\"3\"]"
        );
    }

    #[test]
    fn unknown_commands_say_so() {
        assert_eq!(
            command(json!({"source": "majesty-host", "version": 2, "type": "dance"})),
            Err("unknown command \"dance\"".into())
        );
    }
}
