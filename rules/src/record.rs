//! Game records: the JSON format shared by the command-line tool, the app's
//! saves, exports and scenarios.
//!
//! ```json
//! {"version": 2, "players": ["Ann", "Bob"], "sides": "AAAAAAAB",
//!  "deck": "standard", "seed": "42", "turns": [{"take": 0, "place": "Miller"}]}
//! ```
//!
//! The `seed` is a 64-bit number written as a string of decimal digits:
//! most seeds are above 2^53, which a JavaScript number cannot hold, so a
//! page that parses a record with `JSON.parse` would round a numeric seed
//! and deal another game. A seed written as a JSON number is read as well,
//! exactly, by this reader (see [`seed_text`]). docs/records.md describes
//! the format and docs/record.schema.json is its JSON Schema.
//!
//! `version` is the record format ([`RECORD_VERSION`], written on every
//! record made now). It says how a `seed` is dealt:
//!
//! - 1 (a record without `version`): the deck was shuffled by the
//!   hand-written SplitMix64 generator of earlier versions. That shuffle is
//!   gone, so such a record's seed cannot be dealt the same: it is refused
//!   ([`RecordError::OldShuffle`]) rather than dealt a different game. A
//!   record of format 1 with an explicit `cards` list still opens: its deal
//!   does not depend on any generator.
//! - 2: the deck is shuffled by `rand` with `rand_pcg::Pcg64Mcg` (see
//!   [`crate::rng`]).
//!
//! A record from a newer version than this one is refused
//! ([`RecordError::NewerVersion`]).

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::annotation::Notes;
use crate::card::{ByCharacter, Card, Meeples, CHARACTERS, COMPOSITION};
use crate::config::{ConfigError, DeckVariant, GameConfig, Sides};
use crate::event::Event;
use crate::game::{Game, SetupError, Tier};
use crate::position::{self, Position, PositionError, Rest};
use crate::seat::Seat;
use crate::turn::{Turn, TurnError};

/// The record format written now. Bump it whenever the format changes, and
/// say what changed in the module documentation; if the same seed would
/// deal differently, also move [`SHUFFLE_SINCE`] up to it. Two ways of
/// writing the same value that this version reads alike (a `seed` as a
/// string or as a number) are one format.
pub const RECORD_VERSION: u32 = 2;

/// The first record format whose seeds today's shuffle deals: a `seed` of
/// an older format was dealt by a shuffle this version no longer has.
pub const SHUFFLE_SINCE: u32 = 2;

/// The most turns any record can hold: a game of
/// [`GameConfig::MAX_PLAYERS`], each taking [`GameConfig::CARDS_PER_PLAYER`]
/// cards. Reading stops at the turn after it (fuzzing item 6).
pub const MAX_RECORD_TURNS: usize = GameConfig::MAX_PLAYERS * GameConfig::CARDS_PER_PLAYER;

/// The longest record text read: a whole 4-player game is about 1.5 KB,
/// 7.5 KB pretty-printed with an explicit deck and long names, so this
/// leaves a margin of over 100 (fuzzing item 6). A longer text is refused
/// before it is parsed.
pub const MAX_RECORD_BYTES: usize = 1024 * 1024;

/// The format of a record that has no `version`: the first one, whose seeds
/// were shuffled by SplitMix64.
const UNVERSIONED: u32 = 1;

fn unversioned() -> u32 {
    UNVERSIONED
}

