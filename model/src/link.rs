//! Links into the game: the URL parameters a teaching site uses to start a
//! deal, a scenario or a replay, and the links the app shares.
//!
//! Query: `editor=1` (the scenario editor, with the fragment's record),
//! `setup=table|link|live`, `stats=1`, `game=<id>` (a kept game: the
//! app's own screens, `place`),
//! `embed=1`, `lang=en|de|fr|es`, `sides=AAAAAAAB`,
//! `players=Ann,Bob:hard` (a name, and a computer level after a colon; a
//! name's own `,` or `:` is percent-encoded),
//! `deck=standard|full`, `parentOrigin=https://example.org`, `embedApi=2`,
//! and for a frame: `theme=light|dark|auto` (the embedding page's theme),
//! `autoHeight=1` (the frame is as tall as its content: the embedding
//! script sizes it), `nav=0` (no button leads out of the lesson).
//! `turn=<n>` opens a replay after that many turns.
//! Fragment: `#deal=<n>` (a deal), `#record=<base64url game record>`,
//! `#play=…` (a game by link), `#live=…`/`#answer=…` (a live game's
//! invitation and answer). `#seed=<n>` was the deal of the first format
//! (another shuffle): it is reported, never dealt differently. A parameter
//! the game does not know is named in the notice (tracking parameters that
//! sites add to shared links excepted). [`Link::route`] picks the one
//! screen a link opens.

use crate::prefs::Theme;
use crate::reader::Reader;
use base64::alphabet;
use base64::engine::general_purpose::{GeneralPurpose, NO_PAD, URL_SAFE_NO_PAD};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use majesty_ai::bots::Level;
use majesty_rules::{DeckVariant, GameConfig, GameRecord, RecordError, Sides, MAX_RECORD_BYTES};
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

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
    /// `deal=`: not a whole number.
    Seed(String),
    /// `embedApi=`: not 1 or 2.
    EmbedApi(String),
    /// `theme=`: not light, dark or auto.
    Theme(String),
    /// `turn=`: not a whole number.
    Turn(String),
    /// `seed=`: a deal from a link of the first format, shuffled by a
    /// generator the game no longer has; it cannot be dealt the same.
    OldSeed(String),
    /// `record=`: not base64url, or not text once decoded.
    NotBase64,
    NotText,
    /// `record=`: not a game record, or one that does not replay.
    Record(RecordError),
    /// A parameter the game does not know (its name, quoted as written
    /// when it is not text).
    Unknown(String),
    /// A parameter's value (as written in the link) that is not percent
    /// encoded text: a `%` not followed by two hexadecimal digits, or bytes
    /// that are not UTF-8 once decoded.
    Encoding {
        parameter: &'static str,
        value: String,
    },
}

