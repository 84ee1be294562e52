//! Game set-up choices: player count, location sides, deck variant, tiebreak.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::{Location, LOCATIONS};
use crate::seat::Seat;

/// Which side of a location card is face up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Side {
    /// Side A, the default.
    #[default]
    A,
    /// Side B.
    B,
}

/// The side of each of the 8 locations; identical for every player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Sides(pub [Side; LOCATIONS]);

impl Sides {
    /// Every location on side A (the default).
    pub const ALL_A: Sides = Sides([Side::A; LOCATIONS]);
    /// Every location on side B.
    pub const ALL_B: Sides = Sides([Side::B; LOCATIONS]);

    /// The side of `location`.
    pub fn of(&self, location: Location) -> Side {
        self.0[location.index()]
    }
}

/// Why a sides string is not 8 letters A or B, one per location 1–8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadSides {
    /// Not one letter per location.
    Length {
        /// Letters given.
        letters: usize,
    },
    /// A letter other than A or B.
    Letter {
        /// The location whose side it gives.
        location: Location,
        /// The letter.
        letter: char,
    },
}

impl fmt::Display for BadSides {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BadSides::Length { letters } => write!(
                f,
                "sides must be 8 letters A or B, one per location 1-8 (got {letters} letters)"
            ),
            BadSides::Letter { location, letter } => write!(
                f,
                "sides must be 8 letters A or B, one per location 1-8 (got {letter:?} for \
                 the {location})"
            ),
        }
    }
}

impl std::error::Error for BadSides {}

impl FromStr for Sides {
    type Err = BadSides;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let letters: Vec<char> = s.trim().chars().collect();
        if letters.len() != LOCATIONS {
            return Err(BadSides::Length {
                letters: letters.len(),
            });
        }
        let mut sides = [Side::A; LOCATIONS];
        for ((side, letter), location) in sides.iter_mut().zip(letters).zip(Location::ALL) {
            *side = match letter.to_ascii_uppercase() {
                'A' => Side::A,
                'B' => Side::B,
                _ => return Err(BadSides::Letter { location, letter }),
            };
        }
        Ok(Sides(sides))
    }
}

impl fmt::Display for Sides {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for side in self.0 {
            f.write_str(match side {
                Side::A => "A",
                Side::B => "B",
            })?;
        }
        Ok(())
    }
}

impl Serialize for Sides {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Sides {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// How the character deck is built (rules/RULES.md "Setup", step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeckVariant {
    /// 6 / 14 / 26 shuffled tier-1 cards on top of the 27 shuffled tier-2 cards.
    #[default]
    Standard,
    /// All 60 cards shuffled together.
    Full,
}

impl fmt::Display for DeckVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeckVariant::Standard => "standard",
            DeckVariant::Full => "full",
        })
    }
}

/// A deck name other than "standard" or "full" (the text given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDeck(pub String);

impl fmt::Display for BadDeck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "deck must be \"standard\" or \"full\" (got {:?})",
            self.0
        )
    }
}

impl std::error::Error for BadDeck {}

impl FromStr for DeckVariant {
    type Err = BadDeck;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" => Ok(DeckVariant::Standard),
            "full" => Ok(DeckVariant::Full),
            _ => Err(BadDeck(s.to_string())),
        }
    }
}

/// Everything that is fixed when a game starts, except the deck order.
/// Valid by construction: 2, 3 or 4 players ([`GameConfig::new`]) and a
/// first player who is one of them ([`GameConfig::with_first_player`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ConfigFields")]
pub struct GameConfig {
    players: usize,
    sides: Sides,
    deck: DeckVariant,
    meeple_tiebreak: bool,
    /// Absent from the JSON when 0, so configurations saved before it read
    /// and write the same.
    #[serde(default, skip_serializing_if = "Seat::is_zero")]
    first_player: Seat,
}

/// A configuration as JSON, a record or a seat's view holds it, checked
/// into a [`GameConfig`] (the one place the set-up choices are put
/// together).
#[derive(Deserialize)]
pub(crate) struct ConfigFields {
    pub(crate) players: usize,
    pub(crate) sides: Sides,
    pub(crate) deck: DeckVariant,
    pub(crate) meeple_tiebreak: bool,
    #[serde(default)]
    pub(crate) first_player: Seat,
}

impl TryFrom<ConfigFields> for GameConfig {
    type Error = ConfigError;
    fn try_from(fields: ConfigFields) -> Result<GameConfig, ConfigError> {
        GameConfig::new(fields.players)?
            .with_sides(fields.sides)
            .with_deck(fields.deck)
            .with_meeple_tiebreak(fields.meeple_tiebreak)
            .with_first_player(fields.first_player)
    }
}

/// Why a set-up cannot be a game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfigError {
    /// Not 2, 3 or 4 players (rules/RULES.md "Setup" step 1).
    PlayerCount(usize),
    /// The first player is not a seat of the game (ruling 15).
    FirstPlayer {
        /// The seat asked for.
        seat: Seat,
        /// Players in the game.
        players: usize,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ConfigError::PlayerCount(n) => {
                write!(f, "a game has 2, 3 or 4 players (got {n})")
            }
            ConfigError::FirstPlayer { seat, players } => write!(
                f,
                "the first player must be one of the {players} seats, 0 to {} (got {seat})",
                players - 1
            ),
        }
    }
}

impl std::error::Error for ConfigError {}

impl GameConfig {
    /// The fewest players in a game.
    pub const MIN_PLAYERS: usize = 2;
    /// The most players in a game.
    pub const MAX_PLAYERS: usize = crate::seat::SEATS;