/// A whole game: set-up and every turn, enough to replay it exactly. A
/// field it does not know (a typo such as `tunrs`) is refused by name, not
/// ignored (fuzzing item 9): every field is listed here, and one added later
/// must have a default so that the records before it still read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// The record format (1 when absent; see the module documentation).
    #[serde(default = "unversioned")]
    pub version: u32,
    /// Seat order, which is the turn order from `first_player` on.
    pub players: Vec<String>,
    /// Sides of locations 1–8 (default all A).
    #[serde(default)]
    pub sides: Sides,
    /// "standard" or "full" (default standard).
    #[serde(default)]
    pub deck: DeckVariant,
    /// Shuffles the deck (ignored when `cards` is given). Written as a
    /// string of decimal digits, read as one or as a JSON number
    /// ([`seed_text`]).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "seed_text")]
    pub seed: Option<u64>,
    /// The exact deck, top first; overrides `seed` (and `deck`, unless
    /// `backs` is given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<Card>>,
    /// The back of each card of `cards`, top first: the deck was dealt
    /// from the box as "Setup" step 3 says for `deck`, and every player saw
    /// each back (a live game's guest: `seat_view.rs`). Absent: the
    /// backs of `cards` are unknown (a scenario's deck; records without it
    /// read and write exactly as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backs: Option<CardBacks>,
    /// Optional house rule: remaining meeples break a tie (default off).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub meeple_tiebreak: bool,
    /// The seat that moves first (ruling 15; default 0, and then absent, so
    /// records without it read and write exactly as before).
    #[serde(default, skip_serializing_if = "Seat::is_zero")]
    pub first_player: Seat,
    /// Whether a player asked the coach for a hint during the game
    /// (default false, and then absent: records without it read and write
    /// exactly as before).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints_used: bool,
    /// The position the game starts from, set up by hand (ruling 16);
    /// `seed` or `cards` is then the rest of the deck. Absent: a new deal
    /// (records without it read and write exactly as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Position>,
    /// At most [`MAX_RECORD_TURNS`], read one by one: a longer list is
    /// refused at its first extra turn, before the rest is read.
    #[serde(default, deserialize_with = "bounded_turns")]
    pub turns: Vec<Turn>,
    /// Comments and marks by turn (crate::annotation; none, and then
    /// absent: records without them read and write exactly as before).
    #[serde(default, skip_serializing_if = "Notes::is_empty")]
    pub notes: Notes,
}

/// Reads a record without its notes, for a reader that never uses them
/// (the search worker: `#[serde(deserialize_with =
/// "majesty_rules::record::without_notes")]`). The notes in the text are
/// skipped unread, so the notes' reader stays out of that reader's module;
/// every other field reads exactly as [`GameRecord`]'s own reader reads it.
pub fn without_notes<'de, D: Deserializer<'de>>(deserializer: D) -> Result<GameRecord, D::Error> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Plain {
        #[serde(default = "unversioned")]
        version: u32,
        players: Vec<String>,
        #[serde(default)]
        sides: Sides,
        #[serde(default)]
        deck: DeckVariant,
        #[serde(default, deserialize_with = "seed_text::deserialize")]
        seed: Option<u64>,
        #[serde(default)]
        cards: Option<Vec<Card>>,
        #[serde(default)]
        backs: Option<CardBacks>,
        #[serde(default)]
        meeple_tiebreak: bool,
        #[serde(default)]
        first_player: Seat,
        #[serde(default)]
        hints_used: bool,
        #[serde(default)]
        start: Option<Position>,
        #[serde(default, deserialize_with = "bounded_turns")]
        turns: Vec<Turn>,
        #[serde(default, rename = "notes")]
        _notes: de::IgnoredAny,
    }
    let plain = Plain::deserialize(deserializer)?;
    // Every field named (no `..`): a field added to the record fails to
    // build here until this reader reads it too.
    Ok(GameRecord {
        version: plain.version,
        players: plain.players,
        sides: plain.sides,
        deck: plain.deck,
        seed: plain.seed,
        cards: plain.cards,
        backs: plain.backs,
        meeple_tiebreak: plain.meeple_tiebreak,
        first_player: plain.first_player,
        hints_used: plain.hints_used,
        start: plain.start,
        turns: plain.turns,
        notes: Notes::default(),
    })
}

/// A record's `seed` in JSON: written as a string of decimal digits
/// (`"seed": "12726360963827698830"`), which survives `JSON.parse` in a
/// web page, and read either as such a string or as a JSON number (read
/// exactly here; only a JavaScript reader rounds it). Anything else is
/// refused with the reason: an empty string, a sign, a character other
/// than a digit, a value above `u64::MAX`, a fraction. `null` is no seed.
pub mod seed_text {
    use std::fmt;

    use serde::de::{self, Deserializer, Visitor};
    use serde::Serializer;

    /// The longest part of a refused seed quoted in its error.
    const QUOTED: usize = 24;

    /// Writes `Some(seed)` as its decimal digits in a string.
    pub fn serialize<S: Serializer>(seed: &Option<u64>, serializer: S) -> Result<S::Ok, S::Error> {
        match seed {
            Some(seed) => serializer.collect_str(seed),
            None => serializer.serialize_none(),
        }
    }