impl LinkProblem {
    /// The parameter it is about.
    pub fn parameter(&self) -> &str {
        match self {
            LinkProblem::Sides(_) => "sides",
            LinkProblem::Deck(_) => "deck",
            LinkProblem::PlayerCount(_) | LinkProblem::NoName | LinkProblem::Level(_) => "players",
            LinkProblem::Seed(_) => "deal",
            LinkProblem::OldSeed(_) => "seed",
            LinkProblem::EmbedApi(_) => "embedApi",
            LinkProblem::Theme(_) => "theme",
            LinkProblem::Turn(_) => "turn",
            LinkProblem::NotBase64 | LinkProblem::NotText | LinkProblem::Record(_) => "record",
            LinkProblem::Encoding { parameter, .. } => parameter,
            LinkProblem::Unknown(name) => name,
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
    /// The embedding API the host speaks (`embedApi=2`; 1 when absent).
    pub embed_api: Option<u8>,
    /// `theme=`: the theme the embedding page asks for (`auto`: the
    /// reader's system); none: the reader's own choice.
    pub theme: Option<Theme>,
    /// `autoHeight=1`: the embedding script makes the frame as tall as its
    /// content, so nothing in it is sized by the frame's height.
    pub auto_height: bool,
    /// `nav=0`: a frame shows no button that leads out of its lesson
    /// (All rules, Home).
    pub no_nav: bool,
    /// `turn=<n>`: a replay opens after that many turns (at its end when
    /// past it).
    pub turn: Option<usize>,
    pub seed: Option<u64>,
    /// The `record=` value as given: [`decode_record`] reads it when the
    /// replay opens.
    pub record: Option<String>,
    /// `rules=1`: the "Rules" screen; `rules=<id>`: one rule's scenario.
    pub rules: Option<String>,
    /// `puzzle=1`: the puzzles; `puzzle=today`: the puzzle of the day;
    /// `puzzle=<id>`: one puzzle.
    pub puzzle: Option<String>,
    /// `tutorial=1`: the guided first game (`tutorial=<id>`: that one).
    pub tutorial: Option<String>,
    /// `editor=1`: the scenario editor (with the link's record, if any).
    pub editor: bool,
    /// `play=`: a game by link, as written (base64url).
    pub play: Option<String>,
    /// `setup=table|link|live`: a new game's setup.
    pub setup: Option<Seating>,
    /// `stats=1`: the statistics.
    pub stats: bool,
    /// `game=<id>`: the game this browser keeps in that place.
    pub game: Option<String>,
    /// `live=`, `answer=` or `room=`: a live game's invitation, answer or
    /// room.
    pub live: Option<LiveLink>,
    /// `relays=`: the Nostr relays a live game's room meets on, for this
    /// page (separated by commas), as written.
    pub relays: Option<String>,
    /// Parameters that could not be used.
    pub problems: Vec<LinkProblem>,
}

impl Link {
    /// Reads a URL's query (`?a=b&…`, with or without `?`) and fragment.
    /// Each parameter is split from the others before it is decoded, and a
    /// value that cannot be decoded is a problem, never a guess.
    pub fn parse(query: &str, fragment: &str) -> Link {
        let mut link = Link::default();
        for (key, raw) in pairs(query).chain(pairs(fragment)) {
            // Only our own parameters are read; any other one is named
            // (quoted as written if it is not text).
            let Ok(name) = decode(key, true) else {
                link.problems.push(LinkProblem::Unknown(quoted(key)));
                continue;
            };
            let Some(&parameter) = PARAMETERS.iter().find(|p| **p == name) else {
                if !is_tracking(&name) {
                    link.problems.push(LinkProblem::Unknown(quoted(&name)));
                }
                continue;
            };
            if parameter == "players" {
                match players_from_link(raw) {
                    Ok(players) => link.players = Some(players),
                    Err(problem) => link.problems.push(problem),
                }
                continue;
            }
            // A record, a game by link and a live signal are base64url, in
            // which `+` is not a space.
            let base64 = matches!(parameter, "record" | "play" | "live" | "answer" | "room");
            let Ok(value) = decode(raw, !base64) else {
                link.problems.push(encoding_problem(parameter, raw));
                continue;
            };
            match parameter {
                "embed" => link.embed = is_yes(&value),
                "lang" => link.lang = Some(value),
                "sides" => match value.parse() {
                    Ok(sides) => link.sides = Some(sides),
                    Err(_) => link.problems.push(LinkProblem::Sides(value)),
                },
                "deck" => match value.parse() {
                    Ok(deck) => link.deck = Some(deck),
                    Err(_) => link.problems.push(LinkProblem::Deck(value)),
                },
                "parentOrigin" => link.parent_origin = Some(origin_of(&value)),
                "embedApi" => match value.parse() {
                    Ok(api @ 1..=2) => link.embed_api = Some(api),
                    _ => link.problems.push(LinkProblem::EmbedApi(value)),
                },
                "theme" => match Theme::parse(&value) {
                    Some(theme) => link.theme = Some(theme),
                    None => link.problems.push(LinkProblem::Theme(value)),
                },
                "autoHeight" => link.auto_height = is_yes(&value),
                "nav" => link.no_nav = matches!(value.as_str(), "0" | "false" | "no"),
                "turn" => match value.parse() {
                    Ok(turn) => link.turn = Some(turn),
                    Err(_) => link.problems.push(LinkProblem::Turn(value)),
                },
                "deal" => match value.parse() {
                    Ok(seed) => link.seed = Some(seed),
                    Err(_) => link.problems.push(LinkProblem::Seed(value)),
                },
                "seed" => link.problems.push(LinkProblem::OldSeed(value)),
                "record" => link.record = Some(value),
                "rules" => link.rules = Some(value),
                "puzzle" => link.puzzle = Some(value),
                "tutorial" => link.tutorial = Some(value),
                "editor" => link.editor = is_yes(&value),
                "play" => link.play = Some(value),
                "setup" => link.setup = Some(Seating::from_name(&value)),
                "stats" => link.stats = is_yes(&value),
                "game" => link.game = Some(value),
                "live" => link.live = Some(LiveLink::Offer(value)),
                "answer" => link.live = Some(LiveLink::Answer(value)),
                "room" => link.live = Some(LiveLink::Room(value)),
                "relays" => link.relays = Some(value),
                _ => {}
            }
        }
        link
    }

    /// Whether the link asks to start a game at once.
    pub fn starts_a_game(&self) -> bool {
        self.seed.is_some() || self.players.is_some() || self.sides.is_some() || self.deck.is_some()
    }

    /// The one screen the link opens. A link asking for several takes the
    /// first of: a live invitation or answer, a game by link (neither in a
    /// frame, which plays no game of another device), a kept game, a setup,
    /// the statistics (none in a frame either), a Rules scenario, a
    /// puzzle, a tutorial, the editor, a replay, a new game (always, in a
    /// frame).
    pub fn route(&self) -> Route {
        match (&self.live, &self.play) {
            (Some(live), _) if !self.embed => return Route::Live(live.clone()),
            (_, Some(play)) if !self.embed => return Route::ByLink(play.clone()),
            _ => {}
        }
        // (A frame shows one game: never this browser's own screens.)
        match (&self.game, self.setup, self.stats) {
            (Some(id), _, _) if !self.embed => return Route::Kept(id.clone()),
            (_, Some(seating), _) if !self.embed => return Route::Setup(seating),
            (_, _, true) if !self.embed => return Route::Statistics,
            _ => {}
        }
        if let Some(rules) = &self.rules {
            Route::Rules(rules.clone())
        } else if let Some(puzzle) = &self.puzzle {
            Route::Puzzle(puzzle.clone())
        } else if let Some(tutorial) = &self.tutorial {
            Route::Tutorial(tutorial.clone())
        } else if self.editor {
            Route::Editor
        } else if self.record.is_some() {
            Route::Replay
        } else if self.starts_a_game() || self.embed {
            Route::Game
        } else {
            Route::Home
        }
    }
}

/// Where a new game is played, which its setup is made for: at this
/// table (people and computers), or each person on their own device, by
/// link or live (every seat a person).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seating {
    Table,
    ByLink,
    Live,
}

impl Seating {
    /// Its name in an address (`?setup=…`).
    pub fn name(self) -> &'static str {
        match self {
            Seating::Table => "table",
            Seating::ByLink => "link",
            Seating::Live => "live",
        }
    }