    /// rules/RULES.md "Setup" step 1: 2, 3 or 4 players. The one check of a
    /// player count: a configuration, a record and a link all ask it.
    pub fn check_players(players: usize) -> Result<usize, ConfigError> {
        if (Self::MIN_PLAYERS..=Self::MAX_PLAYERS).contains(&players) {
            Ok(players)
        } else {
            Err(ConfigError::PlayerCount(players))
        }
    }

    /// A standard game of `players` (2, 3 or 4) with all locations on side
    /// A, no tiebreak and seat 0 first.
    pub fn new(players: usize) -> Result<GameConfig, ConfigError> {
        let players = Self::check_players(players)?;
        Ok(GameConfig {
            players,
            sides: Sides::ALL_A,
            deck: DeckVariant::Standard,
            meeple_tiebreak: false,
            first_player: Seat::default(),
        })
    }

    /// The same game with these location sides.
    pub fn with_sides(self, sides: Sides) -> GameConfig {
        GameConfig { sides, ..self }
    }

    /// The same game with this deck.
    pub fn with_deck(self, deck: DeckVariant) -> GameConfig {
        GameConfig { deck, ..self }
    }

    /// The same game with the meeple tiebreak on or off (ruling 13).
    pub fn with_meeple_tiebreak(self, meeple_tiebreak: bool) -> GameConfig {
        GameConfig {
            meeple_tiebreak,
            ..self
        }
    }

    /// The same game with `seat` moving first (ruling 15): one of the
    /// seats, 0 to players − 1. The deal does not depend on it.
    pub fn with_first_player(self, seat: Seat) -> Result<GameConfig, ConfigError> {
        if seat.index() >= self.players {
            return Err(ConfigError::FirstPlayer {
                seat,
                players: self.players,
            });
        }
        Ok(GameConfig {
            first_player: seat,
            ..self
        })
    }

    /// Players in the game: 2, 3 or 4.
    pub fn players(&self) -> usize {
        self.players
    }

    /// The side of each location, the same for every player.
    pub fn sides(&self) -> Sides {
        self.sides
    }

    /// How the deck is built.
    pub fn deck(&self) -> DeckVariant {
        self.deck
    }

    /// Whether remaining meeples break a tie for the win (ruling 13).
    pub fn meeple_tiebreak(&self) -> bool {
        self.meeple_tiebreak
    }

    /// The seat that moves first, holding the knight worker card (ruling
    /// 15): seat 0 unless chosen; play goes on in seat order.
    pub fn first_player(&self) -> Seat {
        self.first_player
    }

    /// The seats of the game, in seat order.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = Seat> + ExactSizeIterator + Clone {
        Seat::all(self.players)
    }

    /// Tier-1 cards put on top of tier 2 in the standard deck: 6 / 14 / 26.
    pub fn tier_one_cards(&self) -> usize {
        match self.players {
            2 => 6,
            3 => 14,
            _ => 26,
        }
    }

    /// Cards each player ends with (rules/RULES.md "A turn", step 5).
    pub const CARDS_PER_PLAYER: usize = 12;

    /// Turns in a whole game; every turn takes one card, so also the fewest
    /// cards a deck must hold to finish it (ruling 14).
    pub fn total_turns(&self) -> usize {
        self.players * Self::CARDS_PER_PLAYER
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_parse_and_print() {
        let sides: Sides = "aaaaaaaB".parse().unwrap();
        assert_eq!(sides.to_string(), "AAAAAAAB");
        assert_eq!(sides.of(Location::Infirmary), Side::B);
        assert_eq!(
            "AAAA".parse::<Sides>(),
            Err(BadSides::Length { letters: 4 })
        );
        assert_eq!(
            "AAAAAAAC".parse::<Sides>(),
            Err(BadSides::Letter {
                location: Location::Infirmary,
                letter: 'C'
            })
        );
    }

    #[test]
    fn deck_names_parse_in_any_case() {
        // rules/RULES.md "Setup" step 3: the standard deck or the full one.
        assert_eq!(" Full ".parse(), Ok(DeckVariant::Full));
        assert_eq!("standard".parse(), Ok(DeckVariant::Standard));
        assert_eq!("short".parse::<DeckVariant>(), Err(BadDeck("short".into())));
    }

    #[test]
    fn player_count_is_two_to_four() {
        // rules/RULES.md "Setup", step 1: 2, 3 or 4 players.
        assert!(GameConfig::new(1).is_err());
        assert!(GameConfig::new(5).is_err());
        assert_eq!(GameConfig::new(3).unwrap().tier_one_cards(), 14);
        assert_eq!(GameConfig::new(4).unwrap().total_turns(), 48);
    }

    #[test]
    fn the_first_player_is_one_of_the_seats() {
        // Ruling 15: any seat may move first, and only a seat of the game.
        let three = GameConfig::new(3).unwrap();
        let seat = |i| Seat::new(i).unwrap();
        assert_eq!(
            three.with_first_player(seat(2)).unwrap().first_player(),
            seat(2)
        );
        assert_eq!(
            three.with_first_player(seat(3)),
            Err(ConfigError::FirstPlayer {
                seat: seat(3),
                players: 3
            })
        );
    }

    #[test]
    fn a_configuration_read_from_json_is_checked() {
        // rules/RULES.md "Setup" step 1 and ruling 15, for a configuration
        // read back: the same checks as when it is built.
        let config = GameConfig::new(3)
            .unwrap()
            .with_first_player(Seat::new(1).unwrap())
            .unwrap();
        let text = serde_json::to_string(&config).unwrap();
        assert_eq!(serde_json::from_str::<GameConfig>(&text).unwrap(), config);
        for bad in [
            text.replace(r#""players":3"#, r#""players":5"#),
            text.replace(r#""first_player":1"#, r#""first_player":3"#),
        ] {
            assert!(serde_json::from_str::<GameConfig>(&bad).is_err(), "{bad}");
        }
    }
}