    /// Reads a seed: a string of decimal digits, a whole JSON number from
    /// 0, or `null` (no seed).
    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<u64>, D::Error> {
        deserializer.deserialize_option(OrNull)
    }

    /// Why the text of a seed is not a seed.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum SeedError {
        /// The text is empty.
        Empty,
        /// A character other than a decimal digit (`shown`: the text's
        /// first characters, `…` ending it when cut).
        NotADigit {
            /// The start of the text.
            shown: String,
            /// The first character that is not a digit.
            wrong: char,
        },
        /// A number above `u64::MAX` (`shown`: the text, or none when it
        /// is too long to quote).
        TooLarge {
            /// The text, when short enough to quote.
            shown: Option<String>,
        },
    }

    impl fmt::Display for SeedError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match self {
                SeedError::Empty => write!(
                    f,
                    "the \"seed\" is an empty string: write its decimal digits, such as \
                     \"seed\": \"42\""
                ),
                SeedError::NotADigit { shown, wrong } => write!(
                    f,
                    "the \"seed\" \"{shown}\" has {wrong:?}: a seed is decimal digits only \
                     (no sign, space or point), such as \"42\""
                ),
                SeedError::TooLarge { shown } => {
                    match shown {
                        Some(text) => write!(f, "the \"seed\" \"{text}\"")?,
                        None => write!(f, "the \"seed\" of more than 20 digits")?,
                    }
                    write!(f, " is larger than {}, the largest seed", u64::MAX)
                }
            }
        }
    }

    impl std::error::Error for SeedError {}

    /// Reads the text of a seed: decimal digits only, at most `u64::MAX`.
    pub fn parse(text: &str) -> Result<u64, SeedError> {
        if text.is_empty() {
            return Err(SeedError::Empty);
        }
        if let Some(wrong) = text.chars().find(|c| !c.is_ascii_digit()) {
            let mut shown: String = text.chars().take(QUOTED).collect();
            if text.chars().count() > QUOTED {
                shown.push('…');
            }
            return Err(SeedError::NotADigit { shown, wrong });
        }
        text.parse().map_err(|_| SeedError::TooLarge {
            shown: (text.len() <= QUOTED).then(|| text.to_string()),
        })
    }

    struct OrNull;

    impl<'de> Visitor<'de> for OrNull {
        type Value = Option<u64>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            Seed.expecting(f)
        }

        fn visit_none<E: de::Error>(self) -> Result<Option<u64>, E> {
            Ok(None)
        }

        fn visit_unit<E: de::Error>(self) -> Result<Option<u64>, E> {
            Ok(None)
        }

        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<u64>, D::Error> {
            d.deserialize_any(Seed).map(Some)
        }
    }

    struct Seed;

    impl Visitor<'_> for Seed {
        type Value = u64;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(
                f,
                "a seed: a string of decimal digits from \"0\" to \"{}\"",
                u64::MAX
            )
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<u64, E> {
            parse(text).map_err(E::custom)
        }

        fn visit_u64<E: de::Error>(self, seed: u64) -> Result<u64, E> {
            Ok(seed)
        }

        fn visit_i64<E: de::Error>(self, seed: i64) -> Result<u64, E> {
            u64::try_from(seed).map_err(|_| {
                E::custom(format!("the \"seed\" {seed} is negative: a seed is from 0"))
            })
        }

        fn visit_f64<E: de::Error>(self, seed: f64) -> Result<u64, E> {
            Err(E::custom(format!(
                "the \"seed\" {seed} is not a whole number from 0 to {}: write it as a \
                 string of decimal digits, such as \"42\"",
                u64::MAX
            )))
        }
    }
}

/// The backs of a deck's cards, top first, one digit a card: `1` a green
/// back (tier 1), `2` a red back (tier 2), as in `"backs": "1111112222"`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardBacks(pub Vec<Tier>);

impl fmt::Display for CardBacks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for back in &self.0 {
            f.write_str(match back {
                Tier::One => "1",
                Tier::Two => "2",
            })?;
        }
        Ok(())
    }
}

/// A back in a `"backs"` text other than 1 or 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadBack {
    /// The card, counted from 1 at the top of the deck.
    pub card: usize,
    /// The character written for its back.
    pub found: char,
}