    /// The seating an address names; a table for any other name.
    pub fn from_name(name: &str) -> Seating {
        match name {
            "link" => Seating::ByLink,
            "live" => Seating::Live,
            _ => Seating::Table,
        }
    }
}

/// A live game's link: the host's invitation to a seat, or a guest's
/// answer to it (base64url, decoded by the live part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiveLink {
    Offer(String),
    Answer(String),
    /// `room=<room>.<secret>`: a live game met on relays, from one link.
    Room(String),
}

/// What a page's address opens (see [`Link::route`]). The record, deal and
/// players a screen needs stay in the [`Link`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// Nothing in particular: the home screen (or the one unfinished game).
    Home,
    /// A new game: a deal, players, sides or a deck, or a frame's game.
    Game,
    /// `record=`: the replay viewer.
    Replay,
    /// `editor=1`: the scenario editor.
    Editor,
    /// `rules=`: the Rules screen (`1`) or one rule's scenario.
    Rules(String),
    /// `puzzle=`: the puzzles (`1`), the puzzle of the day (`today`) or one
    /// puzzle.
    Puzzle(String),
    /// `tutorial=`: a guided game.
    Tutorial(String),
    /// `play=`: a game by link.
    ByLink(String),
    /// `live=`/`answer=`: a live game's invitation or answer.
    Live(LiveLink),
    /// `game=`: a game kept in this browser, by its place's id.
    Kept(String),
    /// `setup=`: a new game's setup.
    Setup(Seating),
    /// `stats=1`: the statistics.
    Statistics,
}

/// Parameters that sites and mail clients add to links they carry (a
/// link shared on a social site comes back with `fbclid=`): not the
/// author's, so never reported.
fn is_tracking(name: &str) -> bool {
    name.starts_with("utm_") || matches!(name, "fbclid" | "gclid" | "msclkid" | "mc_eid")
}

/// A name or value as written, cut when long (it is shown in a notice).
fn quoted(raw: &str) -> String {
    const SHOWN: usize = 60;
    let mut value: String = raw.chars().take(SHOWN).collect();
    if raw.chars().nth(SHOWN).is_some() {
        value.push('…');
    }
    value
}

/// The origin of an address, written as the browser writes a message's
/// origin (`event.origin`): scheme and host in lower case, no default port,
/// no path, no trailing slash. `https://Example.org:443/` and
/// `https://example.org` are the same page. A value that is not an address
/// is kept as it is (it then matches no origin).
fn origin_of(address: &str) -> String {
    let Some((scheme, rest)) = address.trim().split_once("://") else {
        return address.to_string();
    };
    let scheme = scheme.to_ascii_lowercase();
    let host = rest
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "https" => Some(":443"),
        "http" => Some(":80"),
        _ => None,
    };
    let host = default_port
        .and_then(|port| host.strip_suffix(port))
        .unwrap_or(&host);
    format!("{scheme}://{host}")
}

/// A switch's value that turns it on.
fn is_yes(value: &str) -> bool {
    matches!(value, "1" | "true" | "yes")
}

/// The parameters a link may carry.
const PARAMETERS: [&str; 26] = [
    "setup",
    "stats",
    "game",
    "rules",
    "puzzle",
    "tutorial",
    "editor",
    "embed",
    "embedApi",
    "theme",
    "autoHeight",
    "nav",
    "turn",
    "lang",
    "sides",
    "deck",
    "players",
    "parentOrigin",
    "deal",
    "seed",
    "record",
    "play",
    "live",
    "answer",
    "room",
    "relays",
];

/// What a link loaded into an embedded frame cannot change: the frame's
/// own settings.
const FRAME_PARAMETERS: [&str; 7] = [
    "embed",
    "embedApi",
    "parentOrigin",
    "lang",
    "theme",
    "autoHeight",
    "nav",
];

