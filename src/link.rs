//! Links into the game: the URL parameters a teaching site uses to start a
//! deal, a scenario or a replay, and the links the app shares.
//!
//! Query: `embed=1`, `lang=en|de|fr|es`, `sides=AAAAAAAB`,
//! `players=Ann,Bob:hard` (a name, and a computer level after a colon),
//! `deck=standard|full`, `parentOrigin=https://example.org`.
//! Fragment: `#seed=<n>` (a deal) or `#record=<base64url game record>`.

use majesty_rules::bots::Level;
use majesty_rules::{DeckVariant, GameRecord, RecordError, Sides};

/// Why a link parameter could not be used (the catalogue says it in words).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    /// `sides=`: not eight letters A or B.
    Sides(String),
    /// `deck=`: neither `standard` nor `full`.
    Deck(String),
    /// `players=`: not 2, 3 or 4 players.
    PlayerCount(usize),
    /// `players=`: a player without a name.
    NoName,
    /// `players=`: no such computer level.
    Level(String),
    /// `seed=`: not a whole number.
    Seed(String),
    /// `record=`: not base64url, or not text once decoded.
    NotBase64,
    NotText,
    /// `record=`: not a game record, or one that does not replay.
    Record(RecordError),
}

impl LinkProblem {
    /// The parameter it is about.
    pub fn parameter(&self) -> &'static str {
        match self {
            LinkProblem::Sides(_) => "sides",
            LinkProblem::Deck(_) => "deck",
            LinkProblem::PlayerCount(_) | LinkProblem::NoName | LinkProblem::Level(_) => "players",
            LinkProblem::Seed(_) => "seed",
            LinkProblem::NotBase64 | LinkProblem::NotText | LinkProblem::Record(_) => "record",
        }
    }
}

/// What the URL asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Link {
    pub embed: bool,
    pub lang: Option<String>,
    pub sides: Option<Sides>,
    pub players: Option<Vec<(String, Option<Level>)>>,
    pub deck: Option<DeckVariant>,
    pub parent_origin: Option<String>,
    pub seed: Option<u64>,
    /// The `record=` value as given: [`decode_record`] reads it when the
    /// replay opens (with the code that replays it, fetched on demand).
    pub record: Option<String>,
    /// Parameters that could not be used.
    pub problems: Vec<LinkProblem>,
}

impl Link {
    /// Reads a URL's query (`?a=b&…`, with or without `?`) and fragment.
    pub fn parse(query: &str, fragment: &str) -> Link {
        let mut link = Link::default();
        for (key, value) in pairs(query).chain(pairs(fragment)) {
            match key.as_str() {
                "embed" => link.embed = matches!(value.as_str(), "1" | "true" | "yes"),
                "lang" => link.lang = Some(value),
                "sides" => match value.parse() {
                    Ok(sides) => link.sides = Some(sides),
                    Err(_) => link.problems.push(LinkProblem::Sides(value)),
                },
                "deck" => match value.parse() {
                    Ok(deck) => link.deck = Some(deck),
                    Err(_) => link.problems.push(LinkProblem::Deck(value)),
                },
                "players" => match parse_players(&value) {
                    Ok(players) => link.players = Some(players),
                    Err(problem) => link.problems.push(problem),
                },
                "parentOrigin" => link.parent_origin = Some(value),
                "seed" => match value.parse() {
                    Ok(seed) => link.seed = Some(seed),
                    Err(_) => link.problems.push(LinkProblem::Seed(value)),
                },
                "record" => link.record = Some(value),
                _ => {}
            }
        }
        link
    }

    /// Whether the link asks to start a game at once.
    pub fn starts_a_game(&self) -> bool {
        self.seed.is_some() || self.players.is_some() || self.sides.is_some() || self.deck.is_some()
    }
}

fn pairs(text: &str) -> impl Iterator<Item = (String, String)> + '_ {
    text.trim_start_matches(['?', '#'])
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
}

/// `Ann,Bob:hard,Cid:medium` → names and levels (2 to 4 players).
pub fn parse_players(value: &str) -> Result<Vec<(String, Option<Level>)>, LinkProblem> {
    let players: Vec<(String, Option<Level>)> = value
        .split(',')
        .map(|entry| match entry.split_once(':') {
            Some((name, level)) => match level.parse::<Level>() {
                Ok(level) => Ok((name.trim().to_string(), Some(level))),
                Err(_) => Err(LinkProblem::Level(level.to_string())),
            },
            None => Ok((entry.trim().to_string(), None)),
        })
        .collect::<Result<_, _>>()?;
    if !(2..=4).contains(&players.len()) {
        return Err(LinkProblem::PlayerCount(players.len()));
    }
    if players.iter().any(|(name, _)| name.is_empty()) {
        return Err(LinkProblem::NoName);
    }
    Ok(players)
}