impl fmt::Display for BadBack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the \"backs\" have {:?} for card {}: a back is 1 (tier 1, green) or 2 (tier 2, red)",
            self.found, self.card
        )
    }
}

impl std::error::Error for BadBack {}

impl std::str::FromStr for CardBacks {
    type Err = BadBack;
    fn from_str(text: &str) -> Result<CardBacks, BadBack> {
        text.chars()
            .enumerate()
            .map(|(i, c)| match c {
                '1' => Ok(Tier::One),
                '2' => Ok(Tier::Two),
                _ => Err(BadBack {
                    card: i + 1,
                    found: c,
                }),
            })
            .collect::<Result<_, _>>()
            .map(CardBacks)
    }
}

impl Serialize for CardBacks {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for CardBacks {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CardBacks, D::Error> {
        String::deserialize(d)?.parse().map_err(de::Error::custom)
    }
}

/// Why a record's `cards` with their `backs` are not a deal from the box
/// ("Components", "Setup" step 3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// `backs` without `cards`: the backs are the backs of the cards.
    BacksWithoutCards,
    /// Not one back per card.
    BacksCount {
        /// Backs given.
        backs: usize,
        /// Cards given.
        cards: usize,
    },
    /// "Setup" step 3: the standard deck puts tier 1 on top of tier 2, but
    /// card `card` (from 1, top first) has a green back under a red one.
    GreenUnderRed {
        /// The card, counted from 1 at the top.
        card: usize,
    },
    /// "Components": the box has no such card.
    NotInBox {
        /// The card.
        card: Card,
    },
    /// "Components": more copies of a card with one back than the box has.
    TooManyCopies {
        /// The card.
        card: Card,
        /// The back.
        back: Tier,
        /// Copies in the game (table and deck) with that back.
        count: usize,
        /// Copies in the box with that back.
        most: usize,
    },
    /// "Setup" step 3: the game holds other numbers of green and red backs
    /// than its deck is dealt.
    BackTotals {
        /// Green-backed cards in the game, (tier 1) and red-backed (tier 2).
        held: (usize, usize),
        /// What the deal gives: tier 1 and tier 2.
        dealt: (usize, usize),
        /// Players in the game.
        players: usize,
        /// The deck variant.
        deck: DeckVariant,
    },
}

fn back_name(back: Tier) -> &'static str {
    match back {
        Tier::One => "green (tier 1)",
        Tier::Two => "red (tier 2)",
    }
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            DealError::BacksWithoutCards => write!(
                f,
                "\"backs\" are the backs of the \"cards\": a record with backs needs its cards"
            ),
            DealError::BacksCount { backs, cards } => write!(
                f,
                "\"backs\" has {backs} backs for {cards} cards: one back per card"
            ),
            DealError::GreenUnderRed { card } => write!(
                f,
                "card {card} of the deck has a green back under a red one: the standard deck \
                 puts tier 1 on top of tier 2 (\"Setup\" step 3)"
            ),
            DealError::NotInBox { card } => write!(
                f,
                "the deck has a {card} card: the box has none (\"Components\")"
            ),
            DealError::TooManyCopies {
                card,
                back,
                count,
                most,
            } => write!(
                f,
                "the game holds {count} {card} cards with a {} back; the box has {most} \
                 (\"Components\")",
                back_name(back)
            ),
            DealError::BackTotals {
                held,
                dealt,
                players,
                deck,
            } => write!(
                f,
                "the game holds {} green-backed and {} red-backed cards; a game of {players} \
                 players with the {deck} deck is dealt {} and {} (\"Setup\" step 3)",
                held.0, held.1, dealt.0, dealt.1
            ),
        }
    }
}

impl std::error::Error for DealError {}