/// The address (`?…#…`) of a link loaded into a frame opened with
/// `current` (its query): the frame's own settings stay, everything else
/// comes from the link's `query` and `fragment`.
pub fn address_with(current: &str, query: &str, fragment: &str) -> String {
    let is_frame = |pair: &&str| {
        let key = pair.split('=').next().unwrap_or_default();
        FRAME_PARAMETERS.contains(&key)
    };
    let kept = current.trim_start_matches('?').split('&').filter(is_frame);
    let given = query.split('&').filter(|p| !p.is_empty() && !is_frame(p));
    let pairs: Vec<&str> = kept.chain(given).collect();
    let fragment = if fragment.is_empty() {
        String::new()
    } else {
        format!("#{fragment}")
    };
    format!("?{}{fragment}", pairs.join("&"))
}

/// The address `search` + `hash` (as `location` gives them) with the query
/// parameter `key` set to `value` (a plain word: not encoded), in its
/// place if it was there, else at the end.
pub fn with_setting(search: &str, hash: &str, key: &str, value: &str) -> String {
    let setting = format!("{key}={value}");
    let mut pairs: Vec<&str> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .collect();
    match pairs.iter().position(|p| p.split('=').next() == Some(key)) {
        Some(at) => pairs[at] = &setting,
        None => pairs.push(&setting),
    }
    format!("?{}{hash}", pairs.join("&"))
}

/// The code that embeds `link` (`?…`, `#…` or both, as the game's own
/// links write them) of the game at `page` (its address) in another site:
/// the embedding script with its element, and a plain frame for a site
/// that takes no script (it cannot fit its height to the board).
pub fn embed_snippets(page: &str, link: &str) -> (String, String) {
    let folder = &page[..page.rfind('/').map_or(page.len(), |i| i + 1)];
    let script = format!(
        "<script src=\"{folder}majesty-embed.js\" defer></script>\n<div data-majesty=\"{link}\"></div>"
    );
    let (query, fragment) = link.split_once('#').unwrap_or((link, ""));
    let query = query.trim_start_matches('?');
    let mut src = format!("{folder}?embed=1");
    if !query.is_empty() {
        src = format!("{src}&{query}");
    }
    if !fragment.is_empty() {
        src = format!("{src}#{fragment}");
    }
    let frame = format!(
        "<iframe src=\"{src}\" title=\"Majesty: For the Realm\" width=\"100%\" height=\"640\" \
         loading=\"lazy\" style=\"border:0\" allow=\"clipboard-write\"></iframe>"
    );
    (script, frame)
}

/// The `key=value` pairs of a query or fragment, still encoded.
fn pairs(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.trim_start_matches(['?', '#'])
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split_once('=').unwrap_or((p, "")))
}

/// A value that cannot be decoded, quoted as written (its start, when long:
/// it is shown in a notice).
fn encoding_problem(parameter: &'static str, raw: &str) -> LinkProblem {
    LinkProblem::Encoding {
        parameter,
        value: quoted(raw),
    }
}

/// The `players=` value of a link. Players are separated by a literal `,`
/// and a computer's level follows a literal `:`, so the value is split
/// before each part is decoded: a name's own `,` or `:` is written `%2C` or
/// `%3A` ([`players_value`]) and stays in the name. A list without any
/// literal `,` was encoded as a whole (as `URLSearchParams` and
/// `encodeURIComponent` write `Ann,Bob:hard`): it is decoded, then split.
fn players_from_link(raw: &str) -> Result<Vec<(String, Option<Level>)>, LinkProblem> {
    let bad = || encoding_problem("players", raw);
    if !raw.contains(',') {
        return parse_players(&decode(raw, true).map_err(|_| bad())?);
    }
    let entries = raw
        .split(',')
        .map(|entry| {
            let (name, level) = match entry.split_once(':') {
                Some((name, level)) => (name, Some(level)),
                None => (entry, None),
            };
            Ok((
                decode(name, true)?,
                level.map(|l| decode(l, true)).transpose()?,
            ))
        })
        .collect::<Result<Vec<_>, ()>>()
        .map_err(|_| bad())?;
    seats(entries)
}

/// `Ann,Bob:hard,Cid:medium`, decoded → names and levels (2 to 4 players).
pub fn parse_players(value: &str) -> Result<Vec<(String, Option<Level>)>, LinkProblem> {
    seats(
        value
            .split(',')
            .map(|entry| match entry.split_once(':') {
                Some((name, level)) => (name.to_string(), Some(level.to_string())),
                None => (entry.to_string(), None),
            })
            .collect(),
    )
}