pub fn players_value(names: &[String], seats: &[Option<Level>]) -> String {
    names
        .iter()
        .zip(seats)
        .map(|(name, seat)| match seat {
            Some(level) => format!("{}:{level}", percent_encode(name)),
            None => percent_encode(name),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The game record of a `record=` value, replayed once to check it.
pub fn decode_record(value: &str) -> Result<GameRecord, LinkProblem> {
    let bytes = base64url_decode(value).ok_or(LinkProblem::NotBase64)?;
    let text = String::from_utf8(bytes).map_err(|_| LinkProblem::NotText)?;
    let record = GameRecord::from_json(&text).map_err(LinkProblem::Record)?;
    record.replay().map_err(LinkProblem::Record)?;
    Ok(record)
}

pub fn record_fragment(record: &GameRecord) -> String {
    format!("record={}", base64url_encode(record.to_json().as_bytes()))
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Base64url without padding (RFC 4648 §5).
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Decodes base64url, with or without padding (also accepts `+` and `/`).
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.trim_end_matches('=').bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'-' | b'+' => 62,
            b'_' | b'/' => 63,
            _ => return None,
        };
        acc = acc << 6 | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match u8::from_str_radix(&text[i + 1..i + 3], 16) {
                Ok(b) => {
                    out.push(b);
                    i += 3;
                    continue;
                }
                Err(_) => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use majesty_rules::GameConfig;

    #[test]
    fn base64url_round_trips() {
        for text in ["", "a", "ab", "abc", "abcd", "{\"players\":[\"Ann\"]}?>"] {
            let encoded = base64url_encode(text.as_bytes());
            assert!(!encoded.contains(['+', '/', '=']));
            assert_eq!(base64url_decode(&encoded).unwrap(), text.as_bytes());
        }
        assert_eq!(base64url_encode(b"Man"), "TWFu");
        assert_eq!(base64url_decode("TWE"), Some(b"Ma".to_vec()));
        assert_eq!(base64url_decode("a*b"), None);
    }

    #[test]
    fn a_teaching_link_is_read() {
        let link = Link::parse(
            "?embed=1&lang=de&sides=AAAAAAAB&players=Ann,Bot%3Ahard&deck=full&parentOrigin=https%3A%2F%2Fexample.org",
            "#seed=42",
        );
        assert!(link.embed);
        assert_eq!(link.lang.as_deref(), Some("de"));
        assert_eq!(link.sides, Some("AAAAAAAB".parse().unwrap()));
        assert_eq!(
            link.players,
            Some(vec![
                ("Ann".into(), None),
                ("Bot".into(), Some(Level::Hard))
            ])
        );
        assert_eq!(link.deck, Some(DeckVariant::Full));
        assert_eq!(link.parent_origin.as_deref(), Some("https://example.org"));
        assert_eq!(link.seed, Some(42));
        assert!(link.problems.is_empty());
        assert!(link.starts_a_game());
    }

    #[test]
    fn bad_parameters_are_reported_not_used() {
        let link = Link::parse("sides=ABC&players=Solo&deck=huge", "seed=x");
        assert_eq!(
            link.problems,
            [
                LinkProblem::Sides("ABC".into()),
                LinkProblem::PlayerCount(1),
                LinkProblem::Deck("huge".into()),
                LinkProblem::Seed("x".into()),
            ]
        );
        let keys: Vec<&str> = link.problems.iter().map(LinkProblem::parameter).collect();
        assert_eq!(keys, ["sides", "players", "deck", "seed"]);
        assert_eq!(parse_players("Ann,"), Err(LinkProblem::NoName));
        assert_eq!(
            parse_players("Ann,Bob:wizard"),
            Err(LinkProblem::Level("wizard".into()))
        );
        assert!(!link.starts_a_game());
        let link = Link::parse("", "record=bm90IGpzb24");
        assert_eq!(link.record.as_deref(), Some("bm90IGpzb24"));
        assert!(matches!(
            decode_record("bm90IGpzb24"), // "not json"
            Err(LinkProblem::Record(RecordError::Parse(_)))
        ));
        assert_eq!(decode_record("*"), Err(LinkProblem::NotBase64));
        assert_eq!(decode_record("_w"), Err(LinkProblem::NotText)); // the byte 0xFF
    }

    #[test]
    fn a_record_link_round_trips() {
        let mut record = GameRecord::new(
            vec!["Ann".into(), "Bob".into()],
            &GameConfig::new(2).unwrap(),
            7,
        );
        record.turns.push(majesty_rules::Turn::new(
            0,
            majesty_rules::Character::Miller,
        ));
        let game = record.start().unwrap();
        record.turns[0].place = game.display()[0].card.characters().next().unwrap();
        let link = Link::parse("", &record_fragment(&record));
        assert_eq!(decode_record(&link.record.unwrap()), Ok(record));
    }

    #[test]
    fn players_values_round_trip() {
        let names = vec!["Ann Lee".to_string(), "Bot".to_string()];
        let seats = vec![None, Some(Level::Medium)];
        let value = players_value(&names, &seats);
        assert_eq!(value, "Ann%20Lee,Bot:medium");
        let parsed = parse_players(&percent_decode(&value)).unwrap();
        assert_eq!(
            parsed,
            vec![
                ("Ann Lee".into(), None),
                ("Bot".into(), Some(Level::Medium))
            ]
        );
    }
}