/// Whether `cards` with `backs` (both top first) can be the deck of a game
/// of `config` dealt from the box, under the table of `start` (none: a new
/// deal): every card of the box ("Components"), no more copies with a back
/// than the box has, as many of each back as "Setup" step 3 deals, and with
/// the standard deck tier 1 on top. The table's cards count with the backs
/// a shuffled rest gives them (`position::table_tiers`). A record that says
/// otherwise is not one the game writes ([`RecordError::Deal`]), or its
/// start position cannot occur (its own errors).
fn check_backs(
    config: &GameConfig,
    start: Option<&Position>,
    cards: &[Card],
    backs: &[Tier],
) -> Result<(), RecordError> {
    let refuse = |why: DealError| Err(RecordError::Deal(why));
    if backs.len() != cards.len() {
        return refuse(DealError::BacksCount {
            backs: backs.len(),
            cards: cards.len(),
        });
    }
    let stacked = backs.windows(2).position(|w| w == [Tier::Two, Tier::One]);
    if let (DeckVariant::Standard, Some(i)) = (config.deck(), stacked) {
        return refuse(DealError::GreenUnderRed { card: i + 2 });
    }
    let mut copies = match start {
        Some(start) => {
            start
                .validate(config, Rest::Shuffled(0))
                .map_err(RecordError::Position)?;
            position::table_tiers(config, start)
        }
        None => vec![(0, 0); COMPOSITION.len()],
    };
    for (&card, &back) in cards.iter().zip(backs) {
        let Some(row) = COMPOSITION.iter().position(|&(c, _, _)| c == card) else {
            return refuse(DealError::NotInBox { card });
        };
        match back {
            Tier::One => copies[row].0 += 1,
            Tier::Two => copies[row].1 += 1,
        }
    }
    for (&(card, t1, t2), &(one, two)) in COMPOSITION.iter().zip(&copies) {
        for (count, most, back) in [(one, t1, Tier::One), (two, t2, Tier::Two)] {
            let most = usize::from(most);
            if count > most {
                return refuse(DealError::TooManyCopies {
                    card,
                    back,
                    count,
                    most,
                });
            }
        }
    }
    let held = |tier: fn(&(usize, usize)) -> usize| copies.iter().map(tier).sum::<usize>();
    let dealt_one = match config.deck() {
        DeckVariant::Standard => config.tier_one_cards(),
        DeckVariant::Full => COMPOSITION.iter().map(|c| usize::from(c.1)).sum(),
    };
    let dealt = (dealt_one, position::tier_two_total());
    let held = (held(|c| c.0), held(|c| c.1));
    if held != dealt {
        return refuse(DealError::BackTotals {
            held,
            dealt,
            players: config.players(),
            deck: config.deck(),
        });
    }
    Ok(())
}

thread_local! {
    /// What went wrong in `turns` while a record was read, for
    /// [`GameRecord::from_json`] to report as its own kind of error (serde's
    /// errors carry only text).
    static TURNS_PROBLEM: RefCell<Option<RecordError>> = const { RefCell::new(None) };
}

/// Reads `turns` (absent or null: none) one at a time, each through a
/// `serde_json::Value` so that a malformed one is reported with its number,
/// and stops at the first turn beyond [`MAX_RECORD_TURNS`].
fn bounded_turns<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Turn>, D::Error> {
    struct Turns;
    impl<'de> Visitor<'de> for Turns {
        type Value = Vec<Turn>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a list of at most {MAX_RECORD_TURNS} turns")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<Turn>, A::Error> {
            let fail = |problem: RecordError| {
                let message = problem.to_string();
                TURNS_PROBLEM.with(|p| *p.borrow_mut() = Some(problem));
                de::Error::custom(message)
            };
            let mut turns = Vec::new();
            while let Some(value) = seq.next_element::<serde_json::Value>()? {
                if turns.len() == MAX_RECORD_TURNS {
                    return Err(fail(RecordError::TooManyTurns {
                        max: MAX_RECORD_TURNS,
                    }));
                }
                let turn = Turn::deserialize(value).map_err(|e| {
                    fail(RecordError::BadTurn {
                        turn: turns.len() + 1,
                        message: format!("not a valid turn: {e}"),
                    })
                })?;
                turns.push(turn);
            }
            Ok(turns)
        }
    }
    struct OrNull;
    impl<'de> Visitor<'de> for OrNull {
        type Value = Vec<Turn>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            Turns.expecting(f)
        }

        fn visit_none<E: de::Error>(self) -> Result<Vec<Turn>, E> {
            Ok(Vec::new())
        }

        fn visit_unit<E: de::Error>(self) -> Result<Vec<Turn>, E> {
            Ok(Vec::new())
        }

        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Vec<Turn>, D::Error> {
            d.deserialize_seq(Turns)
        }
    }
    deserializer.deserialize_option(OrNull)
}