/// Names and level names, decoded → names and levels (2 to 4 players).
fn seats(
    entries: Vec<(String, Option<String>)>,
) -> Result<Vec<(String, Option<Level>)>, LinkProblem> {
    let players: Vec<(String, Option<Level>)> = entries
        .into_iter()
        .map(|(name, level)| {
            let level = match level {
                Some(level) => Some(
                    level
                        .parse::<Level>()
                        .map_err(|_| LinkProblem::Level(level))?,
                ),
                None => None,
            };
            Ok((name.trim().to_string(), level))
        })
        .collect::<Result<_, _>>()?;
    if GameConfig::check_players(players.len()).is_err() {
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

/// The game record of a `record=` value, replayed once to check it. A
/// value longer than any record's is refused by its length, undecoded.
pub fn decode_record(value: &str, reader: Reader) -> Result<GameRecord, LinkProblem> {
    if value.len() > MAX_RECORD_BYTES.div_ceil(3) * 4 {
        return Err(LinkProblem::Record(RecordError::TooLarge {
            max: MAX_RECORD_BYTES,
        }));
    }
    let bytes = base64url_decode(value).ok_or(LinkProblem::NotBase64)?;
    let text = String::from_utf8(bytes).map_err(|_| LinkProblem::NotText)?;
    let record = reader.read(&text).map_err(LinkProblem::Record)?;
    record.replay().map_err(LinkProblem::Record)?;
    Ok(record)
}

pub fn record_fragment(record: &GameRecord) -> String {
    format!("record={}", base64url_encode(record.to_json().as_bytes()))
}

/// Base64url (RFC 4648 §5) read with or without padding, and with any
/// unused low bits of the last character (links are written by hand too).
const BASE64URL_READ: GeneralPurpose = GeneralPurpose::new(
    &alphabet::URL_SAFE,
    NO_PAD
        .with_decode_padding_mode(DecodePaddingMode::Indifferent)
        .with_decode_allow_trailing_bits(true),
);

/// Base64url without padding (RFC 4648 §5).
pub fn base64url_encode(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Decodes base64url, with or without padding (also accepts the standard
/// alphabet's `+` and `/`).
pub fn base64url_decode(text: &str) -> Option<Vec<u8>> {
    if text.contains(['+', '/']) {
        BASE64URL_READ.decode(text.replace('+', "-").replace('/', "_"))
    } else {
        BASE64URL_READ.decode(text)
    }
    .ok()
}

/// What a name may keep as it is in a link: RFC 3986's unreserved
/// characters. Everything else, `,` and `:` included, is percent-encoded.
const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// A `data:` URL for downloading `text` as a JSON file.
pub fn json_download_url(text: &str) -> String {
    format!(
        "data:application/json;charset=utf-8,{}",
        percent_encode(text)
    )
}

/// `text` with everything but the unreserved characters percent-encoded.
fn percent_encode(text: &str) -> String {
    utf8_percent_encode(text, UNRESERVED).to_string()
}

/// Decodes one part of a link: every `%` must start an escape of two
/// hexadecimal digits, the bytes must be UTF-8, and `+` is a space when
/// `plus_is_space` (as in forms). Never panics, whatever the text.
fn decode(raw: &str, plus_is_space: bool) -> Result<String, ()> {
    let bytes = raw.as_bytes();
    let escapes_are_whole = bytes.iter().enumerate().all(|(i, &b)| {
        b != b'%'
            || bytes
                .get(i + 1..i + 3)
                .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
    });
    if !escapes_are_whole {
        return Err(());
    }
    let spaced;
    let raw = if plus_is_space && raw.contains('+') {
        spaced = raw.replace('+', " ");
        &spaced
    } else {
        raw
    };
    percent_decode_str(raw)
        .decode_utf8()
        .map(|text| text.into_owned())
        .map_err(|_| ())
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
        // With or without padding, and the standard alphabet's `+` and `/`.
        assert_eq!(base64url_decode("TWE="), Some(b"Ma".to_vec()));
        assert_eq!(base64url_decode("TQ=="), Some(b"M".to_vec()));
        assert_eq!(base64url_decode("-_8"), Some(vec![0xfb, 0xff]));
        assert_eq!(base64url_decode("+/8"), Some(vec![0xfb, 0xff]));
        assert_eq!(base64url_decode("+/8="), Some(vec![0xfb, 0xff]));
        assert_eq!(base64url_decode("T"), None);
        assert_eq!(base64url_decode("TWE=x"), None);
    }

    #[test]
    fn a_teaching_link_is_read() {
        let link = Link::parse(
            "?embed=1&lang=de&sides=AAAAAAAB&players=Ann,Bot:hard&deck=full&parentOrigin=https%3A%2F%2Fexample.org",
            "#deal=42",
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

    /// The embedding page's origin is compared with the
    /// origin of its messages as the browser writes it, so a trailing
    /// slash (or a path, capitals, a default port) in the link is no
    /// reason to refuse its commands.
    #[test]
    fn the_parent_origin_is_an_origin() {
        let origin = |value: &str| {
            Link::parse(&format!("parentOrigin={value}"), "")
                .parent_origin
                .unwrap()
        };
        for value in [
            "https://example.org",
            "https://example.org/",
            "https%3A%2F%2Fexample.org%2F",
            "https://Example.ORG:443/teach/page.html?x=1#top",
            "HTTPS://example.org",
        ] {
            assert_eq!(origin(value), "https://example.org", "{value}");
        }
        assert_eq!(origin("http://127.0.0.1:4175/"), "http://127.0.0.1:4175");
        assert_eq!(origin("http://example.org:80"), "http://example.org");
        assert_eq!(
            origin("https://example.org:8443/"),
            "https://example.org:8443"
        );
        assert_eq!(origin("example.org"), "example.org");
    }

    /// A `seed=` link of the first format was dealt by another shuffle: it
    /// is reported, and its number is never dealt with today's shuffle.
    #[test]
    fn a_first_format_deal_link_is_reported_not_dealt() {
        let link = Link::parse("?players=Ann,Bob", "#seed=42");
        assert_eq!(link.seed, None);
        assert_eq!(link.problems, [LinkProblem::OldSeed("42".into())]);
        assert_eq!(link.problems[0].parameter(), "seed");
    }

    #[test]
    fn bad_parameters_are_reported_not_used() {
        let link = Link::parse("sides=ABC&players=Solo&deck=huge", "deal=x");
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
        assert_eq!(keys, ["sides", "players", "deck", "deal"]);
        assert_eq!(parse_players("Ann,"), Err(LinkProblem::NoName));
        assert_eq!(
            parse_players("Ann,Bob:wizard"),
            Err(LinkProblem::Level("wizard".into()))
        );
        assert!(!link.starts_a_game());
        let link = Link::parse("", "record=bm90IGpzb24");
        assert_eq!(link.record.as_deref(), Some("bm90IGpzb24"));
        assert!(matches!(
            decode_record("bm90IGpzb24", Reader::default()), // "not json"
            Err(LinkProblem::Record(RecordError::Json(_)))
        ));
        assert_eq!(
            decode_record("*", Reader::default()),
            Err(LinkProblem::NotBase64)
        );
        assert_eq!(
            decode_record("_w", Reader::default()),
            Err(LinkProblem::NotText)
        ); // the byte 0xFF
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
        assert_eq!(
            decode_record(&link.record.unwrap(), Reader::default()),
            Ok(record)
        );
    }

    /// A `record=` value longer than any record's is
    /// refused by its length, before it is decoded; the longest record
    /// text still opens.
    #[test]
    fn a_record_link_longer_than_any_record_is_refused() {
        let too_large = LinkProblem::Record(RecordError::TooLarge {
            max: MAX_RECORD_BYTES,
        });
        let huge = base64url_encode(&vec![b' '; MAX_RECORD_BYTES + 3]);
        assert_eq!(
            decode_record(&huge, Reader::default()),
            Err(too_large.clone())
        );
        let mut record = GameRecord::new(
            vec!["Ann".into(), "Bob".into()],
            &GameConfig::new(2).unwrap(),
            7,
        );
        record.players[0] = String::new();
        record.players[0] = "A".repeat(MAX_RECORD_BYTES - record.to_json().len());
        let longest = base64url_encode(record.to_json().as_bytes());
        assert_eq!(
            decode_record(&longest, Reader::default()),
            Ok(record.clone())
        );
        record.players[0].push('A');
        let longer = base64url_encode(record.to_json().as_bytes());
        assert_eq!(decode_record(&longer, Reader::default()), Err(too_large));
    }

    /// The players a link names, read back from the query or the fragment.
    fn players_of(link: &str) -> Result<Vec<(String, Option<Level>)>, LinkProblem> {
        let (query, fragment) = link.split_once('#').unwrap_or((link, ""));
        let link = Link::parse(query, fragment);
        match (link.players, link.problems.as_slice()) {
            (Some(players), []) => Ok(players),
            (None, [problem]) => Err(problem.clone()),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn players_values_round_trip() {
        let names = vec!["Ann Lee".to_string(), "Bot".to_string()];
        let seats = vec![None, Some(Level::Medium)];
        let value = players_value(&names, &seats);
        assert_eq!(value, "Ann%20Lee,Bot:medium");
        assert_eq!(
            players_of(&format!("?players={value}")),
            Ok(vec![
                ("Ann Lee".into(), None),
                ("Bot".into(), Some(Level::Medium))
            ])
        );
    }

    /// "Smith, J" used to open a 3-player game, because
    /// the value was decoded before it was split.
    #[test]
    fn names_with_commas_and_colons_round_trip() {
        let names: Vec<String> = [
            "Smith, J",
            "Ann: the 2nd",
            "Zoë + Éd 100% & #1 = 李",
            "Bot:hard",
        ]
        .map(String::from)
        .to_vec();
        let seats = vec![None, Some(Level::Easy), None, None];
        let value = players_value(&names, &seats);
        assert_eq!(value.matches(',').count(), 3, "{value}");
        assert_eq!(value.matches(':').count(), 1, "{value}");
        let expected: Vec<(String, Option<Level>)> = names.into_iter().zip(seats).collect();
        assert_eq!(
            players_of(&format!("?players={value}")),
            Ok(expected.clone())
        );
        assert_eq!(
            players_of(&format!("#players={value}&deal=3")),
            Ok(expected)
        );
    }

    /// A list encoded as a whole (as `URLSearchParams` writes it) is still
    /// read as a list.
    #[test]
    fn a_players_list_encoded_as_a_whole_is_read() {
        let expected = Ok(vec![
            ("Ann Lee".to_string(), None),
            ("Bob".to_string(), Some(Level::Hard)),
        ]);
        assert_eq!(players_of("?players=Ann+Lee%2CBob%3Ahard"), expected);
        assert_eq!(players_of("?players=Ann%20Lee%2CBob%3Ahard"), expected);
        assert_eq!(players_of("?players=Ann+Lee,Bob:hard"), expected);
        // Split first: an encoded colon in a list is part of a name.
        assert_eq!(
            players_of("?players=Ann,Bot%3Ahard"),
            Ok(vec![("Ann".into(), None), ("Bot:hard".into(), None)])
        );
        assert_eq!(
            players_of("?players=Ann,Bot:wizard"),
            Err(LinkProblem::Level("wizard".into()))
        );
    }

    #[test]
    fn malformed_encodings_are_problems_not_panics() {
        for (query, parameter, value) in [
            ("players=%1é", "players", "%1é"),
            ("players=%1é,Bob", "players", "%1é,Bob"),
            ("players=Ann,Bob:%", "players", "Ann,Bob:%"),
            ("players=%zz,Bob", "players", "%zz,Bob"),
            ("players=%", "players", "%"),
            ("players=%FF,Bob", "players", "%FF,Bob"), // not UTF-8
            ("players=%C3%28%2CBob", "players", "%C3%28%2CBob"),
            ("lang=%", "lang", "%"),
            ("sides=%zzAAAAAA", "sides", "%zzAAAAAA"),
            ("deck=%E9", "deck", "%E9"),
            ("deal=%1é", "deal", "%1é"),
            (
                "parentOrigin=https%3A%2F%2Fexample.org%",
                "parentOrigin",
                "https%3A%2F%2Fexample.org%",
            ),
            ("record=%ZZ", "record", "%ZZ"),
            ("embed=%é", "embed", "%é"),
        ] {
            let link = Link::parse(query, "");
            let problem = LinkProblem::Encoding {
                parameter,
                value: value.into(),
            };
            assert_eq!(problem.parameter(), parameter);
            assert_eq!(link.problems, [problem], "{query}");
            assert_eq!(Link::parse("", query).problems, link.problems, "#{query}");
        }
        // A long value is quoted by its start.
        let long = format!("record=%{}", "A".repeat(100));
        let [LinkProblem::Encoding { value, .. }] = &Link::parse(&long, "").problems[..] else {
            panic!("expected one problem");
        };
        assert_eq!(value.chars().count(), 61);
        assert!(value.starts_with("%AAA") && value.ends_with('…'));
        // A parameter the game does not know is named, as written when it
        // is not text; tracking parameters added to shared links are not.
        assert_eq!(
            Link::parse("%1é=%&utm=%zz&%=x&utm_source=m&fbclid=Iw", "").problems,
            [
                LinkProblem::Unknown("%1é".into()),
                LinkProblem::Unknown("utm".into()),
                LinkProblem::Unknown("%".into()),
            ]
        );
        // Escapes that are whole are decoded, "%25" included.
        let link = Link::parse("lang=%64%65&parentOrigin=a%25b+c", "");
        assert_eq!(link.lang.as_deref(), Some("de"));
        assert_eq!(link.parent_origin.as_deref(), Some("a%b c"));
        assert!(link.problems.is_empty());
    }

    /// Every short string of tricky characters, anywhere in a link: a
    /// notice at worst, never a panic.
    #[test]
    fn no_link_makes_the_reader_panic() {
        let pieces = ["%", "1", "é", "z", "F", ",", ":", "+", "=", "&", "#"];
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| pieces.iter().map(move |p| format!("{t}{p}")))
                .collect();
            texts.extend(longer);
        }
        for text in &texts {
            for key in ["players", "record", "lang", "seed"] {
                let link = Link::parse(&format!("{key}={text}"), &format!("{key}={text}"));
                if let Some(record) = &link.record {
                    let _ = decode_record(record, Reader::default());
                }
            }
            let _ = Link::parse(text, text);
            let _ = base64url_decode(text);
        }
    }

    /// A frame's settings from the embedding page: its theme, its height
    /// fitted to the content, no way out of the lesson; a replay's first
    /// turn. A value that cannot be used is named, not guessed.
    #[test]
    fn frame_settings_and_a_replays_turn() {
        let link = Link::parse(
            "?embed=1&theme=dark&autoHeight=1&nav=0",
            "#record=abc&turn=3",
        );
        assert_eq!(link.theme, Some(Theme::Dark));
        assert!(link.auto_height && link.no_nav);
        assert_eq!(link.turn, Some(3));
        assert!(link.problems.is_empty(), "{:?}", link.problems);
        let plain = Link::parse("?embed=1&nav=1", "");
        assert_eq!(
            (plain.theme, plain.auto_height, plain.no_nav, plain.turn),
            (None, false, false, None)
        );
        let bad = Link::parse("?theme=neon&turn=-1", "");
        assert_eq!(
            bad.problems,
            [
                LinkProblem::Theme("neon".into()),
                LinkProblem::Turn("-1".into())
            ]
        );
        // A link loaded into a frame keeps the frame's own settings.
        assert_eq!(
            address_with(
                "?embed=1&theme=dark&autoHeight=1&nav=0&rules=heal",
                "theme=light",
                "record=x"
            ),
            "?embed=1&theme=dark&autoHeight=1&nav=0#record=x"
        );
    }

    /// The snippets work as pasted: the script beside its element, and a
    /// plain frame with the same link, in the game's folder.
    #[test]
    fn embed_snippets_are_whole() {
        let (script, frame) = embed_snippets("https://a.io/majesty/index.html", "?rules=heal");
        assert_eq!(
            script,
            "<script src=\"https://a.io/majesty/majesty-embed.js\" defer></script>\n\
             <div data-majesty=\"?rules=heal\"></div>"
        );
        assert!(frame.starts_with("<iframe src=\"https://a.io/majesty/?embed=1&rules=heal\" "));
        let (_, frame) = embed_snippets("https://a.io/majesty/", "#record=abc");
        assert!(frame.contains("src=\"https://a.io/majesty/?embed=1#record=abc\""));
        assert!(frame.ends_with("></iframe>"));
    }

    /// A language or theme asked of a frame is written into its address
    /// (a reload shows the same), in its place or at the end.
    #[test]
    fn a_setting_is_kept_in_the_address() {
        assert_eq!(
            with_setting("?embed=1&lang=en&rules=heal", "#x", "lang", "de"),
            "?embed=1&lang=de&rules=heal#x"
        );
        assert_eq!(
            with_setting("?embed=1", "", "theme", "dark"),
            "?embed=1&theme=dark"
        );
        assert_eq!(
            with_setting("", "#record=abc", "lang", "fr"),
            "?lang=fr#record=abc"
        );
        // `language=` is not `lang=`.
        assert_eq!(
            with_setting("?language=x", "", "lang", "es"),
            "?language=x&lang=es"
        );
    }

    /// A link loaded into an embedded frame keeps the frame's settings.
    #[test]
    fn a_loaded_link_keeps_the_frame_settings() {
        let current = "?embed=1&embedApi=2&parentOrigin=https%3A%2F%2Fh.org&players=A,B&lang=de";
        assert_eq!(
            address_with(current, "players=Ann,Bob:hard&lang=fr&embed=0", "deal=4"),
            "?embed=1&embedApi=2&parentOrigin=https%3A%2F%2Fh.org&lang=de&players=Ann,Bob:hard#deal=4"
        );
        assert_eq!(address_with("", "", "record=abc"), "?#record=abc");
    }

    /// Each link opens one screen, read from its parameters, never from
    /// a piece of text that happens to be in it.
    #[test]
    fn a_link_opens_the_screen_its_parameters_name() {
        let route = |query: &str, fragment: &str| Link::parse(query, fragment).route();
        assert_eq!(route("", ""), Route::Home);
        assert_eq!(route("?players=Ann,Bob:hard", "#deal=7"), Route::Game);
        assert_eq!(route("?embed=1", ""), Route::Game);
        assert_eq!(route("", "#record=e30"), Route::Replay);
        assert_eq!(route("?editor=1", "#record=e30"), Route::Editor);
        assert_eq!(route("?rules=heal", ""), Route::Rules("heal".into()));
        assert_eq!(route("?puzzle=today", ""), Route::Puzzle("today".into()));
        assert_eq!(
            route("?embed=1&puzzle=8a1f00c2", ""),
            Route::Puzzle("8a1f00c2".into())
        );
        assert_eq!(route("?tutorial=b", ""), Route::Tutorial("b".into()));
        assert_eq!(route("", "#play=AbC-_"), Route::ByLink("AbC-_".into()));
        assert_eq!(
            route("", "#live=Ab+"),
            Route::Live(LiveLink::Offer("Ab+".into()))
        );
        assert_eq!(
            route("", "#answer=Ab"),
            Route::Live(LiveLink::Answer("Ab".into()))
        );
        assert_eq!(
            route("", "#room=Ab-_.Cd&relays=ws%3A%2F%2F127.0.0.1%3A7000"),
            Route::Live(LiveLink::Room("Ab-_.Cd".into()))
        );
        let link = Link::parse(
            "",
            "room=A.B&relays=ws%3A%2F%2F127.0.0.1%3A7000%2Cwss%3A%2F%2Fr.example",
        );
        assert_eq!(
            link.relays.as_deref(),
            Some("ws://127.0.0.1:7000,wss://r.example")
        );
        assert!(link.problems.is_empty());
        // A frame plays no other device's game.
        assert_eq!(route("?embed=1", "#play=AbC"), Route::Game);
        // Names that merely contain another parameter's name are other
        // parameters: named in the notice, and the link's game is dealt.
        for (fragment, unknown) in [
            ("#deal=42&display=1", "display"),
            ("#deal=7&autoplay=1", "autoplay"),
            ("#deal=7&alive=1", "alive"),
            ("#deal=7&reanswer=1", "reanswer"),
        ] {
            let link = Link::parse("?players=Ann,Bob", fragment);
            assert_eq!(link.route(), Route::Game, "{fragment}");
            assert!(link.seed.is_some());
            assert_eq!(link.problems, [LinkProblem::Unknown(unknown.into())]);
        }
        let replay = Link::parse("", "#replay=1");
        assert_eq!(replay.route(), Route::Home);
        assert_eq!(replay.problems, [LinkProblem::Unknown("replay".into())]);
    }
}