/// Why a text is not JSON, or not JSON of a record's fields: serde_json's
/// reason (its errors carry only text) and the place it stopped reading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError {
    /// serde_json's reason, with its line and column.
    pub message: String,
    /// The line, from 1 (0: the text has no place, as for a value).
    pub line: usize,
    /// The column, from 1 (0: no place).
    pub column: usize,
}

impl From<&serde_json::Error> for JsonError {
    fn from(e: &serde_json::Error) -> JsonError {
        JsonError {
            message: e.to_string(),
            line: e.line(),
            column: e.column(),
        }
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for JsonError {}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The text is not a record's JSON: serde_json's reason and where.
    Json(JsonError),
    /// The record's `cards` and `backs` are not a deal from the box.
    Deal(DealError),
    /// The set-up choices are not a game's (player count, first player).
    Config(ConfigError),
    /// The set-up is impossible.
    Setup(SetupError),
    /// Neither `seed` nor `cards` says how the deck is ordered.
    NoDeck,
    /// The record's `seed` was dealt by an earlier version's shuffle, which
    /// this version no longer has (`version` is the record's format).
    OldShuffle {
        /// The record's format.
        version: u32,
    },
    /// The record was made by a newer version of the game.
    NewerVersion {
        /// The record's format, above [`RECORD_VERSION`].
        version: u32,
    },
    /// Turn `turn` (counted from 1) is illegal.
    Turn {
        /// The turn's number, counted from 1.
        turn: usize,
        /// Why it is illegal.
        error: TurnError,
    },
    /// Turn `turn` (counted from 1) is not a valid turn object.
    BadTurn {
        /// The turn's number, counted from 1.
        turn: usize,
        /// What is wrong with it.
        message: String,
    },
    /// The record has more turns than a game of its players has: more than
    /// `max` (12 per player, [`MAX_RECORD_TURNS`] when the list was too long
    /// for any game and was not read to its end).
    TooManyTurns {
        /// The most turns the record may hold.
        max: usize,
    },
    /// The record's text is longer than [`MAX_RECORD_BYTES`] (`max`): it
    /// is not read.
    TooLarge {
        /// The limit, [`MAX_RECORD_BYTES`].
        max: usize,
    },
    /// The record's `start` is not a position of a game (ruling 16).
    Position(Vec<PositionError>),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Json(e) => write!(f, "not a valid game record: {e}"),
            RecordError::Deal(e) => write!(f, "not a valid game record: {e}"),
            RecordError::Config(e) => write!(f, "{e}"),
            RecordError::Setup(e) => write!(f, "{e}"),
            RecordError::NoDeck => write!(f, "the record needs a \"seed\" or a \"cards\" list"),
            RecordError::OldShuffle { version } => write!(
                f,
                "the record was made by an earlier version of the game (record format \
                 {version}), which shuffled the deck differently: its \"seed\" cannot be \
                 dealt the same way now (a record with an explicit \"cards\" list still opens)"
            ),
            RecordError::NewerVersion { version } => write!(
                f,
                "the record was made by a newer version of the game (record format {version}; \
                 this version reads up to {RECORD_VERSION})"
            ),
            RecordError::Turn { turn, error } => write!(f, "turn {turn}: {error}"),
            RecordError::BadTurn { turn, message } => write!(f, "turn {turn}: {message}"),
            RecordError::TooManyTurns { max } => write!(
                f,
                "the record has more than {max} turns, more than its game can have \
                 ({} per player)",
                GameConfig::CARDS_PER_PLAYER
            ),
            RecordError::TooLarge { max } => write!(
                f,
                "the record is larger than {max} bytes, far more than a game record"
            ),
            RecordError::Position(errors) => {
                write!(f, "the start position cannot occur in a game:")?;
                for (i, e) in errors.iter().enumerate() {
                    write!(f, "{} {e}", if i == 0 { "" } else { ";" })?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl GameRecord {
    /// A record of a new game with no turns yet.
    pub fn new(players: Vec<String>, config: &GameConfig, seed: u64) -> GameRecord {
        GameRecord {
            version: RECORD_VERSION,
            players,
            sides: config.sides(),
            deck: config.deck(),
            seed: Some(seed),
            cards: None,
            backs: None,
            meeple_tiebreak: config.meeple_tiebreak(),
            first_player: config.first_player(),
            hints_used: false,
            start: None,
            turns: Vec::new(),
            notes: Notes::default(),
        }
    }

    /// A record of a game starting from `position` (ruling 16), the rest
    /// of the deck shuffled from `seed`: the first player is the one the
    /// position says.
    pub fn from_position(
        players: Vec<String>,
        config: &GameConfig,
        position: Position,
        seed: u64,
    ) -> GameRecord {
        GameRecord {
            first_player: position.first_player(),
            start: Some(position),
            ..GameRecord::new(players, config, seed)
        }
    }

    /// The seat that moves first in this record: the position's player to
    /// move, or the first player of a new deal.
    pub fn first_mover(&self) -> Seat {
        self.start.as_ref().map_or(self.first_player, |p| p.to_move)
    }

    /// Parses a record. A malformed turn is reported with its number, like
    /// an illegal one, so that the rest of the record can be trusted.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge {
                max: MAX_RECORD_BYTES,
            });
        }
        TURNS_PROBLEM.with(|p| p.borrow_mut().take());
        let mut record: GameRecord = serde_json::from_str(text).map_err(|e| {
            TURNS_PROBLEM
                .with(|p| p.borrow_mut().take())
                .unwrap_or_else(|| RecordError::Json(JsonError::from(&e)))
        })?;
        record.check_turn_count()?;
        // A note the record cannot show is left out, and said (annotation.rs).
        record
            .notes
            .settle(record.players.len(), record.turns.len());
        Ok(record)
    }

    /// Refuses more turns than a game of the record's players has (its
    /// player count is checked when it is set up).
    pub fn check_turn_count(&self) -> Result<(), RecordError> {
        let max = match GameConfig::new(self.players.len()) {
            Ok(config) => config.total_turns(),
            Err(_) => MAX_RECORD_TURNS,
        };
        // A game from a position has fewer turns left.
        let max = max.saturating_sub(self.start.as_ref().map_or(0, Position::turn));
        if self.turns.len() > max {
            return Err(RecordError::TooManyTurns { max });
        }
        Ok(())
    }

    /// The record as compact JSON, the text [`GameRecord::from_json`] reads.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a record always serialises")
    }

    /// The record's compact JSON with its `seed` a JSON number: the text
    /// that names a record by its digest (a puzzle's id, a finished game's
    /// fingerprint in the statistics). Those names are kept in links and
    /// in browsers, so they must not change with the written form of the
    /// seed; this text is for digests only, never for a JavaScript reader.
    pub fn digest_text(&self) -> String {
        let text = self.to_json();
        match self.seed {
            // A string in a name or a note is escaped (`\"seed\":`), so the
            // first `"seed":"` is the field itself.
            Some(seed) => text.replacen(
                &format!(r#""seed":"{seed}""#),
                &format!(r#""seed":{seed}"#),
                1,
            ),
            None => text,
        }
    }

    /// The game's set-up choices: player count, sides, deck, tiebreak and
    /// first player. Refused when the player count is not 2, 3 or 4.
    pub fn config(&self) -> Result<GameConfig, RecordError> {
        GameConfig::try_from(crate::config::ConfigFields {
            players: self.players.len(),
            sides: self.sides,
            deck: self.deck,
            meeple_tiebreak: self.meeple_tiebreak,
            first_player: self.first_player,
        })
        .map_err(RecordError::Config)
    }

    /// Whether this version can deal the record exactly as it was dealt when
    /// it was made: a newer format is refused, and so is a seed of a format
    /// whose shuffle is gone (an explicit `cards` list is always dealt alike).
    pub fn check_version(&self) -> Result<(), RecordError> {
        let version = self.version;
        if version > RECORD_VERSION {
            Err(RecordError::NewerVersion { version })
        } else if version < SHUFFLE_SINCE && self.cards.is_none() && self.seed.is_some() {
            Err(RecordError::OldShuffle { version })
        } else {
            Ok(())
        }
    }

    /// The game before its first turn. Every deal goes through here, so a
    /// seed is never dealt by another shuffle than the one it was made with.
    pub fn start(&self) -> Result<Game, RecordError> {
        self.check_version()?;
        let config = self.config()?;
        if let Some(backs) = &self.backs {
            return self.start_dealt(config, &backs.0);
        }
        if let Some(position) = &self.start {
            let rest = match (&self.cards, self.seed) {
                (Some(cards), _) => Rest::Given(cards),
                (None, Some(seed)) => Rest::Shuffled(seed),
                (None, None) => return Err(RecordError::NoDeck),
            };
            return Game::from_position(config, position, rest).map_err(RecordError::Position);
        }
        match (&self.cards, self.seed) {
            (Some(cards), _) => Game::with_deck(config, cards),
            (None, Some(seed)) => Game::new(config, seed),
            (None, None) => return Err(RecordError::NoDeck),
        }
        .map_err(RecordError::Setup)
    }

    /// The game before its first turn when `cards` has `backs`: checked as
    /// a deal from the box (`check_backs`), set up with every back.
    fn start_dealt(&self, config: GameConfig, backs: &[Tier]) -> Result<Game, RecordError> {
        let Some(cards) = &self.cards else {
            return Err(RecordError::Deal(DealError::BacksWithoutCards));
        };
        check_backs(&config, self.start.as_ref(), cards, backs)?;
        match &self.start {
            Some(start) => Game::from_dealt_position(config, start, cards, backs)
                .map_err(RecordError::Position),
            None => Game::with_dealt_deck(config, cards, backs).map_err(RecordError::Setup),
        }
    }

    /// Replays every turn, calling `each` after each one with the game and
    /// that turn's events.
    pub fn replay_with(&self, mut each: impl FnMut(&Game, &[Event])) -> Result<Game, RecordError> {
        let mut game = self.start()?;
        for (i, &turn) in self.turns.iter().enumerate() {
            let events = game
                .apply(turn)
                .map_err(|error| RecordError::Turn { turn: i + 1, error })?;
            each(&game, &events);
        }
        Ok(game)
    }

    /// Replays every turn and returns the resulting game.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with(|_, _| {})
    }
}

/// The `replay` command's report (its JSON output).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplayReport {
    /// Turns played.
    pub turn: usize,
    /// Whether the game is over (every player has 12 cards).
    pub over: bool,
    /// Every player's score after each turn.
    pub scores_by_turn: Vec<Vec<i32>>,
    /// Every player after the last turn, in seat order.
    pub players: Vec<PlayerReport>,
    /// Names of the winners, once the game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winners: Option<Vec<String>>,
}

/// One player in a [`ReplayReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerReport {
    /// The player's name in the record.
    pub name: String,
    /// Points before final scoring.
    pub score: i32,
    /// Meeples on the worker card.
    pub meeples: Meeples,
    /// Cards in the Infirmary.
    pub infirmary: usize,
    /// Characters at Mill … Castle (a list of seven in the JSON).
    pub realm: ByCharacter<u8>,
    #[serde(rename = "final", default, skip_serializing_if = "Option::is_none")]
    /// Final scoring, once the game is over (`final` in the JSON).
    pub final_scoring: Option<FinalReport>,
}

/// One player's final scoring in a [`PlayerReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalReport {
    /// The Infirmary penalty (≤ 0), the −10 part included.
    pub infirmary: i32,
    /// Variety points (n × n).
    pub variety: i32,
    /// Majority points at Mill … Castle.
    pub majority: [i32; CHARACTERS],
    /// The final total.
    pub total: i32,
}

impl ReplayReport {
    /// Replays `record` and reports the game as it ends.
    pub fn of(record: &GameRecord) -> Result<ReplayReport, RecordError> {
        let mut scores_by_turn = Vec::with_capacity(record.turns.len());
        let game = record.replay_with(|game, _| {
            scores_by_turn.push(game.players().iter().map(|p| p.score()).collect());
        })?;
        let result = game.result();
        let players = game
            .players()
            .iter()
            .enumerate()
            .map(|(seat, p)| PlayerReport {
                name: record.players[seat].clone(),
                score: p.score(),
                meeples: p.meeples(),
                infirmary: p.infirmary().len(),
                realm: p.realm().counts(),
                final_scoring: result.as_ref().map(|r| {
                    let s = &r.players[seat];
                    FinalReport {
                        infirmary: s.infirmary(),
                        variety: s.variety,
                        majority: s.majority,
                        total: s.total,
                    }
                }),
            })
            .collect();
        Ok(ReplayReport {
            turn: game.turn_number(),
            over: game.is_over(),
            scores_by_turn,
            players,
            winners: result.map(|r| {
                r.winners
                    .iter()
                    .map(|&w| record.players[w.index()].clone())
                    .collect()
            }),
        })
    }
}
